import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionChangesEndpoints, networkReportsEndpoints, type NetworkReportRow } from '@portal/contracts';
import { rowsOf } from '../src/db/bulk.js';
import { clicks, conversions } from '../src/db/schema.js';
import { buildTestApp, callEndpoint, expectOk, okBody, testClock, type CallInput, type TestApp } from './helper.js';
import { refoldWeeklyGrains } from '../src/modules/rollups/index.js';
import {
  addConversion,
  figuresOf,
  noFigures,
  reviewConversion,
  sendClick,
  sendPostback,
  totalOf,
  weekReportSetup,
  type Figures,
} from './report-figures.js';

/**
 * Decision 136: the partner, offer and pair grains' whole weeks read from their weekly tables, the days at a window's
 * ends from the daily ones and its end hours from the hourly ones; decision 150: the landing grain's too (by landing
 * page, and landing page × offer), clicks sent to each offer's landing page on some days and its own URL on others. Traffic every day of a month at 00:30, 12:00 and
 * 23:30 UTC; conversions reviewed and reversed weeks after they came; each report over whole weeks and edge days, in
 * UTC and at +05:00, equal to the raw clicks and conversions.
 */
describe('network reports over whole weeks (decision 136)', () => {
  let t: TestApp;
  // Sunday 1 March 2026, 00:30 UTC.
  const clock = testClock(new Date('2026-03-01T00:30:00Z'));
  let utc: string;
  let east: string;
  let finance: string;
  const partnerIds: number[] = [];
  const o: { offerId: number; token: string }[] = [];
  const pages: number[] = [];
  const pendingSales: number[] = [];
  const registrations: number[] = [];

  type ReportInput = CallInput<typeof networkReportsEndpoints.report>;
  const report = async (breakdown: 'partner' | 'offer' | 'landing', query: ReportInput['query'], token: string) =>
    okBody(await callEndpoint(t.app, networkReportsEndpoints.report, { params: { breakdown }, query }, token)).data; // prettier-ignore

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now, config: { trustProxy: true, logLevel: 'error' } });
    const goals = [{ goal: 'registration', revenueAmount: 900, payoutAmount: 600 }, { goal: 'sale', revenuePercent: 3000, payoutPercent: 1000, manualValidation: true }]; // prettier-ignore
    const network = await weekReportSetup(t, goals);
    partnerIds.push(...network.partnerIds);
    o.push(...network.offers);
    pages.push(...network.pages);
    const [p0, p1] = partnerIds as [number, number];
    const [o0, o1] = o as [(typeof o)[0], (typeof o)[0]];
    // Each offer's landing page on some days, its own URL on the others (decision 150).
    const lp = (page: number, on: boolean): Record<string, string> => (on ? { lp: String(page) } : {});
    for (let day = 1; day <= 31; day += 1) {
      // 00:30 UTC: a registration every other day.
      const first = await sendClick(t, o0.offerId, p0, lp(pages[0]!, day % 4 < 2));
      if (day % 2 === 0) registrations.push(await sendPostback(t, o0.token, first, 'registration'));
      clock.advance(11.5 * 3_600_000);
      // 12:00 UTC: a click without conversion, a sale held for validation every third day.
      await sendClick(t, o1.offerId, p1);
      const sale = await sendClick(t, o0.offerId, p1, lp(pages[0]!, day % 2 === 1));
      if (day % 3 === 0) pendingSales.push(await sendPostback(t, o0.token, sale, 'sale', String(20 + day)));
      clock.advance(11.5 * 3_600_000);
      // 23:30 UTC: already the next day at +05:00.
      const late = await sendClick(t, o1.offerId, p0, lp(pages[1]!, day % 3 !== 0));
      if (day % 4 === 1) await sendPostback(t, o1.token, late, 'registration');
      clock.advance(3_600_000);
    }
    await t.app.tracking.buffer.flush();
    // A month later: sessions signed in afresh.
    ({ utc, east, finance } = await network.signIn());
    // After the fact (in April): sales approved and rejected, registrations reversed, each back in its own week.
    for (const [i, id] of pendingSales.entries()) {
      await reviewConversion(t, utc, id, i % 2 === 0 ? { status: 'approved' } : { status: 'rejected', reason: 'fraud' }); // prettier-ignore
    }
    for (const id of registrations.filter((_, i) => i % 3 === 1)) {
      expectOk(await callEndpoint(t.app, conversionChangesEndpoints.reverse, { params: { id }, body: { reason: 'fraud' } }, finance)); // prettier-ignore
    }
  });
  afterAll(async () => t?.close());

  /**
   * The report again from the raw rows of [from, to): per partner, offer or both (`partner/offer`), per landing page
   * (0: the offer's own URL) or landing page and offer (`page/offer`).
   */
  async function fromRawRows(
    by: 'partner' | 'offer' | 'pair' | 'landing' | 'landingOffer',
    from: Date,
    to: Date,
    partners?: number[],
  ) {
    const out = new Map<string, Figures>();
    const at = (partnerId: number, offerId: number, page: number | null, createdAt: Date) => {
      if (createdAt < from || createdAt >= to || (partners && !partners.includes(partnerId))) return null;
      const key = { partner: `${partnerId}`, offer: `${offerId}`, pair: `${partnerId}/${offerId}`, landing: `${page ?? 0}`, landingOffer: `${page ?? 0}/${offerId}` }[by]; // prettier-ignore
      const row = out.get(key) ?? noFigures();
      out.set(key, row);
      return row;
    };
    for (const c of await t.database.db.select().from(clicks)) {
      const row = at(c.partnerId, c.offerId, c.landingPageId, c.createdAt);
      if (row) row.clicks += 1;
    }
    for (const c of await t.database.db.select().from(conversions)) {
      const row = c.partnerId !== null && c.offerId !== null ? at(c.partnerId, c.offerId, c.landingPageId, c.createdAt) : null; // prettier-ignore
      if (row) addConversion(row, c);
    }
    return out;
  }

  const shown = (rows: NetworkReportRow[]) => new Map(rows.filter((r) => !r.isTotal).map((r) => [r.key, figuresOf(r)])); // prettier-ignore
  const nested = (rows: NetworkReportRow[]) =>
    new Map(rows.flatMap((r) => (r.children ?? []).filter((c) => c.clicks > 0 || c.conversions > 0 || c.pendingConversions > 0 || c.rejectedConversions > 0).map((c) => [`${r.key}/${c.key}`, figuresOf(c)] as const))); // prettier-ignore

  // Wednesday 4 to Thursday 26 March: two whole weeks (9–22 March) and nine days at the ends; and a span of no week.
  const cases = [
    ['two whole weeks and edge days', { startDate: '2026-03-04', endDate: '2026-03-26' }],
    ['whole weeks only', { startDate: '2026-03-02', endDate: '2026-03-29' }],
    ['the whole month', { startDate: '2026-03-01', endDate: '2026-03-31' }],
    ['no whole week', { startDate: '2026-03-10', endDate: '2026-03-15' }],
  ] as const;

  it('equals the raw rows by partner, by offer, partner × offer, offer for one partner, landing page and landing page × offer, in UTC and at +05:00', async () => {
    let checked = 0;
    for (const [name, range] of cases) {
      for (const [zone, token, offset] of [
        ['UTC', utc, 0],
        ['+05:00', east, 5 * 3_600_000],
      ] as const) {
        const from = new Date(Date.parse(`${range.startDate}T00:00:00Z`) - offset);
        const to = new Date(Date.parse(`${range.endDate}T00:00:00Z`) + 86_400_000 - offset);
        const label = `${name}, ${zone}`;
        for (const by of ['partner', 'offer'] as const) {
          const rows = await report(by, range, token);
          const expected = await fromRawRows(by, from, to);
          expect(shown(rows), `${label} by ${by}`).toEqual(expected);
          expect(figuresOf(rows.at(-1)!), `${label} by ${by}: Totals`).toEqual(totalOf(expected));
        }
        const pairs = await report('partner', { ...range, then: 'offer' }, token);
        expect(nested(pairs), `${label}, partner × offer`).toEqual(await fromRawRows('pair', from, to));
        const one = [partnerIds[1]!];
        const filtered = await report('offer', { ...range, partnerId: one }, token);
        expect(shown(filtered), `${label}, offer for one partner`).toEqual(await fromRawRows('offer', from, to, one));
        // Decision 150: the landing grain's whole weeks.
        const landing = await report('landing', range, token);
        const byPage = await fromRawRows('landing', from, to);
        expect(shown(landing), `${label} by landing page`).toEqual(byPage);
        expect(figuresOf(landing.at(-1)!), `${label} by landing page: Totals`).toEqual(totalOf(byPage));
        const landingOffers = await report('landing', { ...range, then: 'offer' }, token);
        expect(nested(landingOffers), `${label}, landing page × offer`).toEqual(await fromRawRows('landingOffer', from, to)); // prettier-ignore
        checked += 1;
      }
    }
    expect(checked).toBe(8);
    // The traffic holds what the weeks must carry: approved, pending-then-decided and reversed conversions, two currencies.
    const all = totalOf(await fromRawRows('partner', new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z'))); // prettier-ignore
    expect(all.rejectedConversions).toBeGreaterThan(0);
    expect(all.conversions).toBeGreaterThan(0);
    expect(Object.keys(all.money).some((k) => k.endsWith('USD'))).toBe(true);
    // Both offers' pages and own URLs, with conversions on a page.
    const month = [new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z')] as const;
    const byPage = await fromRawRows('landing', ...month);
    expect([...byPage.keys()].sort()).toEqual(['0', ...pages.map(String)].sort());
    expect(byPage.get(String(pages[0]))!.conversions).toBeGreaterThan(0);
    const reversed = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from conversions where status = 'rejected' and goal = 'registration'`)); // prettier-ignore
    expect(reversed[0]!.n).toBeGreaterThan(0);
  });

  const GRAINS = [
    ['stats_partner_weekly', 'stats_partner_daily', 'partner_id, currency'],
    ['stats_offer_weekly', 'stats_offer_daily', 'offer_id, currency'],
    ['stats_pair_weekly', 'stats_pair_daily', 'partner_id, offer_id, currency'],
    ['stats_landing_weekly', 'stats_landing_daily', 'offer_id, landing_page_id, currency'],
  ] as const;
  const COUNTS = 'clicks, conversions, pending, rejected, payout, pending_payout, revenue, pending_revenue';
  const exec = async (text: string) => rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(text)));

  /** Each weekly grain's rows that differ from its daily grain folded per Monday, by table. */
  async function weeklyDifferences(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const [weekly, daily, key] of GRAINS) {
      const sums = COUNTS.split(', ').map((c) => `sum(${c})::bigint as ${c}`).join(', '); // prettier-ignore
      const folded = `select date_trunc('week', day::timestamp)::date as week, ${key}, ${sums} from ${daily} group by 1, ${key}`; // prettier-ignore
      const kept = `select week, ${key}, ${COUNTS} from ${weekly}`;
      out[weekly] = (await exec(`(${folded} except ${kept}) union all (${kept} except ${folded})`)).length;
    }
    return out;
  }
  const none = { stats_partner_weekly: 0, stats_offer_weekly: 0, stats_pair_weekly: 0, stats_landing_weekly: 0 };
  const noneRefolded = { ...none, stats_goal_offer_daily: 0 };

  it('each weekly grain holds its daily grain summed per UTC week, Monday first', async () => {
    expect(await weeklyDifferences()).toEqual(none);
    for (const [weekly] of GRAINS) {
      const mondays = await exec(`select count(*)::int as n from ${weekly} where extract(isodow from week) <> 1`);
      expect(mondays[0]!.n, weekly).toBe(0);
      const weeks = await exec(`select count(distinct week)::int as n from ${weekly}`);
      expect(weeks[0]!.n, weekly).toBeGreaterThanOrEqual(5);
    }
  });

  it('the click batch writes the weekly landing grain in its statement, beside the daily one (decision 150)', async () => {
    const [p0] = partnerIds as [number, number];
    const [o0] = o as [(typeof o)[0]];
    // Clicks only (no conversion, so no other writer): the batch's statement alone writes these rows.
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const monday = rowsOf<{ week: string }>(await t.database.db.execute(sql`select to_char(date_trunc('week', ${today}::date::timestamp), 'YYYY-MM-DD') as week`))[0]!.week; // prettier-ignore
    const weekly = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`select coalesce(sum(clicks), 0)::int as n from stats_landing_weekly where week = ${monday}::date and offer_id = ${o0.offerId} and landing_page_id = ${pages[0]!}`))[0]!.n; // prettier-ignore
    const before = await weekly();
    for (let i = 0; i < 4; i += 1) await sendClick(t, o0.offerId, p0, { lp: String(pages[0]) });
    await t.app.tracking.buffer.flush();
    expect(await weekly()).toBe(before + 4);
    expect(await weeklyDifferences()).toEqual(none);
  });

  it('after servers of an earlier build wrote the daily grains alone (a rolling deploy), refolding adds what the weeks lack beside this build’s clicks, and a second run changes nothing', async () => {
    const [p0, p1] = partnerIds as [number, number];
    const [o0] = o as [(typeof o)[0]];
    const range = cases[0][1];
    const pairsOf = async () => nested(await report('partner', { ...range, then: 'offer' }, utc));
    const before = await pairsOf();
    // An earlier build's click batch on Thursday 12 March (inside the range's whole weeks): the daily grains only.
    const oldBuildWrites = async (n: number) => {
      const add = (table: string, key: string, values: string) =>
        exec(`insert into ${table} (day, ${key}, clicks) values ('2026-03-12', ${values}, ${n})
          on conflict (day, ${key}) do update set clicks = ${table}.clicks + excluded.clicks`);
      await add('stats_partner_daily', 'partner_id, currency', `${p1}, 'EUR'`);
      await add('stats_offer_daily', 'offer_id, currency', `${o0.offerId}, 'EUR'`);
      await add('stats_pair_daily', 'partner_id, offer_id, currency', `${p1}, ${o0.offerId}, 'EUR'`);
      await add('stats_landing_daily', 'offer_id, landing_page_id, currency', `${o0.offerId}, ${pages[0]}, 'EUR'`);
    };
    const landingOf = async () => shown(await report('landing', range, utc));
    const landingBefore = await landingOf();
    await oldBuildWrites(7);
    expect(await weeklyDifferences()).toEqual({ stats_partner_weekly: 2, stats_offer_weekly: 2, stats_pair_weekly: 2, stats_landing_weekly: 2 }); // prettier-ignore
    // Refolded while this build's clicks (today, outside the range) are written beside it.
    const [changed] = await Promise.all([
      refoldWeeklyGrains(t.database.db),
      (async () => {
        for (let i = 0; i < 3; i += 1) await sendClick(t, o0.offerId, p0);
        await t.app.tracking.buffer.flush();
      })(),
    ]);
    expect(changed).toEqual({ ...noneRefolded, stats_partner_weekly: 1, stats_offer_weekly: 1, stats_pair_weekly: 1, stats_landing_weekly: 1 }); // prettier-ignore
    expect(await weeklyDifferences()).toEqual(none);
    // The whole weeks now carry the earlier build's clicks, as the daily grain does.
    const after = await pairsOf();
    const key = `${p1}/${o0.offerId}` as const;
    expect(after.get(key)!.clicks).toBe(before.get(key)!.clicks + 7);
    expect((await landingOf()).get(String(pages[0]))!.clicks).toBe(landingBefore.get(String(pages[0]))!.clicks + 7);
    expect(await refoldWeeklyGrains(t.database.db)).toEqual(noneRefolded);
    // A difference below the weeks' sums is taken away the same way; the report is back to the raw rows.
    await oldBuildWrites(-7);
    expect(await refoldWeeklyGrains(t.database.db)).toEqual({ ...noneRefolded, stats_partner_weekly: 1, stats_offer_weekly: 1, stats_pair_weekly: 1, stats_landing_weekly: 1 }); // prettier-ignore
    expect(await weeklyDifferences()).toEqual(none);
    expect(await pairsOf()).toEqual(before);
    expect(await landingOf()).toEqual(landingBefore);
  });
});
