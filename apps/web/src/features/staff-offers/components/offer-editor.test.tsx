import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  capsEndpoints,
  creativesEndpoints,
  staffEndpoints,
  staffOfferScheduleEndpoints,
  staffOffersEndpoints,
  type EndpointWireData,
} from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { loadSelect } from '@/components/deferred-select';
import { OfferEditor } from './offer-editor';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const OPTIONS: EndpointWireData<typeof staffOffersEndpoints.options> = {
  products: [{ id: 9, identifier: 'lunadate', enabled: true, advertiser: { id: 4, name: 'Amora Group', enabled: true, currency: 'EUR' } }],
  verticals: [{ id: 1, identifier: 'dating', name: 'Dating' }],
  goals: [{ id: 1, identifier: 'registration', name: 'Registration', retired: false, minSecondsToConvert: null }, { id: 2, identifier: 'sale', name: 'Sale', retired: false, minSecondsToConvert: 30 }],
  goalTypes: [{ identifier: 'p1', name: 'Standard payout' }, { identifier: 'p2', name: 'Premium payout' }],
}; // prettier-ignore

const OFFER: EndpointWireData<typeof staffOffersEndpoints.get> = {
  id: 31, name: 'LunaDate – FR', productId: 9, product: { id: 9, identifier: 'lunadate', enabled: true },
  advertiser: { id: 4, name: 'Amora Group', enabled: true }, conversionType: 'cpl', currency: 'EUR',
  defaultUrl: 'https://lunadate.example/?cid={click_id}', previewUrl: null, fallbackUrl: null,
  descriptionHtml: '<p>Dating <strong>FR</strong></p>', countries: ['FR'], verticals: [1], private: false,
  allowedPartnerIds: [], allowedPartners: [], requireApproval: false, enabled: true, geoTargeting: true, tagOrigins: [], tagClickParam: 'click_id',
  startsAt: null, endsAt: null, imageId: null, image: null,
  goals: [{ id: 5, goal: 'registration', name: 'Registration', revenueAmount: 500, revenuePercent: null, payoutAmount: 400, payoutPercent: null, allowNegativeMargin: false, manualValidation: false, trustClientConversions: false, private: false, main: false, types: [] }],
  createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z',
}; // prettier-ignore

const OVERRIDE: EndpointWireData<typeof staffOffersEndpoints.overrides>[number] = {
  id: 3, offerId: 31, partner: { id: 1001, name: 'Northwind Media' }, goal: 'registration', payoutAmount: 450,
  payoutPercent: null, createdAt: '2026-11-02T10:00:00.000Z', updatedAt: '2026-11-02T10:00:00.000Z',
}; // prettier-ignore
const REFUSED: EndpointWireData<typeof staffOffersEndpoints.overrideRequests>[number] = {
  id: 12, offer: { id: 31, name: 'LunaDate – FR', currency: 'EUR' }, partner: { id: 1002, name: 'Bluebird Apps' },
  goal: 'registration', payoutAmount: 900, payoutPercent: null, currentPayout: { amount: 400, percent: null },
  revenue: { amount: 500, percent: null }, margin: { amount: -400, percent: null }, status: 'refused',
  reason: 'Above the agreed rate.', requestedBy: { id: 3, name: 'Claire Martin' }, requestedAt: '2026-11-20T10:00:00.000Z',
  decidedBy: { id: 1, name: 'Alex Admin' }, decidedAt: '2026-11-21T10:00:00.000Z',
}; // prettier-ignore
const PARTNER = {
  id: 1001, companyName: 'Northwind Media', email: 'partner@demo.test', status: 'active', accountType: 'affiliate',
  accountManager: null, country: 'FR', missingDocuments: [], createdAt: '2026-01-01T00:00:00.000Z', lastActivityAt: null,
} as unknown as EndpointWireData<typeof staffEndpoints.listPartners>[number]; // prettier-ignore

const CAP: EndpointWireData<typeof capsEndpoints.list>[number] = {
  id: 8, offerId: 31, partner: null, metric: 'conversions', period: 'day', limit: 50, used: 40,
  resetsAt: '2026-11-25T23:00:00.000Z',
}; // prettier-ignore

const SCHEDULED: EndpointWireData<typeof staffOfferScheduleEndpoints.list>[number] = {
  id: 6, offerId: 31, goal: { code: 'registration', name: 'Registration' }, payout: { amount: 500, percent: null },
  revenue: null, effectiveAt: '2026-11-30T23:00:00.000Z', status: 'pending', failure: null,
  createdBy: { id: 1, name: 'Alex Admin' }, createdAt: '2026-11-20T10:00:00.000Z', cancelledBy: null, cancelledAt: null,
  appliedAt: null,
}; // prettier-ignore

function server(url: string, init?: RequestInit): Response {
  if (url.includes('/duplicate')) return answerOf(staffOfferScheduleEndpoints.duplicate, { id: 77 });
  if (url.includes('/scheduled-changes')) return answerOf(staffOfferScheduleEndpoints.list, [SCHEDULED]);
  // The offer's creatives and landing pages: none (the panels say so).
  if (url.includes('/creatives')) return answerOf(creativesEndpoints.staffList, []);
  if (url.includes('/landing-pages')) return answerOf(creativesEndpoints.staffLandingPages, []);
  if (url.includes('/caps') && init?.method === 'PUT') return answerOf(capsEndpoints.replace, [CAP]);
  if (url.includes('/caps')) return answerOf(capsEndpoints.list, [CAP]);
  if (url.startsWith('/api/v1/config')) return configAnswer({ roles: ['ROLE_ADMIN'] });
  if (url.startsWith('/api/v1/staff/catalogue-options')) return answerOf(staffOffersEndpoints.options, OPTIONS);
  if (url.includes('/overrides') && init?.method === 'POST')
    return answerOf(staffOffersEndpoints.createOverride, { status: 'pending', override: null, request: { ...REFUSED, status: 'pending', reason: null, decidedBy: null, decidedAt: null } }); // prettier-ignore
  if (url.includes('/payout-override-requests')) return answerOf(staffOffersEndpoints.overrideRequests, [REFUSED]);
  if (url.includes('/overrides')) return answerOf(staffOffersEndpoints.overrides, [OVERRIDE]);
  if (url.startsWith('/api/v1/staff/partners')) return answerOf(staffEndpoints.listPartners, [PARTNER], { total: 1 });
  if (init?.method === 'PUT') return answerOf(staffOffersEndpoints.update, OFFER);
  return answerOf(staffOffersEndpoints.get, OFFER);
}

const putBody = () => {
  const call = fetchMock.mock.calls.find(([url, init]) => init?.method === 'PUT' && !String(url).includes('/caps'));
  return call ? (JSON.parse(String(call[1]!.body)) as Record<string, unknown>) : null;
};

/** A select drawn without its code (decision 122): a pointer near it loads the code, which takes its place. */
async function approach(testId: string) {
  await userEvent.hover(screen.getByTestId(testId));
  await act(() => loadSelect());
}

// The panels below the form are a chunk of their own (decision 129); jsdom has no IntersectionObserver, so the editor
// asks for them at once. Imported here first, so that a loaded machine's first import of them is not what a test waits on.
beforeAll(async () => {
  await import('./offer-panels.lazy');
});

describe('OfferEditor', () => {
  it("shows the offer's goals as typed amounts and previews the partner's view and the landing URL", async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<OfferEditor id={31} canWrite />);
    expect(((await screen.findByTestId('staff-offer-goal-0-revenueAmount')) as HTMLInputElement).value).toBe('5.00');
    expect((screen.getByTestId('staff-offer-goal-0-payoutAmount') as HTMLInputElement).value).toBe('4.00');
    expect(screen.getByTestId('staff-offer-preview-goals').textContent).toContain('Registration');
    expect(screen.getByTestId('staff-offer-preview-landing').textContent).toBe(
      'https://lunadate.example/?cid=AZq1c2xpY2stc2FtcGxl',
    );
    // The description's text until the editor is approached, then its HTML drawn clean (DOMPurify on demand, decision 129).
    expect(screen.getByTestId('staff-offer-preview-description').innerHTML).toBe('Dating FR');
    await userEvent.hover(screen.getByTestId('staff-offer-editor'));
    await waitFor(() =>
      expect(screen.getByTestId('staff-offer-preview-description').innerHTML).toContain('<strong>FR</strong>'),
    );
  });

  it('flags a payout above revenue and refuses to save it until negative margin is allowed, then sends minor units', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<OfferEditor id={31} canWrite />);
    const payout = await screen.findByTestId('staff-offer-goal-0-payoutAmount');
    await userEvent.clear(payout);
    await userEvent.type(payout, '6.5');
    expect(await screen.findByTestId('staff-offer-goal-0-loss')).toBeTruthy();
    await userEvent.click(screen.getByTestId('staff-offer-save'));
    expect(
      await screen.findByText('The payout is above the revenue. Tick "Allow negative margin" to keep it.'),
    ).toBeTruthy();
    expect(putBody()).toBeNull();

    await userEvent.click(screen.getByTestId('staff-offer-goal-0-allow-loss'));
    await userEvent.click(screen.getByTestId('staff-offer-save'));
    await waitFor(() => expect(putBody()).not.toBeNull());
    expect(putBody()!.goals).toEqual([
      expect.objectContaining({
        goal: 'registration',
        revenueAmount: 500,
        payoutAmount: 650,
        allowNegativeMargin: true,
      }),
    ]);
  });

  it('shows the fields read-only to staff who are not admins', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<OfferEditor id={31} canWrite={false} />);
    expect(await screen.findByText('Only administrators can change offers.')).toBeTruthy();
    expect(screen.queryByTestId('staff-offer-save')).toBeNull();
    expect(screen.getByTestId('staff-offer-name').matches(':disabled')).toBe(true);
  });

  it("lists the partners' own payouts and sets one in minor units", async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<OfferEditor id={31} canWrite />);
    const row = await screen.findByTestId('staff-offer-override-row', {}, { timeout: 5000 });
    expect(row.textContent).toContain('Northwind Media #1001');
    expect(row.textContent).toContain('4,50');
    // Drawn closed without its list's code (decision 122): approached, its code comes and takes its place.
    await approach('staff-offer-override-partner');
    await userEvent.type(screen.getByTestId('staff-offer-override-partner'), 'North');
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url)).join(' ')).toContain('q=North'));
    const listbox = () => document.getElementById(screen.getByTestId('staff-offer-override-partner').getAttribute('aria-controls')!)!; // prettier-ignore
    await waitFor(() => expect(listbox()).toBeTruthy());
    await userEvent.click(await within(listbox()).findByText('Northwind Media #1001', {}, { timeout: 3000 }));
    await userEvent.type(screen.getByTestId('staff-offer-override-amount'), '5.5');
    await userEvent.click(screen.getByTestId('staff-offer-override-save'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url).includes('/overrides') && init?.method === 'POST')).toBe(true)); // prettier-ignore
    const call = fetchMock.mock.calls.find(
      ([url, init]) => String(url).includes('/overrides') && init?.method === 'POST',
    )!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ partnerId: 1001, goal: 'registration', payoutAmount: 550, payoutPercent: null }); // prettier-ignore
    // Above the approval step the answer is a request (decision 063): said so, and the requests show their state.
    expect(await screen.findByText(/waits for an admin/)).toBeTruthy();
    const request = screen.getByTestId('staff-offer-override-request');
    expect(request.textContent).toContain('Bluebird Apps #1002');
    expect(request.textContent).toContain('Refused: Above the agreed rate.');
  });

  it('lists the caps with their use and sets one, a money limit in minor units, keeping the others', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<OfferEditor id={31} canWrite />);
    const row = await screen.findByTestId('staff-offer-cap-row', {}, { timeout: 5000 });
    expect(row.textContent).toContain('All partners (the whole offer)');
    expect(row.textContent).toContain('40 of 50');
    await approach('staff-offer-cap-metric');
    await userEvent.click(screen.getByTestId('staff-offer-cap-metric'));
    await userEvent.click(await screen.findByRole('option', { name: 'Payout', hidden: true }, { timeout: 5000 }));
    await userEvent.type(screen.getByTestId('staff-offer-cap-limit'), '12.5');
    await userEvent.click(screen.getByTestId('staff-offer-cap-save'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url).includes('/caps') && init?.method === 'PUT')).toBe(true)); // prettier-ignore
    const call = fetchMock.mock.calls.find(([url, init]) => String(url).includes('/caps') && init?.method === 'PUT')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual([
      { partnerId: null, metric: 'conversions', period: 'day', limit: 50 },
      { partnerId: null, metric: 'payout', period: 'day', limit: 1250 },
    ]);
  });

  it('refuses a limit of 0 in the form, without a call', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<OfferEditor id={31} canWrite />);
    await screen.findByTestId('staff-offer-cap-row');
    await userEvent.type(screen.getByTestId('staff-offer-cap-limit'), '0');
    await userEvent.click(screen.getByTestId('staff-offer-cap-save'));
    expect(await screen.findByText('The value must be at least 1.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).includes('/caps') && init?.method === 'PUT')).toBe(false); // prettier-ignore
  });

  it('duplicates only the saved offer: the button waits while the draft has unsaved changes, then opens the copy', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<OfferEditor id={31} canWrite />, { path: '/staff/offers/31' });
    const duplicate = await screen.findByTestId('staff-offer-duplicate');
    expect(duplicate.matches(':disabled')).toBe(false);
    await userEvent.type(screen.getByTestId('staff-offer-name'), ' new');
    expect(duplicate.matches(':disabled')).toBe(true);
    expect(screen.getByText('Save your changes first: the copy is made from the saved offer.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('staff-offer-save'));
    await waitFor(() => expect(duplicate.matches(':disabled')).toBe(false));
    await userEvent.click(duplicate);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/staff/offers/31/duplicate') && init?.method === 'POST')).toBe(true)); // prettier-ignore
    expect(await screen.findByTestId('navigated-away')).toBeTruthy();
  });

  it('shows a pending scheduled change with when and by whom, cancellable', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<OfferEditor id={31} canWrite />);
    const row = await screen.findByTestId('staff-offer-scheduled-change');
    expect(row.textContent).toContain('Registration');
    expect(row.textContent).toContain('5,00');
    expect(row.textContent).toContain('unchanged');
    expect(row.textContent).toContain('Alex Admin');
    expect(within(row).getByRole('button', { name: /Cancel the change of Registration/ })).toBeTruthy();
  });
});
