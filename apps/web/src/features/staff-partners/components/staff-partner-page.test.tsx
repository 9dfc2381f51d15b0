import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DATA_LIST_NAMES,
  staffEndpoints,
  trafficEndpoints,
  type Config,
  type EndpointWireData,
} from '@portal/contracts';
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

const PERFORMANCE: EndpointWireData<typeof staffEndpoints.partnerPerformance> = {
  startDate: '2026-10-29', endDate: '2026-11-27',
  last30Days: {
    clicks: 1234, conversions: 56,
    advertiserRevenue: [{ currency: 'EUR', amount: 90_000 }], payout: [{ currency: 'EUR', amount: 60_000 }],
    margin: [{ currency: 'EUR', amount: 30_000 }],
  },
  today: { clicks: 12, conversions: 1 },
  lastActivityAt: '2026-11-27T10:05:00.000Z',
}; // prettier-ignore

const zero = { count: 0, share: 0 };
const QUALITY: EndpointWireData<typeof trafficEndpoints.partnerQuality> = {
  partnerId: 7, since: '2026-10-28T10:00:00.000Z', clicks: 2000,
  refused: { total: { count: 100, share: 0.05 }, byRule: { bot: { count: 80, share: 0.04 }, missingUserAgent: zero, dataCentre: zero, velocity: { count: 20, share: 0.01 } }, blocklists: zero },
  flagged: { total: { count: 40, share: 0.02 }, byRule: { bot: zero, missingUserAgent: zero, dataCentre: { count: 40, share: 0.02 }, velocity: zero } },
  conversions: { total: 50, held: { count: 10, share: 0.2 }, stillHeld: 3, approvedAfterReview: 5, rejectedAfterReview: 2, refusedByRule: { count: 1, share: 0.02 } },
}; // prettier-ignore

const list = (...items: [string, string][]) => items.map(([value, label]) => ({ value, label }));
const LISTS = {
  ...Object.fromEntries(DATA_LIST_NAMES.map((name) => [name, []])),
  trafficSourceList: list(['seo', 'SEO / Content'], ['email', 'E-mail marketing']),
  estimatedMonthlyRevenueList: list(['lt1k', 'Less than €1,000']),
  geographicAreaList: list(['europe', 'Europe']),
} as unknown as Config['data'];

const fetchMock = vi.fn<typeof fetch>();
function serve(profile: WireProfile) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url.startsWith('/api/v1/config'))
      return Promise.resolve(configAnswer({ roles: ['ROLE_FINANCE'], data: LISTS }));
    if (url.endsWith('/performance')) return Promise.resolve(answerOf(staffEndpoints.partnerPerformance, PERFORMANCE));
    if (url.endsWith('/traffic-quality')) return Promise.resolve(answerOf(trafficEndpoints.partnerQuality, QUALITY));
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

describe('StaffPartnerPage: what the partner does and said (decision 082)', () => {
  it('shows its last 30 days in the network’s numbers, today’s activity, and links to the report by day on it', async () => {
    serve({ ...PROFILE, lastActivityAt: '2026-11-27T10:05:00.000Z' });
    renderWithProviders(<StaffPartnerPage id={7} />, { path: '/staff/partners/7' });
    const panel = await screen.findByTestId('staff-partner-performance');
    expect(within(panel).getByTestId('staff-partner-performance-clicks').textContent).toBe('1\u202f234');
    expect(within(panel).getByTestId('staff-partner-performance-margin').textContent).toBe('300,00\u00a0€');
    expect(within(panel).getByTestId('staff-partner-today').textContent).toBe('Today: clicks 12, conversions 1');
    expect(within(panel).getByTestId('staff-partner-performance-report').getAttribute('href')).toBe(
      '/staff/reports?by=day&partnerId=7&startDate=2026-10-29&endDate=2026-11-27',
    );
    expect(screen.getByText(/last activity 27\/11\/2026/)).toBeTruthy();
  });

  it('shows its traffic quality over 30 days: refused and flagged by rule, conversions held and reviewed (decision 108)', async () => {
    serve(PROFILE);
    renderWithProviders(<StaffPartnerPage id={7} />, { path: '/staff/partners/7' });
    const card = await screen.findByTestId('staff-partner-quality');
    const text = (id: string) =>
      within(card)
        .getByTestId(id)
        .textContent?.replace(/[\s\u00a0\u202f]+/gu, ' ');
    expect(text('staff-partner-quality-clicks')).toBe('2 000');
    expect(text('staff-partner-quality-refused')).toBe('100 (5,00 %)');
    expect(text('staff-partner-quality-flagged')).toBe('40 (2,00 %)');
    expect(text('staff-partner-quality-held')).toBe('10 (20,00 %)');
    expect(text('staff-partner-quality-approved')).toBe('5');
    expect(text('staff-partner-quality-rejected')).toBe('2');
    expect(within(card).getByText('Refused: Bots and scripts: 4,00 % · Click floods: 1,00 %')).toBeTruthy();
    expect(within(card).getByText('Flagged: Data-centre addresses: 2,00 %')).toBeTruthy();
  });

  it('gives the registration’s answers in words, and a code no longer listed as it is', async () => {
    serve({ ...PROFILE, trafficSources: ['seo', 'gone'], monthlyEstimateRevenue: 'lt1k', geographicAreas: ['europe'] });
    renderWithProviders(<StaffPartnerPage id={7} />, { path: '/staff/partners/7' });
    const answers = await screen.findByTestId('staff-partner-answers');
    expect(within(answers).getByTestId('staff-partner-answer-trafficSources').textContent).toBe(
      'Traffic sources: SEO / Content, gone',
    );
    expect(within(answers).getByTestId('staff-partner-answer-volume').textContent).toBe(
      'Estimated monthly revenue: Less than €1,000',
    );
    expect(within(answers).getByTestId('staff-partner-answer-areas').textContent).toBe('Geographic areas: Europe');
  });

  it('names the partner and the offer in an application’s dialog', async () => {
    serve({ ...PROFILE, applications: [{ id: 3, status: 'pending', offer: { id: 26, name: 'Casino Royale' }, createdAt: '2026-11-01T09:00:00.000Z', updatedAt: '2026-11-01T09:00:00.000Z' }] }); // prettier-ignore
    renderWithProviders(<StaffPartnerPage id={7} />, { path: '/staff/partners/7', initialEntry: '/staff/partners/7?tab=applications' }); // prettier-ignore
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('dialog', { name: 'Approve: Acme #7 on Casino Royale' })).toBeTruthy();
  });
});
