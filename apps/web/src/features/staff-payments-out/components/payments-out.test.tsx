import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  billingEndpoints,
  paymentBatchesEndpoints,
  type EndpointWireData,
  type PaymentBatchDetail,
  type StaffInvoice,
} from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, errorOf, renderWithProviders } from '@/test/render';
import { BatchPage } from './batch-page';
import { PaymentsOut } from './payments-out';

const fetchMock = vi.fn<typeof fetch>();

/** The signed-in staff member of configAnswer is user 1. */
const ME = { id: 1, name: 'Alex User' };
const OTHER = { id: 2, name: 'Dana Finance' };

const BATCH: PaymentBatchDetail = {
  id: 9,
  reference: 'PAY-2026-00003',
  status: 'draft',
  currency: 'EUR',
  transactionCount: 2,
  totalAmount: 246_912,
  requestedExecutionDate: '2026-11-30',
  debtor: { name: 'Demo Network', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
  createdBy: OTHER,
  createdAt: '2026-11-27T08:00:00.000Z',
  approvedBy: null,
  approvedAt: null,
  downloadedBy: null,
  downloadedAt: null,
  paidAt: null,
  cancelledAt: null,
  filename: 'PAY-2026-00003.xml',
  transactions: [
    {
      invoiceId: 41,
      reference: 'INV-2026-10-0007',
      partner: { id: 1001, name: 'Northwind Media' },
      amount: 123_456,
      creditorName: 'Northwind Media SAS',
      creditorIban: 'FR1420041010050500013M02606',
      creditorBic: 'PSSTFRPPLIL',
      invoiceStatus: 'invoice_validated',
      returnedAt: null,
    },
    {
      invoiceId: 42,
      reference: 'INV-2026-10-0008',
      partner: { id: 1002, name: 'Bluebird' },
      amount: 123_456,
      creditorName: 'Bluebird GmbH',
      creditorIban: 'DE89370400440532013000',
      creditorBic: null,
      invoiceStatus: 'invoice_validated',
      returnedAt: null,
    },
  ],
};

const BY_HAND: StaffInvoice = {
  id: 77,
  reference: 'INV-2026-10-0011',
  status: 'invoice_validated',
  partner: { id: 1003, name: 'Kestrel Digital' },
  period: { startDate: '2026-10-01', endDate: '2026-10-31' },
  date: '2026-11-01',
  dueDate: '2026-12-01',
  paymentTerms: 'net30',
  totalAmount: 50_000,
  totalVatAmount: 0,
  paymentCurrency: 'USD',
  paidOn: null,
  file: null,
  createdById: null,
  heldUntil: null,
  paymentMethod: 'wire',
  sepaRefusal: 'not_eur',
  batch: null,
  returnedAt: null,
  returnReason: null,
};

let batch: PaymentBatchDetail;
const sent: { method: string; url: string; body: unknown }[] = [];

const detail = () =>
  answerOf(paymentBatchesEndpoints.get, batch as EndpointWireData<typeof paymentBatchesEndpoints.get>);

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sent.length = 0;
  batch = structuredClone(BATCH);
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles: ['ROLE_FINANCE'] }));
    if (url.startsWith('/api/v1/staff/invoices'))
      return Promise.resolve(answerOf(billingEndpoints.staffInvoices, [BY_HAND], { total: 1 }));
    if (method === 'POST' && url.endsWith('/approve')) {
      batch = { ...batch, status: 'approved', approvedBy: ME, approvedAt: '2026-11-27T09:00:00.000Z' };
      return Promise.resolve(detail());
    }
    if (method === 'PUT') {
      const { status } = JSON.parse(String(init?.body)) as { status: 'paid' | 'cancelled' };
      batch = { ...batch, status };
      return Promise.resolve(detail());
    }
    if (url.startsWith('/api/v1/staff/payment-batches/9')) return Promise.resolve(detail());
    if (url.startsWith('/api/v1/staff/payment-batches')) {
      const { transactions: _omitted, ...row } = batch;
      return Promise.resolve(answerOf(paymentBatchesEndpoints.list, [row], { total: 1 }));
    }
    return Promise.resolve(errorOf(404, 'Not found.'));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('PaymentsOut', () => {
  it('lists the batches with status, count, total, execution day and who built them; and what to pay by hand', async () => {
    renderWithProviders(<PaymentsOut />, { path: '/staff/payments-out' });
    const [row] = await screen.findAllByTestId('payment-batch-row');
    expect(within(row!).getByRole('link', { name: 'PAY-2026-00003' }).getAttribute('href')).toBe(
      '/staff/payments-out/9',
    );
    expect(within(row!).getByTestId('payment-batch-status').textContent).toBe('Waiting for approval');
    expect(within(row!).getByTestId('payment-batch-total').textContent).toMatch(/2\s?469,12\s€/u);
    expect(row!.textContent).toContain('30/11/2026');
    expect(row!.textContent).toContain('Dana Finance');
    const [byHand] = await screen.findAllByTestId('by-hand-row');
    expect(within(byHand!).getByTestId('by-hand-reason').textContent).toBe('This invoice is not in euros.');
    const asked = sent.find((request) => request.url.startsWith('/api/v1/staff/invoices'))!;
    const query = new URL(asked.url, 'http://x').searchParams;
    expect(query.get('status')).toBe('invoice_validated');
    expect(query.get('sepa')).toBe('false');
  });

  it('asks the server for the status of the filter', async () => {
    renderWithProviders(<PaymentsOut />, {
      path: '/staff/payments-out',
      initialEntry: '/staff/payments-out?status=paid',
    });
    await screen.findAllByTestId('payment-batch-row');
    const asked = sent.filter((request) => request.url.startsWith('/api/v1/staff/payment-batches'));
    expect(new URL(asked[0]!.url, 'http://x').searchParams.get('status')).toBe('paid');
  });
});

describe('BatchPage: four eyes and the steps by status (decision 073)', () => {
  const open = async () => {
    renderWithProviders(<BatchPage id={9} />, {
      path: '/staff/payments-out/:id',
      initialEntry: '/staff/payments-out/9',
    });
    await screen.findAllByTestId('payment-batch-transaction');
  };
  const buttons = () =>
    within(screen.getByTestId('payment-batch-actions'))
      .queryAllByRole('button')
      .map((button) => button.textContent);

  it('shows the figures and the transactions', async () => {
    await open();
    expect(screen.getByTestId('payment-batch-count').textContent).toContain('2');
    expect(screen.getByTestId('payment-batch-total').textContent).toMatch(/2\s?469,12\s€/u);
    const rows = screen.getAllByTestId('payment-batch-transaction');
    expect(rows[0]!.textContent).toContain('INV-2026-10-0007');
    expect(rows[0]!.textContent).toContain('FR1420041010050500013M02606');
    expect(rows[0]!.textContent).toContain('validated');
    expect(rows[1]!.textContent).toContain('Bluebird GmbH');
  });

  it('hides Approve from the batch’s creator and says another person approves it', async () => {
    batch = { ...batch, createdBy: ME };
    await open();
    expect(buttons()).toEqual(['Cancel batch']);
    expect(screen.getByTestId('payment-batch-own').textContent).toBe(
      'You built this batch: another person must approve it.',
    );
  });

  it('approves once confirmed, the confirmation naming the count and the total', async () => {
    await open();
    expect(screen.queryByTestId('payment-batch-own')).toBeNull();
    expect(buttons()).toEqual(['Approve', 'Cancel batch']);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve PAY-2026-00003?' });
    expect(within(dialog).getByTestId('payment-batch-approve-dialog-explain').textContent).toMatch(
      /^PAY-2026-00003 pays 2 invoices for 2\s?469,12\s€ in all\./u,
    );
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByTestId('snackbar')).textContent).toContain('PAY-2026-00003 is approved');
    expect(sent.find((request) => request.method === 'POST')?.url).toBe('/api/v1/staff/payment-batches/9/approve');
    await waitFor(() => expect(buttons()).toEqual(['Download file', 'Mark paid', 'Cancel batch']));
  });

  it('may cancel a draft, or an approved batch never downloaded; never after the download, nor once paid', async () => {
    batch = { ...batch, status: 'approved', approvedBy: ME, approvedAt: '2026-11-27T09:00:00.000Z' };
    const first = renderWithProviders(<BatchPage id={9} />, { path: '/staff/payments-out/:id', initialEntry: '/staff/payments-out/9' }); // prettier-ignore
    await screen.findAllByTestId('payment-batch-transaction');
    expect(buttons()).toEqual(['Download file', 'Mark paid', 'Cancel batch']);
    first.unmount();

    batch = { ...batch, downloadedBy: ME, downloadedAt: '2026-11-27T09:30:00.000Z' };
    const second = renderWithProviders(<BatchPage id={9} />, { path: '/staff/payments-out/:id', initialEntry: '/staff/payments-out/9' }); // prettier-ignore
    await screen.findAllByTestId('payment-batch-transaction');
    expect(buttons()).toEqual(['Download file', 'Mark paid']);
    expect(screen.getByTestId('payment-batch-downloaded')).toBeTruthy();
    second.unmount();

    batch = { ...batch, status: 'paid', paidAt: '2026-11-28T09:30:00.000Z' };
    await open();
    expect(buttons()).toEqual(['Download file']);
  });

  it('cancels with an optional reason once confirmed', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel PAY-2026-00003?' });
    expect(within(dialog).getByTestId('payment-batch-cancel-dialog-explain').textContent).toMatch(
      /its 2 invoices for 2\s?469,12\s€ in all go back to validated/u,
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Wrong day' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel batch' }));
    expect((await screen.findByTestId('snackbar')).textContent).toContain('PAY-2026-00003 is cancelled');
    expect(sent.find((request) => request.method === 'PUT')).toMatchObject({
      url: '/api/v1/staff/payment-batches/9',
      body: { status: 'cancelled', reason: 'Wrong day' },
    });
  });

  it('marks an approved batch paid once confirmed, the confirmation naming the count and the total', async () => {
    batch = { ...batch, status: 'approved', approvedBy: ME, approvedAt: '2026-11-27T09:00:00.000Z' };
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark PAY-2026-00003 paid?' });
    expect(within(dialog).getByTestId('payment-batch-paid-dialog-explain').textContent).toMatch(
      /The bank has paid 2 invoices for 2\s?469,12\s€ in all/u,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect((await screen.findByTestId('snackbar')).textContent).toContain('PAY-2026-00003 is paid');
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ status: 'paid' });
  });

  it('downloads the XML under the server’s name', async () => {
    batch = { ...batch, status: 'approved', approvedBy: ME, approvedAt: '2026-11-27T09:00:00.000Z' };
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await open();
    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(
        new Response('<Document/>', {
          status: 200,
          headers: {
            'Content-Type': 'application/xml',
            'Content-Disposition': 'attachment; filename="PAY-2026-00003.xml"',
          },
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download file' }));
    expect((await screen.findByTestId('snackbar')).textContent).toContain('PAY-2026-00003.xml is downloaded.');
    expect(createObjectURL).toHaveBeenCalled();
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('PAY-2026-00003.xml');
    click.mockRestore();
  });
});
