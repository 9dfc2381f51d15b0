import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  billingMonth,
  billingMonthLabel,
  formatLocalDate,
  formatMoneyMinor,
  type AdvertiserInvoice,
  type BillingRequest,
  type PaymentBatchDetail,
  type StaffInvoice,
} from '@portal/contracts';
import { apiLogin, blockingAxeViolations, DEMO, expectShell, snackbar, squash, useApiSession } from '../fixtures.js';

/**
 * Paying partners and billing advertisers, end to end (decision 073). Finance selects two validated invoices on the
 * Invoices screen and builds a SEPA batch; its builder cannot approve it, a second finance user does; the file
 * downloads and parses as pain.001.001.09 with both invoices; the batch is marked paid and the partner's Payments
 * screen says 'Paid' with the day. Then an admin issues last month's advertiser invoices and finds them under
 * "Advertisers owe". The invoices are Heron Deals' (paid weekly, so the latest month has several): the demo
 * partner's, Bluebird's and Kestrel's open invoices and notifications belong to other specs.
 */

const PAIN_001_09 = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** WCAG 2.1 AA: no serious or critical violation on the page as it stands. */
async function expectAccessible(page: Page) {
  expect(await blockingAxeViolations(page)).toEqual([]);
}

async function apiGet<T>(request: APIRequestContext, bearer: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** What the browser's own XML parser reads in a payment file: its namespace, count and end-to-end ids. */
async function readPain001(page: Page, xml: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const root = doc.documentElement;
    const ns = root.namespaceURI ?? '';
    const all = (name: string) => [...doc.getElementsByTagNameNS(ns, name)].map((node) => node.textContent ?? '');
    return {
      parseError: doc.getElementsByTagName('parsererror').length > 0,
      root: root.localName,
      namespace: ns,
      groupCount: doc.getElementsByTagNameNS(ns, 'GrpHdr')[0]?.getElementsByTagNameNS(ns, 'NbOfTxs')[0]?.textContent,
      endToEndIds: all('EndToEndId'),
      controlSums: all('CtrlSum'),
      amounts: all('InstdAmt'),
    };
  }, xml);
}

test('finance builds a batch of two invoices, a second person approves it, the file is pain.001.001.09, the partner sees it paid', async ({
  browser,
  request,
}) => {
  test.slow();
  const finance = (await apiLogin(request, DEMO.finance)).bearer;
  // Two of Heron's latest weeks, waiting for approval since the demo's billing run: finance validates them (it did
  // not start that run, decision 064).
  const waiting = await apiGet<StaffInvoice[]>(
    request,
    finance,
    '/api/v1/staff/invoices?status=waiting_for_approval&sepa=true&count=100',
  );
  const chosen = waiting
    .filter((invoice) => invoice.partner.name === 'Heron Deals' && !invoice.heldUntil && invoice.batch === null)
    .sort((a, b) => b.period.startDate.localeCompare(a.period.startDate))
    .slice(0, 2);
  expect(chosen, 'two open invoices of Heron Deals a SEPA batch can pay').toHaveLength(2);
  for (const invoice of chosen) {
    const moved = await request.put(`/api/v1/staff/invoices/${invoice.id}`, {
      headers: { authorization: `Bearer ${finance}` },
      data: { status: 'invoice_validated' },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const references = chosen.map((invoice) => invoice.reference);
  const total = chosen.reduce((sum, invoice) => sum + invoice.totalAmount, 0);
  const totalText = squash(formatMoneyMinor(total, 'EUR'));

  // Finance selects both on the Invoices screen and builds the batch, confirmed.
  const builderContext = await browser.newContext();
  const builder = await builderContext.newPage();
  await useApiSession(builder.context(), request, DEMO.finance);
  await builder.goto('/staff/invoices?status=invoice_validated');
  await expectShell(builder);
  for (const reference of references) await builder.getByRole('checkbox', { name: `Select ${reference}` }).check();
  await builder.getByRole('button', { name: 'Build payment batch' }).click();
  await builder.getByRole('dialog').getByRole('button', { name: 'Build batch' }).click();
  await expect(builder).toHaveURL(/\/staff\/payments-out\/\d+$/);
  const batchId = Number(/(\d+)$/.exec(builder.url())![1]);
  const batch = await apiGet<PaymentBatchDetail>(request, finance, `/api/v1/staff/payment-batches/${batchId}`);
  expect(batch.status).toBe('draft');
  expect(batch.transactions.map((row) => row.reference).sort()).toEqual([...references].sort());
  expect(batch.totalAmount).toBe(total);

  // Its builder reads why there is no Approve button.
  await expect(builder.getByTestId('page-title')).toHaveText(`Payment batch ${batch.reference}`);
  await expect(builder.getByTestId('payment-batch-status')).toHaveText('Waiting for approval');
  await expect(builder.getByTestId('payment-batch-transaction')).toHaveCount(2);
  await expect(builder.getByTestId('payment-batch-own')).toHaveText(
    'You built this batch: another person must approve it.',
  );
  await expect(builder.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectAccessible(builder);
  await builderContext.close();

  // A second finance user finds it under Payments out and approves it; the confirmation names the count and total.
  const approverContext = await browser.newContext({ acceptDownloads: true });
  const page = await approverContext.newPage();
  await useApiSession(page.context(), request, DEMO.accounts);
  await page.goto('/staff');
  await page.getByTestId('menu-staffPaymentsOut').click();
  await expect(page).toHaveURL('/staff/payments-out');
  const row = page.getByTestId('payment-batch-row').filter({ hasText: batch.reference });
  await expect(row.getByTestId('payment-batch-status')).toHaveText('Waiting for approval');
  expect(squash((await row.getByTestId('payment-batch-total').textContent()) ?? '')).toBe(totalText);
  await expectAccessible(page);
  await row.getByRole('link', { name: batch.reference }).click();
  await expect(page).toHaveURL(`/staff/payments-out/${batchId}`);
  await page.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: `Approve ${batch.reference}?` });
  expect(squash((await approve.getByTestId('payment-batch-approve-dialog-explain').textContent()) ?? '')).toContain(
    `${batch.reference} pays 2 invoices for ${totalText} in all.`,
  );
  await expectAccessible(page);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(snackbar(page, `${batch.reference} is approved`)).toBeVisible();
  await expect(page.getByTestId('payment-batch-status')).toHaveText('Approved');

  // The file: pain.001.001.09, both invoices as end-to-end ids, the control sum.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${batch.reference}.xml`);
  const xml = fs.readFileSync(await download.path(), 'utf8');
  const file = await readPain001(page, xml);
  expect(file.parseError).toBe(false);
  expect(file.root).toBe('Document');
  expect(file.namespace).toBe(PAIN_001_09);
  expect(file.groupCount).toBe('2');
  expect([...file.endToEndIds].sort()).toEqual([...references].sort());
  expect(file.controlSums[0]).toBe((total / 100).toFixed(2));
  // Downloaded: the batch can no longer be cancelled.
  await expect(page.getByTestId('payment-batch-downloaded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel batch' })).toHaveCount(0);

  // Marked paid, once confirmed.
  await page.getByRole('button', { name: 'Mark paid' }).click();
  const paid = page.getByRole('dialog', { name: `Mark ${batch.reference} paid?` });
  await expect(paid).toContainText('The bank has paid 2 invoices');
  await paid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(snackbar(page, `${batch.reference} is paid`)).toBeVisible();
  await expect(page.getByTestId('payment-batch-status')).toHaveText('Paid');
  await approverContext.close();

  // Heron's Payments screen: both invoices paid, with the day.
  const partnerContext = await browser.newContext();
  const { bearer: heron } = await useApiSession(partnerContext, request, DEMO.heron);
  const rows = await apiGet<BillingRequest[]>(request, heron, '/api/v1/billing-request?count=100');
  const partnerPage = await partnerContext.newPage();
  await partnerPage.goto('/payments');
  await expectShell(partnerPage);
  for (const reference of references) {
    const mine = rows.find((one) => one.invoice?.reference === reference);
    expect(mine?.invoice?.status, reference).toBe('paid');
    expect(mine!.invoice!.paidOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const line = partnerPage.locator(`[data-testid="payment-row"][data-id="${mine!.id}"]`);
    await expect(line.getByTestId('payment-status')).toContainText('Paid');
    await expect(line.getByTestId('payment-paid-on')).toHaveText(`Paid on ${formatLocalDate(mine!.invoice!.paidOn!)}`);
  }
  await partnerContext.close();
});

test('an admin cancels an advertiser invoice by a credit note, issues the month again and sees it under Advertisers owe', async ({
  page,
  request,
}) => {
  test.slow();
  // The demo invoiced every month that is over (its advertiser invoicing history), last month's still unpaid: one of
  // them is cancelled by a credit note, which frees its conversions for the next run.
  const month = billingMonth(new Date(), 1);
  const admin = (await apiLogin(request, DEMO.admin)).bearer;
  const listOf = (query: string) =>
    apiGet<AdvertiserInvoice[]>(request, admin, `/api/v1/staff/advertiser-invoices?month=${month}&count=100${query}`);
  const [target] = (await listOf('&status=issued')).filter((invoice) => invoice.kind === 'invoice');
  expect(target, 'an issued advertiser invoice of last month').toBeTruthy();

  await useApiSession(page.context(), request, DEMO.admin);
  await page.goto('/staff');
  await page.getByTestId('menu-staffAdvertiserInvoices').click();
  await expect(page).toHaveURL('/staff/advertiser-invoices');
  await expect(page.getByTestId('page-title')).toHaveText('Advertisers owe');
  await expect(page.getByTestId('ageing-row').first()).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/staff/advertiser-invoices?month=${month}&status=issued`);
  // A row by its own reference (a credit note's row names the invoice it cancels).
  const rowOf = (reference: string) =>
    page.getByTestId('advertiser-invoice-row').filter({
      has: page.getByTestId('advertiser-invoice-reference').getByText(reference, { exact: true }),
    });
  const row = rowOf(target!.reference);
  await row.getByRole('button', { name: 'Cancel with credit note' }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel ${target!.reference} with a credit note?` });
  await cancel.getByRole('textbox', { name: /Reason/ }).fill('Billed to the wrong entity.');
  await cancel.getByRole('button', { name: 'Cancel with credit note' }).click();
  await expect(snackbar(page, `${target!.reference} is cancelled by credit note`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // The month's run, confirmed: it issues the freed period again, and only it.
  await expect(page.getByTestId('advertiser-run-month')).toHaveValue(billingMonthLabel(month));
  await page.getByRole('button', { name: 'Issue invoices' }).click();
  const dialog = page.getByRole('dialog', { name: `Issue the invoices of ${billingMonthLabel(month)}?` });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Issue invoices' }).click();
  await expect(dialog).toBeHidden();
  const result = page.getByTestId('advertiser-run-result');
  await expect(result).toContainText(`1 invoice issued for ${billingMonthLabel(month)}.`);
  const reissued = (await listOf('&status=issued')).find(
    (invoice) =>
      invoice.kind === 'invoice' &&
      invoice.advertiser.id === target!.advertiser.id &&
      invoice.currency === target!.currency &&
      invoice.id !== target!.id,
  );
  expect(reissued, 'the period invoiced again').toBeTruthy();
  expect(reissued!.netAmount).toBe(target!.netAmount);
  await expect(result).toContainText(reissued!.reference);

  // Under Advertisers owe: the new invoice in the list, its advertiser in the ageing table.
  const listed = rowOf(reissued!.reference);
  await expect(listed.getByTestId('advertiser-invoice-status')).toHaveText('Issued');
  expect(squash((await listed.getByTestId('advertiser-invoice-total').textContent()) ?? '')).toBe(
    squash(formatMoneyMinor(reissued!.totalAmount, reissued!.currency)),
  );
  const owed = page.getByTestId('ageing-row').filter({ hasText: target!.advertiser.name });
  await expect(owed.filter({ hasText: target!.currency }).first()).toBeVisible();
  await expectAccessible(page);
});
