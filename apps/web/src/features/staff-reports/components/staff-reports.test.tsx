import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  networkReportsEndpoints,
  reportOptionsEndpoints,
  reportViewsEndpoints,
  type NetworkReportRow,
} from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { StaffReports } from './staff-reports';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const eur = (amount: number) => [{ currency: 'EUR', amount }];
let compared = false;
const row = (key: string, label: string, clicks: number, revenue: number, payout: number, isTotal = false): NetworkReportRow => ({
  key, label, clicks, conversions: 2, conversionRate: 2 / clicks, advertiserRevenue: eur(revenue), payout: eur(payout),
  margin: eur(revenue - payout), epc: eur(revenue / clicks), isTotal, pendingConversions: 1, rejectedConversions: 3,
  marginRate: eur((revenue - payout) / revenue), pendingRevenue: eur(500), pendingPayout: eur(300),
  ...(compared ? { previous: { clicks: clicks / 2, conversions: 1, advertiserRevenue: [], payout: [], margin: eur(100) } } : {}),
}); // prettier-ignore

const OWNER = { id: 1, name: 'Alex Admin' };
let views = [{ id: 5, name: 'Offers by country', query: 'by=offer&then=country&range=last_month&columns=clicks,margin', createdAt: '2026-11-25T10:00:00.000Z', shared: false, owner: OWNER, mine: true, pinned: false }]; // prettier-ignore
/** The pickers' options (decision 113), as the server finds them by name or names the address's values. */
const OPTIONS: Record<string, { value: string; label: string }[]> = {
  partnerId: [{ value: '1001', label: 'Northwind Media #1001' }, { value: '1002', label: 'Bluebird Apps #1002' }],
  advertiserId: [{ value: '7', label: 'Acme Ads' }, { value: '8', label: 'Zenith Media' }],
  goal: [{ value: 'sale', label: 'Sale' }],
  landingPageId: [{ value: '0', label: 'Offer URL' }, { value: '12', label: 'Alpha quiz · Alpha #12' }, { value: '14', label: 'Alpha video · Alpha #14' }], // prettier-ignore
}; // prettier-ignore
function options(url: string): Response {
  const address = new URL(url, 'http://localhost');
  const list = OPTIONS[address.pathname.split('/').at(-1)!] ?? [];
  const values = address.searchParams.getAll('value');
  const q = (address.searchParams.get('q') ?? '').toLowerCase();
  const found = values.length > 0 ? list.filter((o) => values.includes(o.value)) : list.filter((o) => o.label.toLowerCase().includes(q)); // prettier-ignore
  return answerOf(reportOptionsEndpoints.list, found);
}

function server(url: string, init?: RequestInit): Response {
  if (url.startsWith('/api/v1/config')) return configAnswer({ roles: ['ROLE_ADMIN'] });
  if (url.startsWith('/api/v1/staff/report-options/')) return options(url);
  if (url.startsWith('/api/v1/staff/report-views')) {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { name: string; query: string };
      const view = { id: 6, ...body, createdAt: '2026-11-26T10:00:00.000Z', shared: false, owner: OWNER, mine: true, pinned: false }; // prettier-ignore
      views = [...views, view];
      return answerOf(reportViewsEndpoints.create, view);
    }
    return answerOf(reportViewsEndpoints.list, views);
  }
  if (url.includes('/export'))
    return new Response('Partner,Clicks\nTotals,300\n', {
      headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="network-partner-2026-10-27-2026-11-25.csv"' }, // prettier-ignore
    });
  if (url.includes('/staff/reports/day'))
    return answerOf(networkReportsEndpoints.report, [row('2026-11-24', '2026-11-24', 100, 9_000, 6_000), row('2026-11-25', '2026-11-25', 200, 1_000, 1_500), row('total', 'Totals', 300, 10_000, 7_500, true)]); // prettier-ignore
  return answerOf(networkReportsEndpoints.report, [
    row('1001', 'Northwind Media', 200, 9_000, 6_000),
    row('1002', 'Bluebird Apps', 100, 1_000, 1_500),
    row('total', 'Totals', 300, 10_000, 7_500, true),
  ]);
}

describe('StaffReports', () => {
  it('shows the clicks the rules flagged and the conversions they held, each rule on hover (decision 109)', async () => {
    const flagged = (r: NetworkReportRow): NetworkReportRow => ({
      ...r,
      flaggedClicks: 5,
      flaggedClicksByRule: [{ rule: 'dataCentre', clicks: 4 }, { rule: 'missingUserAgent', clicks: 1 }],
      flaggedConversions: 2,
      flaggedConversionsByRule: [{ rule: 'tooFast', conversions: 2 }],
    }); // prettier-ignore
    fetchMock.mockImplementation(
      (url) =>
      Promise.resolve(String(url).includes('/staff/reports/partner') ? answerOf(networkReportsEndpoints.report, [flagged(row('1001', 'Northwind Media', 200, 9_000, 6_000)), flagged(row('total', 'Totals', 200, 9_000, 6_000, true))]) : server(String(url))), // prettier-ignore
    );
    renderWithProviders(<StaffReports />, { path: '/staff/reports' });
    const [first] = await screen.findAllByTestId('staff-reports-row', {}, { timeout: 5000 });
    const clicks = within(first!).getByTestId('staff-reports-flaggedClicks');
    expect(clicks.textContent).toBe('5');
    expect(clicks.getAttribute('title')).toBe('Data-centre addresses: 4\nMissing or malformed browser: 1');
    const held = within(first!).getByTestId('staff-reports-flaggedConversions');
    expect(held.textContent).toBe('2');
    expect(held.getAttribute('title')).toBe('Conversions too soon after the click: 2');
  });

  it('shows the breakdown with advertiser revenue, payout and margin, a loss in red, and Totals last', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(server(String(url))));
    renderWithProviders(<StaffReports />, { path: '/staff/reports' });
    // The first render of the file loads every component: a slow machine takes seconds.
    const rows = await screen.findAllByTestId('staff-reports-row', {}, { timeout: 5000 });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/staff/partners/1001');
    const cells = (tr: HTMLElement) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.replace(/\s/gu, ' '));
    expect(cells(rows[0]!)).toEqual([
      'Northwind Media #1001↗',
      '200',
      '2',
      '1',
      '3',
      '—',
      '—',
      '—',
      '1,00 %',
      '90,00 €',
      '60,00 €',
      '30,00 €',
      '33,33 % EUR',
      '3,00 €',
      '0,45 €',
    ]);
    expect(cells(rows[1]!)[11]).toBe('-5,00 €');
    expect(cells(screen.getByTestId('staff-reports-totals'))).toEqual(['Totals', '300', '2', '1', '3', '—', '—', '—', '0,67 %', '100,00 €', '75,00 €', '25,00 €', '25,00 % EUR', '3,00 €', '0,33 €']); // prettier-ignore
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(calls.some((u) => u.startsWith('/api/v1/staff/reports/partner?'))).toBe(true);
    expect(calls.some((u) => u.startsWith('/api/v1/staff/reports/day?'))).toBe(true);
  });

  it('switches the breakdown in the address and exports the same report', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(server(String(url))));
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { router } = renderWithProviders(<StaffReports />, { path: '/staff/reports', initialEntry: '/staff/reports?startDate=2026-11-24&endDate=2026-11-25&partnerId=1001' }); // prettier-ignore
    await screen.findAllByTestId('staff-reports-row', {}, { timeout: 5000 });
    // The partner picker names the address's partner (decision 113).
    await waitFor(() => expect(screen.getByTestId('staff-reports-picker-partnerId').textContent).toContain('Northwind Media #1001')); // prettier-ignore
    // A partner's name opens its offers: the partner filter becomes that partner, the other filters stay.
    await userEvent.click(screen.getAllByTestId('staff-reports-drill')[1]!);
    await waitFor(() => expect(router.state.location.search).toBe('?startDate=2026-11-24&endDate=2026-11-25&by=offer&partnerId=1002')); // prettier-ignore
    await waitFor(() => expect(screen.getByTestId('staff-reports-picker-partnerId').textContent).toContain('Bluebird Apps #1002')); // prettier-ignore
    expect(screen.getByTestId('staff-reports-picker-partnerId').textContent).not.toContain('Northwind');
    // The typed filters (country, sub-IDs) stay chips; a partner is no chip any more.
    expect(screen.queryByTestId('staff-reports-filter-partnerId')).toBeNull();
    const drilled = new URLSearchParams(router.state.location.search);
    drilled.delete('partnerId');
    await act(() => router.navigate(`/staff/reports?${drilled}`));
    await waitFor(() => expect(router.state.location.search).not.toContain('1002'));
    await userEvent.click(screen.getByTestId('staff-reports-breakdown'));
    // The breakdown's list comes first; the nested breakdown's ("Then by") names the same keys.
    await userEvent.click((await screen.findAllByRole('option', { name: 'Day', hidden: true }))[0]!);
    await waitFor(() => expect(router.state.location.search).toContain('by=day'));
    await userEvent.click(screen.getByTestId('staff-reports-export'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = fetchMock.mock.calls.map(([url]) => String(url)).find((u) => u.includes('/export'))!;
    expect(exported).toContain('/api/v1/staff/reports/day/export?');
    expect(exported).toContain('startDate=2026-11-24');
    expect(exported).not.toContain('partnerId');
  });

  it('breaks down by landing page: a page named with its id, the offers’ own URLs without, a page drilled into its partners (decision 117)', async () => {
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        String(url).includes('/staff/reports/landing')
          ? answerOf(networkReportsEndpoints.report, [row('12', 'Alpha quiz', 200, 9_000, 6_000), row('0', 'Offer URL', 100, 1_000, 1_500), row('total', 'Totals', 300, 10_000, 7_500, true)]) // prettier-ignore
          : server(String(url)),
      ),
    );
    const { router } = renderWithProviders(<StaffReports />, { path: '/staff/reports', initialEntry: '/staff/reports?range=this_month&by=landing' }); // prettier-ignore
    const rows = await screen.findAllByTestId('staff-reports-row', {}, { timeout: 5000 });
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(['Alpha quiz #12', 'Offer URL']);
    expect(screen.getByRole('columnheader', { name: 'Landing page' })).toBeTruthy();
    await userEvent.click(screen.getAllByTestId('staff-reports-drill')[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?range=this_month&by=partner&landingPageId=12'));
    // The landing page is picked by name (decision 126): its picker names the drilled page, no chip is left.
    await waitFor(() => expect(screen.getByTestId('staff-reports-picker-landingPageId').textContent).toContain('Alpha quiz · Alpha #12')); // prettier-ignore
    expect(screen.queryByTestId('staff-reports-filter-landingPageId')).toBeNull();
  });

  it('picks several landing pages by typing their name: the address keeps their ids, the report is asked for both (decision 126)', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(server(String(url))));
    const user = userEvent.setup();
    const { router } = renderWithProviders(<StaffReports />, { path: '/staff/reports', initialEntry: '/staff/reports?by=landing' }); // prettier-ignore
    await screen.findAllByTestId('staff-reports-row', {}, { timeout: 5000 });
    const calls = () => fetchMock.mock.calls.map(([url]) => String(url));
    await user.click(within(screen.getByTestId('staff-reports-picker-landingPageId')).getByRole('combobox'));
    const input = await waitFor(
      () => {
        const field = within(screen.getByTestId('staff-reports-picker-landingPageId')).getByTestId('staff-reports-picker-landingPageId-input') as HTMLInputElement; // prettier-ignore
        expect(field.readOnly).toBe(false);
        return field;
      },
      { timeout: 5000 },
    );
    await user.type(input, 'alpha');
    await waitFor(() => expect(calls().some((u) => u.startsWith('/api/v1/staff/report-options/landingPageId?q=alpha'))).toBe(true), { timeout: 3000 }); // prettier-ignore
    await user.click(await screen.findByRole('option', { name: 'Alpha quiz · Alpha #12', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?by=landing&landingPageId=12'));
    // The list stays open: a second page is picked beside the first.
    await user.click(await screen.findByRole('option', { name: 'Alpha video · Alpha #14', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?by=landing&landingPageId=12&landingPageId=14'));
    const picker = screen.getByTestId('staff-reports-picker-landingPageId');
    expect(picker.textContent).toContain('Alpha quiz · Alpha #12');
    expect(picker.textContent).toContain('Alpha video · Alpha #14');
    await waitFor(() => expect(calls().some((u) => u.startsWith('/api/v1/staff/reports/landing?') && u.includes('landingPageId=12&landingPageId=14'))).toBe(true)); // prettier-ignore
  }, 40_000);

  it('reads a quick range and the previous period from the address, and shows each row beside it', async () => {
    compared = true;
    fetchMock.mockImplementation((url) => Promise.resolve(server(String(url))));
    renderWithProviders(<StaffReports />, { path: '/staff/reports', initialEntry: '/staff/reports?range=yesterday&compare=previous&country=FR&country=DE' }); // prettier-ignore
    const rows = await screen.findAllByTestId('staff-reports-row');
    expect(within(rows[0]!).getByTestId('staff-reports-previous-clicks').textContent).toBe('before: 100');
    expect(screen.queryByLabelText('Dates')).toBeNull();
    const called = fetchMock.mock.calls.map(([url]) => String(url)).find((u) => u.includes('/staff/reports/partner?'))!;
    expect(called).toContain('range=yesterday');
    expect(called).toContain('country=FR&country=DE');
    expect(called).toContain('compare=previous');
    compared = false;
  });

  it('keeps the dates in one range field, and a whole range typed there goes to the address', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(server(String(url))));
    const { router } = renderWithProviders(<StaffReports />, { path: '/staff/reports', initialEntry: '/staff/reports?startDate=2026-11-24&endDate=2026-11-25' }); // prettier-ignore
    await screen.findAllByTestId('staff-reports-row');
    const range = screen.getByLabelText('Dates') as HTMLInputElement;
    expect(range.value).toBe('24/11/2026 – 25/11/2026');
    await userEvent.clear(range);
    await userEvent.type(range, '01/11/2026 – 15/11/2026');
    await waitFor(() => expect(router.state.location.search).toBe('?startDate=2026-11-01&endDate=2026-11-15'));
  });

  it('says how old the figures may be when a lagging reports replica answered, and nothing when they are current', async () => {
    let lag: string | null = '45';
    // The breakdown's answer carries the header (the daily chart's does not).
    fetchMock.mockImplementation((url) => {
      const answer = server(String(url));
      if (lag && /\/staff\/reports\/(?!day)/.test(String(url))) answer.headers.set('X-Report-Data-Lag-Seconds', lag);
      return Promise.resolve(answer);
    });
    const { router } = renderWithProviders(<StaffReports />, { path: '/staff/reports' });
    const notice = await screen.findByTestId('data-lag-notice');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain('These figures may not be the latest');
    expect(notice.textContent).toContain('may be up to 45 seconds old');

    // The offer breakdown: a replica 3 minutes behind.
    lag = '150';
    await router.navigate('/staff/reports?by=offer');
    await waitFor(() => expect(screen.getByTestId('data-lag-notice').textContent).toContain('up to 3 minutes old'));

    // Current figures (the primary or a replica within its limit answered): no notice.
    lag = null;
    await router.navigate('/staff/reports?by=country');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/staff/reports/country'))).toBe(true)); // prettier-ignore
    await waitFor(() => expect(screen.queryByTestId('data-lag-notice')).toBeNull());
  });

  it('nests the second breakdown under each row, shows refused clicks with their reasons, and remembers the columns (decision 106)', async () => {
    fetchMock.mockImplementation((url, init) => {
      const u = String(url);
      if (!u.includes('then=offer')) return Promise.resolve(server(u, init));
      const parent = { ...row('1001', 'Northwind Media', 200, 9_000, 6_000), refusedClicks: 7, refusedByReason: [{ reason: 'over_cap', clicks: 5 }, { reason: 'bot', clicks: 2 }] }; // prettier-ignore
      const children = [{ ...row('31', 'Casino FR', 150, 8_000, 5_000), refusedClicks: 5 }, { ...row('0', 'Unknown offer', 0, 0, 0), conversions: 0, conversionRate: 0, epc: [], refusedClicks: 2 }]; // prettier-ignore
      return Promise.resolve(answerOf(networkReportsEndpoints.report, [{ ...parent, children }, { ...row('total', 'Totals', 200, 9_000, 6_000, true), refusedClicks: 7 }])); // prettier-ignore
    });
    const { router } = renderWithProviders(<StaffReports />, { path: '/staff/reports', initialEntry: '/staff/reports?by=partner&then=offer' }); // prettier-ignore
    const children = await screen.findAllByTestId('staff-reports-child');
    expect(children.map((tr) => tr.querySelector('td')?.textContent)).toEqual(['Offer: Casino FR #31', 'Offer: Unknown offer']); // prettier-ignore
    const refused = within(screen.getByTestId('staff-reports-row')).getByTestId('staff-reports-refused');
    expect(refused.textContent).toBe('7');
    expect(refused.getAttribute('title')).toBe('Cap reached: 5\nRobot: 2');
    // Choosing the columns: the table shows those, and the choice is kept for this reader.
    const chooser = screen.getByTestId('staff-reports-columns');
    await userEvent.click(chooser);
    await userEvent.click(await screen.findByRole('option', { name: 'Conversions', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toContain('columns='));
    expect(new URLSearchParams(router.state.location.search).get('columns')!.split(',')).not.toContain('conversions');
    expect(window.localStorage.getItem('staff-reports-columns:1')).toBe(new URLSearchParams(router.state.location.search).get('columns')); // prettier-ignore
    expect(screen.queryByRole('columnheader', { name: 'Conversions' })).toBeNull();
    window.localStorage.clear();
  });

  it('asks a nested report one page at a time, sorted on the server by the header clicked; the Totals stay (decision 153)', async () => {
    const asked: URLSearchParams[] = [];
    fetchMock.mockImplementation((url, init) => {
      const u = String(url);
      if (!u.includes('then=offer')) return Promise.resolve(server(u, init));
      const params = new URL(u, 'http://localhost').searchParams;
      asked.push(params);
      const page = Number(params.get('page'));
      const parent = row(String(1000 + page), `Partner ${page}`, 200, 9_000, 6_000);
      const children = [row('31', 'Casino FR', 200, 9_000, 6_000)];
      return Promise.resolve(answerOf(networkReportsEndpoints.report, [{ ...parent, children }, row('total', 'Totals', 24_000, 900_000, 600_000, true)], { total: 120 })); // prettier-ignore
    });
    const { router } = renderWithProviders(<StaffReports />, { path: '/staff/reports', initialEntry: '/staff/reports?by=partner&then=offer' }); // prettier-ignore
    await screen.findByText('Partner 1 #1001');
    expect(asked.at(-1)!.get('page')).toBe('1');
    expect(asked.at(-1)!.get('count')).toBe('50');
    expect(screen.getByTestId('staff-reports-pages-total').textContent).toBe('120 rows in 3 pages; the Totals are of every page.'); // prettier-ignore
    // The margin is the server's order unless told; a click on Clicks asks the server for the most clicks first.
    expect(screen.getByTestId('staff-reports-sort-margin').getAttribute('aria-sort')).toBe('descending');
    await userEvent.click(within(screen.getByTestId('staff-reports-sort-clicks')).getByRole('button'));
    await waitFor(() => expect(asked.at(-1)!.get('sortName')).toBe('clicks'));
    expect(asked.at(-1)!.get('sortOrder')).toBe('desc');
    await userEvent.click(within(screen.getByTestId('staff-reports-sort-clicks')).getByRole('button'));
    await waitFor(() => expect(asked.at(-1)!.get('sortOrder')).toBe('asc'));
    // The next page: asked of the server with the same sort; the Totals are the same.
    await userEvent.click(within(screen.getByTestId('staff-reports-pages')).getByRole('button', { name: /2/ }));
    await screen.findByText('Partner 2 #1002');
    expect(Object.fromEntries([...asked.at(-1)!].filter(([k]) => ['page', 'sortName', 'sortOrder'].includes(k)))).toEqual({ page: '2', sortName: 'clicks', sortOrder: 'asc' }); // prettier-ignore
    expect(within(screen.getByTestId('staff-reports-totals')).getAllByRole('cell')[1]!.textContent).toBe('24\u202f000');
    // A new sort opens the first page again.
    await userEvent.click(within(screen.getByTestId('staff-reports-sort-label')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toContain('sortName=label'));
    expect(router.state.location.search).not.toContain('page=');
  });

  it('counts a nested report’s rows and pages in the singular when there is one', async () => {
    fetchMock.mockImplementation((url, init) => {
      const u = String(url);
      if (!u.includes('then=offer')) return Promise.resolve(server(u, init));
      const parent = row('1001', 'Partner 1', 200, 9_000, 6_000);
      return Promise.resolve(answerOf(networkReportsEndpoints.report, [{ ...parent, children: [row('31', 'Casino FR', 200, 9_000, 6_000)] }, row('total', 'Totals', 200, 9_000, 6_000, true)], { total: 1 })); // prettier-ignore
    });
    renderWithProviders(<StaffReports />, { path: '/staff/reports', initialEntry: '/staff/reports?by=partner&then=offer' }); // prettier-ignore
    await screen.findByText('Partner 1 #1001');
    expect(screen.getByTestId('staff-reports-pages-total').textContent).toBe('1 row in 1 page; the Totals are of every page.'); // prettier-ignore
  });

  it('opens a saved view as its address and saves the report as shown under a name (decision 106)', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    const { router } = renderWithProviders(<StaffReports />, { path: '/staff/reports', initialEntry: '/staff/reports?by=advertiser&range=this_month&token=zzz' }); // prettier-ignore
    await screen.findAllByTestId('staff-reports-row');
    await userEvent.click(screen.getByTestId('staff-reports-views'));
    await userEvent.click(await screen.findByRole('option', { name: 'Offers by country', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?by=offer&then=country&range=last_month&columns=clicks%2Cmargin')); // prettier-ignore
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Offer', 'Clicks', 'Margin']);
    await userEvent.type(screen.getByTestId('staff-reports-view-name'), 'Last month');
    await userEvent.click(screen.getByTestId('staff-reports-view-save'));
    await waitFor(() => expect(views.map((v) => v.name)).toContain('Last month'));
    expect(views.at(-1)!.query).toBe('by=offer&then=country&range=last_month&columns=clicks%2Cmargin');
  });

  it('switches to the base currency: the query asks for it, the rates note says which days used an earlier rate, amounts as booked on hover (decision 111)', async () => {
    const converted = { ...row('1001', 'Northwind Media', 200, 9_000, 6_000), original: { advertiserRevenue: [{ currency: 'EUR', amount: 5_000 }, { currency: 'USD', amount: 4_600 }], payout: eur(6_000), margin: eur(3_000), pendingRevenue: [], pendingPayout: [] } }; // prettier-ignore
    fetchMock.mockImplementation((url) => {
      const address = String(url);
      if (!address.includes('currency=base') || !address.includes('/staff/reports/partner')) return Promise.resolve(server(address)); // prettier-ignore
      return Promise.resolve(answerOf(networkReportsEndpoints.report, [converted, { ...converted, key: 'total', label: 'Totals', isTotal: true }], { extra: { fx: { base: 'EUR', rounding: 'half-even', missingDays: [{ currency: 'USD', date: '2026-11-22', rateOf: '2026-11-21' }] } } })); // prettier-ignore
    });
    renderWithProviders(<StaffReports />, { path: '/staff/reports' });
    await screen.findAllByTestId('staff-reports-row', {}, { timeout: 5000 });
    expect(screen.queryByTestId('staff-reports-fx-note')).toBeNull();
    await userEvent.click(screen.getByTestId('staff-reports-base-currency'));
    const note = await screen.findByTestId('staff-reports-fx-note');
    expect(note.textContent).toContain('1 day had no rate of its own');
    expect(note.getAttribute('title')).toBe('2026-11-22 USD: rate of 2026-11-21');
    const booked = within(screen.getAllByTestId('staff-reports-row')[0]!).getAllByTestId('staff-reports-original')[0]!;
    expect(booked.getAttribute('title')?.replace(/\s/gu, ' ')).toMatch(/^As booked: 50,00 € · 46,00 .*\$/u);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/staff/reports/day?') && String(url).includes('currency=base'))).toBe(true); // prettier-ignore
  });

  it('picks an advertiser by typing its name: the server finds it, the address keeps its id, the pill its name (decision 113)', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(server(String(url))));
    const user = userEvent.setup();
    const { router } = renderWithProviders(<StaffReports />, { path: '/staff/reports' });
    await screen.findAllByTestId('staff-reports-row', {}, { timeout: 5000 });
    const calls = () => fetchMock.mock.calls.map(([url]) => String(url));
    // Nothing is asked of the pickers before one is approached: the screen's load reads the report only.
    expect(calls().some((u) => u.includes('/report-options/'))).toBe(false);
    const picker = screen.getByTestId('staff-reports-picker-advertiserId');
    await user.click(within(picker).getByRole('combobox'));
    // The multi-select's code arrives and takes the field's place; typing asks the server.
    const input = await waitFor(
      () => {
        const field = within(screen.getByTestId('staff-reports-picker-advertiserId')).getByTestId('staff-reports-picker-advertiserId-input') as HTMLInputElement; // prettier-ignore
        expect(field.readOnly).toBe(false);
        return field;
      },
      { timeout: 5000 },
    );
    await user.type(input, 'acm');
    await waitFor(() => expect(calls().some((u) => u.startsWith('/api/v1/staff/report-options/advertiserId?q=acm'))).toBe(true), { timeout: 3000 }); // prettier-ignore
    await user.click(await screen.findByRole('option', { name: 'Acme Ads', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?advertiserId=7'));
    expect(screen.getByTestId('staff-reports-picker-advertiserId').textContent).toContain('Acme Ads');
    // The report is asked for with the id.
    await waitFor(() => expect(calls().some((u) => u.startsWith('/api/v1/staff/reports/partner?') && u.includes('advertiserId=7'))).toBe(true)); // prettier-ignore
  });

  it("a bookmark's values are shown by name once the server names them, a value it does not name as it is", async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(server(String(url))));
    renderWithProviders(<StaffReports />, { path: '/staff/reports', initialEntry: '/staff/reports?partnerId=1001&partnerId=4242&goal=sale' }); // prettier-ignore
    await screen.findAllByTestId('staff-reports-row', {}, { timeout: 5000 });
    const partner = screen.getByTestId('staff-reports-picker-partnerId');
    await waitFor(() => expect(partner.textContent).toContain('Northwind Media #1001'));
    // Out of the reader's reach (or forged): the server names nothing, and the id stays as it was typed.
    expect(partner.textContent).toContain('4242');
    await waitFor(() => expect(screen.getByTestId('staff-reports-picker-goal').textContent).toContain('Sale'));
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    // Only the names of the address's values were asked for, not a picker's list.
    expect(calls.filter((u) => u.includes('/report-options/')).every((u) => u.includes('value='))).toBe(true);
    expect(calls.some((u) => u.startsWith('/api/v1/staff/reports/partner?') && u.includes('goal=sale'))).toBe(true);
  });
});
