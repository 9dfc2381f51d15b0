import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creativesEndpoints,
  networkReportsEndpoints,
  reportOptionsEndpoints,
  type MoneyAmount,
  type NetworkBreakdown,
  type NetworkReportRow,
} from '@portal/contracts';
import { clicks, conversions, offers, partners, products, statsLandingDaily, statsNetworkDaily } from '../src/db/schema.js'; // prettier-ignore
import {
  buildTestApp,
  callEndpoint,
  createPartner,
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
 * Decisions 117 and 126: the landing-page breakdown, read from the landing grain when no partner is needed. The click keeps the landing page `lp` sent it to, its conversions are
 * counted where the click is, and the network report by landing page (alone, nested either way, filtered, in a
 * manager's scope, as CSV) equals the raw clicks and conversions, pending and rejected included.
 */
describe('network reports by landing page (decision 117)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-03-10T09:00:00Z'));
  const range = { startDate: '2026-03-10', endDate: '2026-03-10' };
  let admin: string;
  let am1: string;
  let am1Id: number;
  const p: number[] = [];
  let slate: number;
  const o: { offerId: number; advertiserId: number; token: string; pages: number[] }[] = [];

  type Query = CallInput<typeof networkReportsEndpoints.report>['query'];
  const report = async (breakdown: NetworkBreakdown, query: Query = {}, token = admin): Promise<NetworkReportRow[]> =>
    okBody(await callEndpoint(t.app, networkReportsEndpoints.report, { params: { breakdown }, query: { ...range, ...query } }, token)).data; // prettier-ignore

  const click = (offer: number, partner: number, lp?: number, subid?: string) =>
    sendClick(t, o[offer]!.offerId, partner, { ...(lp !== undefined ? { lp: String(lp) } : {}), ...(subid ? { subid } : {}) }); // prettier-ignore
  const convert = (offer: number, clickId: string, goal: string, amount?: string) =>
    sendPostback(t, o[offer]!.token, clickId, goal, amount);
  const review = (id: number, body: { status: 'approved' } | { status: 'rejected'; reason: 'fraud' }) =>
    reviewConversion(t, admin, id, body);

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now, config: { trustProxy: true, logLevel: 'error' } });
    await goalsWithoutFloor(t, ['registration', 'sale']);
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = await login(t, a.email, a.password);
    const m1 = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const m2 = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    am1Id = m1.userId;
    am1 = await login(t, m1.email, m1.password);
    p.push(
      ...(await reportPartners(t, [
        { companyName: 'Orchid Media', accountManagerId: am1Id },
        { companyName: 'Pine Traffic', accountManagerId: am1Id },
        { companyName: 'Quartz Leads', accountManagerId: m2.userId },
      ])),
    );
    const plan = [
      ['Alpha Ads', 'Alpha Offer', 'EUR', ['Alpha quiz', 'Alpha video'], [{ goal: 'registration', revenueAmount: 900, payoutAmount: 600 }, { goal: 'sale', revenuePercent: 3000, payoutPercent: 1000, manualValidation: true }]], // prettier-ignore
      ['Beta Ads', 'Beta Offer', 'USD', ['Beta long form'], [{ goal: 'registration', revenueAmount: 500, payoutAmount: 300 }]], // prettier-ignore
      // Gamma has no traffic: no manager's partners reach it (decision 126's picker).
      ['Gamma Ads', 'Gamma Offer', 'EUR', ['Gamma quiz'], [{ goal: 'registration', revenueAmount: 500, payoutAmount: 300 }]], // prettier-ignore
    ] as const;
    for (const [advertiser, name, currency, pageNames, goals] of plan) {
      const offer = await reportOffer(t, admin, { advertiser, name, currency, goals: [...goals], domain: 'l.example.com', prefix: 'l' }); // prettier-ignore
      const pages: number[] = [];
      for (const page of pageNames) {
        const created = okBody(await callEndpoint(t.app, creativesEndpoints.createLandingPage, { params: { id: offer.offerId }, body: { name: page, url: `https://l.example.com/${pages.length}?c={click_id}` } }, admin)).data; // prettier-ignore
        pages.push(created.id);
      }
      o.push({ ...offer, pages });
    }
    const [orchid, pine, quartz] = p as [number, number, number];
    const [quiz, video] = o[0]!.pages as [number, number];
    const [longForm] = o[1]!.pages as [number];
    // Orchid: a registration on the quiz, a pending sale on the video, a click on Alpha's own URL, a registration on Beta's form.
    await convert(0, await click(0, orchid, quiz, 'news'), 'registration');
    await convert(0, await click(0, orchid, video), 'sale', '100');
    await click(0, orchid);
    await convert(1, await click(1, orchid, longForm), 'registration');
    // Pine: a sale approved on review from the quiz, one rejected from Alpha's URL, a click on Beta's URL.
    await review(await convert(0, await click(0, pine, quiz, 'news'), 'sale', '50'), { status: 'approved' });
    await review(await convert(0, await click(0, pine), 'sale', '20'), { status: 'rejected', reason: 'fraud' });
    await click(1, pine);
    // Quartz (the other manager's): a registration from the video, a click on the quiz.
    await convert(0, await click(0, quartz, video), 'registration');
    await click(0, quartz, quiz);
    // A landing page of another offer is refused (decision 050), never counted: its refusal names no page (-1).
    const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${o[1]!.offerId}&aff_id=${orchid}&lp=${quiz}`, headers: { 'x-forwarded-for': '10.0.0.7' } }); // prettier-ignore
    expect(res.statusCode).toBe(404);
    // Slate (am1's, not yet active): refused twice on the quiz and once on Alpha's URL (decision 126).
    slate = (await createPartner(t, { companyName: 'Slate Ads', accountManagerId: am1Id, status: 'pending' })).partnerId; // prettier-ignore
    for (const lp of [quiz, quiz, undefined]) {
      const refused = await t.app.inject({ method: 'GET', url: `/click?offer_id=${o[0]!.offerId}&aff_id=${slate}${lp ? `&lp=${lp}` : ''}`, headers: { 'x-forwarded-for': '10.0.0.8' } }); // prettier-ignore
      expect(refused.statusCode).toBe(403);
    }
    await t.app.tracking.buffer.flush();
  }, 180_000);
  afterAll(async () => t?.close());

  type Filters = { landingPageId?: number[]; partnerId?: number[]; offerId?: number[]; goal?: string[]; subid?: string[] }; // prettier-ignore
  /** The report's rows (with `then`, the nested rows under `key|key2`), Totals left out. */
  const shownOf = (rows: NetworkReportRow[], nested: boolean) =>
    new Map(
      rows
        .filter((r) => !r.isTotal)
        .flatMap((r) =>
          nested
            ? (r.children ?? []).map((c) => [`${r.key}|${c.key}`, figuresOf(c)] as const)
            : [[r.key, figuresOf(r)] as const],
        ) // prettier-ignore
        .filter(([, f]) => f.clicks + f.conversions + f.pendingConversions + f.rejectedConversions > 0),
    );

  /** The report computed again from the raw clicks and conversions: a conversion counts at its click's landing page. */
  async function fromRawRows(by: NetworkBreakdown[], filters: Filters, reach: number | null) {
    const db = t.database.db;
    const offerRows = await db.select({ id: offers.id, advertiserId: products.advertiserId }).from(offers).innerJoin(products, eq(products.id, offers.productId)); // prettier-ignore
    const partnerRows = await db.select({ id: partners.id, managerId: partners.accountManagerId }).from(partners);
    const managerOf = new Map(partnerRows.map((r) => [r.id, r.managerId]));
    const goalsPaid: Record<number, string[]> = { [o[0]!.offerId]: ['registration', 'sale'], [o[1]!.offerId]: ['registration'] }; // prettier-ignore
    type Raw = { partnerId: number; offerId: number; landingPageId: number | null; subid: string | null };
    const keep = (r: Raw) =>
      (reach === null || managerOf.get(r.partnerId) === reach) &&
      (!filters.partnerId || filters.partnerId.includes(r.partnerId)) &&
      (!filters.offerId || filters.offerId.includes(r.offerId)) &&
      (!filters.subid || filters.subid.includes(r.subid ?? '')) &&
      (!filters.landingPageId || filters.landingPageId.includes(r.landingPageId ?? 0));
    const keyFor = (b: NetworkBreakdown, r: Raw) => {
      if (b === 'landing') return String(r.landingPageId ?? 0);
      if (b === 'partner') return String(r.partnerId);
      if (b === 'offer') return String(r.offerId);
      if (b === 'advertiser') return String(offerRows.find((x) => x.id === r.offerId)!.advertiserId);
      if (b === 'subid') return r.subid ?? '';
      throw new Error(b);
    };
    const out = new Map<string, Figures>();
    const at = (r: Raw) => {
      const key = by.map((b) => keyFor(b, r)).join('|');
      const row = out.get(key) ?? noFigures();
      out.set(key, row);
      return row;
    };
    for (const c of await db.select().from(clicks)) {
      if (!keep(c)) continue;
      if (filters.goal && !goalsPaid[c.offerId]!.some((g) => filters.goal!.includes(g))) continue;
      at(c).clicks += 1;
    }
    for (const c of await db.select().from(conversions)) {
      if (c.partnerId === null || c.offerId === null) continue;
      const raw = { partnerId: c.partnerId, offerId: c.offerId, landingPageId: c.landingPageId, subid: c.subid };
      if (!keep(raw) || (filters.goal && !filters.goal.includes(c.goal))) continue;
      addConversion(at(raw), c);
    }
    return out;
  }

  it('keeps the landing page on the click and its conversions, and names each row', async () => {
    const [quiz, video] = o[0]!.pages as [number, number];
    const [longForm] = o[1]!.pages as [number];
    const rows = await report('landing');
    const byKey = new Map(rows.map((r) => [r.key, r]));
    expect(byKey.get(String(quiz))).toMatchObject({ label: 'Alpha quiz', clicks: 3, conversions: 2 });
    expect(byKey.get(String(video))).toMatchObject({ label: 'Alpha video', clicks: 2, conversions: 1, pendingConversions: 1 }); // prettier-ignore
    expect(byKey.get(String(longForm))).toMatchObject({ label: 'Beta long form', clicks: 1, conversions: 1 });
    // The offers' own URLs, all offers together: Orchid's and Pine's clicks on Alpha, Pine's on Beta.
    expect(byKey.get('0')).toMatchObject({ label: 'Offer URL', clicks: 3, conversions: 0, rejectedConversions: 1 });
    expect(rows.at(-1)).toMatchObject({ isTotal: true, clicks: 9, conversions: 4, pendingConversions: 1, rejectedConversions: 1 }); // prettier-ignore
    // The network rollup holds it as a key: one daily row per page the clicks went to.
    const daily = await t.database.db.select().from(statsNetworkDaily);
    expect([...new Set(daily.map((r) => r.landingPageId))].sort((a, b) => a - b)).toEqual([0, quiz, video, longForm].sort((a, b) => a - b)); // prettier-ignore
    // The landing grain (decision 126) is the network rollup's days summed over partner and country.
    const grain = await t.database.db.select().from(statsLandingDaily);
    const folded = new Map<string, number[]>();
    const COUNTED = ['clicks', 'conversions', 'pending', 'rejected', 'payout', 'pendingPayout', 'revenue', 'pendingRevenue'] as const; // prettier-ignore
    for (const r of daily) {
      const key = [r.day, r.offerId, r.landingPageId, r.currency].join('|');
      const sum = folded.get(key) ?? COUNTED.map(() => 0);
      folded.set(
        key,
        sum.map((n, i) => n + r[COUNTED[i]!]),
      );
    }
    expect(new Map(grain.map((r) => [[r.day, r.offerId, r.landingPageId, r.currency].join('|'), COUNTED.map((c) => r[c])]))).toEqual(folded); // prettier-ignore
    expect(grain.length).toBeGreaterThan(0);
  });

  it('places refused clicks on the page `lp` named when it is the offer’s, elsewhere on "Not recorded" (decision 126)', async () => {
    const [quiz] = o[0]!.pages as [number];
    const refusedOf = (rows: NetworkReportRow[]) => new Map(rows.map((r) => [r.key, r.refusedClicks]));
    const rows = await report('landing');
    expect(refusedOf(rows)).toEqual(new Map([[String(quiz), 2], ['0', 1], [String(o[0]!.pages[1]!), 0], [String(o[1]!.pages[0]!), 0], ['-1', 1], ['total', 4]])); // prettier-ignore
    expect(rows.find((r) => r.key === String(quiz))!.refusedByReason).toEqual([{ reason: 'partner_inactive', clicks: 2 }]); // prettier-ignore
    expect(rows.find((r) => r.key === '-1')).toMatchObject({ label: 'Not recorded', clicks: 0, refusedByReason: [{ reason: 'unknown_landing_page', clicks: 1 }] }); // prettier-ignore
    // Nested and filtered: Slate's refusals on the quiz, in its manager's scope too; none in another manager's.
    const nested = await report('partner', { then: 'landing' }, am1);
    const slateRow = nested.find((r) => r.key === String(slate))!;
    expect(new Map(slateRow.children!.map((c) => [c.key, c.refusedClicks]))).toEqual(new Map([[String(quiz), 2], ['0', 1]])); // prettier-ignore
    const filtered = await report('partner', { landingPageId: [quiz] });
    expect(refusedOf(filtered).get(String(slate))).toBe(2);
    expect(filtered.at(-1)!.refusedClicks).toBe(2);
    const offerUrl = await report('offer', { landingPageId: [0] }, am1);
    expect(offerUrl.at(-1)!.refusedClicks).toBe(1);
  });

  const cases = (): [string, NetworkBreakdown[], Filters][] => [
    ['by landing page', ['landing'], {}],
    ['landing page then offer', ['landing', 'offer'], {}],
    ['partner then landing page', ['partner', 'landing'], {}],
    ['advertiser then landing page', ['advertiser', 'landing'], {}],
    ['landing page then sub-ID (the partner rollup)', ['landing', 'subid'], {}],
    ['by landing page, one page', ['landing'], { landingPageId: [o[0]!.pages[0]!] }],
    ['by partner, the offers’ own URLs', ['partner'], { landingPageId: [0] }],
    ['by offer, two pages', ['offer'], { landingPageId: [o[0]!.pages[1]!, o[1]!.pages[0]!] }],
    ['by landing page, a goal (the goal grain)', ['landing'], { goal: ['sale'] }],
    ['by landing page, a sub-ID', ['landing'], { subid: ['news'] }],
    ['by landing page, a partner and an offer', ['landing'], { partnerId: [p[0]!], offerId: [o[0]!.offerId] }],
  ];

  it('equals the raw rows alone, nested either way and under each filter, pending and rejected included', async () => {
    for (const [name, by, filters] of cases()) {
      const expected = await fromRawRows(by, filters, null);
      const rows = await report(by[0]!, { ...filters, ...(by[1] ? { then: by[1] } : {}) });
      expect(shownOf(rows, by.length === 2), name).toEqual(expected);
      expect(figuresOf(rows.at(-1)!), `${name}: Totals`).toEqual(totalOf(expected));
      expect(expected.size, `${name} finds traffic`).toBeGreaterThan(0);
    }
  });

  it("a manager's landing report holds its partners' traffic only, a page of another's traffic nothing", async () => {
    for (const [name, by, filters] of cases()) {
      const expected = await fromRawRows(by, filters, am1Id);
      const rows = await report(by[0]!, { ...filters, ...(by[1] ? { then: by[1] } : {}) }, am1);
      expect(shownOf(rows, by.length === 2), name).toEqual(expected);
      expect(figuresOf(rows.at(-1)!), `${name}: Totals`).toEqual(totalOf(expected));
    }
    // Quartz (the other manager's) alone came through the video's registration and the quiz's last click.
    const rows = await report('partner', { landingPageId: [o[0]!.pages[1]!], partnerId: [p[2]!] }, am1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isTotal: true, clicks: 0, conversions: 0 });
    // A landing page id that is no number, or below -1, is a 400 with the field, never a 500.
    for (const bad of ['abc', '-2']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/staff/reports/landing?startDate=${range.startDate}&endDate=${range.endDate}&landingPageId=${bad}`, headers: { authorization: `Bearer ${am1}` } }); // prettier-ignore
      expect(res.statusCode, bad).toBe(400);
      expect(res.body).toContain('landingPageId');
    }
  });

  it('names landing pages for the picker by page or offer name, within the reader’s offers (decision 126)', async () => {
    const [quiz, video] = o[0]!.pages as [number, number];
    const [gammaQuiz] = o[2]!.pages as [number];
    const options = async (query: CallInput<typeof reportOptionsEndpoints.list>['query'], token = admin) =>
      okBody(await callEndpoint(t.app, reportOptionsEndpoints.list, { params: { filter: 'landingPageId' }, query }, token)).data; // prettier-ignore
    expect(await options({ q: 'quiz' })).toEqual([
      { value: String(quiz), label: `Alpha quiz · Alpha Offer #${quiz}` },
      { value: String(gammaQuiz), label: `Gamma quiz · Gamma Offer #${gammaQuiz}` },
    ]);
    // A manager reaches the offers its partners have traffic on: not Gamma's page, even by its id.
    expect(await options({ q: 'quiz' }, am1)).toEqual([{ value: String(quiz), label: `Alpha quiz · Alpha Offer #${quiz}` }]); // prettier-ignore
    expect(await options({ value: [String(gammaQuiz), String(video)] }, am1)).toEqual([{ value: String(video), label: `Alpha video · Alpha Offer #${video}` }]); // prettier-ignore
    // By the offer's name; the offers' own URLs first when the text names them; 0 and -1 named as the rows are.
    expect((await options({ q: 'beta offer' })).map((x) => x.value)).toEqual([String(o[1]!.pages[0]!)]);
    expect((await options({ q: 'offer url' })).map((x) => x.value)).toEqual(['0']);
    expect(await options({ value: ['-1', '0'] })).toEqual([{ value: '0', label: 'Offer URL' }, { value: '-1', label: 'Not recorded' }]); // prettier-ignore
  });

  it('exports the landing breakdown: one line per page, the column sums equal to the Totals', async () => {
    const res = await callEndpoint(t.app, networkReportsEndpoints.export, { params: { breakdown: 'landing' }, query: { ...range, then: 'offer' } }, admin); // prettier-ignore
    expectOk(res);
    const { header, lines } = readSpreadsheetCsv(res.raw.body);
    expect(header[0]).toBe('Landing Page');
    const totals = (await report('landing', { then: 'offer' })).at(-1)!;
    const body = lines.slice(0, -1);
    expect(columnSum(header, body, 'Clicks') / 100).toBe(totals.clicks);
    expect(columnSum(header, body, 'Conversions') / 100).toBe(totals.conversions);
    expect(columnSum(header, body, 'Rejected Conversions') / 100).toBe(totals.rejectedConversions);
    for (const c of ['EUR', 'USD']) {
      const amount = (list: MoneyAmount[]) => list.find((m) => m.currency === c)?.amount ?? 0;
      expect(columnSum(header, body, `Advertiser Revenue ${c}`), c).toBe(amount(totals.advertiserRevenue));
      expect(columnSum(header, body, `Payout ${c}`), c).toBe(amount(totals.payout));
    }
    expect(lines.map((l) => l[0])).toContain('Alpha quiz');
  });
});
