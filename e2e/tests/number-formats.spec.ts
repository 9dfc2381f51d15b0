import { expect, test, type Locator } from '@playwright/test';
import { formatCount } from '@portal/contracts';
import { DEMO, expectShell, useApiSession } from '../fixtures.js';

/**
 * Decision 032: clicks and conversions are written one way on every screen (French grouping, as the money
 * beside them): '2 963' on the dashboard and in reports alike, never '9989'.
 */
const GROUPED = /^\d{1,3}(\u202f\d{3})+$/u;

async function counts(cells: Locator): Promise<string[]> {
  return (await cells.allTextContents()).map((text) => text.trim());
}

function expectGrouped(values: string[], where: string) {
  for (const value of values) {
    expect(value, `${where}: ${value}`).toMatch(/^[\d\u202f]+$/u);
    const n = Number(value.replace(/\u202f/gu, ''));
    expect(value, `${where}: written as formatCount writes it`).toBe(formatCount(n));
    if (n >= 1000) expect(value, `${where}: thousands are grouped`).toMatch(GROUPED);
  }
}

test('clicks and conversions are grouped alike on the dashboard and in the reports', async ({
  page,
  context,
  request,
}) => {
  await useApiSession(context, request, DEMO.partner);
  await page.goto('/');
  await expectShell(page);
  const global = page.getByTestId('global-performance-row');
  await expect(global.first()).toBeVisible();
  const dashboard = [
    ...(await counts(global.getByTestId('clicks'))),
    ...(await counts(global.getByTestId('conversions'))),
    (await page.getByTestId('quick-stats-clicks').getByTestId('value').innerText()).trim(),
  ];
  // The demo's twelve months have thousands of clicks: the grouping is really exercised.
  expect(dashboard.some((value) => GROUPED.test(value))).toBe(true);
  expectGrouped(dashboard, 'dashboard');

  await page.goto('/reports/daily');
  const totals = page.locator('[data-testid="report-row"][data-total="true"]');
  await expect(totals).toBeVisible({ timeout: 20_000 });
  const rows = page.getByTestId('report-row');
  const reports = [
    ...(await counts(rows.locator('td:nth-child(2)'))),
    ...(await counts(rows.locator('td:nth-child(3)'))),
  ];
  expect(await totals.locator('td:nth-child(2)').innerText()).toMatch(GROUPED);
  expectGrouped(reports, 'daily report');
});
