import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversionChangesEndpoints,
  fxRatesEndpoints,
  networkReportsEndpoints,
  type MoneyAmount,
  type NetworkLeafRow,
  type NetworkReportRow,
} from '@portal/contracts';
import { rowsOf } from '../src/db/bulk.js';
import { conversions, fxRates } from '../src/db/schema.js';
import { buildTestApp, callEndpoint, expectOk, okBody, testClock, type CallInput, type TestApp } from './helper.js';
import { rebuildConvertedWeeks } from '../src/modules/rollups/index.js';
import { reviewConversion, sendClick, sendPostback, weekReportSetup } from './report-figures.js';

/**
 * Decision 142: a converted report (`currency=base`) reads its whole weeks from the weekly grains in the base currency
 * and its edge days from the daily grains. Traffic every day of March in EUR and USD; conversions reviewed and
 * reversed after the fact; the rates entered by finance after the traffic, one edited on a day later days borrowed,
 * one day filled by the ECB's job; each converted report over whole weeks and edge days, in UTC and at +05:00, equal
 * to the raw conversions converted at their day's rate, and the weekly grains in the base currency equal to a build
 * of them from scratch after every change. Decision 150: the landing page and landing page × offer reports too, read
 * from the weekly landing grain in the base currency.
 */
describe('converted network reports over whole weeks (decision 142)', () => {
  let t: TestApp;
  let server: http.Server;
  // Sunday 1 March 2026, 00:30 UTC.
  const clock = testClock(new Date('2026-03-01T00:30:00Z'));
  let utc: string;
  let east: string;
  let finance: string;
  const partnerIds: number[] = [];
  const o: { offerId: number; token: string }[] = [];
  const pages: number[] = [];
  const registrations: number[] = [];
  // The ECB's daily file the job reads: Friday 27 March, a day finance left without a rate, with a sale still pending.
  const ecbFile = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
	<Cube>
		<Cube time='2026-03-27'>
			<Cube currency='USD' rate='1.0771'/>
			<Cube currency='GBP' rate='0.86113'/>
		</Cube>
	</Cube>
</gesmes:Envelope>`;

  type ReportInput = CallInput<typeof networkReportsEndpoints.report>;
  const report = async (breakdown: 'partner' | 'offer' | 'landing', query: ReportInput['query'], token: string) =>
    okBody(await callEndpoint(t.app, networkReportsEndpoints.report, { params: { breakdown }, query: { ...query, currency: 'base' } }, token)); // prettier-ignore
  const setRates = async (date: string, usd: string) =>
    expectOk(await callEndpoint(t.app, fxRatesEndpoints.put, { body: { date, rates: [{ currency: 'USD', rate: usd }, { currency: 'GBP', rate: '0.8731' }] } }, finance)); // prettier-ignore

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/eurofxref-daily.xml') res.writeHead(200, { 'content-type': 'text/xml' }).end(ecbFile);
      else res.writeHead(404).end('not here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    t = await buildTestApp({ now: clock.now, config: { trustProxy: true, logLevel: 'error' as const, fxRatesUrl: `http://127.0.0.1:${port}/eurofxref-daily.xml` } }); // prettier-ignore
    const goals = [{ goal: 'registration', revenueAmount: 913, payoutAmount: 607 }, { goal: 'sale', revenuePercent: 3000, payoutPercent: 1000, manualValidation: true }]; // prettier-ignore
    const network = await weekReportSetup(t, goals);
    partnerIds.push(...network.partnerIds);
    o.push(...network.offers);
    pages.push(...network.pages);
    const [p0, p1] = partnerIds as [number, number];
    const [o0, o1] = o as [(typeof o)[0], (typeof o)[0]];
    const pendingSales: number[] = [];
    // Each offer's landing page on some days, its own URL on the others (decision 150).
    const lp = (page: number, on: boolean): Record<string, string> => (on ? { lp: String(page) } : {});
    for (let day = 1; day <= 31; day += 1) {
      // 00:30 UTC: a dollar registration on most days, none on Tuesdays (no money that day).
      const first = await sendClick(t, o1.offerId, p0, lp(pages[1]!, day % 3 !== 0));
      if (new Date(clock.now()).getUTCDay() !== 2) registrations.push(await sendPostback(t, o1.token, first, 'registration')); // prettier-ignore
      clock.advance(11.5 * 3_600_000);
      // 12:00 UTC: a dollar sale held for validation every third day, a euro registration every other day.
      const sale = await sendClick(t, o1.offerId, p1);
      if (day % 3 === 0) pendingSales.push(await sendPostback(t, o1.token, sale, 'sale', String(20 + day) + '.37'));
      const euro = await sendClick(t, o0.offerId, p1, lp(pages[0]!, day % 4 < 2));
      if (day % 2 === 0) await sendPostback(t, o0.token, euro, 'registration');
      clock.advance(11.5 * 3_600_000);
      // 23:30 UTC: already the next day at +05:00.
      const late = await sendClick(t, o1.offerId, p1, lp(pages[1]!, day % 2 === 0));
      if (day % 4 === 1) registrations.push(await sendPostback(t, o1.token, late, 'registration'));
      clock.advance(3_600_000);
    }
    await t.app.tracking.buffer.flush();
    ({ utc, east, finance } = await network.signIn());
    // The rates entered after the traffic: Friday 27 February, then March's weekdays but Fridays 13 and 27, Monday 16.
    await setRates('2026-02-27', '1.0813');
    for (let day = 2; day <= 31; day += 1) {
      const date = `2026-03-${String(day).padStart(2, '0')}`;
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6 || day === 13 || day === 16 || day === 27) continue;
      await setRates(date, (1.07 + day / 1000 + (day % 7) / 10_000).toFixed(4));
    }
    // After the fact: half the sales approved, half rejected, while the rates stand.
    for (const [i, id] of pendingSales.entries()) {
      if (i % 3 === 2) continue;
      await reviewConversion(t, utc, id, i % 2 === 0 ? { status: 'approved' } : { status: 'rejected', reason: 'fraud' }); // prettier-ignore
    }
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Each currency's own rates by day, as scaled integers of millionths. */
  async function ratesNow(): Promise<Map<string, [string, bigint][]>> {
    const out = new Map<string, [string, bigint][]>();
    for (const r of await t.database.db.select().from(fxRates).orderBy(fxRates.day)) {
      const [whole, fraction = ''] = r.rate.split('.');
      const list = out.get(r.currency.trim()) ?? [];
      list.push([r.day, BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6))]);
      out.set(r.currency.trim(), list);
    }
    return out;
  }

  type Amounts = { revenue: number; payout: number; pendingRevenue: number; pendingPayout: number };
  type Expected = { leaves: Map<string, Amounts>; missing: { currency: string; date: string; rateOf: string }[] };

  /**
   * The converted report again from the raw conversions of [from, to): each amount × 1 / its currency's rate on its
   * UTC day (or the last before), summed per leaf as one exact fraction, rounded half to even; and the days with money
   * that read an earlier day's rate.
   */
  async function fromRawRows(
    by: 'partner' | 'offer' | 'pair' | 'landing' | 'landingOffer',
    from: Date,
    to: Date,
    partners?: number[],
  ): Promise<Expected> {
    // prettier-ignore
    const rates = await ratesNow();
    const rateOn = (currency: string, day: string): [bigint, string] => {
      if (currency === 'EUR') return [1_000_000n, day];
      const found = (rates.get(currency) ?? []).filter(([d]) => d <= day).at(-1);
      if (!found) throw new Error(`no ${currency} rate on ${day}`);
      return [found[1], found[0]];
    };
    type Fraction = { num: bigint; den: bigint };
    const sums = new Map<string, Record<keyof Amounts, Fraction>>();
    const missing = new Map<string, { currency: string; date: string; rateOf: string }>();
    for (const c of await t.database.db.select().from(conversions)) {
      if (c.partnerId === null || c.offerId === null || c.createdAt < from || c.createdAt >= to) continue;
      if (partners && !partners.includes(c.partnerId)) continue;
      if (c.status === 'rejected') continue;
      const key = { partner: `${c.partnerId}`, offer: `${c.offerId}`, pair: `${c.partnerId}/${c.offerId}`, landing: `${c.landingPageId ?? 0}`, landingOffer: `${c.landingPageId ?? 0}/${c.offerId}` }[by]; // prettier-ignore
      const day = c.createdAt.toISOString().slice(0, 10);
      const [rate, of] = rateOn(c.currency, day);
      if (of !== day && (c.revenue !== 0 || c.payout !== 0)) missing.set(day, { currency: c.currency, date: day, rateOf: of }); // prettier-ignore
      const row = sums.get(key) ?? { revenue: { num: 0n, den: 1n }, payout: { num: 0n, den: 1n }, pendingRevenue: { num: 0n, den: 1n }, pendingPayout: { num: 0n, den: 1n } }; // prettier-ignore
      sums.set(key, row);
      const add = (name: keyof Amounts, amount: number) => {
        const f = row[name];
        // amount × 10^6 / rate: the euro is 10^6 millionths.
        f.num = f.num * rate + BigInt(amount) * 1_000_000n * f.den;
        f.den *= rate;
      };
      add(c.status === 'approved' ? 'revenue' : 'pendingRevenue', c.revenue);
      add(c.status === 'approved' ? 'payout' : 'pendingPayout', c.payout);
    }
    const halfEven = ({ num, den }: Fraction) => {
      const q = num / den;
      const twice = 2n * (num - q * den);
      return Number(twice > den || (twice === den && q % 2n === 1n) ? q + 1n : q);
    };
    const leaves = new Map<string, Amounts>();
    for (const [key, f] of sums) {
      leaves.set(key, { revenue: halfEven(f.revenue), payout: halfEven(f.payout), pendingRevenue: halfEven(f.pendingRevenue), pendingPayout: halfEven(f.pendingPayout) }); // prettier-ignore
    }
    return { leaves, missing: [...missing.values()].sort((a, b) => (a.date < b.date ? -1 : 1)) };
  }

  const euros = (list: MoneyAmount[]) => {
    expect(list.every((m) => m.currency === 'EUR')).toBe(true);
    return list.find((m) => m.currency === 'EUR')?.amount ?? 0;
  };
  const amountsOf = (r: NetworkLeafRow): Amounts => ({ revenue: euros(r.advertiserRevenue), payout: euros(r.payout), pendingRevenue: euros(r.pendingRevenue), pendingPayout: euros(r.pendingPayout) }); // prettier-ignore
  const withMoney = (a: Amounts) =>
    a.revenue !== 0 || a.payout !== 0 || a.pendingRevenue !== 0 || a.pendingPayout !== 0;
  const leavesOf = (rows: NetworkReportRow[], nested: boolean): Map<string, Amounts> => {
    const out = new Map<string, Amounts>();
    for (const r of rows.filter((x) => !x.isTotal)) {
      const leaves: [string, NetworkLeafRow][] = nested ? (r.children ?? []).map((c) => [`${r.key}/${c.key}`, c]) : [[r.key, r]]; // prettier-ignore
      for (const [key, leaf] of leaves) {
        const a = amountsOf(leaf);
        if (withMoney(a)) out.set(key, a);
      }
    }
    return out;
  };
  const expectedLeaves = (e: Expected) => new Map([...e.leaves].filter(([, a]) => withMoney(a)));

  // Wednesday 4 to Thursday 26 March: two whole weeks (9–22 March) and nine days at the ends; and a span of no week.
  const cases = [
    ['two whole weeks and edge days', { startDate: '2026-03-04', endDate: '2026-03-26' }],
    ['whole weeks only', { startDate: '2026-03-02', endDate: '2026-03-29' }],
    ['the whole month', { startDate: '2026-03-01', endDate: '2026-03-31' }],
    ['no whole week', { startDate: '2026-03-10', endDate: '2026-03-15' }],
  ] as const;

  /** Every case, zone and grain converted, against the raw conversions at the rates as they now stand. */
  async function expectConvertedAsRawRows(step: string): Promise<void> {
    for (const [name, range] of cases) {
      for (const [zone, token, offset] of [
        ['UTC', utc, 0],
        ['+05:00', east, 5 * 3_600_000],
      ] as const) {
        const from = new Date(Date.parse(`${range.startDate}T00:00:00Z`) - offset);
        const to = new Date(Date.parse(`${range.endDate}T00:00:00Z`) + 86_400_000 - offset);
        const label = `${step}: ${name}, ${zone}`;
        for (const by of ['partner', 'offer'] as const) {
          const body = await report(by, range, token);
          const want = await fromRawRows(by, from, to);
          expect(leavesOf(body.data, false), `${label} by ${by}`).toEqual(expectedLeaves(want));
          expect(body.fx?.missingDays, `${label} by ${by}: days at an earlier rate`).toEqual(want.missing);
        }
        const pairs = await report('partner', { ...range, then: 'offer' }, token);
        expect(leavesOf(pairs.data, true), `${label}, partner × offer`).toEqual(expectedLeaves(await fromRawRows('pair', from, to))); // prettier-ignore
        // Paged (decision 153): in UTC one statement over the weekly grain in the base currency, each page a slice of the
        // whole answer, the Totals and the days at an earlier rate those of every page.
        const outer = pairs.data.filter((r) => !r.isTotal);
        const pages: typeof outer = [];
        for (let page = 1; page <= outer.length + 1; page += 1) {
          const answer = await report('partner', { ...range, then: 'offer', page, count: 1 }, token);
          expect(answer.total, `${label}, page ${page}`).toBe(outer.length);
          expect(answer.data.at(-1), `${label}, page ${page}`).toEqual(pairs.data.at(-1));
          expect(answer.fx, `${label}, page ${page}`).toEqual(pairs.fx);
          pages.push(...answer.data.slice(0, -1));
        }
        expect(pages, `${label}, partner × offer by pages`).toEqual(outer);
        const one = [partnerIds[1]!];
        const filtered = await report('offer', { ...range, partnerId: one }, token);
        expect(leavesOf(filtered.data, false), `${label}, offer for one partner`).toEqual(expectedLeaves(await fromRawRows('offer', from, to, one))); // prettier-ignore
        // Decision 150: the weekly landing grain in the base currency.
        const landing = await report('landing', range, token);
        const byPage = await fromRawRows('landing', from, to);
        expect(leavesOf(landing.data, false), `${label} by landing page`).toEqual(expectedLeaves(byPage));
        expect(landing.fx?.missingDays, `${label} by landing page: days at an earlier rate`).toEqual(byPage.missing);
        const landingOffers = await report('landing', { ...range, then: 'offer' }, token);
        expect(leavesOf(landingOffers.data, true), `${label}, landing page × offer`).toEqual(expectedLeaves(await fromRawRows('landingOffer', from, to))); // prettier-ignore
      }
    }
  }

  const TABLES = ['stats_partner_weekly_fx', 'stats_offer_weekly_fx', 'stats_pair_weekly_fx', 'stats_landing_weekly_fx'] as const; // prettier-ignore
  const orderOf = (table: string) => `order by 1, 2, 3${table === 'stats_pair_weekly_fx' || table === 'stats_landing_weekly_fx' ? ', 4' : ''}`; // prettier-ignore
  const tablesNow = async () => {
    const out: Record<string, string[]> = {};
    for (const table of TABLES) {
      const rows = rowsOf<Record<string, unknown>>(await t.database.db.execute(sql.raw(`select * from ${table} ${orderOf(table)}`))); // prettier-ignore
      out[table] = rows.map((r) => JSON.stringify(Object.values(r).map(String)));
    }
    return out;
  };

  /** The weekly grains in the base currency as kept, against a build of them from scratch (rolled back). */
  async function expectAsBuiltAgain(step: string, base = 'EUR'): Promise<void> {
    const kept = await tablesNow();
    expect(kept.stats_pair_weekly_fx!.length, step).toBeGreaterThan(0);
    expect(kept.stats_landing_weekly_fx!.length, step).toBeGreaterThan(0);
    let built: Record<string, string[]> = {};
    await t.database.db
      .transaction(async (tx) => {
        await rebuildConvertedWeeks(tx, base);
        const out: Record<string, string[]> = {};
        for (const table of TABLES) {
          const rows = rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(`select * from ${table} ${orderOf(table)}`))); // prettier-ignore
          out[table] = rows.map((r) => JSON.stringify(Object.values(r).map(String)));
        }
        built = out;
        throw new Error('rolled back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'rolled back') throw error;
      });
    expect(kept, `${step}: the weekly grains in the base currency`).toEqual(built);
  }

  it('converts each amount at its day’s rate over whole weeks and edge days, and lists the days at an earlier rate', async () => {
    await expectAsBuiltAgain('rates entered after the traffic');
    await expectConvertedAsRawRows('rates entered after the traffic');
    // The weeks hold money on the days that had some: no Tuesday of March had a dollar conversion at 00:30.
    const weekdays = rowsOf<{ days: number }>(await t.database.db.execute(sql`select bit_or(money_days)::int as days from stats_pair_weekly_fx where currency = 'USD'`)); // prettier-ignore
    expect(weekdays[0]!.days).toBe(127);
    const euroOnly = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from stats_pair_weekly_fx where currency = 'EUR' and fx_revenue_inexact <> 0`)); // prettier-ignore
    expect(euroOnly[0]!.n, 'the base converts exactly').toBe(0);
  });

  it('follows conversions reversed after the fact', async () => {
    for (const id of registrations.filter((_, i) => i % 4 === 1)) {
      expectOk(await callEndpoint(t.app, conversionChangesEndpoints.reverse, { params: { id }, body: { reason: 'fraud' } }, finance)); // prettier-ignore
    }
    await expectAsBuiltAgain('reversals');
    await expectConvertedAsRawRows('reversals');
  });

  it('follows finance’s edit of a past day that later days borrowed, and the ECB’s job filling a day', async () => {
    // Friday 13 March gains its own rate: Saturday 14 and Sunday 15 (and Monday 16, still without one) read it.
    await setRates('2026-03-13', '1.1234');
    await expectAsBuiltAgain('Friday 13 set');
    await expectConvertedAsRawRows('Friday 13 set');
    // And is edited: the same days change again.
    await setRates('2026-03-13', '1.0519');
    await expectAsBuiltAgain('Friday 13 edited');
    await expectConvertedAsRawRows('Friday 13 edited');
    // The ECB's file fills Friday 27 March: it stops borrowing Thursday's, and the weekend after reads it.
    expect(await t.app.fxRatesJob.runDue()).toEqual({ ok: true, days: ['2026-03-27'] });
    await expectAsBuiltAgain('the ECB filling Friday 27');
    await expectConvertedAsRawRows('the ECB filling Friday 27');
    // An edit of the last rate reaches every later day.
    await setRates('2026-03-31', '1.2001');
    await expectAsBuiltAgain('the last day edited');
    await expectConvertedAsRawRows('the last day edited');
  }, 180_000);

  it('stays exact when a reversal of a day and an edit of its rate run at once', async () => {
    // Thursday 19 March: its dollar registrations reversed while finance edits its rate.
    const ids = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from conversions where status = 'approved' and currency = 'USD' and goal = 'registration' and created_at >= '2026-03-19' and created_at < '2026-03-20'`)).map((r) => r.id); // prettier-ignore
    expect(ids.length).toBeGreaterThan(0);
    await Promise.all([
      ...ids.map(async (id) => expectOk(await callEndpoint(t.app, conversionChangesEndpoints.reverse, { params: { id }, body: { reason: 'fraud' } }, finance))), // prettier-ignore
      setRates('2026-03-19', '1.0911'),
      setRates('2026-03-18', '1.0877'),
    ]);
    await expectAsBuiltAgain('a reversal beside an edit');
    await expectConvertedAsRawRows('a reversal beside an edit');
  });

  it('builds them again at start when BASE_CURRENCY changes', async () => {
    const euros = await tablesNow();
    const inEuros = rowsOf<{ currency: string; n: number }>(await t.database.db.execute(sql`select currency, count(*) filter (where fx_revenue_inexact <> 0)::int as n from stats_pair_weekly_fx group by 1 order by 1`)); // prettier-ignore
    const dollars = await buildTestApp({ now: clock.now, sameDatabaseAs: t, config: { logLevel: 'error', baseCurrency: 'USD' } }); // prettier-ignore
    try {
      const base = rowsOf<{ base: string }>(await t.database.db.execute(sql`select base from stats_fx_base`));
      expect(base.map((r) => r.base)).toEqual(['USD']);
      await expectAsBuiltAgain('in dollars', 'USD');
      // In dollars every amount converts exactly (× 1, or × the dollar's rate of a euro); in euros the dollars did not.
      const spans = async () => rowsOf<{ currency: string; n: number }>(await t.database.db.execute(sql`select currency, count(*) filter (where fx_revenue_inexact <> 0)::int as n from stats_pair_weekly_fx group by 1 order by 1`)); // prettier-ignore
      expect(await spans()).toEqual([
        { currency: 'EUR', n: 0 },
        { currency: 'USD', n: 0 },
      ]);
      expect(inEuros.find((r) => r.currency === 'USD')!.n).toBeGreaterThan(0);
      expect(await tablesNow()).not.toEqual(euros);
    } finally {
      await dollars.close();
    }
  });
});
