import { describe, expect, it } from 'vitest';
import { formatMoneyMinor, formatPercent, type BasicReportRow } from '@portal/contracts';
import { basicReportCells, clickCells, conversionCells, dailyChartPoints } from './report-rows';

const labels = { totals: 'Totals', noSubid: '(none)' };
const row = (overrides: Partial<BasicReportRow>): BasicReportRow => ({
  label: '2026-02-03',
  isTotal: false,
  clicks: 200,
  conversions: 5,
  conversionRate: 0.025,
  revenue: [{ currency: 'EUR', amount: 12_345 }],
  epc: [{ currency: 'EUR', amount: 61.725 }],
  byCurrency: [],
  ...overrides,
});

describe('basic report rows', () => {
  it('shows a day as dd/MM/yyyy with its stats formatted', () => {
    expect(basicReportCells(row({}), 'daily', 'EUR', labels, 0)).toEqual({
      key: '0:2026-02-03',
      isTotal: false,
      label: '03/02/2026',
      clicks: '200',
      conversions: '5',
      conversionRate: formatPercent(0.025),
      revenue: formatMoneyMinor(12_345, 'EUR'),
      epc: formatMoneyMinor(61.725, 'EUR'),
    });
    // French formats: comma decimal, the currency after the amount.
    expect(formatPercent(0.025)).toMatch(/^2,50\s%$/);
    expect(formatMoneyMinor(12_345, 'EUR')).toMatch(/^123,45\s€$/);
  });

  it('groups clicks and conversions as the dashboard does', () => {
    const cells = basicReportCells(row({ clicks: 9989, conversions: 1200 }), 'daily', 'EUR', labels, 0);
    expect(cells.clicks).toBe('9\u202f989');
    expect(cells.conversions).toBe('1\u202f200');
  });

  it("labels the sub-ID report's rows, '(none)' for traffic without one, and the totals row", () => {
    expect(basicReportCells(row({ label: 'spring' }), 'subid', 'EUR', labels, 1).label).toBe('spring');
    expect(basicReportCells(row({ label: '' }), 'subid', 'EUR', labels, 2).label).toBe('(none)');
    const totals = basicReportCells(row({ label: '', isTotal: true }), 'daily', 'EUR', labels, 3);
    expect(totals).toMatchObject({ label: 'Totals', isTotal: true, key: 'totals' });
  });

  it('shows missing values as 0, in the partner currency when there is no money at all', () => {
    const cells = basicReportCells({ label: '2026-02-04', isTotal: false }, 'daily', 'USD', labels, 0);
    expect(cells).toMatchObject({
      clicks: '0',
      conversions: '0',
      conversionRate: formatPercent(0),
      revenue: formatMoneyMinor(0, 'USD'),
      epc: formatMoneyMinor(0, 'USD'),
    });
    expect(cells.revenue).toMatch(/^0,00\s\$US$/);
  });

  it('charts clicks and conversions per day, without the totals row', () => {
    const rows = [row({}), row({ label: '2026-02-04', clicks: 10, conversions: 1 }), row({ isTotal: true, label: '' })];
    expect(dailyChartPoints(rows)).toEqual([
      { date: '03/02/2026', clicks: 200, conversions: 5 },
      { date: '04/02/2026', clicks: 10, conversions: 1 },
    ]);
  });
});

describe('click and conversion rows', () => {
  it("splits a click's local moment into dd/MM/yyyy and HH:mm without converting it", () => {
    const cells = clickCells({
      clickid: 'c_1',
      offer: { id: 7, name: 'Offer 7' },
      date: '2026-02-28T23:05:09-03:00',
      ip: '203.0.113.9',
      subid: null,
      tc1: 'x',
      tc2: null,
      tc3: null,
      tc4: 'y',
      country: 'FR',
      deviceType: 'mobile',
      browser: 'Safari',
      converted: true,
    });
    expect(cells).toEqual({
      key: 'c_1',
      date: '28/02/2026',
      hour: '23:05',
      offerId: 7,
      offerName: 'Offer 7',
      clickId: 'c_1',
      ip: '203.0.113.9',
      subid: '',
      trackers: ['x', '', '', 'y'],
      country: 'FR',
      deviceType: 'mobile',
      browser: 'Safari',
      converted: true,
    });
  });

  it("shows a conversion's date, hour and payout in its own currency", () => {
    const cells = conversionCells({
      id: 91,
      offer: { id: 3, name: 'Offer 3' },
      date: '2026-01-02T07:45:00+01:00',
      revenue: { currency: 'USD', amount: 1550 },
      status: 'rejected',
      reason: 'duplicate',
      goal: 'registration',
      goalName: 'Registration',
      clickId: 'c_9',
      clickDate: '2026-01-02T07:40:00+01:00',
      transactionId: 'TX-9',
      country: 'DE',
      subid: 's',
      tc1: null,
      tc2: 'b',
      tc3: null,
      tc4: null,
      reversalReason: null,
      declineReason: null,
      signals: [],
      note: null,
      originalPayout: null,
      changedAt: null,
    });
    expect(cells).toMatchObject({
      id: 91,
      date: '02/01/2026 07:45',
      revenue: formatMoneyMinor(1550, 'USD'),
      trackers: ['', 'b', '', ''],
      status: 'rejected',
      reason: 'duplicate',
      goalName: 'Registration',
      clickId: 'c_9',
      clickDate: '02/01/2026 07:40',
      transactionId: 'TX-9',
      country: 'DE',
    });
  });
});
