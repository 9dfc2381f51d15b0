import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, blockingAxeViolations, DEMO, expectShell, squash, useApiSession } from '../fixtures.js';

/**
 * Conversions after the fact, end to end (decisions 069, 070): finance finds an invoiced sale of Heron Deals by its
 * transaction id and reverses it as a refund with a note; Heron's conversion report says 'Reversed: refund' with the
 * note; the next billing run carries the correction on Heron's next billing request, citing the invoice that billed
 * the sale, and never touches that invoice. Heron is paid weekly, and the demo leaves its weeks of the month under way
 * to the billing run: no other spec bills or reads it.
 */

const HERON = { email: 'heron@demo.test', password: 'Partner2025!' };

type PartnerRow = { id: number; companyName: string };
type ConversionRow = { id: number; transactionId: string | null; payout: number; createdAt: string };
type Request = {
  id: number;
  startingAt: string;
  invoice: { reference: string; status: string } | null;
  adjustments?: { conversionId: number; originalInvoice: string | null; payoutDelta: number; reasonCode: string | null }[]; // prettier-ignore
};

/** WCAG 2.1 AA: no serious or critical violation on the page as it stands. */
async function expectAccessible(page: Page) {
  expect(await blockingAxeViolations(page)).toEqual([]);
}

async function apiGet<T>(request: APIRequestContext, bearer: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** A Paris day as yyyy-MM-dd, `days` from today. */
function parisDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The 20th of last month: its week ends in last month at the latest, which the demo's billing has billed. */
function lastMonthsTwentieth(): string {
  const [year, month] = parisDay().split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month - 2, 20));
  return last.toISOString().slice(0, 10);
}

test('finance reverses an invoiced sale; the partner reads why; the next billing run carries it citing the invoice', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const finance = (await apiLogin(request, DEMO.finance)).bearer;
  const admin = (await apiLogin(request, DEMO.admin)).bearer;
  const [heron] = await apiGet<PartnerRow[]>(request, admin, '/api/v1/staff/partners?q=Heron%20Deals');
  expect(heron?.companyName).toBe('Heron Deals');
  const sales = await apiGet<ConversionRow[]>(
    request,
    finance,
    `/api/v1/staff/conversions?partnerId=${heron!.id}&status=approved&to=${lastMonthsTwentieth()}&sort=payout&count=50`,
  );
  const sale = sales.find((row) => row.transactionId && row.payout > 0);
  expect(sale, 'an approved, invoiced sale of Heron with a transaction id').toBeTruthy();
  const partner = (await apiLogin(request, HERON)).bearer;
  const before = await apiGet<Request[]>(request, partner, '/api/v1/billing-request?count=100');
  const billed = before.find((r) => r.invoice && new Date(r.startingAt) <= new Date(sale!.createdAt));
  expect(billed?.invoice?.reference, 'the invoice that billed the sale').toBeTruthy();

  // Finance finds it by its transaction id and reverses it from its row.
  await useApiSession(page.context(), request, DEMO.finance);
  await page.goto(`/staff/conversions?q=${encodeURIComponent(sale!.transactionId!)}`);
  const row = page.getByTestId('staff-conversion-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('staff-conversion-status')).toHaveText('Approved');
  await row.getByTestId('staff-conversion-reverse').click();
  const dialog = page.getByRole('dialog', { name: `Reverse conversion ${sale!.id}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('staff-conversion-change-reason').click();
  await page.getByRole('option', { name: 'refund', exact: true }).click();
  const note = 'Order returned to the shop on the 2nd.';
  await dialog.getByTestId('staff-conversion-change-note').fill(note);
  await expectAccessible(page);
  await dialog.getByTestId('staff-conversion-change-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('staff-conversion-status')).toHaveText('Rejected');
  await expect(row.getByTestId('staff-conversion-reason')).toHaveText('Reversed: refund');
  await expect(row.getByTestId('staff-conversion-note')).toHaveText(note);
  // The adjust dialog of an approved sale, from the keyboard: its row's button, the dialog, its fields.
  await page.goto(`/staff/conversions?partnerId=${heron!.id}&status=approved`);
  await page.getByTestId('staff-conversion-row').first().getByTestId('staff-conversion-adjust').focus();
  await page.keyboard.press('Enter');
  const adjust = page.getByRole('dialog', { name: /^Adjust conversion \d+$/ });
  await expect(adjust.getByTestId('staff-conversion-change-payout')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(adjust).toBeHidden();

  // The partner reads why, on the link its daily digest sends.
  await context.clearCookies();
  await useApiSession(context, request, HERON);
  await page.goto(`/reports/conversion?changedFrom=${parisDay(-1)}`);
  await expectShell(page);
  const line = page.locator(`[data-testid="report-row"][data-id="${sale!.id}"]`);
  await expect(line.getByTestId('report-reason')).toHaveText('Reversed: refund');
  await expect(line.getByTestId('report-note')).toHaveText(`Note: ${note}`);

  // The next billing run (what the daily job runs at 02:00 Paris): the correction rides on Heron's next request.
  const run = await request.post('/api/v1/staff/billing-runs', {
    headers: { authorization: `Bearer ${admin}` },
    data: { until: parisDay(-1) },
  });
  expect(run.status(), await run.text()).toBe(200);
  const after = await apiGet<Request[]>(request, partner, '/api/v1/billing-request?count=100');
  const carrying = after.find((r) => r.adjustments?.some((a) => a.conversionId === sale!.id));
  expect(carrying, 'a new billing request carrying the reversal').toBeTruthy();
  expect(carrying!.adjustments!.find((a) => a.conversionId === sale!.id)).toMatchObject({
    originalInvoice: billed!.invoice!.reference,
    payoutDelta: -sale!.payout,
    reasonCode: 'refund',
  });
  // The invoice that billed the sale is as it was.
  expect(after.find((r) => r.id === billed!.id)).toEqual(before.find((r) => r.id === billed!.id));

  await page.goto('/payments');
  await expectShell(page);
  const correction = page.getByTestId('payment-correction').filter({ hasText: billed!.invoice!.reference });
  await expect(correction).toBeVisible();
  expect(squash((await correction.textContent()) ?? '')).toContain(note);
});
