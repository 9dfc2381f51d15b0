import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../fixtures.js';

/** French figures as the screen writes them ('1 234', '12,50 €') back to numbers. */
const count = (text: string | null) => Number((text ?? '').replace(/\s/gu, ''));

test.describe('network reports (decision 046)', () => {
  test("an admin reads the partner breakdown whose Totals add up, exports it, and sees the network's numbers at home", async ({
    page,
  }, testInfo) => {
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    const home = page.getByTestId('staff-home-numbers');
    await expect(home).toBeVisible();
    const adminWeek = count(await home.getByTestId('staff-home-numbers-last7Days').getByTestId('numbers-clicks').textContent()); // prettier-ignore
    expect(adminWeek).toBeGreaterThan(0);
    await expect(page.getByTestId('staff-home-top-partners')).toContainText('#');

    await page.getByTestId('left-menu').getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/\/staff\/reports$/);
    await expect(page.getByRole('heading', { name: 'Network reports' })).toBeVisible();
    const table = page.getByTestId('staff-reports-table');
    const rows = table.getByTestId('staff-reports-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Something went wrong');
    // Totals: the sum of the rows' clicks (column 2).
    const clicks = await rows.locator('td:nth-child(2)').allTextContents();
    const totals = table.getByTestId('staff-reports-totals');
    await expect(totals.locator('td').first()).toHaveText('Totals');
    expect(count(await totals.locator('td:nth-child(2)').textContent())).toBe(clicks.reduce((n, c) => n + count(c), 0)); // prettier-ignore
    // The chart's library comes when the chart nears the viewport (decision 048).
    await page.getByTestId('staff-reports-chart').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('staff-reports-chart').locator('svg').first()).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByTestId('staff-reports-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^network-partner-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const saved = testInfo.outputPath('network.csv');
    await download.saveAs(saved);
    const lines = fs.readFileSync(saved, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'Partner,Clicks,Conversions,Conversion Rate (%),Currency,Advertiser Revenue,Payout,Margin,EPC',
    );
    expect(lines.at(-1)).toMatch(/^Totals,\d+,\d+,/);

    // By day: one row per day of the last 30.
    await page.getByTestId('staff-reports-breakdown').getByText('Day', { exact: true }).click();
    await expect(page).toHaveURL(/by=day/);
    await expect(rows).toHaveCount(30);
  });

  test("an account manager's home numbers are its partners' only, fewer than the network's", async ({ browser }) => {
    const read = async (account: { email: string; password: string }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, account.email, account.password);
      const cell = page.getByTestId('staff-home-numbers-monthToDate').getByTestId('numbers-clicks');
      await expect(cell).toBeVisible();
      const value = count(await cell.textContent());
      await context.close();
      return value;
    };
    const admin = await read(DEMO.admin);
    const manager = await read(DEMO.manager);
    expect(manager).toBeLessThan(admin);
  });
});
