import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoneyMinor, offersEndpoints, statisticsEndpoints, type BasicReportRow } from '@portal/contracts';
import { answerOf, configAnswer, errorOf, renderWithProviders } from '@/test/render';
import { BasicReport } from './basic-report';

const fetchMock = vi.fn<typeof fetch>();
const rows: BasicReportRow[] = [
  {
    label: 'spring',
    isTotal: false,
    clicks: 40,
    conversions: 2,
    conversionRate: 0.05,
    revenue: [],
    epc: [],
    byCurrency: [],
  },
  {
    label: '',
    isTotal: false,
    clicks: 10,
    conversions: 0,
    conversionRate: 0,
    revenue: [{ currency: 'EUR', amount: 500 }],
    epc: [],
    byCurrency: [],
  },
  {
    label: '',
    isTotal: true,
    clicks: 50,
    conversions: 2,
    conversionRate: 0.04,
    revenue: [{ currency: 'EUR', amount: 500 }],
    epc: [{ currency: 'EUR', amount: 10 }],
    byCurrency: [],
  },
];

let release: () => void = () => {};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/v1/config')) return configAnswer();
    if (url.startsWith('/api/v1/offer')) return answerOf(offersEndpoints.list, { list: [], total: 0 }, { total: 0 });
    if (url.startsWith('/api/v1/statistics/subid')) {
      await new Promise<void>((resolve) => (release = resolve));
      return answerOf(statisticsEndpoints.subid, rows, { total: 2 });
    }
    return errorOf(404, 'no');
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const statisticsCalls = () =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/statistics/'));

describe('basic report', () => {
  it('shows a loader, then the rows with Totals last, zeros for what is missing', async () => {
    renderWithProviders(<BasicReport type="subid" />, {
      path: '/reports/:report',
      initialEntry: '/reports/subid?preset=custom&startDate=2026-02-01&endDate=2026-02-28&subid=&tc1=a',
    });
    expect(await screen.findByTestId('report-loading')).toBeTruthy();
    expect(screen.queryByTestId('report-table')).toBeNull();
    // The sub-ID screen asks the most clicked rows first, one page at a time.
    expect(statisticsCalls()).toEqual([
      '/api/v1/statistics/subid?startDate=2026-02-01&endDate=2026-02-28&tc1=a&groupBy=subid&sort=clicks&order=desc&page=1&count=50',
    ]);

    release();
    const table = await screen.findByTestId('report-table');
    expect(screen.queryByTestId('report-loading')).toBeNull();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Sub-ID', 'Clicks', 'Conversions', 'Conversion Rate (%)', 'Revenue', 'EPC']);
    const lines = within(table)
      .getAllByTestId('report-row')
      .map((line) =>
        within(line)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(lines.map((line) => line[0])).toEqual(['spring', '(none)', 'Totals']);
    expect(lines[0]?.[4]).toBe(formatMoneyMinor(0, 'EUR'));
    expect(lines[2]?.slice(1)).toEqual([
      '50',
      '2',
      '4,00\u00a0%',
      formatMoneyMinor(500, 'EUR'),
      formatMoneyMinor(10, 'EUR'),
    ]);
    expect(within(table).getAllByTestId('report-row').at(-1)?.getAttribute('data-total')).toBe('true');
  });

  it('makes no call and shows an empty result without dates', async () => {
    renderWithProviders(<BasicReport type="daily" />, {
      path: '/reports/:report',
      initialEntry: '/reports/daily?preset=custom&subid=x',
    });
    expect(await screen.findByTestId('report-no-dates')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/v1/offer'))).toBe(true),
    );
    expect(statisticsCalls()).toEqual([]);
    expect((screen.getByTestId('report-export') as HTMLButtonElement).disabled).toBe(true);
  });
});
