import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advertiserPortalEndpoints, type EndpointWireData } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { AdvertiserConversions } from './advertiser-conversions';
import { AdvertiserInvoices } from './advertiser-invoices';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

type Invoice = EndpointWireData<typeof advertiserPortalEndpoints.invoices>[number];
const invoice = (id: number, reference: string, file: Invoice['file']): Invoice => ({
  id, reference, kind: 'invoice', status: 'issued', advertiser: { id: 4, name: 'Amora Group' }, currency: 'EUR', periodKind: 'month',
  period: { startDate: '2026-10-01', endDate: '2026-10-31' }, issuedOn: '2026-11-01', dueOn: '2026-12-01', billingTerms: 'net30',
  conversionCount: 3, conversionsAmount: 7500, adjustmentsAmount: 0, netAmount: 7500, vatTreatment: 'domestic', vatRatePercent: 20,
  vatAmount: 1500, totalAmount: 9000, paidOn: null, daysOverdue: 0, creditNoteFor: null, creditNote: null, cancelReason: null, file,
  createdAt: '2026-11-01T05:00:00.000Z',
}); // prettier-ignore

type Conversion = EndpointWireData<typeof advertiserPortalEndpoints.conversions>[number];
const conversion = (id: number, partnerName: string | null): Conversion => ({
  id, createdAt: '2026-11-20T10:00:00.000Z', offerId: 7, offerName: 'Shoes', partnerId: 1001, partnerName, goal: 'sale',
  transactionId: `order-${id}`, status: 'approved', reason: null, amount: 5000, revenue: 2500, currency: 'EUR',
}); // prettier-ignore

describe('the advertiser portal (decision 100)', () => {
  it('links each invoice’s PDF and downloads it from the advertiser’s own route', async () => {
    fetchMock.mockImplementation((url) => {
      const href = String(url);
      if (href.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles: ['ROLE_ADVERTISER'] }));
      if (href.includes('/pdf'))
        return Promise.resolve(new Response(new Blob(['%PDF-1.3']), { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="ADV-2026-00001.pdf"' } })); // prettier-ignore
      return Promise.resolve(answerOf(advertiserPortalEndpoints.invoices, [invoice(11, 'ADV-2026-00001', { id: 5, filename: 'ADV-2026-00001.pdf' }), invoice(12, 'ADV-2026-00002', null)], { total: 2 })); // prettier-ignore
    });
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithProviders(<AdvertiserInvoices />);
    const rows = await screen.findAllByTestId('advertiser-invoice-row');
    expect(within(rows[1]!).queryByTestId('advertiser-invoice-pdf')).toBeNull();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Download ADV-2026-00001 as PDF' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/v1/advertiser/invoices/11/pdf');
  });

  it('shows a partner by its id, and by its name too when the network allows it', async () => {
    fetchMock.mockImplementation((url) => {
      const href = String(url);
      if (href.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles: ['ROLE_ADVERTISER'] }));
      return Promise.resolve(answerOf(advertiserPortalEndpoints.conversions, [conversion(1, null), conversion(2, 'Alpha Media')], { total: 2 })); // prettier-ignore
    });
    renderWithProviders(<AdvertiserConversions />);
    const rows = await screen.findAllByTestId('advertiser-conversion-row');
    expect(rows[0]!.textContent).toContain('#1001');
    expect(rows[0]!.textContent).not.toContain('Alpha Media');
    expect(rows[1]!.textContent).toContain('Alpha Media (#1001)');
  });
});
