/**
 * The sub-ID analysis (groupings, sorting, paging) and the conversion report's status filter and totals
 * (decision 033), against an independent computation over the raw clicks and conversions. Traffic goes through the
 * real paths (GET /click, GET /postback) on a test clock over four days, for a partner at +01:00 so that a local day
 * straddles two UTC days.
 */
import { and, eq } from 'drizzle-orm';
import { settingsEndpoints, statisticsEndpoints } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, conversions, goals, offerGoals, offers } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  errorBody,
  expectOk,
  invalid,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';

const START = new Date('2026-05-03T20:00:00Z');
const NOW = new Date('2026-05-07T22:30:00Z');
const RANGE = { startDate: '2026-05-03', endDate: '2026-05-07' };
const OFFSET_MINUTES = 60;

// A seeded generator: the traffic is random but a failure can be replayed.
const SEED = Number(process.env.STATS_SEED ?? Date.now() % 1_000_000);
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const rand = mulberry32(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

let t: TestApp;
const clock = testClock(START);
let token: string;
let other: string;
type OfferInfo = { id: number; name: string; token: string; currency: string };
const offerList: OfferInfo[] = [];

// Many sub-IDs, some long, so that the report has several pages; trackers with fewer values.
const SUBIDS = [
  ...Array.from({ length: 70 }, (_, i) => `ad-${String(i).padStart(3, '0')}`),
  `campaign-${'x'.repeat(120)}`,
  undefined,
];
const TC1 = ['{{adset.id}}', 'adset-1', 'adset-2', undefined];
const TC2 = ['blue', 'green', undefined];
// Visitors from France, Germany and a documentation address no file places (country '' in the reports).
const ADDRESSES = ['90.84.0.1', '91.0.0.1', '198.51.100.4'];

async function sendClick(partnerId: number, o: OfferInfo) {
  const query = new URLSearchParams({ offer_id: String(o.id), aff_id: String(partnerId) });
  const values = { subid: pick(SUBIDS), tc1: pick(TC1), tc2: pick(TC2), tc3: rand() < 0.2 ? 'three' : undefined };
  for (const [name, value] of Object.entries(values)) if (value !== undefined) query.set(name, value);
  const res = await t.app.inject({ method: 'GET', url: `/click?${query.toString()}`, remoteAddress: pick(ADDRESSES) });
  expect(res.statusCode).toBe(302);
  return { clickId: new URL(res.headers.location as string).searchParams.get('cid')!, offer: o };
}

let transaction = 0;
async function sendPostback(click: { clickId: string; offer: OfferInfo }, goal: string, amount?: string) {
  const params: Record<string, string> = { click_id: click.clickId, goal, token: click.offer.token };
  if (amount) params.amount = amount;
  params.transaction_id = `tx-${++transaction}`;
  const res = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams(params).toString()}` });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const partner = await createPartner(t);
  const bystander = await createPartner(t);
  const goalsFor = (registration: number) => [
    { goal: 'registration', p1: { amount: registration } },
    { goal: 'sale', p1: { percent: 1000 } },
  ];
  for (const spec of [
    { name: 'Zulu EUR', countries: ['FR', 'DE'], goals: goalsFor(250) },
    { name: 'Alpha USD', currency: 'USD', countries: ['FR', 'DE'], goals: goalsFor(400) },
    { name: 'Mike reviewed', countries: ['FR', 'DE'], goals: goalsFor(300) },
  ]) {
    const id = await createOffer(t, spec);
    await t.database.db
      .update(offers)
      .set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' })
      .where(eq(offers.id, id));
    offerList.push({ id, name: spec.name, token: await advertiserTokenOf(t, id), currency: spec.currency ?? 'EUR' });
  }
  // Registrations on the third offer wait for review: pending conversions with a payout.
  const [registration] = await t.database.db.select().from(goals).where(eq(goals.identifier, 'registration'));
  await t.database.db
    .update(offerGoals)
    .set({ manualValidation: true })
    .where(and(eq(offerGoals.offerId, offerList[2]!.id), eq(offerGoals.goalId, registration!.id)));

  const sent: { clickId: string; offer: OfferInfo }[] = [];
  while (clock.now() < NOW) {
    for (let n = 1 + Math.floor(rand() * 3); n > 0; n--) sent.push(await sendClick(partner.partnerId, pick(offerList)));
    if (rand() < 0.2) await sendClick(bystander.partnerId, pick(offerList));
    if (rand() < 0.35) {
      const click = pick(sent.slice(-30));
      const roll = rand();
      if (roll < 0.5) await sendPostback(click, 'registration');
      else if (roll < 0.7)
        await sendPostback(click, 'sale', `${1 + Math.floor(rand() * 150)}.${10 + Math.floor(rand() * 89)}`);
      else if (roll < 0.8)
        await sendPostback(click, 'sale'); // amount_required
      else if (roll < 0.9)
        await sendPostback(click, 'install'); // goal_not_found
      else {
        // The same click and goal twice: the second is a duplicate when the first counted.
        await sendPostback(click, 'registration');
        await sendPostback(click, 'registration');
      }
    }
    clock.advance(60_000 + Math.floor(rand() * 9 * 60_000));
  }
  await t.app.tracking.buffer.flush();
  token = await login(t, partner.email, partner.password);
  other = await login(t, bystander.email, bystander.password);
  expectOk(await callEndpoint(t.app, settingsEndpoints.setTimezone, { body: { timezone: '+01:00' } }, token));
  rawClicks = await t.database.db.select().from(clicks).where(eq(clicks.partnerId, partner.partnerId));
  rawConversions = await t.database.db.select().from(conversions).where(eq(conversions.partnerId, partner.partnerId));
}, 600_000);
afterAll(async () => t?.close());

// ---------------------------------------------------------------- the independent computation

type RawClick = typeof clicks.$inferSelect;
type RawConversion = typeof conversions.$inferSelect;
let rawClicks: RawClick[] = [];
let rawConversions: RawConversion[] = [];

const localDay = (date: Date) => new Date(date.getTime() + OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
const inRange = (row: { createdAt: Date }, range = RANGE) =>
  localDay(row.createdAt) >= range.startDate && localDay(row.createdAt) <= range.endDate;

type Grouping = 'subid' | 'tc1' | 'tc2' | 'tc3' | 'tc4' | 'offer' | 'day' | 'country';
const keyOf = (row: RawClick | RawConversion, by: Grouping): string =>
  by === 'day' ? localDay(row.createdAt) : by === 'offer' ? String(row.offerId) : (row[by] ?? '');
const currencyOf = (offerId: number) => offerList.find((o) => o.id === offerId)!.currency;
const nameOf = (offerId: number) => offerList.find((o) => o.id === offerId)!.name;

/** The Stats row of raw rows: every rate and EPC of a currency over the clicks of that currency's offers (decision 091). */
function stats(rowClicks: RawClick[], rowConversions: RawConversion[]) {
  const currencies = [
    ...new Set([...rowClicks.map((c) => currencyOf(c.offerId)), ...rowConversions.map((c) => c.currency)]),
  ].sort();
  const byCurrency = currencies.map((currency) => {
    const clicks = rowClicks.filter((c) => currencyOf(c.offerId) === currency).length;
    const mine = rowConversions.filter((c) => c.currency === currency);
    const of = (status: string) => mine.filter((c) => c.status === status);
    const revenue = of('approved').reduce((sum, c) => sum + c.payout, 0);
    return {
      currency,
      clicks,
      conversions: of('approved').length,
      pending: of('pending').length,
      rejected: of('rejected').length,
      conversionRate: clicks ? of('approved').length / clicks : 0,
      revenue,
      pendingRevenue: of('pending').reduce((sum, c) => sum + c.payout, 0),
      epc: clicks ? revenue / clicks : 0,
    };
  });
  const approved = rowConversions.filter((c) => c.status === 'approved').length;
  const n = rowClicks.length;
  return {
    clicks: n,
    conversions: approved,
    conversionRate: n ? approved / n : 0,
    revenue: byCurrency.map((f) => ({ currency: f.currency, amount: f.revenue })),
    epc: byCurrency.filter((f) => f.clicks > 0).map((f) => ({ currency: f.currency, amount: f.epc })),
    byCurrency,
  };
}

type Row = ReturnType<typeof stats> & { label: string; isTotal: boolean; offer?: { id: number; name: string } };
type Sort = 'label' | 'clicks' | 'conversions' | 'conversionRate' | 'revenue' | 'epc';
type RawOf = (row: RawClick | RawConversion) => boolean;

/**
 * Every group of the range, from the raw rows (those `only` keeps), sorted as the API promises (ties on the label,
 * then the offer id).
 */
function expectedGroups(by: Grouping, sort: Sort, order: 'asc' | 'desc', only: RawOf = () => true): Row[] {
  const c = rawClicks.filter((row) => inRange(row) && only(row));
  const v = rawConversions.filter((row) => inRange(row) && only(row));
  const keys = [...new Set([...c, ...v].map((row) => keyOf(row, by)))];
  const rows: Row[] = keys.map((key) => {
    const s = stats(
      c.filter((row) => keyOf(row, by) === key),
      v.filter((row) => keyOf(row, by) === key),
    );
    if (by !== 'offer') return { label: key, isTotal: false, ...s };
    const offer = { id: Number(key), name: nameOf(Number(key)) };
    return { label: offer.name, isTotal: false, offer, ...s };
  });
  const money = (row: Row) => row.revenue.reduce((sum, r) => sum + r.amount, 0);
  const value = (row: Row): number =>
    sort === 'revenue'
      ? money(row)
      : sort === 'epc'
        ? row.epc.reduce((sum, r) => sum + r.amount, 0)
        : sort === 'label'
          ? 0
          : row[sort];
  const byLabel = (x: Row, y: Row) =>
    (x.label < y.label ? -1 : x.label > y.label ? 1 : 0) || (x.offer?.id ?? 0) - (y.offer?.id ?? 0);
  const sign = order === 'asc' ? 1 : -1;
  return rows.sort((x, y) => (sort === 'label' ? sign * byLabel(x, y) : sign * (value(x) - value(y)) || byLabel(x, y)));
}

const totalsRow = () => ({
  label: 'Totals',
  isTotal: true,
  ...stats(
    rawClicks.filter((row) => inRange(row)),
    rawConversions.filter((row) => inRange(row)),
  ),
});

type Query<E extends keyof typeof statisticsEndpoints> = CallInput<(typeof statisticsEndpoints)[E]>['query'];
const subid = async (bearerToken: string, query: Query<'subid'>) =>
  okBody(await callEndpoint(t.app, statisticsEndpoints.subid, { query }, bearerToken));
const conversionReport = async (query: Query<'conversion'>) =>
  okBody(await callEndpoint(t.app, statisticsEndpoints.conversion, { query }, token));
const exportReport = (bearerToken: string, type: 'daily' | 'subid' | 'conversion' | 'click', query: Query<'export'>) =>
  callEndpoint(t.app, statisticsEndpoints.export, { params: { type }, query }, bearerToken);
/** The per-field errors of a call that must be refused with 400 (the spec's error object, asserted). */
const errorsOf = (res: Parameters<typeof errorBody>[0]) => errorBody(res, 400).errors ?? {};

// ---------------------------------------------------------------- tests

describe(`sub-ID analysis and conversion totals (seed ${SEED})`, () => {
  it('generated enough traffic: several pages of sub-IDs, every conversion status, two currencies', () => {
    expect(rawClicks.length).toBeGreaterThan(500);
    expect(new Set(rawClicks.map((c) => c.subid)).size).toBeGreaterThan(60);
    expect(new Set(rawConversions.map((c) => c.status))).toEqual(new Set(['approved', 'pending', 'rejected']));
    expect(new Set(rawConversions.map((c) => c.currency))).toEqual(new Set(['EUR', 'USD']));
    expect(new Set(rawConversions.map((c) => c.reason)).size).toBeGreaterThanOrEqual(3);
  });

  it('without sort or page, the sub-ID report keeps its former answer: every sub-ID in label order', async () => {
    const answer = await subid(token, RANGE);
    const expected = expectedGroups('subid', 'label', 'asc');
    expect(answer.data).toEqual([...expected, totalsRow()]);
    expect(answer.total).toBe(expected.length);
  });

  it.each([
    ['subid', 'clicks', undefined],
    ['subid', 'revenue', 'desc'],
    ['subid', 'epc', 'asc'],
    ['subid', 'label', 'desc'],
    ['tc1', 'conversions', undefined],
    ['tc2', 'conversionRate', 'desc'],
    ['tc3', 'clicks', 'asc'],
    ['offer', 'revenue', undefined],
    ['offer', 'label', undefined],
    ['day', 'clicks', undefined],
    ['day', 'label', 'asc'],
  ] as [Grouping, Sort, 'asc' | 'desc' | undefined][])(
    'grouped by %s, sorted by %s %s, every page equals the independent computation',
    async (groupBy, sort, order) => {
      const expected = expectedGroups(groupBy, sort, order ?? (sort === 'label' ? 'asc' : 'desc'));
      const count = 20;
      const pages = Math.max(1, Math.ceil(expected.length / count));
      for (let page = 1; page <= pages + 1; page++) {
        const answer = await subid(token, { ...RANGE, groupBy, sort, order, page, count });
        expect(answer.total).toBe(expected.length);
        expect(answer.data, `page ${page}`).toEqual([...expected.slice((page - 1) * count, page * count), totalsRow()]);
      }
    },
  );

  it('opens on the most clicked sub-IDs, 50 to a page, when only the page is asked', async () => {
    const answer = await subid(token, { ...RANGE, sort: 'clicks', page: 2 });
    expect(answer.data).toEqual([...expectedGroups('subid', 'clicks', 'desc').slice(50, 100), totalsRow()]);
    // The days of the +01:00 partner: the first local day starts at 23:00 UTC the day before.
    const days = await subid(token, { ...RANGE, groupBy: 'day', sort: 'label' });
    expect(days.data.slice(0, -1).map((row) => row.label)).toEqual(
      [...new Set(rawClicks.filter((row) => inRange(row)).map((row) => localDay(row.createdAt)))].sort(),
    );
  });

  it('filters still apply under a grouping, and another partner sees none of it', async () => {
    const offerId = offerList[0]!.id;
    const answer = await subid(token, { ...RANGE, groupBy: 'tc1', offerId, tc2: 'blue', sort: 'clicks' });
    const c = rawClicks.filter((row) => inRange(row) && row.offerId === offerId && row.tc2 === 'blue');
    const v = rawConversions.filter((row) => inRange(row) && row.offerId === offerId && row.tc2 === 'blue');
    expect(answer.data.at(-1)).toEqual({ label: 'Totals', isTotal: true, ...stats(c, v) });
    expect(answer.data.slice(0, -1).map((row) => row.label)).toEqual(
      expect.arrayContaining([...new Set(c.map((row) => row.tc1 ?? ''))]),
    );
    const theirs = await subid(other, { ...RANGE, groupBy: 'offer' });
    expect(theirs.data.at(-1)!.clicks).toBeLessThan(rawClicks.length);
  });

  it('refuses an unknown grouping, sort, order or page size with a 400 naming the field', async () => {
    for (const [query, field] of [
      [{ groupBy: 'continent' }, 'groupBy'],
      [{ sort: 'payout' }, 'sort'],
      [{ order: 'up' }, 'order'],
      [{ count: 501 }, 'count'],
      [{ page: 0 }, 'page'],
    ] as const) {
      const res = await callEndpoint(
        t.app,
        statisticsEndpoints.subid,
        { query: invalid({ ...RANGE, ...query }) },
        token,
      );
      expect(Object.keys(errorsOf(res)), field).toContain(field);
    }
  });

  describe('the conversion report', () => {
    const rowsOf = (status?: string) =>
      rawConversions
        .filter((row) => inRange(row) && (status === undefined || row.status === status))
        .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || y.id - x.id);

    it.each([undefined, 'approved', 'pending', 'rejected'] as const)(
      'with status %s: rows with goal, sub-ID, status and reason, rejected ones paying 0, and their totals',
      async (status) => {
        const expected = rowsOf(status);
        const answer = await conversionReport({ ...RANGE, status, count: 500 });
        expect(answer.total).toBe(expected.length);
        expect(answer.data.map((row) => row.id)).toEqual(expected.map((row) => row.id));
        for (const [i, row] of answer.data.entries()) {
          const raw = expected[i]!;
          expect(row).toMatchObject({
            goal: raw.goal,
            subid: raw.subid,
            status: raw.status,
            reason: raw.reason,
            revenue: { currency: raw.currency, amount: raw.status === 'rejected' ? 0 : raw.payout },
          });
          if (raw.status === 'rejected') expect(row.reason).not.toBeNull();
        }

        const totals = okBody(
          await callEndpoint(t.app, statisticsEndpoints.conversionTotals, { query: { ...RANGE, status } }, token),
        );
        const currencies = [...new Set(expected.map((row) => row.currency))].sort();
        expect(totals.data).toEqual(
          currencies.map((currency) => {
            const list = expected.filter((row) => row.currency === currency);
            const of = (s: string) => list.filter((row) => row.status === s);
            const paid = (s: string) => of(s).reduce((sum, row) => sum + row.payout, 0);
            return {
              currency,
              conversions: list.length,
              approved: of('approved').length,
              pending: of('pending').length,
              rejected: of('rejected').length,
              revenue: paid('approved') + paid('pending'),
              approvedRevenue: paid('approved'),
              pendingRevenue: paid('pending'),
            };
          }),
        );
        // The totals add up the Revenue column of every row, page by page.
        const column = new Map<string, number>();
        for (const row of answer.data) {
          column.set(row.revenue.currency, (column.get(row.revenue.currency) ?? 0) + row.revenue.amount);
        }
        for (const total of totals.data) expect(total.revenue).toBe(column.get(total.currency));
      },
    );

    it('pages through one status with the rollup-guided seek', async () => {
      const expected = rowsOf('approved');
      expect(expected.length).toBeGreaterThan(12);
      const seen: unknown[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 5); page++) {
        const answer = await conversionReport({ ...RANGE, status: 'approved', page, count: 5 });
        expect(answer.total).toBe(expected.length);
        seen.push(...answer.data.map((row) => row.id));
      }
      expect(seen).toEqual(expected.map((row) => row.id));
    });

    it('exports the sub-ID report as it is grouped: its label column, every group and its clicks', async () => {
      for (const by of ['tc1', 'offer', 'day'] as const) {
        const res = await exportReport(token, 'subid', { ...RANGE, groupBy: by });
        expectOk(res);
        const [header, ...lines] = res.raw.body.replace(/^\ufeff/, '').split(/\r?\n/).filter((line) => line !== '').map((line) => line.split(','));
        const labelAt = by === 'offer' ? 1 : 0;
        expect(header!.slice(0, labelAt + 2)).toEqual(
          by === 'offer' ? ['Offer ID', 'Offer', 'Clicks'] : [by === 'tc1' ? 'Tracker1' : 'Date', 'Clicks'],
        );
        const clicks = new Map<string, number>();
        for (const line of lines.filter((l) => l[labelAt] !== 'Totals')) {
          const key = by === 'offer' ? line[0]! : line[0]!;
          clicks.set(key, (clicks.get(key) ?? 0) + Number(line[labelAt + 1]));
        }
        const expected = expectedGroups(by, 'label', 'asc').filter((row) => by !== 'day' || row.clicks > 0 || row.conversions > 0);
        for (const row of expected) {
          const key = by === 'offer' ? String(row.offer!.id) : row.label;
          expect(clicks.get(key) ?? 0, `${by} ${key}`).toBe(row.clicks);
        }
      }
      const refused = await exportReport(token, 'daily', { ...RANGE, groupBy: 'tc1' });
      expect(Object.keys(errorsOf(refused))).toEqual(['groupBy']);
    }); // prettier-ignore

    it('exports one status, and says its range and time zone in the file name', async () => {
      const res = await exportReport(token, 'conversion', { ...RANGE, status: 'rejected' });
      expectOk(res);
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="conversion-report_2026-05-03_2026-05-07_GMT+01-00.csv"',
      );
      const lines = res.raw.body
        .replace(/^\ufeff/, '')
        .split(/\r?\n/)
        .filter((line) => line !== '');
      expect(lines[0]!.startsWith('Conversion ID,')).toBe(true);
      expect(lines.length - 1).toBe(rowsOf('rejected').length);
      const utc = await exportReport(other, 'daily', RANGE);
      expect(utc.headers['content-disposition']).toBe(
        'attachment; filename="daily-report_2026-05-03_2026-05-07_GMT+00-00.csv"',
      );
      const refused = await exportReport(token, 'daily', { ...RANGE, status: 'approved' });
      expect(Object.keys(errorsOf(refused))).toEqual(['status']);
      const unknown = await callEndpoint(
        t.app,
        statisticsEndpoints.conversion,
        { query: invalid({ ...RANGE, status: 'paid' }) },
        token,
      );
      expect(Object.keys(errorsOf(unknown))).toEqual(['status']);
    });
  });

  describe('two levels (decision 110)', () => {
    it.each([
      ['tc1', 'offer', 'clicks'],
      ['subid', 'tc2', 'revenue'],
      ['offer', 'country', 'label'],
      ['country', 'day', 'conversions'],
      ['day', 'offer', 'epc'],
      ['tc2', 'day', 'label'],
    ] as [Grouping, Grouping, Sort][])(
      'grouped by %s then %s, sorted by %s: every row and child equals the raw rows',
      async (groupBy, then, sort) => {
        const order = sort === 'label' ? 'asc' : 'desc';
        const expected = expectedGroups(groupBy, sort, order).map((row) => {
          const key = row.offer ? String(row.offer.id) : row.label;
          const children = expectedGroups(then, sort, order, (raw) => keyOf(raw, groupBy) === key).map(
            ({ isTotal: _, ...child }) => child,
          );
          return { ...row, children };
        });
        const answer = await subid(token, { ...RANGE, groupBy, then, sort });
        expect(answer.total).toBe(expected.length);
        expect(answer.data).toEqual([...expected, totalsRow()]);
        // Paged, the children come with their row.
        const page = await subid(token, { ...RANGE, groupBy, then, sort, page: 2, count: 2 });
        expect(page.data).toEqual([...expected.slice(2, 4), totalsRow()]);
      },
    );

    it('refuses a second level equal to the first, or on another report, naming the field', async () => {
      const same = await callEndpoint(t.app, statisticsEndpoints.subid, { query: { ...RANGE, groupBy: 'tc1', then: 'tc1' } }, token); // prettier-ignore
      expect(Object.keys(errorsOf(same))).toEqual(['then']);
      const bySubid = await callEndpoint(t.app, statisticsEndpoints.subid, { query: { ...RANGE, then: 'subid' } }, token); // prettier-ignore
      expect(Object.keys(errorsOf(bySubid))).toEqual(['then']);
      const unknown = await callEndpoint(t.app, statisticsEndpoints.subid, { query: invalid({ ...RANGE, then: 'continent' }) }, token); // prettier-ignore
      expect(Object.keys(errorsOf(unknown))).toEqual(['then']);
      const daily = await exportReport(token, 'daily', { ...RANGE, then: 'offer' });
      expect(Object.keys(errorsOf(daily))).toEqual(['then']);
    });

    it('exports both levels: one line per row, child and currency, adding up to the raw rows', async () => {
      const res = await exportReport(token, 'subid', { ...RANGE, groupBy: 'tc1', then: 'offer' });
      expectOk(res);
      const [header, ...lines] = res.raw.body.replace(/^\ufeff/, '').split(/\r?\n/).filter((line) => line !== '').map((line) => line.split(',')); // prettier-ignore
      expect(header!.slice(0, 4)).toEqual(['Offer ID', 'Tracker1', 'Offer', 'Clicks']);
      const clicks = new Map<string, number>();
      for (const line of lines.filter((l) => l[1] !== 'Totals')) {
        const key = `${line[1]}|${line[0]}`;
        clicks.set(key, (clicks.get(key) ?? 0) + Number(line[3]));
      }
      const inside = rawClicks.filter((row) => inRange(row));
      const expected = new Map<string, number>();
      for (const row of inside) {
        const key = `${row.tc1 ?? ''}|${row.offerId}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
      for (const [key, count] of expected) expect(clicks.get(key), key).toBe(count);
      const totals = lines.filter((l) => l[1] === 'Totals');
      expect(totals.reduce((sum, l) => sum + Number(l[3]), 0)).toBe(inside.length);
    });
  });

  describe('the country filter (decision 110)', () => {
    const placed = () => [...new Set(rawClicks.filter((row) => inRange(row)).map((row) => row.country ?? ''))];

    it('generated traffic from several countries and from addresses no file places', () => {
      expect(placed().filter((code) => code !== '').length).toBeGreaterThanOrEqual(2);
      expect(placed()).toContain('');
    });

    it('keeps any of the countries named on the daily, sub-ID, click and conversion reports alike', async () => {
      const [first, second] = placed()
        .filter((code) => code !== '')
        .sort();
      const chosen = new Set([first!, second!]);
      const only: RawOf = (row) => chosen.has(row.country ?? '');
      const c = rawClicks.filter((row) => inRange(row) && only(row));
      const v = rawConversions.filter((row) => inRange(row) && only(row));
      const country = [first!.toLowerCase(), second!];
      const daily = okBody(await callEndpoint(t.app, statisticsEndpoints.daily, { query: { ...RANGE, country } }, token)); // prettier-ignore
      expect(daily.data.at(-1)).toEqual({ label: 'Totals', isTotal: true, ...stats(c, v) });
      const grouped = await subid(token, { ...RANGE, country, groupBy: 'country', then: 'offer', sort: 'label' });
      expect(grouped.data.slice(0, -1).map((row) => row.label)).toEqual([first, second]);
      expect(grouped.data.at(-1)).toEqual({ label: 'Totals', isTotal: true, ...stats(c, v) });
      const clickPage = okBody(await callEndpoint(t.app, statisticsEndpoints.click, { query: { ...RANGE, country, count: 1 } }, token)); // prettier-ignore
      expect(clickPage.total).toBe(c.length);
      const conversionPage = await conversionReport({ ...RANGE, country, count: 1 });
      expect(conversionPage.total).toBe(v.length);
      const one = okBody(await callEndpoint(t.app, statisticsEndpoints.daily, { query: { ...RANGE, country: first } }, token)); // prettier-ignore
      expect(one.data.at(-1)!.clicks).toBe(c.filter((row) => row.country === first).length);
      const csv = await exportReport(token, 'click', { ...RANGE, country });
      expectOk(csv);
      expect(csv.raw.body.replace(/^\ufeff/, '').split(/\r?\n/).filter((line) => line !== '').length - 1).toBe(c.length); // prettier-ignore
    });

    it('refuses a country that is not a code, or too many, naming the field', async () => {
      const bad = await callEndpoint(t.app, statisticsEndpoints.daily, { query: invalid({ ...RANGE, country: ['FR', 'France'] }) }, token); // prettier-ignore
      expect(Object.keys(errorsOf(bad))).toEqual(['country.1']);
      const many = Array.from({ length: 51 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)));
      const tooMany = await callEndpoint(t.app, statisticsEndpoints.subid, { query: { ...RANGE, country: many } }, token); // prettier-ignore
      expect(Object.keys(errorsOf(tooMany))).toEqual(['country']);
    });
  });
});
