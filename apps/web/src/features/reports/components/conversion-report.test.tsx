import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoneyMinor, offersEndpoints, statisticsEndpoints, type ConversionRow } from '@portal/contracts';
import { answerOf, configAnswer, errorOf, renderWithProviders } from '@/test/render';
import { ConversionReport } from './conversion-report';
import { FIRST_ROWS } from './paged-report';

const base = {
  offer: { id: 3, name: 'Offer 3' },
  date: '2026-03-02T10:15:00+00:00',
  goal: 'sale',
  goalName: 'Sale',
  clickId: 'c_1',
  clickDate: '2026-03-02T10:00:00+00:00',
  transactionId: null,
  country: 'FR',
  subid: null,
  tc1: null,
  tc2: null,
  tc3: null,
  tc4: null,
  reversalReason: null,
  declineReason: null,
  signals: [],
  note: null,
  originalPayout: null,
  changedAt: null,
} satisfies Partial<ConversionRow>;

const rows: ConversionRow[] = [
  {
    ...base,
    id: 11,
    revenue: { currency: 'EUR', amount: 0 },
    status: 'rejected',
    reason: 'reversed',
    reversalReason: 'refund',
    note: 'Customer returned the order.',
    originalPayout: { currency: 'EUR', amount: 400 },
    changedAt: '2026-03-05T09:00:00+00:00',
  },
  {
    ...base,
    id: 12,
    revenue: { currency: 'EUR', amount: 150 },
    status: 'approved',
    reason: null,
    note: 'Half refunded.',
    originalPayout: { currency: 'EUR', amount: 400 },
    changedAt: '2026-03-05T09:00:00+00:00',
  },
  {
    ...base,
    id: 13,
    revenue: { currency: 'EUR', amount: 0 },
    status: 'rejected',
    reason: 'reversed',
    reversalReason: 'duplicate_sale',
    originalPayout: { currency: 'EUR', amount: 250 },
    changedAt: '2026-03-05T09:00:00+00:00',
  },
  { ...base, id: 14, revenue: { currency: 'EUR', amount: 400 }, status: 'approved', reason: null },
  {
    ...base,
    id: 15,
    revenue: { currency: 'EUR', amount: 0 },
    status: 'rejected',
    reason: 'declined',
    declineReason: 'invalid_traffic',
    note: 'Bot traffic from one IP.',
  },
];

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/v1/config')) return configAnswer();
    if (url.startsWith('/api/v1/offer')) return answerOf(offersEndpoints.list, { list: [], total: 0 }, { total: 0 });
    if (url.startsWith('/api/v1/statistics/conversion/totals')) {
      return answerOf(statisticsEndpoints.conversionTotals, [], { total: 0, extra: { converted: null } });
    }
    if (url.startsWith('/api/v1/statistics/conversion')) {
      return answerOf(statisticsEndpoints.conversion, rows, { total: rows.length });
    }
    return errorOf(404, 'no');
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const statisticsCalls = () =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/statistics/'));
const line = (id: number) => screen.getAllByTestId('report-row').find((row) => row.dataset.id === String(id))!;

describe('conversion report: why a conversion changed (decision 069)', () => {
  it("reads 'Reversed: refund' with the note beneath, and an adjusted payout from the original to the new", async () => {
    renderWithProviders(<ConversionReport />, {
      path: '/reports/:report',
      initialEntry: '/reports/conversion?preset=custom&startDate=2026-03-01&endDate=2026-03-31',
    });
    await screen.findByTestId('report-table');

    const reversed = line(11);
    expect(within(reversed).getByTestId('report-reason').textContent).toBe('Reversed: refund');
    expect(within(reversed).getByTestId('report-note').textContent).toBe('Note: Customer returned the order.');
    // The note is visible text, not a tooltip: a phone reads it too.
    expect(within(reversed).getByText('Note: Customer returned the order.')).toBeTruthy();
    expect(within(reversed).getByTestId('report-original').textContent).toBe(formatMoneyMinor(400, 'EUR'));
    expect(within(reversed).getByTestId('report-amounts-label').textContent).toBe(
      `Reversed from ${formatMoneyMinor(400, 'EUR')} to ${formatMoneyMinor(0, 'EUR')}`,
    );

    const adjusted = line(12);
    expect(within(adjusted).queryByTestId('report-reason')).toBeNull();
    expect(within(adjusted).getByTestId('report-original').tagName).toBe('S');
    expect(within(adjusted).getByTestId('report-original').textContent).toBe(formatMoneyMinor(400, 'EUR'));
    // Screen readers hear one sentence; the struck and new amounts are hidden from them.
    expect(within(adjusted).getByTestId('report-amounts-label').textContent).toBe(
      `Adjusted from ${formatMoneyMinor(400, 'EUR')} to ${formatMoneyMinor(150, 'EUR')}`,
    );
    expect(within(adjusted).getByTestId('report-original').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(adjusted).getByTestId('report-note').textContent).toBe('Note: Half refunded.');

    // Codes in words.
    expect(within(line(13)).getByTestId('report-reason').textContent).toBe('Reversed: duplicate sale');
    expect(within(line(13)).queryByTestId('report-note')).toBeNull();

    // A decline on review names its code and the reviewer's note (decision 079).
    expect(within(line(15)).getByTestId('report-reason').textContent).toBe('Declined on review: invalid traffic');
    expect(within(line(15)).getByTestId('report-note').textContent).toBe('Note: Bot traffic from one IP.');

    // A conversion never changed shows its payout alone.
    const plain = line(14);
    expect(within(plain).queryByTestId('report-original')).toBeNull();
    expect(within(plain).queryByTestId('report-note')).toBeNull();
    expect(within(plain).getByTestId('report-revenue').textContent).toBe(formatMoneyMinor(400, 'EUR'));
  });

  it('follows the digest’s link to the changed conversions of every date, and goes back to dates when switched off', async () => {
    renderWithProviders(<ConversionReport />, {
      path: '/reports/:report',
      initialEntry: '/reports/conversion?changedFrom=2026-03-05',
    });
    await screen.findByTestId('report-table');
    expect(statisticsCalls()).toEqual(
      expect.arrayContaining([
        '/api/v1/statistics/conversion?page=1&count=50&changedFrom=2026-03-05',
        '/api/v1/statistics/conversion/totals?changedFrom=2026-03-05',
      ]),
    );
    expect(screen.getByTestId('report-applied-range').textContent).toBe('Conversions of every date');
    const toggle = screen.getByRole('switch', { name: 'Changed since 05/03/2026' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);

    fireEvent.click(toggle);
    await waitFor(() =>
      expect(statisticsCalls().at(-1)).toMatch(
        /^\/api\/v1\/statistics\/conversion(\/totals)?\?startDate=\d{4}-\d{2}-01&/,
      ),
    );
    expect((screen.getByRole('switch', { name: 'Changed after the fact only' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('says the totals in the payment currency at the day’s rate under the lines as booked (decision 118)', async () => {
    const totals = [
      { currency: 'EUR', conversions: 2, approved: 1, pending: 1, rejected: 0, revenue: 1500, approvedRevenue: 1200, pendingRevenue: 300 }, // prettier-ignore
      { currency: 'USD', conversions: 1, approved: 1, pending: 0, rejected: 0, revenue: 500, approvedRevenue: 500, pendingRevenue: 0 }, // prettier-ignore
    ];
    const converted = {
      currency: 'EUR',
      payout: 1661,
      pendingPayout: 300,
      rounding: 'half-even' as const,
      missingDays: [{ currency: 'USD', date: '2026-03-03', rateOf: '2026-03-02' }],
    };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/v1/config')) return configAnswer();
      if (url.startsWith('/api/v1/statistics/conversion/totals')) {
        return answerOf(statisticsEndpoints.conversionTotals, totals, { total: 2, extra: { converted } });
      }
      if (url.startsWith('/api/v1/statistics/conversion')) {
        return answerOf(statisticsEndpoints.conversion, rows, { total: rows.length });
      }
      return errorOf(404, 'no');
    });
    renderWithProviders(<ConversionReport />, {
      path: '/reports/:report',
      initialEntry: '/reports/conversion?preset=custom&startDate=2026-03-01&endDate=2026-03-31',
    });
    await screen.findByTestId('report-table');
    await waitFor(() => expect(screen.getAllByTestId('report-totals').length).toBeGreaterThan(0));
    const line = await screen.findByTestId('report-converted-total');
    expect(line.dataset.currency).toBe('EUR');
    expect(line.textContent).toBe(
      `≈ ${formatMoneyMinor(1661, 'EUR')} in all, converted to EUR at the day's rate (+ ${formatMoneyMinor(300, 'EUR')} pending)`,
    );
    expect(line.querySelector('[title]')?.getAttribute('title')).toBe('1 day used the rate of an earlier day');
    // The per-currency lines keep the amounts as booked.
    expect(screen.getAllByTestId('report-totals').map((row) => row.dataset.currency)).toEqual(['EUR', 'USD']);
  });

  it('offers no converted line when the server has none', async () => {
    renderWithProviders(<ConversionReport />, {
      path: '/reports/:report',
      initialEntry: '/reports/conversion?preset=custom&startDate=2026-03-01&endDate=2026-03-31',
    });
    await screen.findByTestId('report-table');
    expect(screen.queryByTestId('report-converted-total')).toBeNull();
  });
});

describe('conversion report: a page of rows drawn in slices (decision 135)', () => {
  it('draws the first rows with the page, then the others in a render of their own', async () => {
    const many = Array.from({ length: 40 }, (_, index) => ({
      ...base,
      id: 100 + index,
      revenue: { currency: 'EUR', amount: 100 },
      status: 'approved' as const,
      reason: null,
    }));
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/v1/config')) return configAnswer();
      if (url.startsWith('/api/v1/offer')) return answerOf(offersEndpoints.list, { list: [], total: 0 }, { total: 0 });
      if (url.startsWith('/api/v1/statistics/conversion/totals')) {
        return answerOf(statisticsEndpoints.conversionTotals, [], { total: 0, extra: { converted: null } });
      }
      return answerOf(statisticsEndpoints.conversion, many, { total: many.length });
    });
    renderWithProviders(<ConversionReport />, {
      path: '/reports/:report',
      initialEntry: '/reports/conversion?preset=custom&startDate=2026-03-01&endDate=2026-03-31',
    });
    await screen.findByTestId('report-table');
    expect(screen.getAllByTestId('report-row')).toHaveLength(FIRST_ROWS);
    expect(screen.getAllByTestId('report-row').map((row) => row.dataset.id)).toEqual(
      many.slice(0, FIRST_ROWS).map((row) => String(row.id)),
    );
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(40));
    expect(screen.getAllByTestId('report-row').map((row) => row.dataset.id)).toEqual(many.map((row) => String(row.id)));
  });
});
