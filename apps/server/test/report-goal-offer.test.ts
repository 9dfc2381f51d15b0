import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionChangesEndpoints, networkReportsEndpoints, type NetworkReportRow } from '@portal/contracts';
import { rowsOf } from '../src/db/bulk.js';
import { clicks, conversions, users } from '../src/db/schema.js';
import { buildTestApp, callEndpoint, createStaff, expectOk, login, okBody, testClock, type CallInput, type TestApp } from './helper.js'; // prettier-ignore
import { refoldWeeklyGrains } from '../src/modules/rollups/index.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';
import {
  addConversion,
  figuresOf,
  noFigures,
  reportOffer,
  reportPartners,
  reviewConversion,
  sendClick,
  sendPostback,
  totalOf,
  type Figures,
} from './report-figures.js';

/**
 * Decision 141: the goal grain per offer (`stats_goal_offer_daily`), read by a goal filter of the network without a
 * partner, equal to the raw conversions after they were reviewed and reversed; and a window's end read as its whole
 * UTC day less the hours outside the window, with no partner shown for traffic only in those hours.
 */
describe('the goal grain per offer and a band read in one statement (decision 141)', () => {
  let t: TestApp;
  // Monday 2 March 2026, 01:00 UTC.
  const clock = testClock(new Date('2026-03-02T01:00:00Z'));
  let utc: string;
  let east: string;
  let west: string;
  const partnerIds: number[] = [];
  const o: { offerId: number; token: string }[] = [];
  let adminId = 0;
  let signIn: () => Promise<void>;

  type ReportInput = CallInput<typeof networkReportsEndpoints.report>;
  const report = async (breakdown: 'partner' | 'offer' | 'day', query: ReportInput['query'], token: string) =>
    okBody(await callEndpoint(t.app, networkReportsEndpoints.report, { params: { breakdown }, query }, token)).data; // prettier-ignore

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now, config: { trustProxy: true, logLevel: 'error' } });
    await goalsWithoutFloor(t, ['registration', 'sale']);
    const a = await createStaff(t, 'ROLE_ADMIN');
    adminId = a.userId;
    utc = await login(t, a.email, a.password);
    const b = await createStaff(t, 'ROLE_ADMIN');
    await t.database.db.update(users).set({ timezone: '+05:00' }).where(eq(users.id, b.userId));
    const c = await createStaff(t, 'ROLE_ADMIN');
    await t.database.db.update(users).set({ timezone: '-08:00' }).where(eq(users.id, c.userId));
    const f = await createStaff(t, 'ROLE_FINANCE');
    partnerIds.push(...(await reportPartners(t, [{ accountManagerId: a.userId }, { accountManagerId: a.userId }, { accountManagerId: a.userId }]))); // prettier-ignore
    const goals = [{ goal: 'registration', revenueAmount: 900, payoutAmount: 600 }, { goal: 'sale', revenuePercent: 3000, payoutPercent: 1000, manualValidation: true }]; // prettier-ignore
    o.push(await reportOffer(t, utc, { advertiser: 'Goal Ads', name: 'Goal Offer', currency: 'EUR', goals, domain: 'g.example.com', prefix: 'g' })); // prettier-ignore
    o.push(await reportOffer(t, utc, { advertiser: 'Goal Dollars', name: 'Goal Dollar Offer', currency: 'USD', goals: [goals[0]!], domain: 'h.example.com', prefix: 'h' })); // prettier-ignore
    const [p0, p1] = partnerIds as [number, number];
    const [o0, o1] = o as [(typeof o)[0], (typeof o)[0]];
    const sales: number[] = [];
    const registrations: number[] = [];
    // Monday 2 to Sunday 15 March, every 5 hours from 01:00 UTC: clicks, registrations and sales on both offers.
    for (let i = 0; i < 14 * 24; i += 5) {
      const click = await sendClick(t, i % 2 === 0 ? o0.offerId : o1.offerId, i % 3 === 0 ? p0 : p1);
      if (i % 2 === 0 && i % 4 === 0) sales.push(await sendPostback(t, o0.token, click, 'sale', String(10 + (i % 50))));
      else if (i % 3 !== 2) registrations.push(await sendPostback(t, i % 2 === 0 ? o0.token : o1.token, click, 'registration')); // prettier-ignore
      clock.advance(5 * 3_600_000);
    }
    await t.app.tracking.buffer.flush();
    // Later: sales approved and rejected, registrations reversed, each in its own day.
    signIn = async () => {
      utc = await login(t, a.email, a.password);
      east = await login(t, b.email, b.password);
      west = await login(t, c.email, c.password);
    };
    await signIn();
    const finance = await login(t, f.email, f.password);
    for (const [i, id] of sales.entries()) {
      if (i % 3 === 2) continue;
      await reviewConversion(t, utc, id, i % 3 === 0 ? { status: 'approved' } : { status: 'rejected', reason: 'fraud' }); // prettier-ignore
    }
    for (const id of registrations.filter((_, i) => i % 4 === 1)) {
      expectOk(await callEndpoint(t.app, conversionChangesEndpoints.reverse, { params: { id }, body: { reason: 'fraud' } }, finance)); // prettier-ignore
    }
  });
  afterAll(async () => t?.close());

  /**
   * The report from the raw rows of [from, to) per partner or offer: the clicks of offers paying on `goal`, the
   * conversions on it (decision 113), or every click and conversion without a goal.
   */
  async function fromRawRows(by: 'partner' | 'offer', from: Date, to: Date, goal?: 'registration' | 'sale') {
    const paying = goal === 'sale' ? [o[0]!.offerId] : o.map((x) => x.offerId);
    const out = new Map<string, Figures>();
    const at = (partnerId: number, offerId: number, createdAt: Date) => {
      if (createdAt < from || createdAt >= to) return null;
      const key = by === 'partner' ? `${partnerId}` : `${offerId}`;
      const row = out.get(key) ?? noFigures();
      out.set(key, row);
      return row;
    };
    for (const c of await t.database.db.select().from(clicks)) {
      if (goal && !paying.includes(c.offerId)) continue;
      const row = at(c.partnerId, c.offerId, c.createdAt);
      if (row) row.clicks += 1;
    }
    for (const c of await t.database.db.select().from(conversions)) {
      if (goal && c.goal !== goal) continue;
      const row = c.partnerId !== null && c.offerId !== null ? at(c.partnerId, c.offerId, c.createdAt) : null;
      if (row) addConversion(row, c);
    }
    return out;
  }
  const shown = (rows: NetworkReportRow[]) => new Map(rows.filter((r) => !r.isTotal).map((r) => [r.key, figuresOf(r)])); // prettier-ignore
  const zones = () =>
    [
      ['UTC', utc, 0],
      ['+05:00', east, 5 * 3_600_000],
      ['-08:00', west, -8 * 3_600_000],
    ] as const;
  // Tuesday 3 to Saturday 14 March: one whole week (9–15 is cut), days at both ends; a span of no whole week.
  const ranges = [
    { startDate: '2026-03-03', endDate: '2026-03-14' },
    { startDate: '2026-03-05', endDate: '2026-03-07' },
  ];
  const windowOf = (range: { startDate: string; endDate: string }, offset: number) => ({
    from: new Date(Date.parse(`${range.startDate}T00:00:00Z`) - offset),
    to: new Date(Date.parse(`${range.endDate}T00:00:00Z`) + 86_400_000 - offset),
  });

  it('a goal filter by offer equals the raw conversions on the goal after reviews and reversals, in every zone', async () => {
    let checked = 0;
    for (const range of ranges) {
      for (const [zone, token, offset] of zones()) {
        const { from, to } = windowOf(range, offset);
        for (const goal of ['registration', 'sale'] as const) {
          const rows = await report('offer', { ...range, goal: [goal] }, token);
          const expected = await fromRawRows('offer', from, to, goal);
          expect(shown(rows), `${range.startDate}, ${zone}, ${goal}`).toEqual(expected);
          expect(figuresOf(rows.at(-1)!), `${range.startDate}, ${zone}, ${goal}: Totals`).toEqual(totalOf(expected));
          checked += 1;
        }
      }
    }
    expect(checked).toBe(12);
    const all = totalOf(await fromRawRows('offer', new Date('2026-03-01'), new Date('2026-04-01'), 'sale'));
    expect(all.conversions).toBeGreaterThan(0);
    expect(all.rejectedConversions).toBeGreaterThan(0);
    expect(all.pendingConversions).toBeGreaterThan(0);
  });

  it('the goal grain per offer holds the raw conversions per UTC day, offer, goal and currency', async () => {
    const counts = 'conversions, pending, rejected, payout, pending_payout, revenue, pending_revenue';
    const raw = `select created_at::date as day, offer_id, goal, currency,
        count(*) filter (where status = 'approved') as conversions, count(*) filter (where status = 'pending') as pending,
        count(*) filter (where status = 'rejected') as rejected,
        coalesce(sum(payout) filter (where status = 'approved'), 0) as payout,
        coalesce(sum(payout) filter (where status = 'pending'), 0) as pending_payout,
        coalesce(sum(revenue) filter (where status = 'approved'), 0) as revenue,
        coalesce(sum(revenue) filter (where status = 'pending'), 0) as pending_revenue
      from conversions group by 1, 2, 3, 4`;
    const kept = `select day, offer_id, goal, currency, ${counts} from stats_goal_offer_daily`;
    const exec = async (text: string) => rowsOf<Record<string, unknown>>(await t.database.db.execute(sql.raw(text)));
    await exec(`set time zone 'UTC'`);
    expect(await exec(`(${raw} except ${kept}) union all (${kept} except ${raw})`)).toEqual([]);
    expect((await exec(`select count(distinct goal)::int as n from stats_goal_offer_daily`))[0]!.n).toBe(2);
  });

  it('after servers of an earlier build wrote the goal grain alone (a rolling deploy), refolding makes the goal grain per offer equal to it again', async () => {
    const exec = async (text: string) => rowsOf<Record<string, unknown>>(await t.database.db.execute(sql.raw(text)));
    const counts = 'clicks, conversions, pending, rejected, payout, pending_payout, revenue, pending_revenue';
    const sums = counts.split(', ').map((c) => `sum(${c})::bigint as ${c}`).join(', '); // prettier-ignore
    const folded = `select day, offer_id, goal, currency, ${sums} from stats_goal_daily group by 1, 2, 3, 4`;
    const kept = `select day, offer_id, goal, currency, ${counts} from stats_goal_offer_daily`;
    const differences = async () => (await exec(`(${folded} except ${kept}) union all (${kept} except ${folded})`)).length; // prettier-ignore
    const range = ranges[0]!;
    const before = shown(await report('offer', { ...range, goal: ['registration'] }, utc));
    // An earlier build's postback on Wednesday 4 March: the goal grain's day only.
    await exec(`insert into stats_goal_daily (day, partner_id, offer_id, goal, currency, conversions, payout, revenue)
      values ('2026-03-04', ${partnerIds[0]}, ${o[0]!.offerId}, 'registration', 'EUR', 1, 600, 900)`);
    expect(await differences()).toBe(2);
    const { stats_goal_offer_daily: changed } = await refoldWeeklyGrains(t.database.db);
    expect(changed).toBe(1);
    expect(await differences()).toBe(0);
    const after = shown(await report('offer', { ...range, goal: ['registration'] }, utc));
    expect(after.get(String(o[0]!.offerId))!.conversions).toBe(before.get(String(o[0]!.offerId))!.conversions + 1);
    expect((await refoldWeeklyGrains(t.database.db)).stats_goal_offer_daily).toBe(0);
    // Taken away again: the grains and the report back to the raw rows.
    await exec(`delete from stats_goal_daily where day = '2026-03-04' and partner_id = ${partnerIds[0]} and offer_id = ${o[0]!.offerId} and goal = 'registration' and currency = 'EUR' and subid = '' and country = '' and landing_page_id = 0`); // prettier-ignore
    expect((await refoldWeeklyGrains(t.database.db)).stats_goal_offer_daily).toBe(1);
    expect(shown(await report('offer', { ...range, goal: ['registration'] }, utc))).toEqual(before);
  });

  it('reads each end past half a day as its UTC day less the hours outside the window, showing no partner of those hours alone', async () => {
    const p2 = partnerIds[2]!;
    const [o0] = o as [(typeof o)[0]];
    // Traffic of a third partner only on Tuesday 17 March after 19:00 UTC: the next day at +05:00.
    const at = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
    at('2026-03-17T21:00:00Z');
    const late = await sendClick(t, o0.offerId, p2);
    await sendPostback(t, o0.token, late, 'registration');
    // And only on Wednesday 18 March before 08:00 UTC: the day before at -08:00.
    at('2026-03-18T03:00:00Z');
    await sendClick(t, o0.offerId, p2);
    await t.app.tracking.buffer.flush();
    for (const [zone, token, offset] of zones()) {
      for (const range of [
        { startDate: '2026-03-03', endDate: '2026-03-17' },
        { startDate: '2026-03-18', endDate: '2026-03-19' },
      ]) {
        // prettier-ignore
        const { from, to } = windowOf(range, offset);
        for (const by of ['partner', 'offer'] as const) {
          const rows = await report(by, range, token);
          expect(shown(rows), `${range.startDate}, ${zone}, ${by}`).toEqual(await fromRawRows(by, from, to));
        }
      }
    }
    // The third partner is shown where its hours are in the window, and nowhere else.
    const has = async (range: { startDate: string; endDate: string }, token: string) =>
      (await report('partner', range, token)).some((r) => r.key === String(p2));
    expect(await has({ startDate: '2026-03-03', endDate: '2026-03-17' }, utc)).toBe(true);
    expect(await has({ startDate: '2026-03-03', endDate: '2026-03-17' }, east)).toBe(false);
    expect(await has({ startDate: '2026-03-18', endDate: '2026-03-19' }, west)).toBe(false);
    expect(await has({ startDate: '2026-03-18', endDate: '2026-03-19' }, utc)).toBe(true);
    expect(await has({ startDate: '2026-03-17', endDate: '2026-03-17' }, west)).toBe(true);
    // A fourth partner's traffic only on Sunday 29 March: outside a window ending Friday 27 March, whose last five days
    // are read as their week (23–29 March) less the two days after them.
    const [p3] = (await reportPartners(t, [{ accountManagerId: adminId }])) as [number];
    at('2026-03-29T12:00:00Z');
    const sunday = await sendClick(t, o0.offerId, p3);
    await sendPostback(t, o0.token, sunday, 'registration');
    await t.app.tracking.buffer.flush();
    await signIn();
    for (const [zone, token, offset] of zones()) {
      for (const range of [
        { startDate: '2026-03-16', endDate: '2026-03-27' },
        { startDate: '2026-03-04', endDate: '2026-03-29' },
      ]) {
        // prettier-ignore
        const { from, to } = windowOf(range, offset);
        for (const by of ['partner', 'offer'] as const) {
          const rows = await report(by, range, token);
          expect(shown(rows), `${range.startDate}–${range.endDate}, ${zone}, ${by}`).toEqual(await fromRawRows(by, from, to)); // prettier-ignore
        }
      }
    }
    const shows = async (range: { startDate: string; endDate: string }) =>
      (await report('partner', range, utc)).some((r) => r.key === String(p3));
    expect(await shows({ startDate: '2026-03-16', endDate: '2026-03-27' })).toBe(false);
    expect(await shows({ startDate: '2026-03-16', endDate: '2026-03-29' })).toBe(true);
  });
});
