import fs from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { DEMO, blockingAxeViolations, signIn, snackbar, useApiSession } from '../fixtures.js';

/** French figures as the screen writes them ('1 234', '12,50 €') back to numbers. */
const count = (text: string | null) => Number((text ?? '').replace(/\s/gu, ''));

test.describe('network reports (decision 046)', () => {
  test("an admin reads the partner breakdown whose Totals add up, exports it, and sees the network's numbers at home", async ({
    request,
    page,
  }, testInfo) => {
    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto('/staff');
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
    // The chart's chunk comes when the chart nears the viewport (decision 048).
    await page.getByTestId('staff-reports-chart').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('staff-reports-chart').locator('svg').first()).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByTestId('staff-reports-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^network-partner-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const saved = testInfo.outputPath('network.csv');
    await download.saveAs(saved);
    const text = fs.readFileSync(saved, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    // Clicks and conversions once per line, the money in a block of columns per currency (decision 077).
    expect(lines[0]).toMatch(/^Partner,Clicks,Conversions,Pending Conversions,Rejected Conversions,Refused Clicks,Conversion Rate \(%\)(,Advertiser Revenue [A-Z]{3},Payout [A-Z]{3},Margin [A-Z]{3},EPC [A-Z]{3},Pending Revenue [A-Z]{3},Pending Payout [A-Z]{3})+$/); // prettier-ignore
    expect(lines.at(-1)).toMatch(/^Totals,\d+,\d+,/);

    // By day: one row per day of the last 30.
    await page.getByTestId('staff-reports-breakdown').click();
    await page.getByRole('option', { name: 'Day', exact: true }).click();
    await expect(page).toHaveURL(/by=day/);
    await expect(rows).toHaveCount(30);
  });

  test('an analyst narrows to one advertiser, reads its partners, drills into one, and the address reopens the view (decision 089)', async ({
    request,
    page,
  }) => {
    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto('/staff/reports?by=advertiser&range=last_30_days');
    const table = page.getByTestId('staff-reports-table');
    const rows = table.getByTestId('staff-reports-row');
    // An advertiser's name opens its offers, filtered on it: the advertiser's picker names it (decision 113).
    const advertiserName = (await rows.first().getByTestId('staff-reports-drill').textContent()) ?? '';
    await rows.first().getByTestId('staff-reports-drill').click();
    await expect(page).toHaveURL(/by=offer/);
    await expect(page).toHaveURL(/advertiserId=\d+/);
    await expect(page.getByTestId('staff-reports-picker-advertiserId')).toContainText(advertiserName);
    await page.getByTestId('staff-reports-breakdown').click();
    await page.getByRole('option', { name: 'Partner', exact: true }).click();
    await expect(page).toHaveURL(/by=partner/);
    // The partners' rows, not the offers' still drawn while the address changed: the table is drawn again under its
    // new first column once the partner breakdown has answered.
    await expect(table.locator('thead th').first()).toHaveText('Partner');
    const partnerTotal = await table.getByTestId('staff-reports-totals').locator('td:nth-child(2)').textContent();
    // A partner's name opens its offers of that advertiser; the comparison shows the period before under each figure.
    const partnerName = (await rows.first().getByTestId('staff-reports-drill').textContent()) ?? '';
    await rows.first().getByTestId('staff-reports-drill').click();
    await expect(page).toHaveURL(/partnerId=\d+/);
    await expect(page.getByTestId('staff-reports-picker-partnerId')).toContainText(partnerName);
    const totalCell = table.getByTestId('staff-reports-totals').locator('td:nth-child(2)');
    const drilledText = (await totalCell.textContent()) ?? '';
    expect(count(drilledText)).toBeLessThanOrEqual(count(partnerTotal));
    await page.getByTestId('staff-reports-compare').click();
    await expect(page).toHaveURL(/compare=previous/);
    await expect(table.getByTestId('staff-reports-totals').getByTestId('staff-reports-previous-clicks')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('staff-reports-export').click();
    expect((await downloading).suggestedFilename()).toMatch(/^network-offer-/);
    // The bookmark: the same address reopens the same view.
    const address = page.url();
    await page.reload();
    expect(page.url()).toBe(address);
    await expect(page.getByTestId('staff-reports-picker-partnerId')).toContainText(partnerName);
    await expect(totalCell).toContainText(drilledText);
  });

  test('an analyst picks an advertiser by typing its name, and the bookmark reopens with the names shown (decision 113)', async ({
    request,
    page,
  }) => {
    await useApiSession(page.context(), request, DEMO.admin);
    // An advertiser's name, as the advertiser breakdown shows it.
    await page.goto('/staff/reports?by=advertiser&range=last_30_days');
    const table = page.getByTestId('staff-reports-table');
    const name = ((await table.getByTestId('staff-reports-drill').first().textContent()) ?? '').trim();
    expect(name.length).toBeGreaterThan(3);
    await page.goto('/staff/reports?by=partner&range=last_30_days');
    const totals = table.getByTestId('staff-reports-totals').locator('td:nth-child(2)');
    await expect(totals).toBeVisible();
    const networkClicks = count(await totals.textContent());

    // The picker's code and its list come when it is pressed; the server finds the advertiser by the letters typed.
    const picker = page.getByTestId('staff-reports-picker-advertiserId');
    await picker.getByRole('combobox').click();
    await expect(page.getByTestId('staff-reports-picker-advertiserId-input')).toBeEditable();
    const searched = page.waitForRequest((r) => r.url().includes('/api/v1/staff/report-options/advertiserId?q='));
    await page
      .getByTestId('staff-reports-picker-advertiserId-input')
      .pressSequentially(name.slice(0, 4), { delay: 50 });
    await searched;
    await page.getByRole('option', { name, exact: true }).click();
    await expect(page).toHaveURL(/advertiserId=\d+/);
    await page.keyboard.press('Escape');
    await expect(picker).toContainText(name);
    await expect.poll(async () => count(await totals.textContent())).toBeLessThanOrEqual(networkClicks);
    // No serious or critical axe violation with the pickers drawn and one filled (decision 047).
    expect(await blockingAxeViolations(page)).toEqual([]);

    // The bookmark, opened in a new tab: the same address, the advertiser shown by its name, not its id.
    const address = page.url();
    const id = new URL(address).searchParams.get('advertiserId')!;
    const other = await page.context().newPage();
    await other.goto(address);
    expect(other.url()).toBe(address);
    const reopened = other.getByTestId('staff-reports-picker-advertiserId');
    await expect(reopened).toContainText(name);
    await expect(reopened).not.toHaveText(id);
    await expect(other.getByTestId('staff-reports-table').getByTestId('staff-reports-totals')).toBeVisible();
    expect(await blockingAxeViolations(other)).toEqual([]);
    await other.close();
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

  test('an analyst nests offers under partners, keeps fewer columns, saves the view and reopens it from the list (decision 106)', async ({
    request,
    page,
  }) => {
    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto('/staff/reports?by=partner&then=offer&range=last_30_days');
    const table = page.getByTestId('staff-reports-table');
    await expect(table.getByTestId('staff-reports-row').first()).toBeVisible();
    // Each partner's offers under it, named by the nested breakdown.
    await expect(table.getByTestId('staff-reports-child').first()).toContainText('Offer:');
    // Fewer columns: Margin % out of the table.
    await expect(table.getByRole('columnheader', { name: 'Margin %' })).toBeVisible();
    // The chosen columns' pills lie over the multi-select's search field: a click there opens the list.
    await page.getByTestId('staff-reports-columns').click({ force: true });
    await page.getByRole('option', { name: 'Margin %' }).click();
    await expect(page).toHaveURL(/columns=/);
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'Margin %' })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Refused' })).toBeVisible();
    // Paged and sorted on the server (decision 153): a click on Clicks asks for the most clicks first; the Totals are
    // those of every page whatever the order.
    await expect(page.getByTestId('staff-reports-pages-total')).toContainText('the Totals are of every page');
    // Other tests click meanwhile on the same server: the clicks of a range ending now only grow between two readings.
    const clicksOf = async (row: Locator) => Number((await row.locator('td').nth(1).textContent())!.replace(/\D/g, ''));
    const totalsRow = table.getByTestId('staff-reports-totals');
    const before = await clicksOf(totalsRow);
    await table.getByTestId('staff-reports-sort-clicks').getByRole('button').click();
    await expect(page).toHaveURL(/sortName=clicks&sortOrder=desc/);
    await expect(table.getByTestId('staff-reports-sort-clicks')).toHaveAttribute('aria-sort', 'descending');
    await expect
      .poll(async () => {
        const clicks = await Promise.all((await table.getByTestId('staff-reports-row').all()).map(clicksOf));
        return clicks.length > 1 && clicks.every((n, i) => i === 0 || clicks[i - 1]! >= n);
      })
      .toBe(true);
    const after = await clicksOf(totalsRow);
    expect(after).toBeGreaterThanOrEqual(before);
    expect(after - before).toBeLessThan(20);

    const name = `Partners and offers ${Date.now()}`;
    await page.getByTestId('staff-reports-view-name').fill(name);
    await page.getByTestId('staff-reports-view-save').click();
    await expect(page.getByText(`The view “${name}” is saved.`)).toBeVisible();

    // Elsewhere, then back through the saved view: the same breakdowns, period and columns.
    await page.goto('/staff/reports?by=country');
    await expect(table.getByTestId('staff-reports-child')).toHaveCount(0);
    await page.getByTestId('staff-reports-views').click();
    await page.getByRole('option', { name }).click();
    await expect(page).toHaveURL(/by=partner/);
    await expect(page).toHaveURL(/then=offer/);
    await expect(page).toHaveURL(/range=last_30_days/);
    await expect(table.getByTestId('staff-reports-child').first()).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Margin %' })).toHaveCount(0);
    // Deleted, it leaves the list.
    await page.getByTestId('staff-reports-view-delete').click();
    await expect(page.getByText('The view is deleted.')).toBeVisible();
    await page.getByTestId('staff-reports-views').click();
    await expect(page.getByRole('option', { name })).toHaveCount(0);
  });

  test('an analyst saves a view shared with its team; a teammate pins it and reads its totals on its home (decision 114)', async ({
    browser,
    request,
  }) => {
    const name = `Team partners ${Date.now()}`;
    // Claire Martin, an account manager of the Paris team, saves partner × offer this month for her team.
    const claire = await browser.newContext();
    const page = await claire.newPage();
    await useApiSession(claire, request, DEMO.manager);
    await page.goto('/staff/reports?by=partner&then=offer&range=this_month');
    await expect(page.getByTestId('staff-reports-table').getByTestId('staff-reports-totals')).toBeVisible();
    await page.getByTestId('staff-reports-view-name').fill(name);
    await page.getByTestId('staff-reports-view-share').check();
    await page.getByTestId('staff-reports-view-save').click();
    await expect(snackbar(page, `The view “${name}” is saved.`)).toBeVisible();
    await claire.close();

    // Sophie Bernard, the Paris team's manager, finds it among her team's views under Claire's name and pins it.
    const sophie = await browser.newContext();
    const mine = await sophie.newPage();
    const { bearer } = await useApiSession(sophie, request, { email: 'sophie.bernard@demo.test', password: 'Staff2025!' }); // prettier-ignore
    await mine.goto('/staff/reports');
    await mine.getByTestId('staff-reports-views').click();
    await mine.getByRole('option', { name: `${name} — Claire Martin` }).click();
    await expect(mine).toHaveURL(/by=partner&then=offer&range=this_month/);
    await expect(mine.getByTestId('staff-reports-view-owner')).toContainText('Claire Martin');
    await expect(mine.getByTestId('staff-reports-view-delete')).toHaveCount(0);
    const totals = mine.getByTestId('staff-reports-table').getByTestId('staff-reports-totals');
    await expect(totals).toBeVisible();
    expect(count(await totals.locator('td:nth-child(2)').textContent())).toBeGreaterThan(0);
    await mine.getByTestId('staff-reports-view-pin').click();
    await expect(snackbar(mine, `Your home shows the totals of “${name}”.`)).toBeVisible();

    // Her home shows the view's totals, as the report's Totals line, and opens the view.
    await mine.goto('/staff');
    const card = mine.getByTestId('staff-home-view');
    await expect(card.getByTestId('staff-home-view-name')).toHaveText(`Pinned view: ${name}`);
    await expect(card.getByTestId('staff-home-view-range')).toContainText('Shared by Claire Martin · This month:');
    // The home's clicks are the report's Totals read at the same moment: other specs meanwhile hand partners of the
    // Paris team to another manager (staff-partners.spec), so her scope and its clicks can move between two readings.
    const reportClicks = async () => {
      const answer = await request.get('/api/v1/staff/reports/partner?then=offer&range=this_month', {
        headers: { authorization: `Bearer ${bearer}` },
      });
      const body = (await answer.json()) as { data: { key: string; clicks: number }[] };
      return body.data.find((row) => row.key === 'total')?.clicks;
    };
    await expect
      .poll(async () => {
        const before = await reportClicks();
        const home = count(await card.getByTestId('staff-home-view-clicks').textContent());
        const after = await reportClicks();
        if (home === before || home === after) return true;
        await mine.reload();
        return false;
      })
      .toBe(true);
    await expect(card.getByTestId('staff-home-view-margin')).toBeVisible();
    expect(await blockingAxeViolations(mine)).toEqual([]);
    await card.getByTestId('staff-home-view-open').click();
    await expect(mine).toHaveURL(/\/staff\/reports\?by=partner&then=offer&range=this_month/);
    await sophie.close();
  });

  test('an analyst switches partner × offer to the base currency, reads the amounts as booked on hover, and exports them (decision 111)', async ({
    page,
    context,
    request,
  }, testInfo) => {
    await useApiSession(context, request, DEMO.admin);
    await page.goto('/staff/reports?by=partner&then=offer&range=last_30_days');
    const table = page.getByTestId('staff-reports-table');
    await expect(table.getByTestId('staff-reports-child').first()).toBeVisible();
    await page.getByTestId('staff-reports-base-currency').click();
    await expect(page).toHaveURL(/currency=base/);
    await expect(page.getByTestId('staff-reports-fx-note')).toContainText('Amounts in EUR');
    // Every amount in euros, the Totals too; the currencies as booked on hover.
    const totals = table.getByTestId('staff-reports-totals');
    await expect(totals.getByTestId('staff-reports-original').first()).toHaveAttribute('title', /^As booked: /);
    await expect(totals).not.toContainText('$');
    await expect(totals).not.toContainText('£');

    const downloading = page.waitForEvent('download');
    await page.getByTestId('staff-reports-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^network-partner-offer-.*-EUR\.csv$/);
    const saved = testInfo.outputPath('network-eur.csv');
    await download.saveAs(saved);
    const [header, ...lines] = fs
      .readFileSync(saved, 'utf8')
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(header!.filter((h) => h.startsWith('Advertiser Revenue '))).toEqual(['Advertiser Revenue EUR']);
    expect(header!.some((h) => h.startsWith('Original Advertiser Revenue '))).toBe(true);
    // The converted column's lines add up to its Totals line, to the cent.
    const at = header!.indexOf('Margin EUR');
    const cents = (cell: string | undefined) => Math.round(Number(cell) * 100);
    const body = lines.slice(0, -1).reduce((n, line) => n + cents(line.at(at - header!.length)), 0);
    expect(body).toBe(cents(lines.at(-1)!.at(at - header!.length)));
    // The switch is in the address: the bookmark reopens the converted view.
    await page.reload();
    await expect(page.getByTestId('staff-reports-fx-note')).toBeVisible();
  });
});
