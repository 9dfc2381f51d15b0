import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DATA_LIST_NAMES,
  billingEndpoints,
  type accountEndpoints,
  formatMoneyMinor,
  type EndpointWireData,
  type NextPayment,
} from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { Payments } from './payments';

type WireRequest = EndpointWireData<typeof billingEndpoints.billingRequests>[number];
type WireLists = EndpointWireData<typeof accountEndpoints.config>['data'];

const request = (id: number, month: string, overrides: Partial<WireRequest> = {}): WireRequest => ({
  id,
  startingAt: `${month}-01T00:00:00.000Z`,
  endingAt: `${month}-28T00:00:00.000Z`,
  period: { startDate: `${month}-01`, endDate: `${month}-30` },
  totalAmount: 120_000,
  totalVatAmount: 20_000,
  paymentCurrency: 'EUR',
  paymentTerms: 'net30',
  paymentThreshold: 10_000,
  deferred: false,
  createdAt: `${month}-28T00:00:00.000Z`,
  invoice: null,
  ...overrides,
});

const ROWS: WireRequest[] = [
  request(3, '2026-10', {
    invoice: { id: 13, reference: 'INV-2026-0003', status: 'waiting_for_approval', date: '2026-11-03', file: null, paidOn: null },
    periodKind: 'month',
    dueOn: '2026-12-03',
    adjustmentsAmount: -5_000,
    adjustments: [
      { id: 1, conversionId: 77, kind: 'reverse', reasonCode: 'refund', note: 'Order returned', payoutDelta: -5_000, vatAmount: -1_000, originalInvoice: 'INV-2026-0001', vatRatePercent: 20, createdAt: '2026-10-12T10:00:00.000Z' },
    ],
  }),
  request(2, '2026-09', {
    invoice: { id: 12, reference: 'INV-2026-0002', status: 'paid', date: '2026-10-03', file: null, paidOn: '2026-11-02' },
  }),
  // An answer of before the field: paid, no day known.
  request(1, '2026-08', {
    invoice: { id: 11, reference: 'INV-2026-0001', status: 'paid', date: '2026-09-03', file: null },
  }),
]; // prettier-ignore

const NEXT: NextPayment = {
  paymentTerms: 'net30',
  paymentThreshold: 10_000,
  paymentCurrency: 'EUR',
  next: {
    source: 'invoices',
    invoiceStatus: 'invoice_validated',
    date: '2026-12-03',
    dueDate: '2026-12-03',
    overdue: false,
    amounts: [
      { currency: 'EUR', amount: 120_000 },
      { currency: 'USD', amount: 2_500 },
    ],
    references: ['INV-2026-0003', 'INV-2026-0004'],
  },
  thisMonth: [
    { currency: 'EUR', amount: 77_881, carriedOver: 0, overThreshold: true, billingDate: '2026-12-01', expectedDate: '2026-12-31' },
    { currency: 'GBP', amount: 8_000, carriedOver: 6_700, overThreshold: false, billingDate: '2026-12-01', expectedDate: '2026-12-31' },
  ],
}; // prettier-ignore

const fetchMock = vi.fn<typeof fetch>();
function serve(next: NextPayment, rows: WireRequest[] = ROWS) {
  fetchMock.mockImplementation((url) => {
    const path = String(url);
    if (path.startsWith('/api/v1/config'))
      return Promise.resolve(
        configAnswer({
          data: {
            ...(Object.fromEntries(DATA_LIST_NAMES.map((name) => [name, []])) as unknown as WireLists),
            invoiceStatusList: [
              { value: 'waiting_for_approval', label: 'Waiting for approval' },
              { value: 'invoice_validated', label: 'Invoice validated' },
              { value: 'payment_in_progress', label: 'Payment in progress' },
              { value: 'paid', label: 'Paid' },
            ],
          },
        }),
      );
    if (path.startsWith('/api/v1/billing-request/next-payment'))
      return Promise.resolve(answerOf(billingEndpoints.nextPayment, next));
    if (path.startsWith('/api/v1/billing-request'))
      return Promise.resolve(answerOf(billingEndpoints.billingRequests, rows, { total: rows.length }));
    throw new Error(`unexpected ${path}`);
  });
}
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('Payments', () => {
  it('shows the day a paid invoice was paid under its badge, dd/MM/yyyy', async () => {
    serve(NEXT);
    renderWithProviders(<Payments />, { path: '/payments' });
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByTestId('payment-paid-on').textContent).toBe('Paid on 02/11/2026');
    // Waiting: no day; paid before the day was kept: the badge alone.
    expect(within(rows[0]!).queryByTestId('payment-paid-on')).toBeNull();
    expect(within(rows[2]!).queryByTestId('payment-paid-on')).toBeNull();
    expect(within(rows[2]!).getByTestId('payment-status').textContent).toBe('Paid');
  });

  it('says when the bank returned a payment, on the partner’s day, and why (decision 073)', async () => {
    const returned = request(4, '2026-10', {
      invoice: {
        id: 14, reference: 'INV-2026-0004', status: 'invoice_validated', date: '2026-11-03', file: null, paidOn: null,
        returnedAt: '2026-11-20T23:30:00-05:00', returnedOn: '2026-11-20', returnReason: 'Account closed (AC04)',
      },
    }); // prettier-ignore
    serve(NEXT, [returned, ...ROWS]);
    renderWithProviders(<Payments />, { path: '/payments' });
    const rows = await screen.findAllByTestId('payment-row');
    expect(within(rows[0]!).getByTestId('payment-returned').textContent).toBe(
      'Payment returned by the bank on 20/11/2026: Account closed (AC04)',
    );
    expect(within(rows[0]!).getByTestId('payment-status').textContent).toContain('Invoice validated');
    for (const row of rows.slice(1)) expect(within(row).queryByTestId('payment-returned')).toBeNull();
  });

  it('shows the due day and the corrections of earlier invoices a request carries, citing the invoice and its VAT rate', async () => {
    serve(NEXT);
    renderWithProviders(<Payments />, { path: '/payments' });
    const rows = await screen.findAllByTestId('payment-row');
    expect(within(rows[0]!).getByTestId('payment-due-on').textContent).toBe('Due on 03/12/2026');
    expect(within(rows[1]!).queryByTestId('payment-due-on')).toBeNull();
    const corrections = screen.getAllByTestId('payment-corrections');
    expect(corrections).toHaveLength(1);
    expect(squash(within(corrections[0]!).getByText(/Corrections of earlier invoices/).textContent)).toBe(
      squash(`Corrections of earlier invoices: ${formatMoneyMinor(-5_000, 'EUR')} before VAT`),
    );
    expect(squash(within(corrections[0]!).getByTestId('payment-correction').textContent)).toBe(
      squash(`Reversed conversion 77, billed on invoice INV-2026-0001 (VAT 20 %): ${formatMoneyMinor(-5_000, 'EUR')} · refund · “Order returned”`),
    ); // prettier-ignore
  });

  it('says when the next payment is expected, how much, and this month’s earnings against the threshold', async () => {
    serve(NEXT);
    renderWithProviders(<Payments />, { path: '/payments' });
    const card = await screen.findByTestId('payments-next');
    expect(squash(within(card).getByTestId('payments-next-headline').textContent)).toBe(
      squash(`Next payment expected around 03/12/2026: ${formatMoneyMinor(120_000, 'EUR')} + ${formatMoneyMinor(2_500, 'USD')}`),
    ); // prettier-ignore
    expect(within(card).getByTestId('payments-next-detail').textContent).toBe(
      'For invoices INV-2026-0003, INV-2026-0004, due on 03/12/2026 (Net 30 payment terms).',
    );
    const months = within(card)
      .getAllByTestId('payments-next-month')
      .map((el) => squash(el.textContent));
    expect(months).toEqual([
      squash(`This month so far: ${formatMoneyMinor(77_881, 'EUR')} before VAT, billed on 01/12/2026. Over your ${formatMoneyMinor(10_000, 'EUR')} payment threshold: paid around 31/12/2026.`),
      squash(`This month so far: ${formatMoneyMinor(8_000, 'GBP')} before VAT (${formatMoneyMinor(6_700, 'GBP')} carried over from earlier months), billed on 01/12/2026. Under your ${formatMoneyMinor(10_000, 'GBP')} payment threshold: carried over to next month unless it reaches it by the month’s end.`),
    ]); // prettier-ignore
  });

  it('says every amount and threshold in its own currency’s sign, never the euro for dollars (issue 47 item 7)', async () => {
    const dollars = request(5, '2026-10', { paymentCurrency: 'USD', totalAmount: 4_200, totalVatAmount: 0, deferred: true }); // prettier-ignore
    const invoiced = request(6, '2026-09', {
      paymentCurrency: 'USD',
      totalAmount: 15_000,
      totalVatAmount: 0,
      invoice: { id: 16, reference: 'INV-2026-0006', status: 'invoice_validated', date: '2026-10-03', file: null, paidOn: null }, // prettier-ignore
    });
    serve({ ...NEXT, paymentCurrency: 'USD', thisMonth: [{ ...NEXT.thisMonth[1]!, currency: 'USD' }] }, [dollars, invoiced]); // prettier-ignore
    renderWithProviders(<Payments />, { path: '/payments' });
    const rows = await screen.findAllByTestId('payment-row');
    expect(squash(within(rows[0]!).getByTestId('payment-amount').textContent)).toBe(squash(formatMoneyMinor(4_200, 'USD'))); // prettier-ignore
    expect(squash(within(rows[0]!).getByTestId('payment-carried').textContent)).toBe(
      squash(`${formatMoneyMinor(4_200, 'USD')} carried over to next month (under your ${formatMoneyMinor(10_000, 'USD')} payment threshold)`), // prettier-ignore
    );
    expect(squash(within(rows[1]!).getByTestId('payment-amount').textContent)).toBe(squash(formatMoneyMinor(15_000, 'USD'))); // prettier-ignore
    const month = screen.getByTestId('payments-next-month');
    expect(month.getAttribute('data-currency')).toBe('USD');
    expect(squash(month.textContent)).toContain(`Under your ${squash(formatMoneyMinor(10_000, 'USD'))} payment threshold`); // prettier-ignore
    for (const text of [rows[0]!.textContent, rows[1]!.textContent, month.textContent]) expect(text).not.toContain('€');
  });

  it('says an overdue invoice plainly, from where it stands, and that nothing is expected without earnings (decision 092)', async () => {
    const overdue = { ...NEXT.next!, overdue: true, amounts: [{ currency: 'EUR', amount: 120_000 }], references: ['INV-2026-0003'] }; // prettier-ignore
    serve({ ...NEXT, next: { ...overdue, invoiceStatus: 'waiting_for_approval', date: null } });
    let view = renderWithProviders(<Payments />, { path: '/payments' });
    expect(squash((await screen.findByTestId('payments-next-headline')).textContent)).toBe(
      squash(
        `Overdue since 03/12/2026: ${formatMoneyMinor(120_000, 'EUR')}. The invoice still waits for our approval, so no payment date can be given yet.`,
      ),
    );
    expect(screen.getByTestId('payments-next-detail').textContent).toBe(
      'For invoice INV-2026-0003, due since 03/12/2026 (Net 30 payment terms): overdue. The invoice is issued and waits for our approval before payment.',
    );
    view.unmount();

    serve({ ...NEXT, next: { ...overdue, date: '2026-12-10' } });
    view = renderWithProviders(<Payments />, { path: '/payments' });
    expect(squash((await screen.findByTestId('payments-next-headline')).textContent)).toBe(
      squash(
        `Overdue since 03/12/2026: ${formatMoneyMinor(120_000, 'EUR')}. The invoice is approved and will be paid any day now.`,
      ),
    );
    view.unmount();

    serve({ ...NEXT, next: { ...overdue, invoiceStatus: 'payment_in_progress', date: '2026-12-10' } });
    const { unmount } = renderWithProviders(<Payments />, { path: '/payments' });
    expect(squash((await screen.findByTestId('payments-next-headline')).textContent)).toBe(
      squash(`Next payment on its way to your bank: ${formatMoneyMinor(120_000, 'EUR')}, expected around 10/12/2026.`),
    );
    unmount();

    serve({ ...NEXT, next: null, thisMonth: [] });
    renderWithProviders(<Payments />, { path: '/payments' });
    expect((await screen.findByTestId('payments-next-headline')).textContent).toBe('No payment expected yet.');
    expect(screen.getByTestId('payments-next-month').textContent).toBe('Nothing earned this month yet.');
  });
});

describe('Payments: the payout hold (decision 072)', () => {
  const HELD_ROWS: WireRequest[] = [
    request(4, '2026-11', {
      invoice: {
        id: 14,
        reference: 'INV-2026-0004',
        status: 'invoice_validated',
        date: '2026-12-01',
        file: null,
        paidOn: null,
        heldUntil: '2026-12-08T10:20:00+01:00',
      },
    }),
  ];

  it('says until when payments are held and why, on the partner’s time zone, and marks the held invoice', async () => {
    serve(
      { ...NEXT, payoutHold: { heldFrom: '2026-12-01T10:20:00+01:00', heldUntil: '2026-12-08T10:20:00+01:00' } },
      HELD_ROWS,
    );
    renderWithProviders(<Payments />, { path: '/payments' });
    expect(squash((await screen.findByTestId('payments-hold')).textContent)).toBe(
      'Payments held until 08/12/2026 10:20, because your bank details changed on 01/12/2026 10:20 (UTC+01:00, your ' +
        'time zone). For your security, nothing is paid to new bank details before then.',
    );
    const [row] = await screen.findAllByTestId('payment-row');
    expect(within(row!).getByTestId('payment-held-until').textContent).toBe('Held until 08/12/2026 10:20');
  });

  it('says nothing of a hold when there is none', async () => {
    serve({ ...NEXT, payoutHold: null });
    renderWithProviders(<Payments />, { path: '/payments' });
    await screen.findByTestId('payments-next');
    expect(screen.queryByTestId('payments-hold')).toBeNull();
    expect(screen.queryByTestId('payment-held-until')).toBeNull();
  });
});
