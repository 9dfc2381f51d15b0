import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkReportsEndpoints, reportOptionsEndpoints, type ReportOptionFilter } from '@portal/contracts';
import {
  clicks,
  conversions,
  goals,
  offerGoals,
  offers,
  partners,
  products,
  statsGoalDaily,
  statsGoalHourly,
} from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createStaff,
  expectOk,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';
import { columnSum, readSpreadsheetCsv } from './csv.js';
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
 * Decision 113: the network reports' filters picked by name. Each picker lists only what the reader's scope reaches;
 * a forged id answers nothing; every filter (partner, offer, advertiser, manager, goal) equals the raw clicks and
 * conversions, pending and rejected included, and the CSV honours each.
 */
describe('network report filters by name (decision 113)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-03-10T09:00:00Z'));
  const range = { startDate: '2026-03-10', endDate: '2026-03-10' };
  let admin: string;
  let finance: string;
  let am1: string;
  let am2: string;
  let am1Id: number;
  let am2Id: number;
  /** Orchid Media and Pine Traffic (the first manager's), Quartz Leads (the second's). */
  const p: { partnerId: number }[] = [];
  /** Alpha Offer (EUR: registration, sale held for validation), Beta Offer (USD: registration), Gamma Offer (EUR: first_deposit). */
  const o: { offerId: number; advertiserId: number; token: string }[] = [];

  type ReportInput = CallInput<typeof networkReportsEndpoints.report>;
  const report = async (breakdown: 'partner' | 'offer', query: ReportInput['query'], token = admin) =>
    okBody(await callEndpoint(t.app, networkReportsEndpoints.report, { params: { breakdown }, query: { ...range, ...query } }, token)).data; // prettier-ignore
  const options = async (
    filter: ReportOptionFilter,
    query: CallInput<typeof reportOptionsEndpoints.list>['query'],
    token: string,
  ) =>
    // prettier-ignore
    okBody(await callEndpoint(t.app, reportOptionsEndpoints.list, { params: { filter }, query }, token)).data;

  const click = (offer: number, partner: number) => sendClick(t, offer, partner);
  const convert = (offer: number, clickId: string, goal: string, amount?: string) =>
    sendPostback(t, o[offer]!.token, clickId, goal, amount);
  const review = (id: number, body: { status: 'approved' } | { status: 'rejected'; reason: 'fraud' }) =>
    reviewConversion(t, admin, id, body);

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now, config: { trustProxy: true, logLevel: 'error' } });
    await goalsWithoutFloor(t, ['registration', 'sale', 'first_deposit']);
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = await login(t, a.email, a.password);
    const f = await createStaff(t, 'ROLE_FINANCE');
    finance = await login(t, f.email, f.password);
    const m1 = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const m2 = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    am1Id = m1.userId;
    am2Id = m2.userId;
    am1 = await login(t, m1.email, m1.password);
    am2 = await login(t, m2.email, m2.password);
    const ids = await reportPartners(t, [
      { companyName: 'Orchid Media', accountManagerId: am1Id },
      { companyName: 'Pine Traffic', accountManagerId: am1Id },
      { companyName: 'Quartz Leads', accountManagerId: am2Id },
    ]);
    p.push(...ids.map((partnerId) => ({ partnerId })));
    const plan = [
      ['Alpha Ads', 'Alpha Offer', 'EUR', [{ goal: 'registration', revenueAmount: 900, payoutAmount: 600 }, { goal: 'sale', revenuePercent: 3000, payoutPercent: 1000, manualValidation: true }]], // prettier-ignore
      ['Beta Ads', 'Beta Offer', 'USD', [{ goal: 'registration', revenueAmount: 500, payoutAmount: 300 }]],
      ['Gamma Ads', 'Gamma Offer', 'EUR', [{ goal: 'first_deposit', revenueAmount: 2000, payoutAmount: 1500 }]],
    ] as const;
    for (const [advertiser, name, currency, goals] of plan) {
      o.push(await reportOffer(t, admin, { advertiser, name, currency, goals: [...goals], domain: 'f.example.com', prefix: 'f' })); // prettier-ignore
    }
    const [orchid, pine, quartz] = p.map((x) => x.partnerId) as [number, number, number];
    const [alpha, beta, gamma] = o.map((x) => x.offerId) as [number, number, number];
    // Orchid: a registration and a pending sale on Alpha, a click without conversion, a registration on Beta.
    await convert(0, await click(alpha, orchid), 'registration');
    await convert(0, await click(alpha, orchid), 'sale', '100');
    await click(alpha, orchid);
    await convert(1, await click(beta, orchid), 'registration');
    // Pine: a sale approved on review and one rejected on Alpha; a click on Beta.
    await review(await convert(0, await click(alpha, pine), 'sale', '50'), { status: 'approved' });
    await review(await convert(0, await click(alpha, pine), 'sale', '20'), { status: 'rejected', reason: 'fraud' });
    await click(beta, pine);
    // Quartz (the other manager's): a registration on Alpha, a first deposit on Gamma, a click on Gamma.
    await convert(0, await click(alpha, quartz), 'registration');
    await convert(2, await click(gamma, quartz), 'first_deposit');
    await click(gamma, quartz);
    await t.app.tracking.buffer.flush();
  });
  afterAll(async () => t?.close());

  type Filters = { partnerId?: number[]; offerId?: number[]; advertiserId?: number[]; managerId?: number[]; goal?: string[] }; // prettier-ignore

  /**
   * The report computed again from the raw clicks and conversions: a partner's manager reaches its partners; a goal
   * keeps its conversions and the clicks of the offers paying on it. Rows without any figure are left out.
   */
  async function fromRawRows(
    by: 'partner' | 'offer',
    filters: Filters,
    reach: number | null,
  ): Promise<Map<string, Figures>> {
    const db = t.database.db;
    const offerRows = await db.select({ id: offers.id, advertiserId: products.advertiserId }).from(offers).innerJoin(products, eq(products.id, offers.productId)); // prettier-ignore
    const partnerRows = await db.select({ id: partners.id, managerId: partners.accountManagerId }).from(partners);
    const paying = await db.select({ offerId: offerGoals.offerId, goal: goals.identifier }).from(offerGoals).innerJoin(goals, eq(goals.id, offerGoals.goalId)); // prettier-ignore
    const advertiserOf = new Map(offerRows.map((r) => [r.id, r.advertiserId]));
    const managerOf = new Map(partnerRows.map((r) => [r.id, r.managerId]));
    const keep = (partnerId: number, offerId: number) =>
      (reach === null || managerOf.get(partnerId) === reach) &&
      (!filters.partnerId || filters.partnerId.includes(partnerId)) &&
      (!filters.offerId || filters.offerId.includes(offerId)) &&
      (!filters.advertiserId || filters.advertiserId.includes(advertiserOf.get(offerId)!)) &&
      (!filters.managerId || filters.managerId.includes(managerOf.get(partnerId) ?? -1));
    const out = new Map<string, Figures>();
    const at = (partnerId: number, offerId: number) => {
      const key = String(by === 'partner' ? partnerId : offerId);
      const row = out.get(key) ?? noFigures();
      out.set(key, row);
      return row;
    };
    for (const c of await db.select().from(clicks)) {
      if (!keep(c.partnerId, c.offerId)) continue;
      if (filters.goal && !paying.some((g) => g.offerId === c.offerId && filters.goal!.includes(g.goal))) continue;
      at(c.partnerId, c.offerId).clicks += 1;
    }
    for (const c of await db.select().from(conversions)) {
      if (c.partnerId === null || c.offerId === null || !keep(c.partnerId, c.offerId)) continue;
      if (filters.goal && !filters.goal.includes(c.goal)) continue;
      addConversion(at(c.partnerId, c.offerId), c);
    }
    return out;
  }

  const filterCases = (): [string, Filters][] => [
    ['a partner', { partnerId: [p[0]!.partnerId] }],
    ['two partners', { partnerId: [p[1]!.partnerId, p[2]!.partnerId] }],
    ['an offer', { offerId: [o[0]!.offerId] }],
    ['an advertiser', { advertiserId: [o[1]!.advertiserId] }],
    ['a manager', { managerId: [am1Id] }],
    ['a goal', { goal: ['sale'] }],
    ['two goals', { goal: ['registration', 'first_deposit'] }],
    ['a goal and an advertiser', { goal: ['registration'], advertiserId: [o[0]!.advertiserId] }],
  ];

  it('equals the raw rows for each filter, pending and rejected included, by partner and by offer', async () => {
    let checked = 0;
    for (const [name, filters] of filterCases()) {
      for (const by of ['partner', 'offer'] as const) {
        const expected = await fromRawRows(by, filters, null);
        const rows = await report(by, filters);
        const shown = new Map(rows.filter((r) => !r.isTotal).map((r) => [r.key, figuresOf(r)]));
        expect(shown, `${name} by ${by}`).toEqual(expected);
        expect(figuresOf(rows.at(-1)!), `${name} by ${by}: Totals`).toEqual(totalOf(expected));
        expect(expected.size, `${name} by ${by} finds traffic`).toBeGreaterThan(0);
        checked += 1;
      }
    }
    expect(checked).toBe(16);
    // The fixture holds what the filters must tell apart: pending, rejected, two currencies, a goal-less click.
    const all = totalOf(await fromRawRows('partner', {}, null));
    expect(all.pendingConversions).toBeGreaterThan(0);
    expect(all.rejectedConversions).toBeGreaterThan(0);
    expect(Object.keys(all.money).some((k) => k.endsWith('USD'))).toBe(true);
  });

  it('by goal: the conversions on the goal, the clicks of the offers paying on it, no refused counts it cannot place', async () => {
    const rows = await report('offer', { goal: ['sale'] });
    // Only Alpha pays on a sale: its 6 clicks (Orchid 3, Pine 2, Quartz 1), 1 approved, 1 pending, 1 rejected.
    expect(rows.map((r) => r.key)).toEqual([String(o[0]!.offerId), 'total']);
    expect(figuresOf(rows[0]!)).toMatchObject({ clicks: 6, conversions: 1, pendingConversions: 1, rejectedConversions: 1 }); // prettier-ignore
    expect(rows[0]!.refusedClicks).toBeUndefined();
    // A goal no offer pays on and no conversion carries: nothing, not every offer's clicks.
    const none = await report('partner', { goal: ['install'] });
    expect(none).toHaveLength(1);
    expect(figuresOf(none[0]!)).toEqual({ clicks: 0, conversions: 0, pendingConversions: 0, rejectedConversions: 0, money: {} }); // prettier-ignore
  });

  it("a manager's report under every filter equals the raw rows of its partners only", async () => {
    for (const [name, filters] of filterCases()) {
      const expected = await fromRawRows('offer', filters, am1Id);
      const rows = await report('offer', filters, am1);
      const shown = new Map(rows.filter((r) => !r.isTotal).map((r) => [r.key, figuresOf(r)]));
      expect(shown, name).toEqual(expected);
      expect(figuresOf(rows.at(-1)!), `${name}: Totals`).toEqual(totalOf(expected));
    }
  });

  it('a forged partner, offer, advertiser or goal outside the reader’s scope answers nothing, never a 500', async () => {
    const zero = { clicks: 0, conversions: 0, pendingConversions: 0, rejectedConversions: 0, money: {} };
    for (const filters of [
      { partnerId: [p[2]!.partnerId] },
      { offerId: [o[2]!.offerId] },
      { advertiserId: [o[2]!.advertiserId] },
      { managerId: [am2Id] },
      { goal: ['first_deposit'] },
      { partnerId: [p[2]!.partnerId], goal: ['registration'] },
      { partnerId: [2_147_483_647] },
    ]) {
      for (const by of ['partner', 'offer'] as const) {
        const rows = await report(by, filters, am1);
        expect(rows, JSON.stringify(filters)).toHaveLength(1);
        expect(figuresOf(rows[0]!), JSON.stringify(filters)).toEqual(zero);
      }
      // The other manager does see them.
      expect((await report('partner', filters, am2)).length, JSON.stringify(filters)).toBeGreaterThan(filters.partnerId?.[0] === 2_147_483_647 ? 0 : 1); // prettier-ignore
    }
    // Bad values are a 400 per field, not a 500.
    const bad = await callEndpoint(t.app, networkReportsEndpoints.report, { params: { breakdown: 'partner' }, query: { ...range, partnerId: ['x' as unknown as number] } }, am1); // prettier-ignore
    expect(bad.status).toBe(400);
  });

  it("lists each picker's options within the reader's scope, by name, with type-ahead", async () => {
    const labels = (list: { label: string }[]) => list.map((x) => x.label);
    const [orchid, pine, quartz] = p.map((x) => x.partnerId) as [number, number, number];
    const [alpha, beta, gamma] = o.map((x) => x.offerId) as [number, number, number];
    // The first manager: its two partners, the offers they ran, those offers' advertisers and goals, itself.
    expect(await options('partnerId', {}, am1)).toEqual([
      { value: String(orchid), label: `Orchid Media #${orchid}` },
      { value: String(pine), label: `Pine Traffic #${pine}` },
    ]);
    expect(labels(await options('offerId', {}, am1))).toEqual([`Alpha Offer #${alpha}`, `Beta Offer #${beta}`]);
    expect(labels(await options('advertiserId', {}, am1))).toEqual(['Alpha Ads', 'Beta Ads']);
    expect(await options('managerId', {}, am1)).toEqual([{ value: String(am1Id), label: expect.stringMatching(/^Sam Staff/) }]); // prettier-ignore
    expect(await options('goal', {}, am1)).toEqual([
      { value: 'registration', label: 'Registration' },
      { value: 'sale', label: 'Sale' },
    ]);
    // The second: Quartz, Alpha and Gamma.
    expect(labels(await options('partnerId', {}, am2))).toEqual([`Quartz Leads #${quartz}`]);
    expect(labels(await options('offerId', {}, am2))).toEqual([`Alpha Offer #${alpha}`, `Gamma Offer #${gamma}`]);
    expect(labels(await options('advertiserId', {}, am2))).toEqual(['Alpha Ads', 'Gamma Ads']);
    // Admins and finance reach the whole network (finance reads the reports' money, decision 046).
    for (const token of [admin, finance]) {
      const partnersSeen = labels(await options('partnerId', {}, token));
      for (const name of ['Orchid Media', 'Pine Traffic', 'Quartz Leads']) expect(partnersSeen.some((l) => l.startsWith(name))).toBe(true); // prettier-ignore
      expect(labels(await options('advertiserId', {}, token))).toEqual(expect.arrayContaining(['Alpha Ads', 'Beta Ads', 'Gamma Ads'])); // prettier-ignore
      expect(labels(await options('managerId', {}, token)).length).toBeGreaterThanOrEqual(2);
    }
    // Type-ahead: a part of the name in any case, or the id.
    expect(labels(await options('partnerId', { q: 'pine' }, am1))).toEqual([`Pine Traffic #${pine}`]);
    expect(labels(await options('partnerId', { q: `#${orchid}` }, am1))).toEqual([`Orchid Media #${orchid}`]);
    expect(labels(await options('advertiserId', { q: 'BETA' }, admin))).toEqual(['Beta Ads']);
    expect(labels(await options('goal', { q: 'deposit' }, admin))).toEqual(['First deposit']);
    expect(await options('partnerId', { q: 'quartz' }, am1)).toEqual([]);
    expect(await options('advertiserId', { q: 'gamma' }, am1)).toEqual([]);
    // Names of an address's values (after a reload): those the reader reaches only; a forged id names nothing.
    expect(labels(await options('partnerId', { value: [String(orchid), String(quartz)] }, am1))).toEqual([`Orchid Media #${orchid}`]); // prettier-ignore
    expect(await options('offerId', { value: [String(gamma)] }, am1)).toEqual([]);
    expect(await options('goal', { value: ['first_deposit'] }, am1)).toEqual([]);
    expect(labels(await options('goal', { value: ['first_deposit'] }, am2))).toEqual(['First deposit']);
    expect(await options('partnerId', { value: ['not-an-id'] }, admin)).toEqual([]);
    // Unknown filters are a 400, partners are refused.
    const unknown = await callEndpoint(t.app, reportOptionsEndpoints.list, { params: { filter: 'country' as ReportOptionFilter } }, admin); // prettier-ignore
    expect(unknown.status).toBe(400);
  });

  it("the goal grain holds what its migration's backfill computes from the conversions, hourly and daily", async () => {
    // The migration fills the grain of an existing installation from its conversions: the same rows as the writes.
    const migration = fs.readFileSync(new URL('../drizzle/0040_goal-grain.sql', import.meta.url), 'utf8');
    const select = /SELECT date_trunc[\s\S]*?GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11/.exec(migration)?.[0];
    expect(select).toBeDefined();
    const backfill = await t.database.db.execute(sql.raw(`select * from (${select}) as b(hour, partner_id, offer_id, goal, currency, country, subid, tc1, tc2, tc3, tc4, conversions, pending, rejected, payout, pending_payout, revenue, pending_revenue)`)); // prettier-ignore
    const written = await t.database.db.select().from(statsGoalHourly);
    const line = (r: Record<string, unknown>) =>
      [new Date(String(r.hour)).toISOString(), r.partnerId ?? r.partner_id, r.offerId ?? r.offer_id, r.goal, r.currency, r.country, r.subid, r.conversions, r.pending, r.rejected, r.payout, r.pendingPayout ?? r.pending_payout, r.revenue, r.pendingRevenue ?? r.pending_revenue].map(String).join('|'); // prettier-ignore
    const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows); // prettier-ignore
    expect(rowsOf(backfill).map(line).sort()).toEqual(written.map((r) => line(r)).sort());
    expect(written.length).toBeGreaterThan(3);
    // Every conversion's goal is in the grain, none of the clicks, and the daily table sums the hourly one.
    expect(written.every((r) => r.clicks === 0)).toBe(true);
    const daily = await t.database.db.select().from(statsGoalDaily);
    const sum = (list: { conversions: number; pending: number; rejected: number }[]) => list.reduce((n, r) => n + r.conversions * 1e6 + r.pending * 1e3 + r.rejected, 0); // prettier-ignore
    expect(sum(daily)).toBe(sum(written));
  });

  it("a manager's offer options come from the pairs with traffic, the same offers as every day of the network rollup (decision 117)", async () => {
    const db = t.database.db;
    const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[]; // prettier-ignore
    const pairsOf = async (from: string) =>
      rowsOf(await db.execute(sql.raw(`select distinct partner_id, offer_id from ${from}`))).map((r) => `${String(r.partner_id)}|${String(r.offer_id)}`).sort(); // prettier-ignore
    // Written with the rollups: the pairs of the network rollup, and the migration's backfill computes the same.
    const written = await pairsOf('partner_offer_traffic');
    expect(written).toEqual(await pairsOf('stats_network_daily'));
    expect(written.length).toBe(6);
    const migration = fs.readFileSync(new URL('../drizzle/0042_landing-page-grain.sql', import.meta.url), 'utf8');
    const backfill = /INSERT INTO "partner_offer_traffic"[\s\S]*?ON CONFLICT DO NOTHING/.exec(migration)?.[0];
    expect(backfill).toBeDefined();
    await db.execute(sql`delete from partner_offer_traffic`);
    await db.execute(sql.raw(backfill!));
    expect(await pairsOf('partner_offer_traffic')).toEqual(written);
    // Each manager's options are the offers its partners ran, as the rollup's days tell them; type-ahead and names too.
    for (const [token, managerId] of [
      [am1, am1Id],
      [am2, am2Id],
    ] as const) {
      const ran = rowsOf(await db.execute(sql`select distinct n.offer_id from stats_network_daily n join partners p on p.id = n.partner_id where p.account_manager_id = ${managerId} order by 1`)).map((r) => String(r.offer_id)); // prettier-ignore
      expect((await options('offerId', {}, token)).map((x) => x.value).sort()).toEqual(ran.sort());
      expect((await options('offerId', { value: o.map((x) => String(x.offerId)) }, token)).map((x) => x.value).sort()).toEqual(ran.sort()); // prettier-ignore
    }
  });

  it('the CSV honours every filter: its column sums are the screen’s Totals', async () => {
    for (const [name, filters] of filterCases()) {
      const res = await callEndpoint(t.app, networkReportsEndpoints.export, { params: { breakdown: 'partner' }, query: { ...range, ...filters } }, admin); // prettier-ignore
      expectOk(res);
      const { header, lines } = readSpreadsheetCsv(res.raw.body);
      const rows = lines.slice(0, -1);
      const totals = (await report('partner', filters)).at(-1)!;
      expect(rows.length, name).toBe((await report('partner', filters)).length - 1);
      expect(columnSum(header, rows, 'Clicks'), name).toBe(totals.clicks * 100);
      expect(columnSum(header, rows, 'Conversions'), name).toBe(totals.conversions * 100);
      expect(columnSum(header, rows, 'Pending Conversions'), name).toBe(totals.pendingConversions * 100);
      expect(columnSum(header, rows, 'Rejected Conversions'), name).toBe(totals.rejectedConversions * 100);
      for (const m of totals.payout) expect(columnSum(header, rows, `Payout ${m.currency}`), name).toBe(m.amount);
      for (const m of totals.pendingPayout) expect(columnSum(header, rows, `Pending Payout ${m.currency}`), name).toBe(m.amount); // prettier-ignore
      // The filter is applied, not ignored: the CSV's figures are the raw rows' under the filter.
      const raw = totalOf(await fromRawRows('partner', filters, null));
      expect(columnSum(header, rows, 'Clicks'), name).toBe(raw.clicks * 100);
      expect(columnSum(header, rows, 'Rejected Conversions'), name).toBe(raw.rejectedConversions * 100);
    }
  });

  // Last: it adds clicks the figures above do not count.
  it('a process sends each pair with traffic once; a restarted one once again (decision 125)', async () => {
    const db = t.database.db;
    const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[]; // prettier-ignore
    const has = async (partnerId: number, offerId: number) =>
      rowsOf(await db.execute(sql`select 1 from partner_offer_traffic where partner_id = ${partnerId} and offer_id = ${offerId}`)).length === 1; // prettier-ignore
    const [alpha, , gamma] = o.map((x) => x.offerId) as [number, number, number];
    const [orchid] = p.map((x) => x.partnerId) as [number];
    // The row taken away behind the process's back: this process knows the pair is written, and leaves it out.
    expect(await has(orchid, alpha)).toBe(true);
    await db.execute(sql`delete from partner_offer_traffic where partner_id = ${orchid} and offer_id = ${alpha}`);
    await click(alpha, orchid);
    await t.app.tracking.buffer.flush();
    expect(await has(orchid, alpha)).toBe(false);
    // A pair it has not written is sent with the same batch's rollups.
    expect(await has(orchid, gamma)).toBe(false);
    await click(gamma, orchid);
    await t.app.tracking.buffer.flush();
    expect(await has(orchid, gamma)).toBe(true);
    // A new process (a restart) knows no pair: its first batch writes the pair again.
    const other = await buildTestApp({ now: clock.now, sameDatabaseAs: t });
    try {
      const res = await other.app.inject({ method: 'GET', url: `/click?offer_id=${alpha}&aff_id=${orchid}`, headers: { 'x-forwarded-for': '10.0.0.7' } }); // prettier-ignore
      expect(res.statusCode, res.body).toBe(302);
      await other.app.tracking.buffer.flush();
    } finally {
      await other.close();
    }
    expect(await has(orchid, alpha)).toBe(true);
  });
});
