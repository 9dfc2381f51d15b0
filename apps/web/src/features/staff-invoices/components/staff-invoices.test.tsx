import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOICE_STATUSES, billingEndpoints, type StaffInvoice } from '@portal/contracts';
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
};

const HELD_MESSAGE =
  'Payments to this partner are held until 11 May 2026 at 12:20 (Paris time): its bank details changed on 4 May 2026 at 12:20 (Paris time).';

let list: StaffInvoice[];
let roles: string[];
const sent: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sent.length = 0;
  roles = ['ROLE_FINANCE'];
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
      expect(await buttonsOf()).toEqual([
        ['Validate'],
        ['Start payment', 'Send back'],
        ['Mark paid', 'Payment failed'],
        [],
      ]);
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

  it('asks why before sending an invoice back, and sends the reason', async () => {
    list = [{ ...INVOICE, status: 'invoice_validated' }];
    renderWithProviders(<StaffInvoices />, { path: '/staff/invoices' });
    const [row] = await screen.findAllByTestId('staff-invoice-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send back: INV-2026-10-0007' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: ' Wrong VAT number ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    expect(sent.find((request) => request.method === 'PUT')).toMatchObject({
      url: '/api/v1/staff/invoices/41',
      body: { status: 'waiting_for_approval', reason: 'Wrong VAT number' },
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
