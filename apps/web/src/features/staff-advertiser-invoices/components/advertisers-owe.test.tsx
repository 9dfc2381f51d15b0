import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  advertiserInvoicesEndpoints,
  billingMonth,
  billingMonthLabel,
  conversionScrubsEndpoints,
  type AdvertiserInvoice,
  type AdvertisersOwe as Owe,
} from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, errorOf, renderWithProviders } from '@/test/render';
import { AdvertisersOwe } from './advertisers-owe';

const fetchMock = vi.fn<typeof fetch>();

const INVOICE: AdvertiserInvoice = {
  id: 5,
  reference: 'ADV-2026-00005',
  kind: 'invoice',
  status: 'issued',
  advertiser: { id: 3, name: 'Amora Group' },
  currency: 'EUR',
  periodKind: 'month',
  period: { startDate: '2026-10-01', endDate: '2026-10-31' },
  issuedOn: '2026-11-01',
  dueOn: '2026-12-01',
  billingTerms: 'net30',
  conversionCount: 12,
  conversionsAmount: 100_000,
  adjustmentsAmount: 0,
  netAmount: 100_000,
  vatTreatment: 'reverse_charge',
  vatRatePercent: 0,
  vatAmount: 0,
  totalAmount: 100_000,
  paidOn: null,
  daysOverdue: 0,
  creditNoteFor: null,
  creditNote: null,
  cancelReason: null,
  file: { id: 70, filename: 'ADV-2026-00005.pdf' },
  createdAt: '2026-11-01T01:00:00.000Z',
};

const OWE: Owe = {
  asOf: '2026-11-27',
  rows: [
    {
      advertiser: { id: 3, name: 'Amora Group' },
      currency: 'EUR',
      buckets: { current: 100_000, days_1_30: 0, days_31_60: 25_000, days_over_60: 0 },
      total: 125_000,
      invoices: 2,
      oldestDueOn: '2026-09-30',
    },
    {
      advertiser: { id: 4, name: 'Nordlight Games' },
      currency: 'EUR',
      buckets: { current: 0, days_1_30: 10_050, days_31_60: 0, days_over_60: 7_000 },
      total: 17_050,
      invoices: 2,
      oldestDueOn: '2026-08-01',
    },
    {
      advertiser: { id: 4, name: 'Nordlight Games' },
      currency: 'USD',
      buckets: { current: 30_000, days_1_30: 0, days_31_60: 0, days_over_60: 0 },
      total: 30_000,
      invoices: 1,
      oldestDueOn: '2026-12-15',
    },
  ],
  totals: [
    { currency: 'EUR', buckets: { current: 100_000, days_1_30: 10_050, days_31_60: 25_000, days_over_60: 7_000 }, total: 142_050 }, // prettier-ignore
    { currency: 'USD', buckets: { current: 30_000, days_1_30: 0, days_31_60: 0, days_over_60: 0 }, total: 30_000 },
  ],
  notYetInvoiced: [{ currency: 'EUR', amount: 45_600 }],
};

let list: AdvertiserInvoice[];
let issued: AdvertiserInvoice[];
const sent: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sent.length = 0;
  list = [INVOICE];
  issued = [{ ...INVOICE, id: 6, reference: 'ADV-2026-00006', totalAmount: 240_000 }];
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : undefined;
    sent.push({ method, url, body });
    if (url.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles: ['ROLE_FINANCE'] }));
    if (url.startsWith('/api/v1/staff/advertisers-owe')) return Promise.resolve(answerOf(advertiserInvoicesEndpoints.owe, OWE)); // prettier-ignore
    if (url.startsWith('/api/v1/staff/conversion-scrubs/advertisers'))
      return Promise.resolve(answerOf(conversionScrubsEndpoints.advertisers, [{ id: 3, name: 'Amora Group' }]));
    if (method === 'POST' && url === '/api/v1/staff/advertiser-invoice-runs') {
      const done = { month: body!.month!, issued, skipped: 4 };
      list = [...issued, ...list];
      issued = [];
      return Promise.resolve(answerOf(advertiserInvoicesEndpoints.run, done));
    }
    if (method === 'PUT') {
      const changed =
        body!.status === 'paid'
          ? { ...INVOICE, status: 'paid' as const, paidOn: body!.paidOn! }
          : { ...INVOICE, status: 'cancelled' as const, creditNote: 'ADV-2026-00007', cancelReason: body!.reason! };
      list = [changed];
      return Promise.resolve(answerOf(advertiserInvoicesEndpoints.update, changed));
    }
    if (url.startsWith('/api/v1/staff/advertiser-invoices'))
      return Promise.resolve(answerOf(advertiserInvoicesEndpoints.list, list, { total: list.length }));
    return Promise.resolve(errorOf(404, 'Not found.'));
  });
});
afterEach(() => vi.unstubAllGlobals());

const render = (initialEntry = '/staff/advertiser-invoices') =>
  renderWithProviders(<AdvertisersOwe />, { path: '/staff/advertiser-invoices', initialEntry });
const squash = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

describe('Advertisers owe: the ageing', () => {
  it('shows per advertiser and currency the buckets and total, then the totals per currency and what is not invoiced', async () => {
    render();
    const rows = await screen.findAllByTestId('ageing-row');
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => squash(cell.textContent));
    expect(cells(rows[0]!)).toEqual(['Amora Group', 'EUR', '1 000,00 €', '—', '250,00 €', '—', '1 250,00 €']);
    const totals = screen.getAllByTestId('ageing-total');
    expect(totals).toHaveLength(2);
    expect(squash(totals[0]!.textContent)).toBe('All advertisers, EUREUR1 000,00 €100,50 €250,00 €70,00 €1 420,50 €');
    expect(squash(totals[1]!.textContent)).toContain('300,00 $US');
    const headers = within(screen.getByTestId('ageing-table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Advertiser',
      'Currency',
      'Current',
      '1–30 days overdue',
      '31–60 days overdue',
      '60+ days overdue',
      'Total',
    ]);
    expect(squash(screen.getByTestId('not-yet-invoiced').textContent)).toBe(
      'Approved revenue not invoiced yet:456,00 €',
    );
  });
});

describe('Advertisers owe: the invoices', () => {
  it('lists the invoices with kind, period, VAT treatment in words, total and status', async () => {
    render();
    const [row] = await screen.findAllByTestId('advertiser-invoice-row');
    expect(within(row!).getByTestId('advertiser-invoice-reference').textContent).toBe('ADV-2026-00005');
    expect(row!.textContent).toContain('Invoice');
    expect(row!.textContent).toContain('01/10/2026 – 31/10/2026');
    expect(row!.textContent).toContain('Reverse charge');
    expect(squash(within(row!).getByTestId('advertiser-invoice-total').textContent)).toBe('1 000,00 €');
    expect(within(row!).getByRole('button', { name: 'Download ADV-2026-00005 (PDF)' })).toBeTruthy();
  });

  it('asks the server for the filters of the address', async () => {
    render('/staff/advertiser-invoices?month=2026-10&advertiserId=3&status=issued&overdue=true');
    await screen.findAllByTestId('advertiser-invoice-row');
    const asked = sent.find((request) => request.url.startsWith('/api/v1/staff/advertiser-invoices'))!;
    const query = new URL(asked.url, 'http://x').searchParams;
    expect([query.get('month'), query.get('advertiserId'), query.get('status'), query.get('overdue')]).toEqual([
      '2026-10',
      '3',
      'issued',
      'true',
    ]);
  });

  it('cancels an invoice by a credit note only with a reason', async () => {
    render();
    const [row] = await screen.findAllByTestId('advertiser-invoice-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'Cancel with credit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel ADV-2026-00005 with a credit note?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel with credit note' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Wrong period' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel with credit note' }));
    expect((await screen.findByTestId('snackbar')).textContent).toContain(
      'ADV-2026-00005 is cancelled by credit note ADV-2026-00007.',
    );
    expect(sent.find((request) => request.method === 'PUT')).toMatchObject({
      url: '/api/v1/staff/advertiser-invoices/5',
      body: { status: 'cancelled', reason: 'Wrong period' },
    });
  });

  it('marks an invoice paid on a day', async () => {
    render();
    const [row] = await screen.findAllByTestId('advertiser-invoice-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark ADV-2026-00005 paid?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(put.body).toMatchObject({ status: 'paid' });
    expect((put.body as { paidOn: string }).paidOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(screen.getByTestId('advertiser-invoice-status').textContent).toBe('Paid'));
  });
});

describe('Advertisers owe: the invoice run', () => {
  it('issues a month’s invoices once confirmed, and says how many; a second run says none', async () => {
    render();
    await screen.findAllByTestId('advertiser-invoice-row');
    const month = billingMonth(new Date(), 1);
    fireEvent.click(screen.getByRole('button', { name: 'Issue invoices' }));
    const dialog = await screen.findByRole('dialog', { name: `Issue the invoices of ${billingMonthLabel(month)}?` });
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue invoices' }));
    const result = await screen.findByTestId('advertiser-run-result');
    expect(squash(result.textContent)).toBe(
      `1 invoice issued for ${billingMonthLabel(month)}. ADV-2026-00006 (2 400,00 €)`,
    );
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ month });
    // The list's new rows come in a transition (decision 147): the page before shows until they are drawn.
    await waitFor(() => expect(screen.getAllByTestId('advertiser-invoice-row')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Issue invoices' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Issue invoices' }));
    await waitFor(() =>
      expect(squash(screen.getByTestId('advertiser-run-result').textContent)).toContain('0 invoices issued'),
    );
  });
});
