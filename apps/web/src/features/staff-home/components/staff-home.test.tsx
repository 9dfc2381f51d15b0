import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  capsEndpoints,
  networkReportsEndpoints,
  reportViewsEndpoints,
  staffEndpoints,
  staffNotificationsEndpoints,
  staffOffersEndpoints,
  type EndpointWireData,
} from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { StaffHome } from './staff-home';

const fetchMock = vi.fn<typeof fetch>();

const figures = (clicks: number, margin: number) => ({
  clicks,
  conversions: 12,
  advertiserRevenue: [{ currency: 'EUR', amount: margin + 40_000 }],
  payout: [{ currency: 'EUR', amount: 40_000 }],
  margin: [{ currency: 'EUR', amount: margin }],
});
const row = (key: string, label: string, margin: number) => ({
  key, label, clicks: 10, conversions: 1, conversionRate: 0.1, advertiserRevenue: [], payout: [],
  margin: [{ currency: 'EUR', amount: margin }], epc: [], isTotal: false,
  pendingConversions: 0, rejectedConversions: 0, marginRate: [], pendingRevenue: [], pendingPayout: [],
}); // prettier-ignore
const NUMBERS = {
  today: figures(321, 1_250),
  last7Days: figures(4_210, 98_050),
  monthToDate: figures(15_000, 250_000),
  topPartners: [row('1001', 'Northwind Media', 45_000)],
  topOffers: [row('31', 'LunaDate – FR', 30_000)],
};
const ALERT = {
  id: 8, offerId: 31, offerName: 'LunaDate – FR', partner: { id: 1001, name: 'Northwind Media' }, metric: 'conversions' as const,
  period: 'month' as const, limit: 50, used: 46, resetsAt: '2026-11-30T23:00:00.000Z',
}; // prettier-ignore

const REQUEST: EndpointWireData<typeof staffOffersEndpoints.overrideRequests>[number] = {
  id: 12, offer: { id: 31, name: 'LunaDate – FR', currency: 'EUR' }, partner: { id: 1001, name: 'Northwind Media' },
  goal: 'registration', payoutAmount: 500, payoutPercent: null, currentPayout: { amount: 400, percent: null },
  revenue: { amount: 800, percent: null }, margin: { amount: 300, percent: null }, status: 'pending', reason: null,
  requestedBy: { id: 3, name: 'Claire Martin' }, requestedAt: '2026-11-26T10:00:00.000Z', decidedBy: null, decidedAt: null,
}; // prettier-ignore

/** The home figures' lag header (a lagging reports replica answered them), or none. */
let numbersLag: string | null = null;
/** The pinned view's answer (decision 114): none unless a test pins one. */
let homeView: EndpointWireData<typeof reportViewsEndpoints.homeView> = null;

function serve(roles: string[], home: Parameters<typeof answerOf<typeof staffEndpoints.home>>[1]) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url.startsWith('/api/v1/staff/payout-override-requests') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { status: 'approved' | 'refused'; reason?: string };
      return Promise.resolve(answerOf(staffOffersEndpoints.decideOverrideRequest, { ...REQUEST, status: body.status, reason: body.reason ?? null })); // prettier-ignore
    }
    if (url.startsWith('/api/v1/staff/payout-override-requests')) return Promise.resolve(answerOf(staffOffersEndpoints.overrideRequests, [REQUEST])); // prettier-ignore
    if (url.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles }));
    if (url.startsWith('/api/v1/staff/home/numbers')) {
      const answer = answerOf(networkReportsEndpoints.homeNumbers, NUMBERS);
      if (numbersLag) answer.headers.set('X-Report-Data-Lag-Seconds', numbersLag);
      return Promise.resolve(answer);
    }
    if (url.startsWith('/api/v1/staff/home/view') && init?.method === 'PUT') {
      homeView = null;
      return Promise.resolve(answerOf(reportViewsEndpoints.pinHomeView, { viewId: null }));
    }
    if (url.startsWith('/api/v1/staff/home/view')) return Promise.resolve(answerOf(reportViewsEndpoints.homeView, homeView)); // prettier-ignore
    if (url.startsWith('/api/v1/staff/caps/alerts')) return Promise.resolve(answerOf(capsEndpoints.alerts, [ALERT]));
    if (url.startsWith('/api/v1/staff/notifications')) return Promise.resolve(answerOf(staffNotificationsEndpoints.list, [])); // prettier-ignore
    return Promise.resolve(answerOf(staffEndpoints.home, home));
  });
}

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('StaffHome', () => {
  it('shows each queue with its count and where to work it', async () => {
    serve(['ROLE_ADMIN'], {
      pendingPartners: 3,
      pendingApplications: 0,
      pendingDocuments: 12,
      pendingConversions: 1250,
      invoicesWaitingForApproval: 2,
    });
    renderWithProviders(<StaffHome />, { path: '/staff' });
    const partners = await screen.findByTestId('staff-queue-pendingPartners');
    expect(within(partners).getByTestId('staff-queue-count').textContent).toBe('3');
    expect(within(partners).getByRole('link').getAttribute('href')).toBe('/staff/partners?status=pending');
    const conversions = screen.getByTestId('staff-queue-pendingConversions');
    expect(within(conversions).getByTestId('staff-queue-count').textContent).toBe('1\u202f250');
    expect(within(conversions).getByRole('link').getAttribute('href')).toBe('/staff/conversions?status=pending');
    expect(within(screen.getByTestId('staff-queue-pendingDocuments')).getByRole('link').getAttribute('href')).toBe(
      '/staff/documents',
    );
    expect(
      within(screen.getByTestId('staff-queue-invoicesWaitingForApproval')).getByRole('link').getAttribute('href'),
    ).toBe('/staff/invoices?status=waiting_for_approval');
    expect(screen.getByTestId('staff-home-greeting').textContent).toContain('Alex');
  });

  it('shows finance the invoices alone', async () => {
    serve(['ROLE_FINANCE'], {
      pendingPartners: null,
      pendingApplications: null,
      pendingDocuments: null,
      pendingConversions: null,
      invoicesWaitingForApproval: 4,
    });
    renderWithProviders(<StaffHome />, { path: '/staff' });
    const invoices = await screen.findByTestId('staff-queue-invoicesWaitingForApproval');
    expect(within(invoices).getByTestId('staff-queue-count').textContent).toBe('4');
    expect(screen.queryByTestId('staff-queue-pendingPartners')).toBeNull();
    expect(screen.queryByTestId('staff-queue-pendingConversions')).toBeNull();
  });

  it("shows the network's figures, the week's best by margin and the caps over 90 %", async () => {
    serve(['ROLE_ACCOUNT_MANAGER'], {
      pendingPartners: 0,
      pendingApplications: 0,
      pendingDocuments: 0,
      pendingConversions: 0,
      invoicesWaitingForApproval: null,
    });
    renderWithProviders(<StaffHome />, { path: '/staff' });
    const week = await screen.findByTestId('staff-home-numbers-last7Days');
    expect(within(week).getByTestId('numbers-clicks').textContent).toBe('4\u202f210');
    // Answered by the primary or a replica within its limit: no notice.
    expect(screen.queryByTestId('data-lag-notice')).toBeNull();
    expect(within(week).getByTestId('numbers-margin').textContent).toMatch(/^980,50\s€$/u);
    const partners = screen.getByTestId('staff-home-top-partners');
    expect(within(partners).getByRole('link').getAttribute('href')).toBe('/staff/partners/1001');
    expect(partners.textContent).toMatch(/Northwind Media #1001450,00\s€/u);
    const cap = await screen.findByTestId('staff-home-cap-row');
    expect(cap.textContent).toContain('46 of 50');
    expect(within(cap).getByRole('link').getAttribute('href')).toBe('/staff/offers/31');
  });

  const QUEUES = { pendingPartners: 0, pendingApplications: 0, pendingDocuments: 0, pendingConversions: 0, invoicesWaitingForApproval: 0 }; // prettier-ignore
  const decisions = () =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url).includes('/payout-override-requests/') && init?.method === 'PUT')
      .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init!.body)) as unknown }));

  it('lists the payouts waiting for approval to an admin, who approves one', async () => {
    serve(['ROLE_ADMIN'], QUEUES);
    renderWithProviders(<StaffHome />, { path: '/staff' });
    const row = await screen.findByTestId('staff-home-override-request');
    expect(row.textContent).toContain('LunaDate – FR #31');
    expect(row.textContent).toContain('Northwind Media #1001');
    expect(row.textContent).toContain('Claire Martin');
    expect(within(row).getByTestId('override-request-current').textContent).toMatch(/^4,00\s€$/u);
    expect(within(row).getByTestId('override-request-requested').textContent).toMatch(/^5,00\s€$/u);
    expect(within(row).getByTestId('override-request-margin').textContent).toMatch(/^3,00\s€$/u);
    await userEvent.click(within(row).getByTestId('override-request-approve'));
    await waitFor(() => expect(decisions()).toEqual([{ url: '/api/v1/staff/payout-override-requests/12', body: { status: 'approved' } }])); // prettier-ignore
  });

  it('refuses a request only with a reason', async () => {
    serve(['ROLE_ADMIN'], QUEUES);
    renderWithProviders(<StaffHome />, { path: '/staff' });
    await userEvent.click(await screen.findByTestId('override-request-refuse'));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Refuse' });
    expect(confirm.matches(':disabled')).toBe(true);
    await userEvent.type(within(dialog).getByTestId('override-request-refusal-reason'), 'Above the agreed rate.');
    await userEvent.click(confirm);
    await waitFor(() => expect(decisions()).toEqual([{ url: '/api/v1/staff/payout-override-requests/12', body: { status: 'refused', reason: 'Above the agreed rate.' } }])); // prettier-ignore
  });

  it('shows no approval queue to an account manager', async () => {
    serve(['ROLE_ACCOUNT_MANAGER'], { ...QUEUES, invoicesWaitingForApproval: null });
    renderWithProviders(<StaffHome />, { path: '/staff' });
    await screen.findByTestId('staff-queue-pendingPartners');
    expect(screen.queryByTestId('staff-home-override-requests')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('payout-override-requests'))).toBe(false);
  });

  it('shows the pinned view’s totals with a link that opens it, and unpins it (decision 114)', async () => {
    const totals = { ...row('total', 'Totals', 0), clicks: 1_234, conversions: 7, pendingConversions: 3, rejectedConversions: 2, advertiserRevenue: [{ currency: 'EUR', amount: 90_000 }], payout: [{ currency: 'EUR', amount: 60_000 }], margin: [{ currency: 'EUR', amount: 30_000 }], isTotal: true }; // prettier-ignore
    homeView = {
      view: { id: 9, name: 'Team partners', query: 'by=partner&then=offer&range=this_month', createdAt: '2026-11-25T10:00:00.000Z', shared: true, owner: { id: 4, name: 'Sophie Bernard' }, mine: false, pinned: true }, // prettier-ignore
      breakdown: 'partner',
      then: 'offer',
      startDate: '2026-11-01',
      endDate: '2026-11-28',
      range: 'this_month',
      columns: null,
      compare: false,
      totals,
      problem: null, // prettier-ignore
    };
    serve(['ROLE_ACCOUNT_MANAGER'], { ...QUEUES, invoicesWaitingForApproval: null });
    renderWithProviders(<StaffHome />, { path: '/staff' });
    const card = await screen.findByTestId('staff-home-view');
    expect(within(card).getByTestId('staff-home-view-name').textContent).toBe('Pinned view: Team partners');
    expect(within(card).getByTestId('staff-home-view-range').textContent).toBe('Shared by Sophie Bernard · This month: 01/11/2026 – 28/11/2026'); // prettier-ignore
    expect(within(card).getByTestId('staff-home-view-clicks').textContent).toBe('1\u202f234');
    expect(within(card).getByTestId('staff-home-view-conversions').textContent).toBe('7');
    expect(within(card).getByTestId('staff-home-view-pendingConversions').textContent).toBe('3');
    expect(within(card).getByTestId('staff-home-view-rejectedConversions').textContent).toBe('2');
    expect(within(card).getByTestId('staff-home-view-payout').textContent).toMatch(/^600,00\s€$/u);
    expect(within(card).getByTestId('staff-home-view-margin').textContent).toMatch(/^300,00\s€$/u);
    expect(within(card).getByTestId('staff-home-view-open').getAttribute('href')).toBe('/staff/reports?by=partner&then=offer&range=this_month'); // prettier-ignore
    await userEvent.click(within(card).getByTestId('staff-home-view-unpin'));
    expect(await screen.findByTestId('staff-home-view-none')).toBeTruthy();
    expect(screen.queryByTestId('staff-home-view')).toBeNull();
  });

  it('shows the pinned view’s own columns and, when it compares, the change on the previous period (decision 117)', async () => {
    const totals = { ...row('total', 'Totals', 0), clicks: 150, conversions: 6, conversionRate: 0.04, advertiserRevenue: [{ currency: 'EUR', amount: 90_000 }], payout: [{ currency: 'EUR', amount: 60_000 }], margin: [{ currency: 'EUR', amount: 30_000 }, { currency: 'USD', amount: 1_000 }], isTotal: true, previous: { clicks: 100, conversions: 0, advertiserRevenue: [], payout: [], margin: [{ currency: 'EUR', amount: 20_000 }] } }; // prettier-ignore
    homeView = {
      view: { id: 9, name: 'Margin this month', query: 'by=offer&range=this_month&compare=previous&columns=clicks,conversionRate,margin', createdAt: '2026-11-25T10:00:00.000Z', shared: false, owner: { id: 1, name: 'Alex Admin' }, mine: true, pinned: true }, // prettier-ignore
      breakdown: 'offer',
      then: null,
      startDate: '2026-11-01',
      endDate: '2026-11-28',
      range: 'this_month',
      columns: ['clicks', 'conversionRate', 'margin'],
      compare: true,
      totals,
      problem: null,
    };
    try {
      serve(['ROLE_ADMIN'], QUEUES);
      renderWithProviders(<StaffHome />, { path: '/staff' });
      const card = await screen.findByTestId('staff-home-view');
      // The view's columns only, in the table's order.
      const lines = [...within(card).getByTestId('staff-home-view-totals').querySelectorAll('th')].map(
        (th) => th.textContent,
      );
      expect(lines).toEqual(['Clicks', 'Conv. rate', 'Margin']);
      expect(within(card).queryByTestId('staff-home-view-payout')).toBeNull();
      expect(within(card).getByTestId('staff-home-view-conversionRate').textContent).toBe('4,00\u00a0%');
      expect(within(card).getByTestId('staff-home-view-range').textContent).toContain(
        'Compared with the previous period',
      );
      // 150 clicks after 100: +50 %; a margin in two currencies gives its previous figure without a change.
      expect(within(card).getByTestId('staff-home-view-change-clicks').textContent).toBe(
        '+50,00\u00a0% on the previous period (100)',
      );
      expect(within(card).getByTestId('staff-home-view-change-margin').textContent).toMatch(/^before: 200,00\s€$/u);
      // A rate has no previous figure in the report: nothing under it.
      expect(within(card).getByTestId('staff-home-view-change-conversionRate').textContent).toBe('');
    } finally {
      homeView = null;
    }
  });

  it('says why a pinned view has no totals', async () => {
    homeView = {
      view: { id: 9, name: 'Old view', query: 'by=partner&country=FRA', createdAt: '2026-11-25T10:00:00.000Z', shared: false, owner: { id: 1, name: 'Alex Admin' }, mine: true, pinned: true }, // prettier-ignore
      breakdown: 'partner',
      then: null,
      startDate: null,
      endDate: null,
      range: null,
      columns: null,
      compare: false,
      totals: null,
      problem: 'invalid',
    };
    try {
      serve(['ROLE_ADMIN'], QUEUES);
      renderWithProviders(<StaffHome />, { path: '/staff' });
      expect((await screen.findByTestId('staff-home-view-problem')).textContent).toContain('open it and save it again');
      expect(screen.queryByTestId('staff-home-view-totals')).toBeNull();
    } finally {
      homeView = null;
    }
  });

  it('says how old the network figures may be when a lagging reports replica answered them', async () => {
    numbersLag = '7300';
    try {
      serve(['ROLE_ADMIN'], { pendingPartners: 0, pendingApplications: 0, pendingDocuments: 0, pendingConversions: 0, invoicesWaitingForApproval: 0 }); // prettier-ignore
      renderWithProviders(<StaffHome />, { path: '/staff' });
      const numbers = await screen.findByTestId('staff-home-numbers');
      expect(within(numbers).getByTestId('data-lag-notice').textContent).toContain('may be up to 3 hours old');
    } finally {
      numbersLag = null;
    }
  });
});
