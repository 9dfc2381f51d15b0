import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INVOICE_STATUSES,
  billingEndpoints,
  filesEndpoints,
  paymentBatchesEndpoints,
  type StaffInvoice,
} from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, errorOf, renderWithProviders } from '@/test/render';
import { StaffInvoices } from './staff-invoices';

const fetchMock = vi.fn<typeof fetch>();

const INVOICE: StaffInvoice = {
  id: 41,
  reference: 'INV-2026-10-0007',
  status: 'waiting_for_approval',
  partner: { id: 1001, name: 'Northwind Media' },
  period: { startDate: '2026-10-01', endDate: '2026-10-31' },
  date: '2026-11-01',
  dueDate: '2026-12-01',
  paymentTerms: 'net30',
  totalAmount: 123_456,
  totalVatAmount: 20_576,
  paymentCurrency: 'EUR',
  paidOn: null,
  file: null,
  createdById: null,
  heldUntil: null,
  paymentMethod: 'wire',
  sepaRefusal: null,
  batch: null,
  returnedAt: null,
  returnReason: null,
};

const HELD_MESSAGE =
  'Payments to this partner are held until 11 May 2026 at 12:20 (Paris time): its bank details changed on 4 May 2026 at 12:20 (Paris time).';

let list: StaffInvoice[];
let roles: string[];
/** What POST /staff/payment-batches answers in the test under way. */
let batchAnswer: () => Response;
const sent: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sent.length = 0;
  roles = ['ROLE_FINANCE'];
  batchAnswer = () => errorOf(500, 'unexpected');
  list = [INVOICE, { ...INVOICE, id: 42, reference: 'INV-2026-09-0003', status: 'paid', paidOn: '2026-10-20' }];
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles }));
    if (method === 'PUT' && list.find((row) => row.id === 41)?.heldUntil)
      return Promise.resolve(errorOf(409, HELD_MESSAGE));
    if (method === 'PUT') {
      const status = (JSON.parse(String(init?.body)) as { status: StaffInvoice['status'] }).status;
      list = list.map((row) => (row.id === 41 ? { ...row, status } : row));
      return Promise.resolve(
        answerOf(billingEndpoints.setInvoiceStatus, {
          id: 41, billingRequestId: 7, partnerId: 1001, reference: INVOICE.reference, status,
          createdAt: '2026-11-01T00:30:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
        }), // prettier-ignore
      );
    }
    const query = new URL(url, 'http://x').searchParams;
    const status = query.get('status');
    const held = query.get('held');
    if (method === 'POST' && url === '/api/v1/staff/invoices/bulk-status') {
      const body = JSON.parse(String(init?.body)) as { invoiceIds: number[]; status: StaffInvoice['status'] };
      list = list.map((row) => (body.invoiceIds.includes(row.id) ? { ...row, status: body.status } : row));
      return Promise.resolve(
        answerOf(billingEndpoints.bulkInvoiceStatus, {
          status: body.status, count: body.invoiceIds.length, totals: [], invoiceIds: body.invoiceIds,
        }), // prettier-ignore
      );
    }
    if (method === 'POST' && url === '/api/v1/staff/payment-batches') return Promise.resolve(batchAnswer());
    if (url.startsWith('/api/v1/file/'))
      return Promise.resolve(answerOf(filesEndpoints.url, { url: '/signed/7', expireAt: '2026-11-27T10:00:00Z' }));
    const rows = list
      .filter((row) => !status || row.status === status)
      .filter((row) => held === null || (row.heldUntil !== null) === (held === 'true'));
    return Promise.resolve(answerOf(billingEndpoints.staffInvoices, rows, { total: rows.length }));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('StaffInvoices', () => {
  it('lists the invoices with their partner, Paris days, amount with VAT and status', async () => {
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    const rows = await screen.findAllByTestId('staff-invoice-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByTestId('staff-invoice-reference').textContent).toBe('INV-2026-10-0007');
    expect(first.getByRole('link', { name: 'Northwind Media #1001' }).getAttribute('href')).toBe(
      '/staff/partners/1001',
    );
    expect(rows[0]!.textContent).toContain('01/10/2026 – 31/10/2026');
    expect(rows[0]!.textContent).toContain('01/12/2026');
    expect(rows[0]!.textContent).toMatch(/1\s?234,56\s€/u);
    expect(rows[0]!.textContent).toMatch(/of which VAT 205,76\s€/u);
    expect(first.getByRole('button', { name: 'Validate' })).toBeTruthy();
    // A paid invoice says when, and has no next step.
    expect(rows[1]!.textContent).toContain('Paid on 20/10/2026');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
  });

  it('asks the server for the status in the address', async () => {
    renderWithProviders(<StaffInvoices />, {
      path: '/staff/invoices',
      initialEntry: '/staff/invoices?status=paid',
    });
    const rows = await screen.findAllByTestId('staff-invoice-row');
    expect(rows).toHaveLength(1);
    const asked = sent.filter((request) => request.url.startsWith('/api/v1/staff/invoices'));
    expect(new URL(asked[0]!.url, 'http://x').searchParams.get('status')).toBe('paid');
  });

  it('moves an invoice one step once confirmed, and shows its new status', async () => {
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    const [first] = await screen.findAllByTestId('staff-invoice-row');
    fireEvent.click(within(first!).getByRole('button', { name: 'Validate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Validate: INV-2026-10-0007' });
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await within(first!).findByRole('button', { name: 'Start payment' })).toBeTruthy();
    expect((await screen.findByTestId('snackbar')).textContent).toContain('Invoice INV-2026-10-0007 is now validated.');
    const put = sent.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/v1/staff/invoices/41', body: { status: 'invoice_validated' } });
  });

  it('moves nothing when the confirmation is cancelled', async () => {
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    const [first] = await screen.findAllByTestId('staff-invoice-row');
    fireEvent.click(within(first!).getByRole('button', { name: 'Validate' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
  });
});

describe('StaffInvoices: who moves what (decision 064)', () => {
  const atEveryStatus = (): StaffInvoice[] =>
    INVOICE_STATUSES.map((status, index) => ({ ...INVOICE, id: 100 + index, reference: `INV-${status}`, status }));
  const buttonsOf = async () =>
    (await screen.findAllByTestId('staff-invoice-row')).map((row) =>
      within(row)
        .queryAllByRole('button')
        .map((button) => button.textContent),
    );

  it('shows finance (and admins) the moves of the transition table only', async () => {
    list = atEveryStatus();
    for (const role of ['ROLE_FINANCE', 'ROLE_ADMIN']) {
      roles = [role];
      const view = renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
      expect(await buttonsOf()).toEqual([['Validate'], ['Start payment'], ['Mark paid', 'Payment returned'], []]);
      expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
      view.unmount();
    }
  });

  it('shows account and team managers the invoices with no button', async () => {
    list = atEveryStatus();
    for (const role of ['ROLE_ACCOUNT_MANAGER', 'ROLE_TEAM_MANAGER']) {
      roles = [role];
      const view = renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
      const rows = await screen.findAllByTestId('staff-invoice-row');
      expect(rows).toHaveLength(4);
      for (const row of rows) expect(within(row).queryByRole('button')).toBeNull();
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
      view.unmount();
    }
  });

  it('asks why before recording a bank return, and sends the reason', async () => {
    list = [{ ...INVOICE, status: 'payment_in_progress' }];
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    const [row] = await screen.findAllByTestId('staff-invoice-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'Payment returned' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment returned: INV-2026-10-0007' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Payment returned' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: ' Account closed (AC04) ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Payment returned' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    expect(sent.find((request) => request.method === 'PUT')).toMatchObject({
      url: '/api/v1/staff/invoices/41',
      body: { status: 'invoice_validated', reason: 'Account closed (AC04)' },
    });
  });

  it('leaves the validation of an invoice one’s own run created to another person', async () => {
    roles = ['ROLE_ADMIN'];
    // The signed-in user of the config fixture is user 1.
    list = [{ ...INVOICE, createdById: 1 }];
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    const [row] = await screen.findAllByTestId('staff-invoice-row');
    expect(within(row!).queryByRole('button')).toBeNull();
    expect(within(row!).getByTestId('staff-invoice-own').textContent).toBe(
      'Your billing run created it: another person validates it.',
    );
  });
});

describe('StaffInvoices: the payout hold (decision 072)', () => {
  const HELD: StaffInvoice = { ...INVOICE, status: 'invoice_validated', heldUntil: '2026-05-11T10:20:00.000Z' };

  it('badges a held invoice with the end of its hold in Paris time', async () => {
    list = [HELD, { ...INVOICE, id: 42, reference: 'INV-2026-09-0003' }];
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    const rows = await screen.findAllByTestId('staff-invoice-row');
    expect(within(rows[0]!).getByTestId('staff-invoice-held').textContent).toBe(
      'Held until 11/05/2026 12:20 (Paris time)',
    );
    expect(within(rows[1]!).queryByTestId('staff-invoice-held')).toBeNull();
  });

  it('asks the server for the hold filter in the address', async () => {
    list = [HELD, { ...INVOICE, id: 42, reference: 'INV-2026-09-0003' }];
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices', initialEntry: '/staff/invoices?held=true' });
    const rows = await screen.findAllByTestId('staff-invoice-row');
    expect(rows).toHaveLength(1);
    const asked = sent.filter((request) => request.url.startsWith('/api/v1/staff/invoices'));
    expect(new URL(asked[0]!.url, 'http://x').searchParams.get('held')).toBe('true');
  });

  it('warns before starting a held payment, and shows the server’s refusal with its date', async () => {
    list = [HELD];
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    const [row] = await screen.findAllByTestId('staff-invoice-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'Start payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start payment: INV-2026-10-0007' });
    expect(within(dialog).getByTestId('staff-invoice-held-alert').textContent).toContain(
      '11/05/2026 12:20 (Paris time)',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start payment' }));
    expect((await screen.findByTestId('snackbar')).textContent).toContain(HELD_MESSAGE);
  });
});

describe('StaffInvoices: bulk steps (decision 073)', () => {
  const validated = (id: number, reference: string, totalAmount: number, paymentCurrency = 'EUR'): StaffInvoice => ({
    ...INVOICE,
    id,
    reference,
    status: 'invoice_validated',
    totalAmount,
    paymentCurrency,
  });
  const rowOf = async (reference: string) =>
    (await screen.findAllByTestId('staff-invoice-row')).find((row) => row.textContent?.includes(reference))!;
  const select = async (reference: string) =>
    fireEvent.click(within(await rowOf(reference)).getByRole('checkbox', { name: `Select ${reference}` }));

  it('selects rows by named checkboxes, or the whole page, and shows the count and totals per currency', async () => {
    list = [validated(1, 'INV-A', 123_456), validated(2, 'INV-B', 8_000, 'USD'), validated(3, 'INV-C', 44)];
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    await select('INV-A');
    await select('INV-B');
    expect((await screen.findByTestId('staff-invoices-selected')).textContent).toMatch(
      /^2 invoices selected: 1\s?234,56\s€ · 80,00\s\$US$/u,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every invoice of the page' }));
    expect(screen.getByTestId('staff-invoices-selected').textContent).toMatch(/^3 invoices selected: 1\s?235,00\s€/u);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every invoice of the page' }));
    expect(screen.queryByTestId('staff-invoices-bulk')).toBeNull();
  });

  it('offers only the moves of the selection’s one status, and says so when statuses differ', async () => {
    list = [validated(1, 'INV-A', 100), { ...validated(2, 'INV-B', 200), status: 'payment_in_progress' }];
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    await select('INV-A');
    const bar = await screen.findByTestId('staff-invoices-bulk');
    expect(
      within(bar)
        .getAllByTestId('staff-invoices-bulk-move')
        .map((b) => b.textContent),
    ).toEqual(['Start payment']);
    expect(within(bar).getByRole('button', { name: 'Build payment batch' })).toBeTruthy();
    await select('INV-B');
    expect(within(bar).queryAllByTestId('staff-invoices-bulk-move')).toEqual([]);
    expect(within(bar).queryByRole('button', { name: 'Build payment batch' })).toBeNull();
    expect(within(bar).getByTestId('staff-invoices-bulk-mixed').textContent).toContain('different statuses');
  });

  it('confirms a bulk move naming the count and totals per currency, then sends it once', async () => {
    list = [
      { ...validated(1, 'INV-A', 123_456), status: 'waiting_for_approval' },
      { ...validated(2, 'INV-B', 8_000, 'USD'), status: 'waiting_for_approval' },
    ];
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    await select('INV-A');
    await select('INV-B');
    fireEvent.click(within(await screen.findByTestId('staff-invoices-bulk')).getByRole('button', { name: 'Validate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Validate: 2 invoices' });
    expect(within(dialog).getByTestId('staff-invoices-bulk-summary').textContent).toMatch(
      /^Validate 2 invoices: 1\s?234,56\s€ · 80,00\s\$US$/u,
    );
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect((await screen.findByTestId('snackbar')).textContent).toContain('2 invoices are now validated.');
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/v1/staff/invoices/bulk-status',
        body: { invoiceIds: [1, 2], status: 'invoice_validated' },
      },
    ]);
    await waitFor(() => expect(screen.queryByTestId('staff-invoices-bulk')).toBeNull());
  });

  it('requires a reason for a bulk bank return, and sends it', async () => {
    list = [
      { ...validated(1, 'INV-A', 100), status: 'payment_in_progress' },
      { ...validated(2, 'INV-B', 200), status: 'payment_in_progress' },
    ];
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select every invoice of the page' }));
    fireEvent.click(
      within(screen.getByTestId('staff-invoices-bulk')).getByRole('button', { name: 'Payment returned' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment returned: 2 invoices' });
    expect(within(dialog).getByTestId('staff-invoices-bulk-summary').textContent).toMatch(
      /^Record the bank’s return of 2 invoices: 3,00\s€$/u,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Payment returned' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'R03 no account' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Payment returned' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      invoiceIds: [1, 2],
      status: 'invoice_validated',
      reason: 'R03 no account',
    });
  });

  it('builds a payment batch of the selection once confirmed, and opens it', async () => {
    list = [validated(1, 'INV-A', 100_000), validated(2, 'INV-B', 2_550)];
    batchAnswer = () =>
      answerOf(paymentBatchesEndpoints.create, {
        id: 7, reference: 'PAY-2026-00001', status: 'draft', currency: 'EUR', transactionCount: 2, totalAmount: 102_550,
        requestedExecutionDate: '2026-11-30', debtor: { name: 'Network', iban: 'FR7630006000011234567890189', bic: null },
        createdBy: { id: 1, name: 'Me' }, createdAt: '2026-11-27T09:00:00Z', approvedBy: null, approvedAt: null,
        downloadedBy: null, downloadedAt: null, paidAt: null, cancelledAt: null, filename: 'PAY-2026-00001.xml',
        transactions: [],
      }); // prettier-ignore
    const { router } = renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select every invoice of the page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Build payment batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Build payment batch' });
    expect(within(dialog).getByTestId('staff-invoices-batch-summary').textContent).toMatch(
      /^A SEPA payment batch of 2 invoices: 1\s?025,50\s€$/u,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Build batch' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/payments-out/7'));
    expect(sent.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/v1/staff/payment-batches',
      body: { invoiceIds: [1, 2] },
    });
  });

  it('names each invoice a refused build refused, and stays', async () => {
    list = [validated(1, 'INV-A', 100), validated(2, 'INV-B', 200)];
    batchAnswer = () =>
      errorOf(409, '1 invoice cannot be paid by a SEPA batch.', null, {
        refusals: [{ invoiceId: 2, reference: 'INV-B', reason: 'no_iban', message: 'The partner has no IBAN.' }],
      });
    const { router } = renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select every invoice of the page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Build payment batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Build payment batch' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Build batch' }));
    const refusals = await within(dialog).findByTestId('staff-invoices-batch-refusals');
    expect(refusals.textContent).toContain('INV-B: The partner has no IBAN.');
    expect(router.state.location.pathname).toBe('/staff/invoices');
  });
});

describe('StaffInvoices: each row (decision 073)', () => {
  it('opens the invoice PDF in one click, through a signed file link', async () => {
    list = [{ ...INVOICE, file: { id: 7, filename: 'INV-2026-10-0007.pdf' } }];
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    fireEvent.click(await screen.findByRole('button', { name: 'Open the PDF of INV-2026-10-0007' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/signed/7'));
    expect(sent.some((request) => request.url === '/api/v1/file/7/url')).toBe(true);
  });

  it('badges an invoice in a batch, one to pay by hand and why, and one the bank returned with its reason', async () => {
    list = [
      { ...INVOICE, id: 1, reference: 'INV-A', status: 'payment_in_progress', batch: { id: 3, reference: 'PAY-2026-00003', status: 'approved' } },
      { ...INVOICE, id: 2, reference: 'INV-B', status: 'invoice_validated', sepaRefusal: 'invalid_iban' },
      { ...INVOICE, id: 3, reference: 'INV-C', status: 'invoice_validated', returnedAt: '2026-11-20T09:30:00Z', returnReason: 'Account closed' },
    ]; // prettier-ignore
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    const rows = await screen.findAllByTestId('staff-invoice-row');
    expect(within(rows[0]!).getByTestId('staff-invoice-batch').textContent).toBe('In batch PAY-2026-00003');
    expect(within(rows[1]!).getByTestId('staff-invoice-by-hand').textContent).toBe(
      'To pay by hand the IBAN is not valid',
    );
    expect(within(rows[2]!).getByTestId('staff-invoice-returned').textContent).toBe(
      'Returned by the bank on 20/11/2026 10:30 (Paris time): Account closed',
    );
  });

  it('asks the server for the filters in the address', async () => {
    renderWithProviders(<StaffInvoices />, {
      path: '/staff/invoices',
      initialEntry: '/staff/invoices?currency=USD&dueBefore=2026-12-01&paymentMethod=wire&sepa=false&held=false',
    });
    await screen.findAllByTestId('staff-invoice-row');
    const asked = new URL(sent.find((request) => request.url.startsWith('/api/v1/staff/invoices'))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      currency: 'USD',
      dueBefore: '2026-12-01',
      paymentMethod: 'wire',
      sepa: 'false',
      held: 'false',
    });
  });
});
