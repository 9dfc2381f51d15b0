import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  offersEndpoints,
  statisticsEndpoints,
  type BasicReportRow,
  type ConvertedTotal,
  type StatsRow,
} from '@portal/contracts';
import { answerOf, configAnswer, errorOf, renderWithProviders } from '@/test/render';
import { SubidReport } from './subid-report';

const fetchMock = vi.fn<typeof fetch>();
// The totals' payout in the payment currency at the day's rates (decision 112), one day at an earlier day's rate.
const converted: ConvertedTotal = {
  currency: 'USD',
  payout: 1_085,
  pendingPayout: 2_713,
  rounding: 'half-even',
  missingDays: [{ currency: 'EUR', date: '2026-02-07', rateOf: '2026-02-06' }],
};
const stats = (clicks: number, cents: number): StatsRow => ({
  clicks,
  conversions: 1,
  conversionRate: 1 / clicks,
  revenue: [{ currency: 'EUR', amount: cents }],
  epc: [{ currency: 'EUR', amount: cents / clicks }],
  byCurrency: [],
});
// Grouped by country, then by offer (decision 110): each row followed by its children.
const rows: BasicReportRow[] = [
  {
    label: 'FR',
    isTotal: false,
    ...stats(30, 900),
    children: [
      { label: 'Spring Casino', offer: { id: 7, name: 'Spring Casino' }, ...stats(20, 600) },
      { label: 'Autumn Bet', offer: { id: 9, name: 'Autumn Bet' }, ...stats(10, 300) },
    ],
  },
  { label: '', isTotal: false, ...stats(5, 100), children: [{ label: 'Spring Casino', offer: { id: 7, name: 'Spring Casino' }, ...stats(5, 100) }] }, // prettier-ignore
  {
    label: 'Totals',
    isTotal: true,
    ...stats(35, 1000),
    byCurrency: [
      { currency: 'EUR', clicks: 35, conversions: 2, pending: 4, rejected: 1, conversionRate: 2 / 35, revenue: 1000, pendingRevenue: 2500, epc: 1000 / 35 }, // prettier-ignore
    ],
  },
];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/v1/config')) return configAnswer({ countries: [{ isoCode: 'FR', name: 'France', flag: '🇫🇷' }] }); // prettier-ignore
    if (url.startsWith('/api/v1/offer')) return answerOf(offersEndpoints.list, { list: [], total: 0 }, { total: 0 });
    if (url.startsWith('/api/v1/statistics/subid')) return answerOf(statisticsEndpoints.subid, rows, { total: 2, extra: { converted } }); // prettier-ignore
    return errorOf(404, 'no');
  });
});
afterEach(() => vi.unstubAllGlobals());

const subidCalls = () =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/statistics/subid'));
const RANGE = 'preset=custom&startDate=2026-02-01&endDate=2026-02-28';

describe('the sub-ID report with two levels (decision 110)', () => {
  it('asks the second grouping and the countries of the address, and draws each row followed by its children', async () => {
    renderWithProviders(<SubidReport />, {
      path: '/reports/:report',
      initialEntry: `/reports/subid?${RANGE}&country=FR&country=DE&groupBy=country&then=offer`,
    });
    const table = await screen.findByTestId('report-table', {}, { timeout: 10_000 });
    expect(subidCalls()[0]).toBe(
      '/api/v1/statistics/subid?startDate=2026-02-01&endDate=2026-02-28&country=FR&country=DE&groupBy=country&then=offer&sort=clicks&order=desc&page=1&count=50',
    );
    const lines = within(table).getAllByTestId(/^report-(child-)?row$/);
    expect(lines.map((line) => [line.dataset.testid, within(line).getByTestId('report-label').textContent])).toEqual([
      ['report-row', 'France'],
      ['report-child-row', 'Spring Casino'],
      ['report-child-row', 'Autumn Bet'],
      ['report-row', 'Unknown country'],
      ['report-child-row', 'Spring Casino'],
      ['report-row', 'Totals'],
    ]);
    // The country's flag is an SVG image, no emoji anywhere in the table.
    const flag = within(lines[0]!).getByTestId('country-flag');
    expect(flag.tagName).toBe('IMG');
    expect(flag.getAttribute('src')).toMatch(/FR.*\.svg/);
    expect(table.textContent).not.toMatch(/\p{Regional_Indicator}/u);
    // Children link to their offer.
    expect(within(lines[1]!).getByTestId('report-offer-link').getAttribute('href')).toBe('/offer/7');
    expect(screen.getByRole('columnheader', { name: /Country › Offer/ })).toBeTruthy();
    // The totals say approved, pending and rejected apart, pending money labelled pending (decision 110).
    expect(screen.getByTestId('report-totals-status').textContent?.replace(/\s/g, ' ')).toBe(
      'Totals EUR: 2 approved (10,00 €) · 4 pending (25,00 €) · 1 rejected (0)',
    );
    // One total in the payment currency, labelled as converted, under the amounts as booked (decision 112).
    const total = screen.getByTestId('report-converted-total');
    expect(total.textContent?.replace(/\s/g, ' ')).toBe(
      "≈ 10,85 $US in all, converted to USD at the day's rate (+ 27,13 $US pending)",
    );
    expect(total.getAttribute('title')).toBe('1 day used the rate of an earlier day');
  });

  it('offers no converted total when the answer has none', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/v1/config')) return configAnswer();
      if (url.startsWith('/api/v1/statistics/subid')) return answerOf(statisticsEndpoints.subid, rows, { total: 2, extra: { converted: null } }); // prettier-ignore
      return answerOf(offersEndpoints.list, { list: [], total: 0 }, { total: 0 });
    });
    renderWithProviders(<SubidReport />, { path: '/reports/:report', initialEntry: `/reports/subid?${RANGE}` });
    await screen.findByTestId('report-totals-status', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('report-converted-total')).toBeNull();
  });

  it('chooses the second grouping from its select, and drops it when the first becomes the same', async () => {
    renderWithProviders(<SubidReport />, { path: '/reports/:report', initialEntry: `/reports/subid?${RANGE}` });
    await screen.findByTestId('report-table', {}, { timeout: 10_000 });
    expect(subidCalls()[0]).not.toContain('then=');
    await userEvent.click(screen.getByTestId('subid-then-by'));
    await userEvent.click(await screen.findByRole('option', { name: 'Then by: Offer', hidden: true }, { timeout: 15_000 })); // prettier-ignore
    await waitFor(() => expect(subidCalls().at(-1)).toContain('groupBy=subid&then=offer'));
    // The sub-ID itself is no second level of the sub-ID report.
    await userEvent.click(screen.getByTestId('subid-then-by'));
    expect(screen.queryByRole('option', { name: 'Then by: Sub-ID', hidden: true })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('subid-group-by'));
    await userEvent.click(await screen.findByRole('option', { name: 'Offer', hidden: true }, { timeout: 15_000 }));
    await waitFor(() => expect(subidCalls().at(-1)).toContain('groupBy=offer&sort'));
    expect(subidCalls().at(-1)).not.toContain('then=');
  });
});
