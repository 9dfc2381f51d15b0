import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advertisersEndpoints,
  conversionReviewEndpoints,
  NETWORK_BREAKDOWNS,
  networkReportsEndpoints,
  offersEndpoints,
  staffOffersEndpoints,
  statisticsEndpoints,
  type MoneyAmount,
  type NetworkReportRow,
} from '@portal/contracts';
import { rowsOf } from '../src/db/bulk.js';
import { clicks, conversions, offers, partners, products, users } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { setAllOffersAccess } from './offer-fixtures.js';

/**
 * Decision 046: the network reports. Every breakdown is checked against an independent computation over the raw clicks
 * and conversions (in the viewer's time zone and scope); Totals are the sums; a partner's own report total equals
 * its payout in the staff partner breakdown; no partner answer carries advertiser revenue or margin.
 */
describe('network reports (decision 046)', () => {
  let t: TestApp;
  // 23:30 UTC: already the next day for a viewer at +05:00.
  const clock = testClock(new Date('2026-03-10T23:30:00Z'));
  let admin: string;
  let manager: string;
  let finance: string;
  let managerId: number;
  const tokens: string[] = [];
  const offerIds: number[] = [];
  type Partner = { partnerId: number; token: string };
  const team: Partner[] = [];

  type ReportInput = CallInput<typeof networkReportsEndpoints.report>;
  const call = (params: ReportInput['params'], query: ReportInput['query'], token = admin) =>
    callEndpoint(t.app, networkReportsEndpoints.report, { params, query }, token);
  const reportRows = async (params: ReportInput['params'], query: ReportInput['query'], token = admin) =>
    okBody(await call(params, query, token)).data;
  async function click(offerId: number, p: Partner, ip: string): Promise<string> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/click?offer_id=${offerId}&aff_id=${p.partnerId}`,
      headers: { 'x-forwarded-for': ip },
    });
    expect(res.statusCode, res.body).toBe(302);
    return new URL(res.headers.location as string).searchParams.get('c')!;
  }
  async function convert(token: string, clickId: string, goal: string, amount?: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/postback?${new URLSearchParams({ token, click_id: clickId, goal, ...(amount ? { amount } : {}) })}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string; conversionId: number };
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now, config: { trustProxy: true, logLevel: 'error' } });
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = await login(t, a.email, a.password);
    // The admin reads in +05:00: its days start at 19:00 UTC.
    await t.database.db.update(users).set({ timezone: '+05:00' }).where(eq(users.id, a.userId));
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    managerId = am.userId;
    manager = await login(t, am.email, am.password);
    const f = await createStaff(t, 'ROLE_FINANCE');
    finance = await login(t, f.email, f.password);
    const other = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    for (const owner of [managerId, managerId, other.userId]) {
      const p = await createPartner(t, { accountManagerId: owner });
      await setAllOffersAccess(t, p.partnerId, true);
      team.push({ partnerId: p.partnerId, token: await login(t, p.email, p.password) });
    }
    for (const [name, currency] of [
      ['Net Ads', 'EUR'],
      ['Dollar Ads', 'USD'],
    ] as const) {
      const advertiser = okBody(await callEndpoint(t.app, advertisersEndpoints.create, { body: { name } }, admin)).data; // prettier-ignore
      tokens.push(advertiser.securityToken);
      const product = okBody(await callEndpoint(t.app, advertisersEndpoints.createProduct, { params: { id: advertiser.id }, body: { identifier: `net-${advertiser.id}`, type: 'web', domain: 'net.example.com' } }, admin)).data; // prettier-ignore
      const offer = await callEndpoint(
        t.app,
        staffOffersEndpoints.create,
        {
          body: {
            name: `${name} Offer`,
            productId: product.id,
            conversionType: 'cpl',
            currency,
            defaultUrl: 'https://net.example.com/?c={click_id}',
            goals: [
              { goal: 'registration', revenueAmount: 900, payoutAmount: 600 },
              { goal: 'sale', revenuePercent: 3000, payoutPercent: 1000, manualValidation: true },
            ],
          },
        },
        admin,
      );
      offerIds.push(okBody(offer).data.id);
    }
    // Traffic over three UTC hours on both sides of the +05:00 viewer's midnight (19:00 UTC) and of UTC midnight.
    const plan: [hoursBack: number, partner: number, offer: number, ip: string, goal: string | null][] = [
      [6, 0, 0, '90.0.0.1', 'registration'], // 17:30 UTC, 10 March for both
      [6, 0, 0, '90.0.0.1', null],
      [4, 1, 0, '85.214.0.1', 'registration'], // 19:30 UTC: 11 March at +05:00
      [4, 1, 1, '8.8.4.4', 'sale'],
      [1, 2, 1, '8.8.4.4', 'registration'],
      [1, 2, 0, '10.0.0.1', 'registration'], // a private address: no country
      [0, 0, 1, '90.0.0.1', 'registration'],
    ];
    const base = clock.now().getTime();
    let at = base;
    for (const [hoursBack, p, o, ip, goal] of plan) {
      clock.advance(base - hoursBack * 3_600_000 - at);
      at = base - hoursBack * 3_600_000;
      const cid = await click(offerIds[o]!, team[p]!, ip);
      if (goal) await convert(tokens[o]!, cid, goal, goal === 'sale' ? '100' : undefined);
    }
    clock.advance(base - at);
    await t.app.tracking.buffer.flush();
    // One sale approved on review, so that pending moves into the approved figures through the rollups too.
    const [sale] = await t.database.db.select().from(conversions).where(eq(conversions.status, 'pending'));
    const reviewed = await callEndpoint(t.app, conversionReviewEndpoints.review, { params: { id: sale!.id }, body: { status: 'approved' } }, admin); // prettier-ignore
    expectOk(reviewed);
  });
  afterAll(async () => t?.close());

  /** The breakdown computed again from the raw rows: the viewer's offset, its partners, approved conversions only. */
  async function fromRawRows(
    breakdown: string,
    offsetMinutes: number,
    visible: (partnerId: number) => boolean,
    from = new Date(0),
  ) {
    const day = (d: Date) => new Date(d.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
    const offerRows = await t.database.db.select({ id: offers.id, advertiserId: products.advertiserId, currency: offers.currency }).from(offers).innerJoin(products, eq(products.id, offers.productId)); // prettier-ignore
    const partnerRows = await t.database.db.select({ id: partners.id, accountManagerId: partners.accountManagerId }).from(partners); // prettier-ignore
    const keyOf = (r: { createdAt: Date; partnerId: number; offerId: number; country: string | null }) => {
      switch (breakdown) {
        case 'day':
          return day(r.createdAt);
        case 'partner':
          return String(r.partnerId);
        case 'offer':
          return String(r.offerId);
        case 'advertiser':
          return String(offerRows.find((o) => o.id === r.offerId)!.advertiserId);
        case 'manager':
          return String(partnerRows.find((p) => p.id === r.partnerId)!.accountManagerId ?? 'none');
        default:
          return r.country || 'XX';
      }
    };
    const rows = new Map<string, { clicks: number; conversions: number; revenue: Record<string, number>; payout: Record<string, number> }>(); // prettier-ignore
    const row = (key: string) => {
      if (!rows.has(key)) rows.set(key, { clicks: 0, conversions: 0, revenue: {}, payout: {} });
      return rows.get(key)!;
    };
    for (const c of await t.database.db.select().from(clicks)) {
      if (!offerIds.includes(c.offerId) || !visible(c.partnerId) || c.createdAt < from) continue;
      row(keyOf(c)).clicks += 1;
    }
    for (const c of await t.database.db.select().from(conversions)) {
      if (c.status !== 'approved' || !c.offerId || !offerIds.includes(c.offerId) || !visible(c.partnerId!)) continue;
      if (c.createdAt < from) continue;
      const r = row(keyOf({ ...c, partnerId: c.partnerId!, offerId: c.offerId }));
      r.conversions += 1;
      r.revenue[c.currency] = (r.revenue[c.currency] ?? 0) + c.revenue;
      r.payout[c.currency] = (r.payout[c.currency] ?? 0) + c.payout;
    }
    return rows;
  }
  const asRecord = (list: MoneyAmount[]) => Object.fromEntries(list.filter((m) => m.amount !== 0).map((m) => [m.currency, m.amount])); // prettier-ignore
  const range = { startDate: '2026-03-10', endDate: '2026-03-11' };

  it('gives every breakdown as the raw rows do, in the viewer’s time zone, with Totals the sum of the rows', async () => {
    for (const breakdown of NETWORK_BREAKDOWNS) {
      const rows: NetworkReportRow[] = okBody(await call({ breakdown }, range)).data;
      const totals = rows.at(-1)!;
      expect(totals).toMatchObject({ key: 'total', label: 'Totals', isTotal: true });
      const body = rows.slice(0, -1);
      const expected = await fromRawRows(breakdown, 300, () => true);
      const seen = body.filter((r) => r.clicks > 0 || r.conversions > 0);
      expect(seen.map((r) => r.key).sort(), breakdown).toEqual([...expected.keys()].sort());
      for (const r of seen) {
        const e = expected.get(r.key)!;
        expect([r.clicks, r.conversions, asRecord(r.advertiserRevenue), asRecord(r.payout)], `${breakdown} ${r.key}`).toEqual([e.clicks, e.conversions, e.revenue, e.payout]); // prettier-ignore
        for (const m of r.margin) {
          expect(m.amount).toBe((e.revenue[m.currency] ?? 0) - (e.payout[m.currency] ?? 0));
        }
      }
      const sum = (pick: (r: NetworkReportRow) => MoneyAmount[]) => {
        const out: Record<string, number> = {};
        for (const r of body) for (const m of pick(r)) out[m.currency] = (out[m.currency] ?? 0) + m.amount;
        return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0));
      };
      expect(totals.clicks).toBe(body.reduce((n, r) => n + r.clicks, 0));
      expect(totals.conversions).toBe(body.reduce((n, r) => n + r.conversions, 0));
      expect(asRecord(totals.advertiserRevenue)).toEqual(sum((r) => r.advertiserRevenue));
      expect(asRecord(totals.payout)).toEqual(sum((r) => r.payout));
      expect(asRecord(totals.margin)).toEqual(sum((r) => r.margin));
    }
    // The +05:00 viewer's days: 17:30 UTC is 10 March, 19:30 UTC is 11 March; every day of the range is a row.
    const days = await reportRows({ breakdown: 'day' }, range);
    expect(days.map((r) => [r.key, r.clicks])).toEqual([
      ['2026-03-10', 2],
      ['2026-03-11', 5],
      ['total', 7],
    ]);
    const countries = await reportRows({ breakdown: 'country' }, range);
    expect(countries.find((r) => r.key === 'XX')?.label).toBe('Unknown country');
  });

  it('reads whole UTC days from the daily rollup and the hours at the ends from the hourly one', async () => {
    // At +05:00, 11 to 12 March is 10 March 19:00 UTC to 12 March 19:00 UTC: the evening of the 10th (where five
    // clicks are) comes from the hourly rollup, the 11th from the daily one, the rest of the 12th from hourly again.
    for (const breakdown of ['partner', 'offer', 'country'] as const) {
      const rows = await reportRows({ breakdown }, { startDate: '2026-03-11', endDate: '2026-03-12' });
      const expected = await fromRawRows(breakdown, 300, () => true, new Date('2026-03-10T19:00:00Z'));
      const got = Object.fromEntries(rows.filter((r) => !r.isTotal).map((r) => [r.key, [r.clicks, r.conversions, asRecord(r.advertiserRevenue), asRecord(r.payout)]])); // prettier-ignore
      const want = Object.fromEntries(
        [...expected].map(([k, e]) => [k, [e.clicks, e.conversions, e.revenue, e.payout]]),
      );
      expect(got, breakdown).toEqual(want);
      expect(rows.at(-1)!.clicks).toBe(5);
    }
  });

  it('keeps an account manager to its partners, filters, and refuses an unknown breakdown', async () => {
    const mine = new Set([team[0]!.partnerId, team[1]!.partnerId]);
    const res = await call({ breakdown: 'partner' }, range, manager);
    expectOk(res);
    const rows = res.body.data;
    expect(
      rows
        .slice(0, -1)
        .map((r) => Number(r.key))
        .sort(),
    ).toEqual([...mine].sort());
    const expected = await fromRawRows('partner', 0, (id) => mine.has(id));
    const totalClicks = [...expected.values()].reduce((n, r) => n + r.clicks, 0);
    expect(rows.at(-1)!.clicks).toBe(totalClicks);
    // Finance reads the whole network's money.
    const all = await reportRows({ breakdown: 'partner' }, range, finance);
    expect(all.at(-1)!.clicks).toBe(7);

    const filtered = await reportRows({ breakdown: 'offer' }, { ...range, country: 'us' });
    expect(filtered.map((r) => [r.key, r.clicks])).toEqual([
      [String(offerIds[1]), 2],
      ['total', 2],
    ]);
    const byManager = await reportRows({ breakdown: 'day' }, { ...range, accountManagerId: managerId });
    expect(byManager.at(-1)!.clicks).toBe(totalClicks);

    expectError(await call({ breakdown: invalid('week') }, range), 400);
    const bad = await call({ breakdown: 'day' }, { startDate: '2026-03-11', endDate: '2026-03-10', country: invalid('F1') }); // prettier-ignore
    expect(Object.keys(errorBody(bad, 400).errors ?? {})).toEqual(expect.arrayContaining(['endDate', 'country']));
    expectError(await call({ breakdown: 'day' }, range, team[0]!.token), 403);
  });

  it("equals a partner's own report total to its payout in the partner breakdown, and tells partners nothing of revenue or margin", async () => {
    const p = team[0]!;
    // UTC for both: the partner's reports and an admin set back to UTC.
    const staffRows = await reportRows({ breakdown: 'partner' }, range, finance);
    const staff = staffRows.find((r) => r.key === String(p.partnerId))!;
    const own = await callEndpoint(t.app, statisticsEndpoints.daily, { query: range }, p.token);
    const ownTotals = okBody(own).data.at(-1)!;
    expect(asRecord(ownTotals.revenue)).toEqual(asRecord(staff.payout));
    expect(ownTotals.clicks).toBe(staff.clicks);

    // No advertiser revenue value (900 per registration, 30 % of a 100.00 sale: 3000 minor units, or its 3000 basis
    // points) nor margin in any partner answer: every number and every key of the answer is looked at.
    const forbiddenNumbers = new Set([900, 3000]);
    // (A partner's `revenue` and `pendingRevenue` are its own earnings, spec section 3: allowed; their values are checked.)
    const forbiddenKeys = /^(advertiserRevenue|margin|revenueAmount|revenuePercent)$/;
    const walk = (value: unknown, path: string): string[] => {
      if (typeof value === 'number') return forbiddenNumbers.has(value) ? [`${path} = ${value}`] : [];
      if (Array.isArray(value)) return value.flatMap((v, i) => walk(v, `${path}[${i}]`));
      if (value && typeof value === 'object')
        return Object.entries(value).flatMap(([k, v]) => [...(forbiddenKeys.test(k) ? [`${path}.${k}`] : []), ...walk(v, `${path}.${k}`)]); // prettier-ignore
      return [];
    };
    const groups = 'goals,goal,goalTypes,goalType';
    const calls = [
      ['daily', () => callEndpoint(t.app, statisticsEndpoints.daily, { query: range }, p.token)],
      ['subid', () => callEndpoint(t.app, statisticsEndpoints.subid, { query: range }, p.token)],
      ['subid by offer', () => callEndpoint(t.app, statisticsEndpoints.subid, { query: { ...range, groupBy: 'offer' } }, p.token)], // prettier-ignore
      ['conversion', () => callEndpoint(t.app, statisticsEndpoints.conversion, { query: range }, p.token)],
      ['conversion totals', () => callEndpoint(t.app, statisticsEndpoints.conversionTotals, { query: range }, p.token)], // prettier-ignore
      ['click', () => callEndpoint(t.app, statisticsEndpoints.click, { query: range }, p.token)],
      ['home global', () => callEndpoint(t.app, statisticsEndpoints.globalPerformance, {}, p.token)],
      ['refused', () => callEndpoint(t.app, statisticsEndpoints.refused, { query: range }, p.token)],
      ['quick stats', () => callEndpoint(t.app, statisticsEndpoints.quickStats, {}, p.token)],
      ['top offers', () => callEndpoint(t.app, statisticsEndpoints.topOffers, { query: { date: 'today' } }, p.token)],
      ['offer', () => callEndpoint(t.app, offersEndpoints.get, { params: { id: offerIds[0]! }, query: { groups } }, p.token)], // prettier-ignore
      ['offers', () => callEndpoint(t.app, offersEndpoints.list, { query: { groups } }, p.token)],
    ] as const;
    for (const [name, send] of calls) {
      const res = await send();
      expect(res.status, `${name} ${res.raw.body}`).toBe(200);
      expect(walk(res.body, name)).toEqual([]);
    }
  });

  it('keeps the partner and offer grains equal to the network rollups, hour by hour and day by day (decision 049)', async () => {
    const read = async (query: string) => rowsOf<Record<string, unknown>>(await t.database.db.execute(sql.raw(query)));
    const counts = 'clicks, conversions, pending, rejected, payout, pending_payout, revenue, pending_revenue';
    const sums = counts
      .split(', ')
      .map((c) => `sum(${c})::bigint as ${c}`)
      .join(', ');
    for (const [grain, key] of [
      ['partner', 'partner_id'],
      ['offer', 'offer_id'],
    ] as const) {
      for (const [period, time] of [
        ['hourly', 'hour'],
        ['daily', 'day'],
      ] as const) {
        const fromNetwork = await read(`select ${time}::text as t, ${key} as k, currency, ${sums} from stats_network_${period} group by 1, 2, 3 order by 1, 2, 3`); // prettier-ignore
        const fromGrain = await read(`select ${time}::text as t, ${key} as k, currency, ${counts.split(', ').map((c) => `${c}::bigint`).join(', ')} from stats_${grain}_${period} order by 1, 2, 3`); // prettier-ignore
        expect(fromNetwork.length, `${grain} ${period}`).toBeGreaterThan(0);
        expect(fromGrain, `${grain} ${period}`).toEqual(fromNetwork);
      }
    }
  });

  it('exports every breakdown as CSV, Totals last, text cells made inert', async () => {
    await t.database.db.update(partners).set({ companyName: '=HYPERLINK("x")' }).where(eq(partners.id, team[2]!.partnerId)); // prettier-ignore
    for (const breakdown of NETWORK_BREAKDOWNS) {
      const res = await callEndpoint(t.app, networkReportsEndpoints.export, { params: { breakdown }, query: range }, admin); // prettier-ignore
      expectOk(res);
      expect(res.headers['content-type']).toContain('text/csv');
      const lines = res.raw.body.trim().split('\n');
      expect(lines[0]).toMatch(
        /,Clicks,Conversions,Conversion Rate \(%\),Currency,Advertiser Revenue,Payout,Margin,EPC$/,
      );
      expect(lines.at(-1)).toMatch(/^Totals,7,/);
    }
    const csv = (await callEndpoint(t.app, networkReportsEndpoints.export, { params: { breakdown: 'partner' }, query: range }, admin)).raw.body; // prettier-ignore
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it("gives the home's figures in the viewer's scope: a manager's differ from an admin's", async () => {
    const adminHome = await callEndpoint(t.app, networkReportsEndpoints.homeNumbers, {}, admin);
    const managerHome = await callEndpoint(t.app, networkReportsEndpoints.homeNumbers, {}, manager);
    const a = okBody(adminHome).data;
    const m = okBody(managerHome).data;
    expect(a.last7Days.clicks).toBe(7);
    expect(m.last7Days.clicks).toBeLessThan(a.last7Days.clicks);
    expect(m.topPartners.map((r: NetworkReportRow) => Number(r.key)).sort()).toEqual([team[0]!.partnerId, team[1]!.partnerId].sort()); // prettier-ignore
    expect(a.topOffers).toHaveLength(2);
    expect(a.monthToDate.clicks).toBe(7);
  });
});
