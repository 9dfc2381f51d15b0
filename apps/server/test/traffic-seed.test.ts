import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_TIMEZONE,
  CONVERSION_STATUSES,
  billingEndpoints,
  billingMonth,
  networkReportsEndpoints,
  offersEndpoints,
} from '@portal/contracts';
import { rowsOf } from '../src/db/bulk.js';
import { offerCaps } from '../src/db/schema.js';
import { seedBilling } from '../src/seed/billing.js';
import { seedFxRates } from '../src/seed/fx-rates.js';
import { DEMO_ACCOUNTS, seedDemo } from '../src/seed/seed.js';
import {
  loadTrafficSetup,
  planTraffic,
  seedTraffic,
  type TrafficPlan,
  type TrafficSummary,
} from '../src/seed/traffic.js';
import { buildTestApp, callEndpoint, createStaff, login, okBody, type TestApp } from './helper.js';

/** A quarter of the demo volume: every kind of event still occurs, and the file stays quick. */
const SCALE = 0.25;
const HOUR_MS = 3_600_000;

let t: TestApp;
let now: Date;
let plan: TrafficPlan;
let summary: TrafficSummary | null;
let partnerIds: Record<'partner' | 'bluebird' | 'kestrel', number>;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

beforeAll(async () => {
  t = await buildTestApp();
  expect(await seedDemo(t.app.ctx, { traffic: false })).toBe(true);
  // The demo sets its caps after its traffic, from what the month converted (seed/caps.ts); without the traffic they
  // were set at their floor (10 conversions this month), which the replay below then reaches mid-month, on a day
  // that moves with the calendar. Replayed here before any cap, as the demo does.
  await t.database.db.delete(offerCaps);
  now = t.app.ctx.now();
  const setup = await loadTrafficSetup(t.database.db);
  partnerIds = Object.fromEntries(
    (['partner', 'bluebird', 'kestrel'] as const).map((key) => [
      key,
      setup.partners.find((p) => p.profile.email === DEMO_ACCOUNTS[key].email)!.id,
    ]),
  ) as typeof partnerIds;
  plan = planTraffic(setup, { now, scale: SCALE });
  summary = await seedTraffic(t.database.db, { now, scale: SCALE });
}, 120_000);
afterAll(async () => t?.close());

describe('the demo traffic seed', () => {
  it('gives the demo a year of weekday reference rates, a function of the day alone, that convert its reports (decision 111)', async () => {
    type Rate = { day: string; currency: string; rate: string };
    const stored = await rows<Rate>(sql`select to_char(day, 'YYYY-MM-DD') as day, currency, rate::text as rate from fx_rates order by day, currency`); // prettier-ignore
    const days = [...new Set(stored.map((r) => r.day))];
    expect(days.length).toBeGreaterThanOrEqual(259);
    expect(days.length).toBeLessThanOrEqual(263);
    expect(
      days.every((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())),
      'no weekend',
    ).toBe(true);
    const usd = stored.filter((r) => r.currency === 'USD').map((r) => Number(r.rate));
    expect(Math.min(...usd)).toBeGreaterThan(1.05);
    expect(Math.max(...usd)).toBeLessThan(1.28);
    // The same day, seeded again on another machine (another `now`), has the same rate.
    await t.database.db.execute(sql`delete from fx_rates`);
    await seedFxRates(t.database.db, new Date(now.getTime() + 3 * 86_400_000));
    const again = await rows<Rate>(sql`select to_char(day, 'YYYY-MM-DD') as day, currency, rate::text as rate from fx_rates where day <= ${days.at(-1)} order by day, currency`); // prettier-ignore
    expect(again.slice(-29 * 200)).toEqual(stored.slice(-29 * 200));
    const staff = await createStaff(t, 'ROLE_FINANCE');
    const token = await login(t, staff.email, staff.password);
    const converted = await callEndpoint(t.app, networkReportsEndpoints.report, { params: { breakdown: 'offer' }, query: { range: 'last_30_days', currency: 'base' } }, token); // prettier-ignore
    expect(okBody(converted).fx?.base).toBe('EUR');
  });

  it('plans the same traffic for the same clock and seed, and writes exactly what it planned', async () => {
    const setup = await loadTrafficSetup(t.database.db);
    const again = planTraffic(setup, { now, scale: SCALE });
    expect(JSON.stringify(again)).toBe(JSON.stringify(plan));

    expect(summary).not.toBeNull();
    const planned = plan.clicks.filter((c) => c.expected).length;
    expect(summary!.unexpected).toBe(0);
    expect(summary!.clicks).toBe(planned);
    expect(summary!.refused).toBe(plan.clicks.length - planned);
    const [counts] = await rows<{ clicks: number; conversions: number; refused: number }>(sql`
      select (select count(*) from clicks)::int as clicks, (select count(*) from conversions)::int as conversions,
        (select coalesce(sum(count), 0) from rejected_clicks_hourly)::int as refused`);
    expect(counts!.clicks).toBe(planned);
    expect(counts!.refused).toBe(summary!.refused);
    const { approved, pending, rejected } = summary!.conversions;
    expect(counts!.conversions).toBe(approved + pending + rejected);
    expect(summary!.postbacks).toBe(approved + pending + rejected + summary!.retries);
    // Volume: a quarter of several hundred clicks a day for the main partner, over 90 days.
    expect(planned).toBeGreaterThan(0.25 * 90 * 250);
    expect(planned).toBeLessThan(0.25 * 90 * 700);
  });

  it('plans a duplicate and a conversion past the attribution window for the main partner at any clock, at a quarter of the volume', async () => {
    const setup = await loadTrafficSetup(t.database.db);
    // The hour a CI run found no duplicate (each random repeat fell on a conversion rejected anyway), then clocks
    // spread over five weeks at odd hours: the window and every draw move with them.
    const clocks = [new Date('2026-11-28T20:30:00Z')];
    for (let i = 0; i < 16; i += 1) clocks.push(new Date(now.getTime() - i * 53 * HOUR_MS - i * 977_000));
    for (const clock of clocks) {
      const planned = planTraffic(setup, { now: clock, scale: SCALE }).postbacks.filter(
        (p) => p.click?.partnerId === partnerIds.partner,
      );
      // A duplicate: the same click and goal again under another transaction id (a retry keeps its id), both inside
      // the attribution window and before the screened days, so that nothing but the repeat rejects it.
      const inWindow = (p: (typeof planned)[number]) =>
        !p.screen && p.at.getTime() - p.click!.at.getTime() < 29 * 24 * HOUR_MS;
      const firsts = new Map<object, Map<string, string>>();
      let again = 0;
      for (const p of planned) {
        const goals = firsts.get(p.click!) ?? new Map<string, string>();
        firsts.set(p.click!, goals);
        const seen = goals.get(p.goal);
        if (seen === undefined) {
          if (inWindow(p)) goals.set(p.goal, p.transactionId);
          else goals.set(p.goal, '');
        } else if (seen !== '' && seen !== p.transactionId && inWindow(p)) again += 1;
      }
      expect(again, clock.toISOString()).toBeGreaterThan(0);
      const late = planned.filter((p) => p.at.getTime() - p.click!.at.getTime() > 31 * 24 * HOUR_MS);
      expect(late.length, clock.toISOString()).toBeGreaterThan(0);
    }
  });

  it('lived its last two days through the conversion rules: quick first conversions wait in the fraud queue', async () => {
    const quick = plan.postbacks.filter((p) => p.screen && p.click && p.at.getTime() - p.click.at.getTime() < 10_000);
    expect(quick.length).toBeGreaterThan(0);
    expect(plan.postbacks.every((p) => !p.screen || p.at.getTime() >= now.getTime() - 2 * 86_400_000 - 10_000)).toBe(
      true,
    );
    const held = await rows<{ transaction_id: string; signals: string }>(sql`
      select transaction_id, signals from conversions where status = 'pending' and reason = 'fraud_review'`);
    // Each quick one held with the rule named (its retries are the same conversion); nothing older was screened.
    const quickIds = new Set(quick.map((p) => p.transactionId));
    expect(held.length).toBeGreaterThanOrEqual(quickIds.size);
    for (const id of quickIds) {
      expect(held.find((h) => h.transaction_id === id)?.signals.split(',')).toContain('tooFast');
    }
  });

  it('refuses to add the traffic twice unless forced', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from clicks`);
    expect(await seedTraffic(t.database.db, { now, scale: SCALE })).toBeNull();
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from clicks`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('gives every demo partner clicks and conversions, the main partner every status, and several reasons', async () => {
    const byStatus = await rows<{ partner_id: number; status: string; n: number }>(sql`
      select partner_id, status, count(*)::int as n from conversions where partner_id is not null group by 1, 2`);
    const clickCounts = await rows<{ partner_id: number; n: number; subids: number }>(sql`
      select partner_id, count(*)::int as n, count(distinct subid)::int as subids from clicks group by 1`);
    for (const id of Object.values(partnerIds)) {
      expect(clickCounts.find((c) => c.partner_id === id)?.n ?? 0).toBeGreaterThan(0);
      expect(byStatus.find((r) => r.partner_id === id && r.status === 'approved')?.n ?? 0).toBeGreaterThan(0);
    }
    const main = clickCounts.find((c) => c.partner_id === partnerIds.partner)!;
    expect(main.n).toBeGreaterThan(clickCounts.find((c) => c.partner_id === partnerIds.bluebird)!.n);
    expect(main.subids).toBeGreaterThanOrEqual(3);
    for (const status of CONVERSION_STATUSES) {
      expect(
        byStatus.find((r) => r.partner_id === partnerIds.partner && r.status === status)?.n ?? 0,
        status,
      ).toBeGreaterThan(0);
    }
    const approvedN = byStatus.filter((r) => r.status === 'approved').reduce((s, r) => s + r.n, 0);
    const othersN = byStatus.filter((r) => r.status !== 'approved').reduce((s, r) => s + r.n, 0);
    expect(approvedN).toBeGreaterThan(othersN);

    const reasons = await rows<{ reason: string }>(
      sql`select distinct reason from conversions where reason is not null`,
    );
    expect(reasons.map((r) => r.reason)).toEqual(
      expect.arrayContaining(['duplicate', 'click_too_old', 'goal_not_found', 'unknown_click']),
    );
    const trackers = await rows<{ tc1: number; tc2: number; tc3: number; tc4: number }>(sql`
      select count(tc1)::int as tc1, count(tc2)::int as tc2, count(tc3)::int as tc3, count(tc4)::int as tc4 from clicks`);
    for (const n of Object.values(trackers[0]!)) expect(n).toBeGreaterThan(0);
    // Payouts: fixed and percentage goals, in more than one currency.
    const money = await rows<{ currency: string; percent: boolean; n: number }>(sql`
      select c.currency, og.payout_percent is not null as percent, count(*)::int as n
      from conversions c join offer_goals og on og.offer_id = c.offer_id and og.goal_id = c.goal_id
      where c.status = 'approved' and c.payout > 0 group by 1, 2`);
    const currencies = new Set(money.map((m) => m.currency));
    expect(currencies.has('EUR') && currencies.has('USD')).toBe(true);
    expect(new Set(money.map((m) => m.percent))).toEqual(new Set([true, false]));
  });

  it('keeps the hourly rollups equal to the raw clicks and conversions, hour by hour', async () => {
    const rollup = await rows<Record<string, number | string>>(sql`
      select partner_id, to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24') as h, sum(clicks)::int as clicks,
        sum(conversions)::int as conversions, sum(pending)::int as pending, sum(rejected)::int as rejected,
        sum(payout)::bigint as payout, sum(pending_payout)::bigint as pending_payout
      from stats_hourly group by 1, 2`);
    const raw = await rows<Record<string, number | string>>(sql`
      with c as (
        select partner_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24') as h, count(*) as clicks,
          0 as conversions, 0 as pending, 0 as rejected, 0 as payout, 0 as pending_payout
        from clicks group by 1, 2
        union all
        select partner_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24'), 0,
          count(*) filter (where status = 'approved'), count(*) filter (where status = 'pending'),
          count(*) filter (where status = 'rejected'), coalesce(sum(payout) filter (where status = 'approved'), 0),
          coalesce(sum(payout) filter (where status = 'pending'), 0)
        from conversions where partner_id is not null group by 1, 2
      )
      select partner_id, h, sum(clicks)::int as clicks, sum(conversions)::int as conversions,
        sum(pending)::int as pending, sum(rejected)::int as rejected, sum(payout)::bigint as payout,
        sum(pending_payout)::bigint as pending_payout
      from c group by 1, 2`);
    const key = (r: Record<string, number | string>) => `${r.partner_id} ${r.h}`;
    const norm = (r: Record<string, number | string>) =>
      ['clicks', 'conversions', 'pending', 'rejected', 'payout', 'pending_payout'].map((k) => Number(r[k]));
    const fromRollup = new Map(rollup.map((r) => [key(r), norm(r)]));
    const fromRaw = new Map(raw.map((r) => [key(r), norm(r)]));
    expect(fromRollup.size).toBeGreaterThan(1000);
    expect(fromRollup).toEqual(fromRaw);
  });

  it('keeps the daily rollup equal to the hourly one folded per UTC day, key by key', async () => {
    const key = 'partner_id, offer_id, currency, subid, tc1, tc2, tc3, tc4, country';
    const counts = ['clicks', 'conversions', 'pending', 'rejected', 'payout', 'pending_payout'];
    const folded = await rows<Record<string, number | string>>(sql`
      select ${sql.raw(key)}, to_char(hour at time zone 'UTC', 'YYYY-MM-DD') as day,
        ${sql.raw(counts.map((c) => `sum(${c})::bigint as ${c}`).join(', '))}
      from stats_hourly group by ${sql.raw(key)}, 10`);
    const daily = await rows<Record<string, number | string>>(sql`
      select ${sql.raw(key)}, to_char(day, 'YYYY-MM-DD') as day, ${sql.raw(counts.join(', '))} from stats_daily`);
    const byKey = (list: Record<string, number | string>[]) =>
      new Map(
        list.map((r) => [[...key.split(', '), 'day'].map((k) => r[k]).join(' '), counts.map((c) => Number(r[c]))]),
      );
    const fromDaily = byKey(daily);
    expect(fromDaily.size).toBeGreaterThan(1000);
    expect(fromDaily).toEqual(byKey(folded));
    // The demo's clicks carry their offers' countries (decision 044), down to the daily table.
    expect(daily.some((r) => r.country === 'FR')).toBe(true);
    // Every kind of count reached the daily table (clicks, and conversions of each status through the postbacks).
    for (const [i, name] of counts.entries()) {
      expect(
        [...fromDaily.values()].some((v) => v[i]! > 0),
        name,
      ).toBe(true);
    }
  });

  it('sends each partner only to offers it may run', async () => {
    const pairs = await rows<{ partner_id: number; offer_id: number }>(sql`
      select distinct partner_id, offer_id from clicks order by 1, 2`);
    for (const key of ['partner', 'bluebird', 'kestrel'] as const) {
      const token = await login(t, DEMO_ACCOUNTS[key].email, DEMO_ACCOUNTS[key].password);
      const offerIds = pairs.filter((p) => p.partner_id === partnerIds[key]).map((p) => p.offer_id);
      expect(offerIds.length, key).toBeGreaterThan(0);
      for (const id of offerIds) {
        const res = await callEndpoint(t.app, offersEndpoints.get, { params: { id } }, token);
        expect(res.status, `${key} offer ${id}`).toBe(200);
        const offer = okBody(res).data;
        expect(['active', 'public'], `${key} offer ${id}`).toContain(offer.partnerStatus);
        if (offer.requireApproval) expect(offer.partnerStatus).toBe('active');
      }
    }
  });

  it('puts nothing in the future, and traffic in the hour under way', async () => {
    const [bounds] = await rows<{ last_click: string; last_conversion: string; last_hour: string; recent: number }>(sql`
      select (select max(created_at) from clicks) as last_click,
        (select max(created_at) from conversions) as last_conversion,
        (select max(hour) from stats_hourly) as last_hour,
        (select count(*)::int from clicks where partner_id = ${partnerIds.partner}
          and created_at >= ${new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS).toISOString()}) as recent`);
    expect(new Date(bounds!.last_click).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(new Date(bounds!.last_conversion).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(new Date(bounds!.last_hour).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(bounds!.recent).toBeGreaterThanOrEqual(3);
    const [first] = await rows<{ first: string }>(sql`select min(created_at) as first from clicks`);
    expect(now.getTime() - new Date(first!.first).getTime()).toBeGreaterThan(89 * 24 * HOUR_MS);
  });

  it('bills the months the replay covers with the real billing run, so that a run bills none of them again', async () => {
    await seedBilling(t.app.ctx, now, { finance: DEMO_ACCOUNTS.finance.email });
    const thisMonth = `${billingMonth(now)}-01`;
    const [counts] = await rows<{ before: number; billedCurrent: number }>(sql`
      select
        count(*) filter (where created_at < ${thisMonth}::timestamp at time zone ${BILLING_TIMEZONE})::int as before,
        count(*) filter (where created_at >= ${thisMonth}::timestamp at time zone ${BILLING_TIMEZONE}
          and billing_request_id is not null)::int as "billedCurrent"
      from conversions where status = 'approved'`);
    expect(counts!.before).toBeGreaterThan(0);
    expect(counts!.billedCurrent).toBe(0);
    // What the periods billed left unbilled is, by partner and currency, what the latest request deferred. A weekly
    // partner's week that ends in this month is not billed yet (decision 070): only what its last period covered counts.
    const left = await rows<{ partnerId: number; currency: string; unbilled: number; deferred: number }>(sql`
      select c.partner_id as "partnerId", c.currency, sum(c.payout)::int as unbilled,
        coalesce((select case when br.deferred then br.total_amount - br.total_vat_amount else 0 end
          from billing_requests br where br.partner_id = c.partner_id and br.payment_currency = c.currency
          order by br.starting_at desc limit 1), 0)::int as deferred
      from conversions c
      where c.status = 'approved' and c.billing_request_id is null
        and c.created_at < ${thisMonth}::timestamp at time zone ${BILLING_TIMEZONE}
        and c.created_at <= coalesce((select max(br.ending_at) from billing_requests br
          where br.partner_id = c.partner_id and br.payment_currency = c.currency), 'infinity')
      group by c.partner_id, c.currency`);
    for (const row of left) expect(row.unbilled, `partner ${row.partnerId} in ${row.currency}`).toBe(row.deferred);
    // The seed's runs are no person's: their invoices have no creator, so finance moved the older ones along through
    // the transition table (decision 064).
    const [history] = await rows<{ byPerson: number; moved: number }>(sql`
      select count(created_by_id)::int as "byPerson",
        count(*) filter (where status <> 'waiting_for_approval')::int as moved
      from invoices`);
    expect(history!.byPerson).toBe(0);
    expect(history!.moved).toBeGreaterThan(0);

    const admin = await createStaff(t, 'ROLE_ADMIN');
    const lastMonth = billingMonth(now, 1);
    const res = await callEndpoint(
      t.app,
      billingEndpoints.runBilling,
      { body: { month: lastMonth } },
      await login(t, admin.email, admin.password),
    );
    expect(okBody(res).data.created).toEqual([]);
  });

  // Last: it adds a second (forced) replay on top of the one the other tests read.
  it('queues no partner postback for replayed history, even to a postback that takes every conversion', async () => {
    await t.database.db.execute(sql`update postbacks set enabled = true where partner_id = ${partnerIds.partner}`);
    const again = await seedTraffic(t.database.db, { now, scale: 0.05, force: true });
    expect(again!.conversions.approved).toBeGreaterThan(0);
    const [counts] = await rows<{ deliveries: number }>(
      sql`select count(*)::int as deliveries from postback_deliveries`,
    );
    expect(counts).toEqual({ deliveries: 0 });
  });
});
