import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fxRatesEndpoints, networkReportsEndpoints, type MoneyAmount, type NetworkReportRow } from '@portal/contracts';
import { auditLog, conversions, fxRates, rejectedClicksHourly } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createStaff,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';
import { columnSum, readSpreadsheetCsv } from './csv.js';
import { reportOffer, reportPartners, sendClick, sendPostback } from './report-figures.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** A stored copy of the ECB's eurofxref-daily.xml of Monday 2 March 2026 (the machine that runs tests is offline). */
const ECB_FILE = fs.readFileSync(path.join(here, 'fixtures/eurofxref-daily-2026-03-02.xml'), 'utf8');

/**
 * Decision 111: the base currency. Rates come from the ECB's file (the daily job, served here from the stored copy)
 * and from finance (audited); a report with `currency=base` converts each amount at its day's rate, a day without
 * one at the last known rate and says so, rounds once per row, half to even, and its Totals and CSV add up.
 */
describe('network reports in the base currency (decision 111)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-03-02T10:00:00Z'));
  let server: http.Server;
  let admin: string;
  let finance: string;
  let manager: string;
  const tokens: Record<'EUR' | 'USD' | 'GBP', string> = { EUR: '', USD: '', GBP: '' };
  const offerOf: Record<'EUR' | 'USD' | 'GBP', number> = { EUR: 0, USD: 0, GBP: 0 };
  type Partner = { partnerId: number };
  const team: Partner[] = [];
  const range = { startDate: '2026-03-02', endDate: '2026-03-04' };

  type ReportInput = CallInput<typeof networkReportsEndpoints.report>;
  const report = async (params: ReportInput['params'], query: ReportInput['query'], token = admin) =>
    okBody(await callEndpoint(t.app, networkReportsEndpoints.report, { params, query }, token));

  const sale = async (currency: 'EUR' | 'USD' | 'GBP', p: Partner) =>
    sendPostback(t, tokens[currency], await sendClick(t, offerOf[currency], p.partnerId), 'registration');

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/eurofxref-daily.xml') res.writeHead(200, { 'content-type': 'text/xml' }).end(ECB_FILE);
      else res.writeHead(404).end('not here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    t = await buildTestApp({
      now: clock.now,
      config: { logLevel: 'error', fxRatesUrl: `http://127.0.0.1:${port}/eurofxref-daily.xml` },
    });
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = await login(t, a.email, a.password);
    const f = await createStaff(t, 'ROLE_FINANCE');
    finance = await login(t, f.email, f.password);
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    manager = await login(t, am.email, am.password);
    // Each postback follows its click at once: the registration goal without a time floor (conversion rules on).
    await goalsWithoutFloor(t, ['registration']);
    const other = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const ids = await reportPartners(t, [am.userId, am.userId, other.userId].map((accountManagerId) => ({ accountManagerId }))); // prettier-ignore
    team.push(...ids.map((partnerId) => ({ partnerId })));
    // One offer per currency: a registration earns 10.00 / pays 7.00 (EUR), 9.00 / 6.00 (USD), 5.00 / 3.50 (GBP).
    const goals = { EUR: [1000, 700], USD: [900, 600], GBP: [500, 350] } as const;
    for (const currency of ['EUR', 'USD', 'GBP'] as const) {
      const [revenueAmount, payoutAmount] = goals[currency];
      const offer = await reportOffer(t, admin, { advertiser: `${currency} Ads`, name: `${currency} Offer`, currency, goals: [{ goal: 'registration', revenueAmount, payoutAmount }], domain: 'fx.example.com', prefix: 'fx' }); // prettier-ignore
      tokens[currency] = offer.token;
      offerOf[currency] = offer.offerId;
    }
    // Monday 2 March (the ECB file's day): partner 0 sells in EUR and USD, partner 1 in GBP.
    await sale('EUR', team[0]!);
    await sale('USD', team[0]!);
    await sale('GBP', team[1]!);
    // Tuesday 3 March (finance's rates): partner 0 in USD, partner 2 (another manager's) in USD and GBP.
    clock.advance(86_400_000);
    await sale('USD', team[0]!);
    await sale('USD', team[2]!);
    await sale('GBP', team[2]!);
    // Wednesday 4 March: no rate of its own; partner 1 in USD.
    clock.advance(86_400_000);
    await sale('USD', team[1]!);
    clock.advance(86_400_000);
    await t.app.tracking.buffer.flush();
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("reads the ECB's daily file into the rates table, and an unreachable address changes nothing", async () => {
    const run = await t.app.fxRatesJob.runDue();
    expect(run).toEqual({ ok: true, days: ['2026-03-02'] });
    const rates = okBody(await callEndpoint(t.app, fxRatesEndpoints.get, { query: { date: '2026-03-02' } }, manager)).data; // prettier-ignore
    expect(rates.base).toBe('EUR');
    expect(rates.rates).toHaveLength(29);
    expect(rates.rates.find((r) => r.currency === 'USD')).toEqual({ currency: 'USD', rate: '1.1642', day: '2026-03-02', source: 'ecb' }); // prettier-ignore
    expect(rates.rates.find((r) => r.currency === 'ISK')?.rate, 'trailing zeros dropped').toBe('148.1');

    // Offline: the job logs, answers why, and the rates stay.
    const offline = await buildTestApp({ now: clock.now, sameDatabaseAs: t, config: { logLevel: 'silent', fxRatesUrl: 'http://127.0.0.1:1/eurofxref-daily.xml' } }); // prettier-ignore
    try {
      const failed = await offline.app.fxRatesJob.runDue();
      expect(failed.ok).toBe(false);
    } finally {
      await offline.close();
    }
    const stored = await t.database.db.select().from(fxRates).where(eq(fxRates.day, '2026-03-02'));
    expect(stored).toHaveLength(29);
  });

  it('lets finance set a day’s rates, audited; managers may not; bad rates are refused field by field', async () => {
    const body = {
      date: '2026-03-03',
      rates: [
        { currency: 'USD', rate: '1.6' },
        { currency: 'GBP', rate: '0.80' },
      ],
    };
    expectError(await callEndpoint(t.app, fxRatesEndpoints.put, { body }, manager), 403);
    const bad = await callEndpoint(t.app, fxRatesEndpoints.put, { body: { date: '2026-03-03', rates: [{ currency: 'EUR', rate: '1' }, { currency: 'USD', rate: '1,2' }, { currency: 'GBP', rate: '0' }] } }, finance); // prettier-ignore
    expectError(bad, 400);
    expect(bad.body.errors).toEqual({ 'rates.0.currency': expect.any(String), 'rates.1.rate': expect.any(String), 'rates.2.rate': 'Enter a rate above zero.' }); // prettier-ignore
    expect(await t.database.db.select().from(fxRates).where(eq(fxRates.day, '2026-03-03')), 'nothing written').toEqual([]); // prettier-ignore

    const saved = okBody(await callEndpoint(t.app, fxRatesEndpoints.put, { body }, finance)).data;
    expect(saved.rates.find((r) => r.currency === 'GBP')).toEqual({ currency: 'GBP', rate: '0.8', day: '2026-03-03', source: 'finance' }); // prettier-ignore
    // A day without rates of its own reads the last known ones, and says which day they are of.
    const wednesday = okBody(await callEndpoint(t.app, fxRatesEndpoints.get, { query: { date: '2026-03-04' } }, admin)).data; // prettier-ignore
    expect(wednesday.rates.find((r) => r.currency === 'USD')).toEqual({ currency: 'USD', rate: '1.6', day: '2026-03-03', source: 'finance' }); // prettier-ignore
    expect(wednesday.rates.find((r) => r.currency === 'JPY')?.day).toBe('2026-03-02');

    // The same rates again: no change, one audit line per save with the changed currencies only.
    expectOk(await callEndpoint(t.app, fxRatesEndpoints.put, { body: { date: '2026-03-03', rates: [{ currency: 'USD', rate: '1.60' }] } }, finance)); // prettier-ignore
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'fx_rate'), eq(auditLog.entityId, '2026-03-03'))); // prettier-ignore
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changes).toEqual([
      { field: 'USD', before: null, after: '1.6' },
      { field: 'GBP', before: null, after: '0.8' },
    ]);
    // The ECB's file never overwrites a rate finance set: the job re-reading Monday leaves Tuesday alone.
    expect((await t.app.fxRatesJob.runDue()).ok).toBe(true);
    expect((await t.database.db.select().from(fxRates).where(and(eq(fxRates.day, '2026-03-03'), eq(fxRates.currency, 'USD'))))[0]?.source).toBe('finance'); // prettier-ignore
  });

  /** The expected base amount of some conversions: each amount × 1/rate of its day, summed exactly, rounded half-even. */
  const RATE: Record<string, Record<string, [number, number]>> = {
    // [numerator, denominator] of 1/rate: 1/1.1642 = 10000/11642 …
    '2026-03-02': { EUR: [1, 1], USD: [10_000, 11_642], GBP: [100_000, 87_905] },
    '2026-03-03': { EUR: [1, 1], USD: [10, 16], GBP: [10, 8] },
    '2026-03-04': { EUR: [1, 1], USD: [10, 16], GBP: [10, 8] },
  };
  async function expected(keep: (c: { partnerId: number; currency: string; day: string }) => boolean) {
    const rows = await t.database.db
      .select({
        partnerId: conversions.partnerId,
        currency: conversions.currency,
        revenue: conversions.revenue,
        payout: conversions.payout,
        at: conversions.createdAt,
      }) // prettier-ignore
      .from(conversions)
      .where(eq(conversions.status, 'approved'));
    const sum = (pick: 'revenue' | 'payout') => {
      let num = 0n;
      let den = 1n;
      for (const r of rows) {
        const day = r.at.toISOString().slice(0, 10);
        if (!keep({ partnerId: r.partnerId!, currency: r.currency, day })) continue;
        const [n, d] = RATE[day]![r.currency]!;
        num = num * BigInt(d) + BigInt(r[pick]) * BigInt(n) * den;
        den *= BigInt(d);
      }
      // Half to even, by hand: twice the remainder against the denominator.
      const q = num / den;
      const twice = 2n * (num - q * den);
      return Number(twice > den || (twice === den && q % 2n === 1n) ? q + 1n : q);
    };
    return { revenue: sum('revenue'), payout: sum('payout') };
  }
  const amount = (list: MoneyAmount[]) => {
    expect(list.map((m) => m.currency)).toEqual(['EUR']);
    return list[0]!.amount;
  };

  it('converts each amount at its day’s rate, a missing day at the last known one, and says so', async () => {
    const body = await report({ breakdown: 'day' }, { ...range, currency: 'base' });
    expect(body.fx).toEqual({ base: 'EUR', rounding: 'half-even', missingDays: [{ currency: 'USD', date: '2026-03-04', rateOf: '2026-03-03' }] }); // prettier-ignore
    const byDay = Object.fromEntries(body.data.map((r) => [r.key, r]));
    for (const day of ['2026-03-02', '2026-03-03', '2026-03-04']) {
      const want = await expected((c) => c.day === day);
      expect(amount(byDay[day]!.advertiserRevenue), day).toBe(want.revenue);
      expect(amount(byDay[day]!.payout), day).toBe(want.payout);
      expect(amount(byDay[day]!.margin), day).toBe(want.revenue - want.payout);
    }
    // By hand: Tuesday is 2 × 9.00 USD at 1.6 (11.25 €) and 5.00 GBP at 0.8 (6.25 €); payouts 2 × 3.75 € + 4.375 €.
    expect(amount(byDay['2026-03-03']!.advertiserRevenue)).toBe(1750);
    expect(amount(byDay['2026-03-03']!.payout), '1187.5 to the even cent').toBe(1188);
    // Wednesday at Tuesday's rate: 9.00 USD / 1.6 = 5.625 €, 6.00 USD / 1.6 = 3.75 €. Half to even: 562.5 → 562.
    expect(amount(byDay['2026-03-04']!.advertiserRevenue)).toBe(562);
    expect(amount(byDay['2026-03-04']!.payout)).toBe(375);
    // Monday by hand: 10.00 € + 9.00 USD / 1.1642 (7.7306…) + 5.00 GBP / 0.87905 (5.6879…) = 23.4185… €.
    expect(amount(byDay['2026-03-02']!.advertiserRevenue)).toBe(2342);
    // The amounts as they were, beside the converted ones (the screen shows them on hover).
    expect(byDay['2026-03-02']!.original?.advertiserRevenue).toEqual([{ currency: 'EUR', amount: 1000 }, { currency: 'GBP', amount: 500 }, { currency: 'USD', amount: 900 }]); // prettier-ignore
    // Totals are the rows' sums, never converted again.
    const totals = body.data.at(-1)!;
    const rows = body.data.filter((r) => !r.isTotal);
    expect(amount(totals.advertiserRevenue)).toBe(rows.reduce((n, r) => n + amount(r.advertiserRevenue), 0));
    expect(amount(totals.payout)).toBe(rows.reduce((n, r) => n + amount(r.payout), 0));
    expect(totals.epc).toEqual([{ currency: 'EUR', amount: amount(totals.advertiserRevenue) / totals.clicks }]);
  });

  it('rounds once per row of the finest level: nested rows, their parents and the Totals add up', async () => {
    const body = await report({ breakdown: 'partner' }, { ...range, currency: 'base', then: 'offer' });
    const rows = body.data.filter((r) => !r.isTotal);
    for (const row of rows) {
      const children = row.children ?? [];
      expect(children.length).toBeGreaterThan(0);
      expect(amount(row.advertiserRevenue)).toBe(children.reduce((n, c) => n + amount(c.advertiserRevenue), 0));
      expect(amount(row.payout)).toBe(children.reduce((n, c) => n + amount(c.payout), 0));
      for (const child of children) {
        const currency = Object.entries(offerOf).find(([, id]) => String(id) === child.key)![0];
        const want = await expected((c) => String(c.partnerId) === row.key && c.currency === currency);
        expect(amount(child.advertiserRevenue), `${row.label} × ${child.label}`).toBe(want.revenue);
      }
    }
    const totals = body.data.at(-1)!;
    expect(amount(totals.margin)).toBe(rows.reduce((n, r) => n + amount(r.margin), 0));
  });

  it('pages a converted nested report: each page a slice of the whole answer, its Totals and rates notes all pages’ (decision 153)', async () => {
    const sorts = [
      { sortName: 'margin', sortOrder: 'desc' },
      { sortName: 'advertiserRevenue', sortOrder: 'asc' },
      { sortName: 'payout', sortOrder: 'desc' },
      { sortName: 'clicks', sortOrder: 'asc' },
      { sortName: 'label', sortOrder: 'desc' },
    ] as const;
    // Refused clicks on an offer that does not exist (offer 0; decision 153's addendum): the 'Unknown offer' has no click, yet is a
    // row of the whole answer, so of one page and of every page's count; and a pair of its own under the partner.
    const refusedRows = [{ hour: new Date('2026-03-03T05:00:00Z'), reason: 'unknown_offer', offerId: 0, partnerId: team[0]!.partnerId, count: 2 }]; // prettier-ignore
    await t.database.db.insert(rejectedClicksHourly).values(refusedRows);
    for (const [breakdown, then] of [
      ['partner', 'offer'],
      ['offer', 'partner'],
    ] as const) {
      for (const sort of sorts) {
        const what = `${breakdown}>${then} ${sort.sortName} ${sort.sortOrder}`;
        const whole = await report({ breakdown }, { ...range, currency: 'base', then, ...sort });
        const body = whole.data.filter((r) => !r.isTotal);
        expect(body.length, what).toBeGreaterThan(1);
        const pages: typeof body = [];
        for (let page = 1; page <= body.length + 1; page += 1) {
          const answer = await report({ breakdown }, { ...range, currency: 'base', then, ...sort, page, count: 1 });
          expect(answer.total, what).toBe(body.length);
          expect(answer.data.at(-1), `${what} page ${page}`).toEqual(whole.data.at(-1));
          // Wednesday's USD sale read at Tuesday's rate is said on every page, wherever its row is.
          expect(answer.fx, `${what} page ${page}`).toEqual(whole.fx);
          pages.push(...answer.data.slice(0, -1));
        }
        expect(pages, what).toEqual(body);
        if (breakdown === 'offer') expect(body.find((r) => r.key === '0'), what).toMatchObject({ clicks: 0, refusedClicks: 2 }); // prettier-ignore
      }
    }
    await t.database.db.delete(rejectedClicksHourly).where(and(eq(rejectedClicksHourly.reason, 'unknown_offer'), eq(rejectedClicksHourly.partnerId, team[0]!.partnerId))); // prettier-ignore
    // The CSV is every row whatever the page asked.
    const csv = async (query: ReportInput['query']) => (await callEndpoint(t.app, networkReportsEndpoints.export, { params: { breakdown: 'partner' }, query }, admin)).raw.body; // prettier-ignore
    expect(await csv({ ...range, currency: 'base', then: 'offer', page: 2, count: 1 })).toBe(await csv({ ...range, currency: 'base', then: 'offer' })); // prettier-ignore
  });

  it('converts in SQL per row as the raw conversions give it, for every grain a report reads (decision 123)', async () => {
    const offerCurrency = (key: string) => Object.entries(offerOf).find(([, id]) => String(id) === key)![0];
    type Key = { partnerId: number; currency: string; day: string };
    const match: Record<string, (key: string, c: Key) => boolean> = {
      partner: (key, c) => String(c.partnerId) === key,
      offer: (key, c) => offerCurrency(key) === c.currency,
      day: (key, c) => c.day === key,
    };
    // The partner grain, the offer grain, the pair grain (both keys, and an offer breakdown of some partners).
    for (const [breakdown, then, filters] of [
      ['partner', undefined, {}],
      ['offer', undefined, {}],
      ['day', undefined, {}],
      ['offer', 'partner', {}],
      ['day', 'offer', {}],
      ['partner', 'day', {}],
      ['offer', undefined, { partnerId: [team[0]!.partnerId, team[2]!.partnerId] }],
    ] as const) {
      const body = await report({ breakdown }, { ...range, currency: 'base', ...(then ? { then } : {}), ...filters });
      const only = (c: Key) => !('partnerId' in filters) || (filters.partnerId as readonly number[]).includes(c.partnerId); // prettier-ignore
      for (const row of body.data.filter((r) => !r.isTotal)) {
        for (const leaf of then ? (row.children ?? []) : [row]) {
          const want = await expected((c) => only(c) && match[breakdown]!(row.key, c) && (!then || match[then]!(leaf.key, c))); // prettier-ignore
          const name = `${breakdown}${then ? ` × ${then}` : ''} ${row.key}/${leaf.key}`;
          expect(amount(leaf.advertiserRevenue), name).toBe(want.revenue);
          expect(amount(leaf.payout), name).toBe(want.payout);
        }
      }
      // Wednesday's USD sale (partner 1's) is read at Tuesday's rate; the two other partners' offers have none.
      const missing = 'partnerId' in filters ? [] : [{ currency: 'USD', date: '2026-03-04', rateOf: '2026-03-03' }];
      expect(body.fx?.missingDays, breakdown).toEqual(missing);
    }
    // A manager's offers read the pair grain: its partners' conversions only.
    const mine = await report({ breakdown: 'offer' }, { ...range, currency: 'base' }, manager);
    for (const row of mine.data.filter((r) => !r.isTotal)) {
      const want = await expected((c) => c.partnerId !== team[2]!.partnerId && match.offer!(row.key, c));
      expect(amount(row.advertiserRevenue), `manager's offer ${row.key}`).toBe(want.revenue);
    }
  });

  it("exports the converted report: the base columns sum to the screen's Totals, the original currencies kept", async () => {
    for (const query of [
      { ...range, currency: 'base' as const },
      { ...range, currency: 'base' as const, then: 'offer' as const },
    ]) {
      // prettier-ignore
      const res = await callEndpoint(t.app, networkReportsEndpoints.export, { params: { breakdown: 'partner' }, query }, admin); // prettier-ignore
      expectOk(res);
      expect(res.headers['content-disposition']).toContain('-EUR.csv');
      const { header, lines } = readSpreadsheetCsv(res.raw.body);
      const screen = (await report({ breakdown: 'partner' }, query)).data;
      const totals = screen.at(-1)!;
      const rows = lines.slice(0, -1);
      expect(header).toContain('Original Advertiser Revenue USD');
      expect(header).toContain('Original Payout GBP');
      expect(header.filter((h) => h.startsWith('Advertiser Revenue '))).toEqual(['Advertiser Revenue EUR']);
      for (const [column, money] of [
        ['Advertiser Revenue EUR', totals.advertiserRevenue],
        ['Payout EUR', totals.payout],
        ['Margin EUR', totals.margin],
        ['Pending Revenue EUR', totals.pendingRevenue],
      ] as const) {
        // prettier-ignore
        expect(columnSum(header, rows, column), column).toBe(amount(money));
        expect(columnSum(header, [lines.at(-1)!], column), `${column} Totals line`).toBe(amount(money));
      }
      const original = (c: string) => totals.original!.advertiserRevenue.find((m) => m.currency === c)!.amount;
      expect(columnSum(header, rows, 'Original Advertiser Revenue USD')).toBe(original('USD'));
      expect(columnSum(header, rows, 'Clicks') / 100).toBe(totals.clicks);
    }
  });

  it("keeps a manager's converted report to its partners; a forged partner id answers nothing", async () => {
    const mine = await report({ breakdown: 'partner' }, { ...range, currency: 'base' }, manager);
    expect(mine.data.filter((r) => !r.isTotal).map((r) => Number(r.key)).sort()).toEqual([team[0]!.partnerId, team[1]!.partnerId].sort()); // prettier-ignore
    const want = await expected((c) => c.partnerId !== team[2]!.partnerId);
    expect(amount(mine.data.at(-1)!.advertiserRevenue)).toBe(
      mine.data.filter((r) => !r.isTotal).reduce((n, r) => n + amount(r.advertiserRevenue), 0),
    );
    // Rounded per row, the manager's Totals may differ from one rounding of everything by a cent per row at most.
    expect(Math.abs(amount(mine.data.at(-1)!.advertiserRevenue) - want.revenue)).toBeLessThanOrEqual(2);
    const forged = await report({ breakdown: 'partner' }, { ...range, currency: 'base', partnerId: [team[2]!.partnerId] }, manager); // prettier-ignore
    expect(forged.data.filter((r) => !r.isTotal)).toEqual([]);
    expect(amount(forged.data.at(-1)!.advertiserRevenue)).toBe(0);
    expect(forged.fx?.missingDays).toEqual([]);
  });

  it('refuses an unknown currency value, and answers 409 for a currency with no rate on or before its days', async () => {
    expectError(await callEndpoint(t.app, networkReportsEndpoints.report, { params: { breakdown: 'day' }, query: { ...range, currency: invalid('USD') } }, admin), 400); // prettier-ignore
    await t.database.db.delete(fxRates).where(eq(fxRates.currency, 'GBP'));
    try {
      expectError(await callEndpoint(t.app, networkReportsEndpoints.report, { params: { breakdown: 'day' }, query: { ...range, currency: 'base' } }, admin), 409); // prettier-ignore
    } finally {
      await t.database.db.insert(fxRates).values([
        { day: '2026-03-02', currency: 'GBP', rate: '0.87905', source: 'ecb' },
        { day: '2026-03-03', currency: 'GBP', rate: '0.8', source: 'finance' },
      ]);
    }
    const plain: NetworkReportRow[] = (await report({ breakdown: 'day' }, range)).data;
    expect(plain.at(-1)!.original, 'without currency=base, amounts stay per currency').toBeUndefined();
  });
});
