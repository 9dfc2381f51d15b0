import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffEndpoints, type EndpointWireData } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { StaffPartnerPage } from './staff-partner-page';

type WireProfile = EndpointWireData<typeof staffEndpoints.partner>;

const PROFILE: WireProfile = {
  id: 7, displayName: 'Acme #7', companyName: 'Acme', email: 'a@acme.test', status: 'active', accountType: 'affiliate',
  prospect: false, accountManagerId: null, accountManager: null, country: 'FR', missingDocuments: [],
  lastActivityAt: null, createdAt: '2026-03-02T09:00:00.000Z', advertisingPlatform: null, companyStatus: null,
  companyRegistrationNumber: null, companyVatNumber: null, langs: [], address: null, zipCode: null, state: null,
  city: null, phoneNumber: null, prospectOrigin: null, typology: null, verticals: [], geographicAreas: [],
  trafficSources: [], experience: null, monthlyEstimateRevenue: null, websiteUrl: null, paymentThreshold: null,
  paymentTerms: 'net30', paymentCurrency: 'EUR', paymentMethod: 'bank_transfer', accountHolder: 'Acme',
  bankName: 'Bank', bankAddress: null, iban: '…3000', swift: null, routingNumber: null, bankDetailsMasked: true,
  payoutHold: null, credentialUrl: null, credentialUsername: null, credentialPasswordSet: false,
  allOffersAccess: false, contacts: {}, documents: {}, applications: [], statusHistory: [], users: [],
}; // prettier-ignore

const fetchMock = vi.fn<typeof fetch>();
function serve(profile: WireProfile) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles: ['ROLE_FINANCE'] }));
    return Promise.resolve(answerOf(staffEndpoints.partner, profile));
  });
}
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('StaffPartnerPage: the payout hold (decision 072)', () => {
  it('says until when payments are held and when the bank details changed, in Paris time', async () => {
    serve({ ...PROFILE, payoutHold: { heldFrom: '2026-05-04T10:20:00.000Z', heldUntil: '2026-05-11T10:20:00.000Z' } });
    renderWithProviders(<StaffPartnerPage id={7} />, { path: '/staff/partners/7' });
    expect((await screen.findByTestId('staff-partner-hold-alert')).textContent).toBe(
      'Payments held until 11/05/2026 12:20 — bank details changed on 04/05/2026 12:20 (Paris time). No payment of ' +
        'its unpaid invoices starts before then.',
    );
  });

  it('says nothing without a hold', async () => {
    serve(PROFILE);
    renderWithProviders(<StaffPartnerPage id={7} />, { path: '/staff/partners/7' });
    await screen.findByText('Acme #7');
    expect(screen.queryByTestId('staff-partner-hold-alert')).toBeNull();
  });
});
