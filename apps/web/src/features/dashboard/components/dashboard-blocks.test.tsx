import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GLOBAL_PERFORMANCE_ROWS,
  statisticsEndpoints,
  STATS_PERIODS,
  type EndpointWireData,
  type StatsRow,
} from '@portal/contracts';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { GlobalPerformanceBlock } from './global-performance';
import { QuickStats } from './quick-stats';
import { TopOffers } from './top-offers';

const fetchMock = vi.fn<typeof fetch>();
const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

const statsRow = (clicks: number): StatsRow => ({
  clicks,
  conversions: clicks / 10,
  conversionRate: 0.1,
  revenue: clicks ? [{ currency: 'EUR', amount: clicks * 100 }] : [],
  epc: clicks ? [{ currency: 'EUR', amount: 10 }] : [],
  byCurrency: [],
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const render = (ui: React.ReactElement) => renderWithProviders(<Suspense fallback={null}>{ui}</Suspense>);

describe('QuickStats', () => {
  it('while its figures load, draws the four tiles with their labels and a placeholder where each figure will be', async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    render(<QuickStats currency="USD" />);
    const loading = await screen.findByTestId('quick-stats-loading');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    const tiles = within(loading).getAllByTestId('stat-tile-pending');
    expect(tiles.map((tile) => tile.querySelector('p')?.textContent)).toEqual([
      'CLICKS',
      'CONVERSIONS',
      'PAYOUT',
      `PAYOUT (${new Date().getUTCFullYear()} YTD)`,
    ]);
    // The figure's line is there, one line high, hidden from assistive technology until the figure replaces it.
    for (const tile of tiles) expect(tile.querySelector('[aria-hidden="true"]')?.textContent).toBe('\u00a0');
  });

  it('shows the 7-day figures and the year-to-date label of the partner year, 0 in the partner currency when empty', async () => {
    // New Year's Eve in UTC is already the new year two hours east: the label names the year the figure covers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T23:30:00Z'));
    fetchMock.mockImplementation(async () =>
      answerOf(statisticsEndpoints.quickStats, {
        startDate: '2026-03-09',
        endDate: '2026-03-15',
        clicks: 12345,
        conversions: 67,
        pending: 12,
        rejected: 3,
        payout: [
          { currency: 'EUR', amount: 123456 },
          { currency: 'USD', amount: 1200 },
        ],
        pendingPayout: [{ currency: 'EUR', amount: 90_000 }],
        ytdPayout: [],
        // The payout as one amount of the payment currency at the day's rates (decision 112).
        converted: { currency: 'USD', payout: 134_567, pendingPayout: 97_000, rounding: 'half-even', missingDays: [] },
      }),
    );
    render(<QuickStats currency="USD" timezone="+02:00" />);
    vi.useRealTimers();
    const block = await screen.findByTestId('quick-stats');
    expect(within(block).getByTestId('block-title').textContent).toBe('Quick Stats: Last 7 Days');
    const tile = async (id: string) => within(await within(block).findByTestId(id));
    expect((await tile('quick-stats-clicks')).getByTestId('label').textContent).toBe('CLICKS');
    expect(plain((await tile('quick-stats-clicks')).getByTestId('value').textContent)).toBe('12 345');
    expect((await tile('quick-stats-conversions')).getByTestId('value').textContent).toBe('67');
    expect(plain((await tile('quick-stats-payout')).getByTestId('value').textContent)).toBe('1 234,56 € · 12,00 $US');
    // Pending earnings are said apart, never added to the payout (decision 091).
    // One converted total beside them, said to be converted; the amounts as booked stay the tile's figure.
    expect(plain((await tile('quick-stats-payout')).getByTestId('hint').textContent)).toBe(
      "+ 900,00 € pending · ≈ 1 345,67 $US converted at the day's rate",
    );
    // Approved conversions, the pending and rejected ones said apart (decision 110).
    expect(plain((await tile('quick-stats-conversions')).getByTestId('hint').textContent)).toBe(
      '+ 12 pending · 3 rejected',
    );
    expect((await tile('quick-stats-clicks')).queryByTestId('hint')).toBeNull();
    expect((await tile('quick-stats-ytd-payout')).getByTestId('label').textContent).toBe('PAYOUT (2027 YTD)');
    expect(plain((await tile('quick-stats-ytd-payout')).getByTestId('value').textContent)).toBe('0,00 $US');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/statistics/home/quick-stats');
  });
});

describe('GlobalPerformanceBlock', () => {
  it('shows month and year revenue and the six periods in order', async () => {
    const data = Object.fromEntries(STATS_PERIODS.map((period, i) => [period, statsRow(i * 10)])) as EndpointWireData<
      typeof statisticsEndpoints.globalPerformance
    >;
    fetchMock.mockImplementation(async () => answerOf(statisticsEndpoints.globalPerformance, data));
    render(<GlobalPerformanceBlock currency="EUR" />);
    const rows = await screen.findAllByTestId('global-performance-row');
    expect(rows.map((row) => row.dataset.period)).toEqual([...GLOBAL_PERFORMANCE_ROWS]);
    expect(rows.map((row) => within(row).getByTestId('period').textContent)).toEqual([
      'Today',
      'Week to date',
      '7 days',
      'Month to date',
      '30 days',
      '12 months',
    ]);
    // today is STATS_PERIODS[0]: no clicks, so empty money lists show 0.
    expect(plain(within(rows[0]!).getByTestId('revenue').textContent)).toBe('0,00 €');
    const mtd = rows[3]!;
    expect(within(mtd).getByTestId('clicks').textContent).toBe('30');
    expect(within(mtd).getByTestId('conversions').textContent).toBe('3');
    expect(plain(within(mtd).getByTestId('conversion-rate').textContent)).toBe('10,00 %');
    expect(plain(within(mtd).getByTestId('epc').textContent)).toBe('0,10 €');
    expect(plain(within(mtd).getByTestId('revenue').textContent)).toBe('30,00 €');
    const month = within(screen.getByTestId('global-month-revenue')).getByTestId('value').textContent;
    const year = within(screen.getByTestId('global-year-revenue')).getByTestId('value').textContent;
    expect(plain(month)).toBe('30,00 €');
    expect(plain(year)).toBe('50,00 €');
  });
});

describe('TopOffers', () => {
  const row = (rank: number, id: number) => ({
    ...statsRow(100),
    rank,
    offer: {
      id,
      name: `Offer ${id}`,
      countries: ['FR', 'DE'],
      conversionType: 'cpl' as const,
      payout: { goal: 'registration', amount: 1250, percent: null, currency: 'EUR' },
    },
  });

  it('loads the week for all countries, then calls again with the chosen filters', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/config')) {
        return configAnswer({
          partner: null,
          countries: [
            { isoCode: 'FR', name: 'France', flag: '🇫🇷' },
            { isoCode: 'DE', name: 'Germany', flag: '🇩🇪' },
          ],
        });
      }
      return url.includes('country=DE')
        ? answerOf(statisticsEndpoints.topOffers, [], { total: 0 })
        : answerOf(statisticsEndpoints.topOffers, [row(1, 7), row(2, 9)], { total: 2 });
    });
    render(<TopOffers currency="EUR" />);
    const rows = await screen.findAllByTestId('top-offer-row', {}, { timeout: 5000 });
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByTestId('rank').textContent).toBe('1');
    expect(first.getByTestId('name').getAttribute('href')).toBe('/offer/7');
    expect(first.getByTestId('payout-mode').textContent).toBe('CPL');
    expect(plain(first.getByTestId('payout').textContent)).toBe('12,50 €');
    expect(plain(first.getByTestId('epc').textContent)).toBe('0,10 €');
    expect(first.getAllByTestId('country-flag').map((flag) => flag.dataset.code)).toEqual(['FR', 'DE']);
    const statCalls = () =>
      fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('top-offers'));
    expect(statCalls()).toEqual(['/api/v1/statistics/home/top-offers?date=week']);

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Year', hidden: true }));
    await waitFor(() => expect(statCalls()).toContain('/api/v1/statistics/home/top-offers?date=year'));

    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Germany', hidden: true }));
    await waitFor(() => expect(statCalls()).toContain('/api/v1/statistics/home/top-offers?country=DE&date=year'));
    expect(await screen.findByTestId('top-offers-empty', {}, { timeout: 5000 })).toBeTruthy();
  });
});
