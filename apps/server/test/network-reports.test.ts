import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advertisersEndpoints,
  conversionReviewEndpoints,
  NETWORK_BREAKDOWNS,
  NETWORK_REPORT_SORTS,
  networkReportsEndpoints,
  offersEndpoints,
  reportViewsEndpoints,
  staffOffersEndpoints,
  statisticsEndpoints,
  type MoneyAmount,
  type NetworkReportRow,
  type NetworkReportSort,
} from '@portal/contracts';
import { rowsOf } from '../src/db/bulk.js';
import { auditLog, clicks, conversions, offers, partners, products, users } from '../src/db/schema.js';
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
import { neutraliseCsvText } from '../src/lib/csv.js';
import { columnSum, readSpreadsheetCsv } from './csv.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

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
  async function click(offerId: number, p: Partner, ip: string, tracking = ''): Promise<string> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/click?offer_id=${offerId}&aff_id=${p.partnerId}${tracking}`,
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
    // Postbacks here follow their clicks at once: no floor on these goals (the conversion rules' tests are elsewhere).
    await goalsWithoutFloor(t, ['registration', 'sale']);
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
    // Sub-IDs and trackers on some clicks (decision 089): '' stands for none sent.
    const plan: [
      hoursBack: number,
      partner: number,
      offer: number,
      ip: string,
      goal: string | null,
      tracking?: string,
    ][] = [
      // prettier-ignore
      [6, 0, 0, '90.0.0.1', 'registration', '&subid=news&tc1=a'], // 17:30 UTC, 10 March for both
      [6, 0, 0, '90.0.0.1', null, '&subid=news&tc2=b'],
      [4, 1, 0, '85.214.0.1', 'registration', '&subid=mail&tc3=c&tc4=d'], // 19:30 UTC: 11 March at +05:00
      [4, 1, 1, '73.0.0.1', 'sale'],
      [1, 2, 1, '73.0.0.1', 'registration', '&tc1=a'],
      [1, 2, 0, '10.0.0.1', 'registration'], // a private address: no country
      [0, 0, 1, '90.0.0.1', 'registration'],
    ];
    const base = clock.now().getTime();
    let at = base;
    const clickIds: string[] = [];
    for (const [hoursBack, p, o, ip, goal, tracking] of plan) {
      clock.advance(base - hoursBack * 3_600_000 - at);
      at = base - hoursBack * 3_600_000;
      const cid = await click(offerIds[o]!, team[p]!, ip, tracking);
      clickIds.push(cid);
      if (goal) await convert(tokens[o]!, cid, goal, goal === 'sale' ? '100' : undefined);
    }
    clock.advance(base - at);
    await t.app.tracking.buffer.flush();
    // One sale approved on review, so that pending moves into the approved figures through the rollups too.
    const [sale] = await t.database.db.select().from(conversions).where(eq(conversions.status, 'pending'));
    const reviewed = await callEndpoint(t.app, conversionReviewEndpoints.review, { params: { id: sale!.id }, body: { status: 'approved' } }, admin); // prettier-ignore
    expectOk(reviewed);
    // Two more sales on the first clicks, which stay pending and are rejected: beside the approved figures, never in them.
    await convert(tokens[0]!, clickIds[1]!, 'sale', '50');
    const { conversionId } = await convert(tokens[0]!, clickIds[0]!, 'sale', '20');
    expectOk(await callEndpoint(t.app, conversionReviewEndpoints.review, { params: { id: conversionId }, body: { status: 'rejected', reason: 'fraud' } }, admin)); // prettier-ignore
  });
  afterAll(async () => t?.close());

  /** The breakdown computed again from the raw rows: the viewer's offset, its partners, approved conversions only. */
  type RawRow = { createdAt: Date; partnerId: number; offerId: number; country: string | null; landingPageId: number | null; subid: string | null; tc1: string | null; tc2: string | null; tc3: string | null; tc4: string | null }; // prettier-ignore
  async function fromRawRows(
    breakdown: string,
    offsetMinutes: number,
    visible: (partnerId: number) => boolean,
    from = new Date(0),
    keep: (r: RawRow, advertiserId: number, managerId: number | null) => boolean = () => true,
  ) {
    const local = (d: Date) => new Date(d.getTime() + offsetMinutes * 60_000).toISOString();
    const day = (d: Date) => local(d).slice(0, 10);
    const monday = (d: Date) => {
      const at = new Date(`${day(d)}T00:00:00Z`);
      return new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    };
    const offerRows = await t.database.db.select({ id: offers.id, advertiserId: products.advertiserId, currency: offers.currency }).from(offers).innerJoin(products, eq(products.id, offers.productId)); // prettier-ignore
    const partnerRows = await t.database.db.select({ id: partners.id, accountManagerId: partners.accountManagerId }).from(partners); // prettier-ignore
    // 'partner>offer': a nested breakdown's key, the two keys joined by '|' (decision 106).
    const keyOf = (r: RawRow) =>
      breakdown
        .split('>')
        .map((b) => keyFor(b, r))
        .join('|');
    const keyFor = (by: string, r: RawRow) => {
      switch (by) {
        case 'day':
          return day(r.createdAt);
        case 'hour':
          return `${day(r.createdAt)} ${local(r.createdAt).slice(11, 13)}:00`;
        case 'week':
          return monday(r.createdAt);
        case 'month':
          return day(r.createdAt).slice(0, 7);
        case 'subid':
        case 'tc1':
        case 'tc2':
        case 'tc3':
        case 'tc4':
          return r[by] ?? '';
        case 'partner':
          return String(r.partnerId);
        case 'offer':
          return String(r.offerId);
        case 'advertiser':
          return String(offerRows.find((o) => o.id === r.offerId)!.advertiserId);
        case 'manager':
          return String(partnerRows.find((p) => p.id === r.partnerId)!.accountManagerId ?? 'none');
        case 'landing':
          // The landing page the click was sent to (decision 117): 0 for the offer's own URL.
          return String(r.landingPageId ?? 0);
        default:
          return r.country || 'XX';
      }
    };
    type Raw = { clicks: number; conversions: number; pending: number; rejected: number; revenue: Record<string, number>; payout: Record<string, number>; pendingRevenue: Record<string, number>; pendingPayout: Record<string, number> }; // prettier-ignore
    const rows = new Map<string, Raw>();
    const row = (key: string) => {
      if (!rows.has(key)) rows.set(key, { clicks: 0, conversions: 0, pending: 0, rejected: 0, revenue: {}, payout: {}, pendingRevenue: {}, pendingPayout: {} }); // prettier-ignore
      return rows.get(key)!;
    };
    const kept = (r: RawRow) =>
      offerIds.includes(r.offerId) && visible(r.partnerId) && r.createdAt >= from &&
      keep(r, offerRows.find((o) => o.id === r.offerId)!.advertiserId, partnerRows.find((p) => p.id === r.partnerId)!.accountManagerId); // prettier-ignore
    const add = (money: Record<string, number>, currency: string, amount: number) => {
      money[currency] = (money[currency] ?? 0) + amount;
    };
    for (const c of await t.database.db.select().from(clicks)) if (kept(c)) row(keyOf(c)).clicks += 1;
    for (const c of await t.database.db.select().from(conversions)) {
      if (!c.offerId) continue;
      // A conversion counts where its click does: the rollups key it by the click's sub-IDs and country.
      const r0 = { ...c, partnerId: c.partnerId!, offerId: c.offerId };
      if (!kept(r0)) continue;
      const r = row(keyOf(r0));
      if (c.status === 'approved') {
        r.conversions += 1;
        add(r.revenue, c.currency, c.revenue);
        add(r.payout, c.currency, c.payout);
      } else if (c.status === 'pending') {
        r.pending += 1;
        add(r.pendingRevenue, c.currency, c.revenue);
        add(r.pendingPayout, c.currency, c.payout);
      } else if (c.status === 'rejected') r.rejected += 1;
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
        expect([r.pendingConversions, r.rejectedConversions, asRecord(r.pendingRevenue), asRecord(r.pendingPayout)], `${breakdown} ${r.key}`).toEqual([e.pending, e.rejected, e.pendingRevenue, e.pendingPayout]); // prettier-ignore
        for (const m of r.margin) {
          expect(m.amount).toBe((e.revenue[m.currency] ?? 0) - (e.payout[m.currency] ?? 0));
        }
        // Every list in currency order, and the margin rate of each currency with revenue (decision 134's row sums).
        for (const list of [
          r.advertiserRevenue,
          r.payout,
          r.margin,
          r.pendingRevenue,
          r.pendingPayout,
          r.epc,
          r.marginRate,
        ]) {
          expect(list.map((m) => m.currency)).toEqual(list.map((m) => m.currency).sort());
        }
        const marginIn = Object.fromEntries(r.margin.map((m) => [m.currency, m.amount]));
        expect(r.marginRate, `${breakdown} ${r.key}`).toEqual(r.advertiserRevenue.filter((m) => m.amount !== 0).map((m) => ({ currency: m.currency, amount: marginIn[m.currency]! / m.amount }))); // prettier-ignore
      }
      const sum = (pick: (r: NetworkReportRow) => MoneyAmount[]) => {
        const out: Record<string, number> = {};
        for (const r of body) for (const m of pick(r)) out[m.currency] = (out[m.currency] ?? 0) + m.amount;
        return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0));
      };
      expect(totals.clicks).toBe(body.reduce((n, r) => n + r.clicks, 0));
      expect(totals.conversions).toBe(body.reduce((n, r) => n + r.conversions, 0));
      expect([totals.pendingConversions, totals.rejectedConversions], breakdown).toEqual([1, 1]);
      expect(asRecord(totals.pendingRevenue)).toEqual(sum((r) => r.pendingRevenue));
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
    const byManager = await reportRows({ breakdown: 'day' }, { ...range, managerId: [managerId] });
    expect(byManager.at(-1)!.clicks).toBe(totalClicks);

    expectError(await call({ breakdown: invalid('quarter') }, range), 400);
    const bad = await call({ breakdown: 'day' }, { startDate: '2026-03-11', endDate: '2026-03-10', country: invalid('F1') }); // prettier-ignore
    expect(Object.keys(errorBody(bad, 400).errors ?? {})).toEqual(expect.arrayContaining(['endDate', 'country.0']));
    expectError(await call({ breakdown: 'day' }, range, team[0]!.token), 403);
  });

  it('filters on every dimension, repeatable, as the raw rows do; a forged id answers nothing (decision 089)', async () => {
    const [p0, , p2] = team.map((p) => p.partnerId) as [number, number, number];
    const advertiserOf = async (offerId: number) =>
      (await t.database.db.select({ a: products.advertiserId }).from(offers).innerJoin(products, eq(products.id, offers.productId)).where(eq(offers.id, offerId)))[0]!.a; // prettier-ignore
    const a1 = await advertiserOf(offerIds[1]!);
    const cases: [ReportInput['query'], Parameters<typeof fromRawRows>[4]][] = [
      [{ partnerId: [p0, p2] }, (r) => [p0, p2].includes(r.partnerId)],
      [{ offerId: [offerIds[1]!] }, (r) => r.offerId === offerIds[1]],
      [{ advertiserId: [a1] }, (_r, a) => a === a1],
      [{ managerId: [managerId] }, (_r, _a, m) => m === managerId],
      [{ country: ['us', 'XX'] }, (r) => ['US', ''].includes(r.country ?? '')],
      [{ subid: ['news', 'mail'] }, (r) => ['news', 'mail'].includes(r.subid ?? '')],
      [{ tc1: ['a'], partnerId: [p2] }, (r) => r.tc1 === 'a' && r.partnerId === p2],
      [{ tc4: ['d'] }, (r) => r.tc4 === 'd'],
    ];
    for (const [filter, keep] of cases) {
      for (const breakdown of ['partner', 'offer', 'day'] as const) {
        const rows = await reportRows({ breakdown }, { ...range, ...filter });
        const expected = await fromRawRows(breakdown, 300, () => true, new Date(0), keep);
        const got = Object.fromEntries(rows.filter((r) => !r.isTotal && (r.clicks > 0 || r.pendingConversions > 0 || r.rejectedConversions > 0)).map((r) => [r.key, [r.clicks, r.conversions, r.pendingConversions, r.rejectedConversions, asRecord(r.advertiserRevenue), asRecord(r.payout), asRecord(r.pendingRevenue)]])); // prettier-ignore
        const want = Object.fromEntries([...expected].map(([k, e]) => [k, [e.clicks, e.conversions, e.pending, e.rejected, e.revenue, e.payout, e.pendingRevenue]])); // prettier-ignore
        expect(got, `${JSON.stringify(filter)} by ${breakdown}`).toEqual(want);
      }
    }
    // An account manager naming another's partner, or filtering by a value, stays inside its own partners.
    const forged = await reportRows({ breakdown: 'partner' }, { ...range, partnerId: [p2] }, manager);
    expect(forged).toHaveLength(1);
    expect(forged[0]!.clicks).toBe(0);
    const mine = await reportRows({ breakdown: 'subid' }, { ...range, subid: ['news', 'mail'] }, manager);
    expect(mine.at(-1)!.clicks).toBe(3);
    const bad = await call({ breakdown: 'day' }, { ...range, partnerId: [invalid('x')], range: invalid('someday') });
    expect(Object.keys(errorBody(bad, 400).errors ?? {})).toEqual(expect.arrayContaining(['partnerId.0', 'range']));
  });

  it('reads quick ranges in the viewer’s time zone and sets each row beside the previous period (decision 089)', async () => {
    // At +05:00 the clock's 23:30 UTC on 10 March is 11 March: 'today' holds the five clicks after 19:00 UTC.
    const today = await reportRows({ breakdown: 'day' }, { range: 'today' });
    expect(today.map((r) => [r.key, r.clicks])).toEqual([['2026-03-11', 5], ['total', 5]]); // prettier-ignore
    const yesterday = await reportRows({ breakdown: 'day' }, { range: 'yesterday', startDate: '2020-01-01', endDate: '2020-01-02' }); // prettier-ignore
    expect(yesterday.map((r) => [r.key, r.clicks])).toEqual([['2026-03-10', 2], ['total', 2]]); // prettier-ignore
    expect((await reportRows({ breakdown: 'month' }, { range: 'this_month' })).map((r) => [r.key, r.clicks])).toEqual([['2026-03', 7], ['total', 7]]); // prettier-ignore
    expect((await reportRows({ breakdown: 'partner' }, { range: 'last_month' })).at(-1)!.clicks).toBe(0);

    const compared = await reportRows({ breakdown: 'day' }, { range: 'today', compare: 'previous' });
    expect(compared.map((r) => [r.key, r.clicks, r.previous?.clicks])).toEqual([['2026-03-11', 5, 2], ['total', 5, 2]]); // prettier-ignore
    const byPartner = await reportRows({ breakdown: 'partner' }, { range: 'today', compare: 'previous' });
    const p0 = byPartner.find((r) => r.key === String(team[0]!.partnerId))!;
    expect([p0.clicks, p0.previous?.clicks]).toEqual([1, 2]);
    const hours = await reportRows({ breakdown: 'hour' }, { range: 'today', compare: 'previous' });
    expect(hours.find((r) => r.key === '2026-03-11 00:00')?.previous?.clicks).toBe(0);
    expect(hours.at(-1)!.previous?.clicks).toBe(2);
    expect((await reportRows({ breakdown: 'day' }, range)).at(-1)!.previous).toBeUndefined();
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

  it('keeps the partner, offer and pair grains equal to the network rollups, hour by hour and day by day (decisions 049, 123)', async () => {
    const read = async (query: string) => rowsOf<Record<string, unknown>>(await t.database.db.execute(sql.raw(query)));
    const counts = 'clicks, conversions, pending, rejected, payout, pending_payout, revenue, pending_revenue';
    const sums = counts
      .split(', ')
      .map((c) => `sum(${c})::bigint as ${c}`)
      .join(', ');
    for (const [grain, key] of [
      ['partner', 'partner_id'],
      ['offer', 'offer_id'],
      // The pair grain (decision 123): daily only.
      ['pair', `partner_id || '/' || offer_id`],
    ] as const) {
      for (const [period, time] of [
        ['hourly', 'hour'],
        ['daily', 'day'],
      ] as const) {
        if (grain === 'pair' && period === 'hourly') continue;
        const fromNetwork = await read(`select ${time}::text as t, ${key} as k, currency, ${sums} from stats_network_${period} group by 1, 2, 3 order by 1, 2, 3`); // prettier-ignore
        const fromGrain = await read(`select ${time}::text as t, ${key} as k, currency, ${counts.split(', ').map((c) => `${c}::bigint`).join(', ')} from stats_${grain}_${period} order by 1, 2, 3`); // prettier-ignore
        expect(fromNetwork.length, `${grain} ${period}`).toBeGreaterThan(0);
        expect(fromGrain, `${grain} ${period}`).toEqual(fromNetwork);
      }
    }
  });

  it('exports every breakdown as a CSV spreadsheets read: clicks once per row, money per currency, sums = Totals (decision 077)', async () => {
    await t.database.db.update(partners).set({ companyName: '=HYPERLINK("x")' }).where(eq(partners.id, team[2]!.partnerId)); // prettier-ignore
    // The trackers and months are written by the same lines as the sub-ID and weeks.
    for (const breakdown of NETWORK_BREAKDOWNS.filter((b) => !['month', 'tc2', 'tc3', 'tc4'].includes(b))) {
      const res = await callEndpoint(t.app, networkReportsEndpoints.export, { params: { breakdown }, query: range }, admin); // prettier-ignore
      expectOk(res);
      expect(res.headers['content-type']).toContain('text/csv');
      const { header, lines } = readSpreadsheetCsv(res.raw.body);
      const json = await reportRows({ breakdown }, range);
      const totals = json.at(-1)!;
      const currencies = [...new Set(json.flatMap((r) => r.advertiserRevenue.map((m) => m.currency)))].sort();
      expect(currencies, 'the fixture pays in two currencies').toHaveLength(2);
      expect(header).toEqual([
        expect.any(String),
        'Clicks',
        'Conversions',
        'Pending Conversions',
        'Rejected Conversions',
        // Refused clicks where the report can place them (decision 106).
        ...(totals.refusedClicks === undefined ? [] : ['Refused Clicks']),
        'Conversion Rate (%)',
        ...currencies.flatMap((c) => [`Advertiser Revenue ${c}`, `Payout ${c}`, `Margin ${c}`, `EPC ${c}`, `Pending Revenue ${c}`, `Pending Payout ${c}`]), // prettier-ignore
      ]);
      // One line per row of the screen, Totals last; a spreadsheet's SUM over the rows is the Totals line.
      expect(lines.map((l) => l[0])).toEqual(json.map((r) => neutraliseCsvText(r.label)));
      const rows = lines.slice(0, -1);
      const sum = (name: string) => columnSum(header, rows, name) / 100;
      expect(sum('Clicks'), breakdown).toBe(totals.clicks);
      expect(totals.clicks).toBe(7);
      expect(sum('Conversions'), breakdown).toBe(totals.conversions);
      expect(sum('Pending Conversions'), breakdown).toBe(totals.pendingConversions);
      expect(sum('Rejected Conversions'), breakdown).toBe(totals.rejectedConversions);
      const amount = (list: MoneyAmount[], c: string) => (list.find((m) => m.currency === c)?.amount ?? 0) / 100;
      for (const c of currencies) {
        expect(sum(`Advertiser Revenue ${c}`), `${breakdown} ${c}`).toBeCloseTo(amount(totals.advertiserRevenue, c), 2);
        expect(sum(`Payout ${c}`), `${breakdown} ${c}`).toBeCloseTo(amount(totals.payout, c), 2);
        expect(sum(`Margin ${c}`), `${breakdown} ${c}`).toBeCloseTo(amount(totals.margin, c), 2);
        expect(sum(`Pending Revenue ${c}`), `${breakdown} ${c}`).toBeCloseTo(amount(totals.pendingRevenue, c), 2);
      }
      expect(lines.at(-1)!.slice(0, 3)).toEqual(['Totals', String(totals.clicks), String(totals.conversions)]);
      if (breakdown === 'day') for (const line of rows) expect(line[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
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

  it('nests a second breakdown in each row as the raw rows do, the children summing to their row (decision 106)', async () => {
    const pairs = [
      ['partner', 'offer'],
      ['offer', 'country'],
      ['advertiser', 'partner'],
      ['day', 'partner'],
      ['partner', 'subid'],
      ['country', 'hour'],
      ['manager', 'week'],
      ['tc1', 'advertiser'],
    ] as const;
    for (const [breakdown, then] of pairs) {
      const rows = await reportRows({ breakdown }, { ...range, then });
      const expected = await fromRawRows(`${breakdown}>${then}`, 300, () => true);
      const got: Record<string, unknown> = {};
      for (const row of rows.filter((r) => !r.isTotal)) {
        const children = row.children ?? [];
        // A row is the sum of its nested rows.
        expect(
          children.reduce((n, c) => n + c.clicks, 0),
          `${breakdown}>${then} ${row.key}`,
        ).toBe(row.clicks);
        expect(children.reduce((n, c) => n + c.conversions + c.pendingConversions, 0)).toBe(row.conversions + row.pendingConversions); // prettier-ignore
        for (const c of children) {
          if (c.clicks > 0 || c.conversions > 0 || c.pendingConversions > 0 || c.rejectedConversions > 0) {
            got[`${row.key}|${c.key}`] = [c.clicks, c.conversions, c.pendingConversions, c.rejectedConversions, asRecord(c.advertiserRevenue), asRecord(c.payout), asRecord(c.pendingPayout)]; // prettier-ignore
          }
        }
      }
      const want = Object.fromEntries([...expected].map(([k, e]) => [k, [e.clicks, e.conversions, e.pending, e.rejected, e.revenue, e.payout, e.pendingPayout]])); // prettier-ignore
      expect(got, `${breakdown}>${then}`).toEqual(want);
      expect(rows.at(-1)!.clicks).toBe(7);
      expect(rows.at(-1)!.children).toBeUndefined();
    }
    // Filters and the scope hold inside the nesting: a manager's partners only, a forged id nothing.
    const mine = new Set([team[0]!.partnerId, team[1]!.partnerId].map(String));
    const managed = await reportRows({ breakdown: 'offer' }, { ...range, then: 'partner' }, manager);
    const seen = managed.flatMap((r) => (r.children ?? []).filter((c) => c.clicks > 0).map((c) => c.key));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((k) => mine.has(k))).toBe(true);
    const forged = await reportRows({ breakdown: 'partner' }, { ...range, then: 'offer', partnerId: [team[2]!.partnerId] }, manager); // prettier-ignore
    expect(forged).toHaveLength(1);
    expect(forged[0]!.clicks).toBe(0);
    const advertiserId = (await t.database.db.select({ a: products.advertiserId }).from(offers).innerJoin(products, eq(products.id, offers.productId)).where(eq(offers.id, offerIds[0]!)))[0]!.a; // prettier-ignore
    const oneAdvertiser = await reportRows({ breakdown: 'partner' }, { ...range, then: 'offer', advertiserId: [advertiserId] }); // prettier-ignore
    expect(oneAdvertiser.flatMap((r) => (r.children ?? []).map((c) => c.key)).every((k) => k === String(offerIds[0]))).toBe(true); // prettier-ignore
    // Compared, each nested row carries its own previous figures.
    const compared = await reportRows({ breakdown: 'partner' }, { range: 'today', then: 'offer', compare: 'previous' });
    const p0 = compared.find((r) => r.key === String(team[0]!.partnerId))!;
    expect(p0.children!.every((c) => c.previous !== undefined)).toBe(true);
    expect(p0.children!.reduce((n, c) => n + c.previous!.clicks, 0)).toBe(p0.previous!.clicks);
    // Never itself, never two periods, never two trackers; partners never reach it.
    for (const [breakdown, then] of [
      ['partner', 'partner'],
      ['day', 'hour'],
      ['subid', 'tc1'],
    ] as const) {
      const bad = await call({ breakdown }, { ...range, then });
      expect(Object.keys(errorBody(bad, 400).errors ?? {}), `${breakdown}>${then}`).toEqual(['then']);
    }
    expectError(await call({ breakdown: 'partner' }, { ...range, then: 'offer' }, team[0]!.token), 403);
  });

  it('pages a nested report in the sort asked, each page a slice of the whole answer, the Totals those of every page (decision 153)', async () => {
    const weightOf = (list: MoneyAmount[]) => list.reduce((n, m) => n + m.amount, 0);
    const figure = (row: NetworkReportRow, name: NetworkReportSort) =>
      name === 'clicks' || name === 'conversions' ? row[name] : name === 'label' ? 0 : weightOf(row[name]);
    const codeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    /** The sort's order: its figure (or the name), then the name and key in code-unit order, nested rows too. */
    const expectSorted = (rows: NetworkReportRow[], name: NetworkReportSort, order: 'asc' | 'desc', what: string) => {
      const dir = order === 'asc' ? 1 : -1;
      for (let i = 1; i < rows.length; i += 1) {
        const [a, b] = [rows[i - 1]!, rows[i]!];
        const by = name === 'label' ? dir * codeUnits(a.label, b.label) || codeUnits(a.key, b.key) : dir * (figure(a, name) - figure(b, name)) || codeUnits(a.label, b.label) || codeUnits(a.key, b.key); // prettier-ignore
        expect(by, `${what}: ${a.key} before ${b.key}`).toBeLessThan(0);
      }
    };
    const sorts = NETWORK_REPORT_SORTS.flatMap((sortName) => (['asc', 'desc'] as const).map((sortOrder) => ({ sortName, sortOrder }))); // prettier-ignore
    const pairs = [
      ['partner', 'offer', sorts],
      ['offer', 'partner', sorts.slice(0, 2)],
      ['advertiser', 'partner', sorts.slice(-2)],
      ['manager', 'offer', sorts.slice(0, 2)],
      ['subid', 'partner', sorts.slice(-2)],
      ['country', 'offer', sorts.slice(2, 4)],
      ['landing', 'partner', sorts.slice(0, 2)],
    ] as const;
    // Finance reads in UTC: whole days, one statement pages (decision 153); the admin in +05:00, whose end hours are read
    // beside the days, gets its pages cut from the whole answer. Both the same slices of it.
    for (const token of [finance, admin]) {
      for (const [breakdown, then, sortsOfPair] of pairs) {
        for (const sort of sortsOfPair) {
          const what = `${breakdown}>${then} ${sort.sortName} ${sort.sortOrder} ${token === admin ? '+05:00' : 'UTC'}`;
          const whole = okBody(await call({ breakdown }, { ...range, then, ...sort }, token));
          const body = whole.data.filter((r) => !r.isTotal);
          expect(body.length, what).toBeGreaterThan(breakdown === 'landing' ? 0 : 1);
          expectSorted(body, sort.sortName, sort.sortOrder, what);
          for (const row of body)
            expectSorted(row.children ?? [], sort.sortName, sort.sortOrder, `${what} in ${row.key}`);
          for (const count of breakdown === 'partner' ? [1, 2] : [1]) {
            const pages: NetworkReportRow[] = [];
            for (let page = 1; page <= Math.ceil(body.length / count) + 1; page += 1) {
              const answer = okBody(await call({ breakdown }, { ...range, then, ...sort, page, count }, token));
              expect(answer.total, what).toBe(body.length);
              // The Totals of every page, on every page.
              expect(answer.data.at(-1), `${what} page ${page}`).toEqual(whole.data.at(-1));
              pages.push(...answer.data.slice(0, -1));
            }
            expect(pages, `${what} by ${count}`).toEqual(body);
          }
        }
      }
    }
    // Compared with the previous period, a page's rows carry the previous figures of the same keys, the Totals all.
    for (const token of [finance, admin]) {
      const query = { range: 'today', then: 'offer', compare: 'previous', sortName: 'clicks' } as const;
      const whole = okBody(await call({ breakdown: 'partner' }, query, token)).data;
      const first = okBody(await call({ breakdown: 'partner' }, { ...query, page: 2, count: 1 }, token));
      expect(first.data).toEqual([whole[1], whole.at(-1)]);
    }
    // Unnested: the same rows cut in pages; periods of time keep their order.
    for (const breakdown of ['partner', 'day'] as const) {
      const whole = okBody(await call({ breakdown }, { ...range, sortName: 'clicks', sortOrder: 'asc' })).data;
      const second = okBody(await call({ breakdown }, { ...range, sortName: 'clicks', sortOrder: 'asc', page: 2, count: 1 })); // prettier-ignore
      expect(second.total, breakdown).toBe(whole.length - 1);
      expect(second.data, breakdown).toEqual([whole[1], whole.at(-1)]);
    }
    // The CSV is every row whatever the page asked.
    const csv = async (query: ReportInput['query']) => (await callEndpoint(t.app, networkReportsEndpoints.export, { params: { breakdown: 'partner' }, query }, admin)).raw.body; // prettier-ignore
    expect(await csv({ ...range, then: 'offer', page: 2, count: 1 })).toBe(await csv({ ...range, then: 'offer' }));
    // A page or count out of bounds, an unknown sort: refused.
    for (const bad of [{ page: 0 }, { count: 501 }, { sortName: 'epc' }, { sortOrder: 'up' }] as const) {
      const res = await call({ breakdown: 'partner' }, { ...range, then: 'offer', ...(bad as object) });
      expect(Object.keys(errorBody(res, 400).errors ?? {})).toEqual(Object.keys(bad));
    }
  });

  it('exports a nested breakdown as one line per nested row, its parent named, the sums the Totals (decision 106)', async () => {
    const res = await callEndpoint(t.app, networkReportsEndpoints.export, { params: { breakdown: 'advertiser' }, query: { ...range, then: 'partner' } }, admin); // prettier-ignore
    expectOk(res);
    expect(res.headers['content-disposition']).toContain('network-advertiser-partner-');
    const { header, lines } = readSpreadsheetCsv(res.raw.body);
    expect(header.slice(0, 4)).toEqual(['Advertiser', 'Partner', 'Clicks', 'Conversions']);
    const json = await reportRows({ breakdown: 'advertiser' }, { ...range, then: 'partner' });
    const totals = json.at(-1)!;
    const children = json.filter((r) => !r.isTotal).flatMap((r) => (r.children ?? []).map((c) => [r, c] as const));
    expect(lines.map((l) => l.slice(0, 2))).toEqual([...children.map(([r, c]) => [r.label, neutraliseCsvText(c.label)]), ['Totals', '']]); // prettier-ignore
    const rows = lines.slice(0, -1);
    expect(columnSum(header, rows, 'Clicks') / 100).toBe(totals.clicks);
    expect(columnSum(header, rows, 'Pending Conversions') / 100).toBe(totals.pendingConversions);
    expect(columnSum(header, rows, 'Refused Clicks') / 100).toBe(totals.refusedClicks);
    for (const { currency, amount } of totals.margin) {
      expect(columnSum(header, rows, `Margin ${currency}`) / 100).toBeCloseTo(amount / 100, 2);
    }
  });

  it('counts refused clicks per row and reason where the refusals can be placed, in the reader’s scope (decision 106)', async () => {
    // Refused at /click: a link to an offer that does not exist (two for the first partner, one for the third), one
    // naming no partner (in no row), and an offer the second partner may no longer reach.
    const refuse = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '90.0.0.9' } });
      expect(res.statusCode, `${res.body} ${String(res.headers.location)}`).not.toBe(302);
    };
    await refuse(`/click?offer_id=99999999&aff_id=${team[0]!.partnerId}`);
    await refuse(`/click?offer_id=99999999&aff_id=${team[0]!.partnerId}`);
    await refuse(`/click?offer_id=99999999&aff_id=${team[2]!.partnerId}`);
    await refuse(`/click?offer_id=${offerIds[0]}&aff_id=99999999`);
    await setAllOffersAccess(t, team[1]!.partnerId, false);
    // Written to the database directly: the click contexts cached by earlier tests' clicks (5 s) do not know it.
    t.app.tracking.contexts.clear();
    await refuse(`/click?offer_id=${offerIds[1]}&aff_id=${team[1]!.partnerId}`);
    await setAllOffersAccess(t, team[1]!.partnerId, true);
    await t.app.tracking.buffer.flush();
    // The oracle: the refusal rollup's raw rows of known partners.
    const raw = rowsOf<{ partner_id: number; offer_id: number; reason: string; n: number }>(
      await t.database.db.execute(sql`select r.partner_id, r.offer_id, r.reason, sum(r.count)::int as n from rejected_clicks_hourly r join partners p on p.id = r.partner_id group by 1, 2, 3`), // prettier-ignore
    );
    const [p0, p1, p2] = team.map((p) => String(p.partnerId)) as [string, string, string];
    const today = { range: 'today' } as const;
    const byPartner = await reportRows({ breakdown: 'partner' }, today);
    const refusedOf = (rows: NetworkReportRow[], key: string) => rows.find((r) => r.key === key)?.refusedClicks;
    expect([refusedOf(byPartner, p0), refusedOf(byPartner, p1), refusedOf(byPartner, p2)]).toEqual([2, 1, 1]);
    expect(byPartner.find((r) => r.key === p0)!.refusedByReason).toEqual([{ reason: 'unknown_offer', clicks: 2 }]);
    const reasonOfP1 = raw.find((r) => String(r.partner_id) === p1)!.reason;
    expect(reasonOfP1).not.toBe('unknown_offer');
    // The link naming no partner is in no row, nor in the Totals: they are the rows' sum.
    expect(byPartner.at(-1)!.refusedClicks).toBe(4);
    for (const breakdown of ['offer', 'advertiser', 'manager', 'day', 'hour', 'week'] as const) {
      const rows = await reportRows({ breakdown }, today);
      const body = rows.filter((r) => !r.isTotal);
      expect(
        body.reduce((n, r) => n + (r.refusedClicks ?? 0), 0),
        breakdown,
      ).toBe(4);
      expect(rows.at(-1)!.refusedClicks, breakdown).toBe(4);
    }
    const byOffer = await reportRows({ breakdown: 'offer' }, today);
    expect(byOffer.find((r) => r.key === '0')).toMatchObject({ label: 'Unknown offer', clicks: 0, refusedClicks: 3 });
    expect(refusedOf(byOffer, String(offerIds[1]))).toBe(raw.filter((r) => r.offer_id === offerIds[1]).reduce((n, r) => n + r.n, 0)); // prettier-ignore
    // Nested: the first partner's refusals under its 'Unknown offer'.
    const nested = await reportRows({ breakdown: 'partner' }, { ...today, then: 'offer' });
    expect(nested.find((r) => r.key === p0)!.children!.find((c) => c.key === '0')?.refusedClicks).toBe(2);
    // A key with refused clicks and no click (the 'Unknown offer', its advertiser) is a row of every page's count and of
    // its place in the order, paged in SQL (finance, UTC) or cut (the admin, +05:00).
    for (const [breakdown, then] of [
      ['offer', 'partner'],
      ['advertiser', 'partner'],
      ['partner', 'offer'],
    ] as const) {
      for (const token of [finance, admin]) {
        for (const extra of [
          { sortName: 'clicks', sortOrder: 'desc' },
          { sortName: 'label', sortOrder: 'asc' },
          { sortName: 'margin', sortOrder: 'asc' },
        ] as const) {
          const what = `${breakdown}>${then} ${JSON.stringify(extra)} ${token === admin ? '+05:00' : 'UTC'}`;
          const whole = okBody(await call({ breakdown }, { ...today, then, ...extra }, token));
          const body = whole.data.filter((r) => !r.isTotal);
          const refusedOnly = body.some((r) => r.key === '0' && r.clicks === 0);
          if (breakdown !== 'partner') expect(refusedOnly, what).toBe(true);
          const pages: NetworkReportRow[] = [];
          for (let page = 1; page <= body.length + 1; page += 1) {
            const answer = okBody(await call({ breakdown }, { ...today, then, ...extra, page, count: 1 }, token));
            expect(answer.total, `${what} page ${page}`).toBe(body.length);
            expect(answer.data.at(-1), `${what} page ${page}`).toEqual(whole.data.at(-1));
            pages.push(...answer.data.slice(0, -1));
          }
          expect(pages, what).toEqual(body);
        }
      }
    }
    // A manager sees its partners' refusals only; filters narrow them.
    expect((await reportRows({ breakdown: 'partner' }, today, manager)).at(-1)!.refusedClicks).toBe(3);
    expect((await reportRows({ breakdown: 'day' }, { ...today, partnerId: [Number(p2)] })).at(-1)!.refusedClicks).toBe(1); // prettier-ignore
    // Where refusals cannot be placed (countries, sub-IDs, trackers) the column is absent, not a wrong zero.
    expect((await reportRows({ breakdown: 'country' }, today)).at(-1)!.refusedClicks).toBeUndefined();
    expect((await reportRows({ breakdown: 'partner' }, { ...today, subid: ['news'] })).at(-1)!.refusedClicks).toBeUndefined(); // prettier-ignore
    expect((await reportRows({ breakdown: 'partner' }, { ...today, then: 'country' })).at(-1)!.refusedClicks).toBeUndefined(); // prettier-ignore
    // Over several hours and days: a report not broken down by time sums the window's hours before it joins (the
    // addendum to decision 153), one by day or hour keeps them apart.
    const hours = [['2026-04-20T03:00:00Z', 5], ['2026-04-20T17:00:00Z', 7], ['2026-04-21T10:00:00Z', 11], ['2026-04-22T10:00:00Z', 13]] as const; // prettier-ignore
    for (const [hour, count] of hours) {
      await t.database.db.execute(sql`insert into rejected_clicks_hourly (hour, reason, offer_id, partner_id, landing_page_id, count) values (${hour}::timestamptz, 'unknown_offer', 0, ${team[2]!.partnerId}, 0, ${count})`); // prettier-ignore
    }
    try {
      const days = { startDate: '2026-04-20', endDate: '2026-04-21' };
      for (const token of [finance, admin]) {
        const partnerRows = await reportRows({ breakdown: 'partner' }, days, token);
        expect(partnerRows.find((r) => r.key === p2)).toMatchObject({ refusedClicks: 23, refusedByReason: [{ reason: 'unknown_offer', clicks: 23 }] }); // prettier-ignore
        expect((await reportRows({ breakdown: 'offer' }, days, token)).find((r) => r.key === '0')?.refusedClicks).toBe(23); // prettier-ignore
        const nestedRows = await reportRows({ breakdown: 'partner' }, { ...days, then: 'offer' }, token);
        expect(nestedRows.find((r) => r.key === p2)!.children!.find((c) => c.key === '0')?.refusedClicks).toBe(23);
        expect((await reportRows({ breakdown: 'day' }, days, token)).filter((r) => !r.isTotal).map((r) => [r.key, r.refusedClicks])).toEqual([['2026-04-20', 12], ['2026-04-21', 11]]); // prettier-ignore
      }
    } finally {
      await t.database.db.execute(sql`delete from rejected_clicks_hourly where hour < '2026-05-01'`);
    }
  });

  it('keeps each staff member’s saved views, replaced by name, deleted, audited; never another’s (decision 106)', async () => {
    const save = (body: { name: string; query: string }, token = admin) =>
      callEndpoint(t.app, reportViewsEndpoints.create, { body }, token);
    const list = async (token = admin) => okBody(await callEndpoint(t.app, reportViewsEndpoints.list, {}, token)).data; // prettier-ignore
    const first = okBody(await save({ name: ' Advertiser by partner ', query: 'by=partner&then=offer&advertiserId=3&range=this_month' })).data; // prettier-ignore
    expect(first).toMatchObject({ name: 'Advertiser by partner', query: 'by=partner&then=offer&advertiserId=3&range=this_month' }); // prettier-ignore
    okBody(await save({ name: 'Countries', query: 'by=country&columns=clicks,margin' }));
    // The same name again replaces the query.
    const again = okBody(await save({ name: 'Advertiser by partner', query: 'by=partner&then=offer&range=last_month' })).data; // prettier-ignore
    expect(again.id).toBe(first.id);
    expect((await list()).map((v) => [v.name, v.query])).toEqual([
      ['Advertiser by partner', 'by=partner&then=offer&range=last_month'],
      ['Countries', 'by=country&columns=clicks,margin'],
    ]);
    // Another staff member sees none of them and cannot delete them.
    expect(await list(manager)).toEqual([]);
    expectError(await callEndpoint(t.app, reportViewsEndpoints.delete, { params: { id: first.id } }, manager), 404);
    // Only the report's own parameters, a name, within bounds.
    const bad = await save({ name: '', query: 'by=partner&token=x' });
    expect(Object.keys(errorBody(bad, 400).errors ?? {}).sort()).toEqual(['name', 'query']);
    expectError(await save({ name: 'Mine', query: 'by=day' }, team[0]!.token), 403);
    expectError(await callEndpoint(t.app, reportViewsEndpoints.list, {}, team[0]!.token), 403);

    expectOk(await callEndpoint(t.app, reportViewsEndpoints.delete, { params: { id: first.id } }, admin));
    expect((await list()).map((v) => v.name)).toEqual(['Countries']);
    expectError(await callEndpoint(t.app, reportViewsEndpoints.delete, { params: { id: first.id } }, admin), 404);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'report_view'));
    expect(audit.map((a) => [a.action, a.entityId]).sort()).toEqual([['create', String(first.id)], ['create', expect.any(String)], ['delete', String(first.id)], ['update', String(first.id)]].sort()); // prettier-ignore
  });
});
