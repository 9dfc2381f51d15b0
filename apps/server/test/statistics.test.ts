/**
 * The statistics API against an independent computation over the raw clicks and conversions.
 * Traffic goes through the real paths (GET /click, GET /postback) on a test clock that walks from December to
 * March, so that every period, the previous-month default and the time-zone day boundaries have data.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, conversions, goals, offerGoals, offers, partnerOffers } from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  expectErrorObject,
  login,
  testClock,
  type TestApp,
} from './helper.js';
import { createApplication, createOffer, advertiserTokenOf } from './offer-fixtures.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = new Date('2025-12-20T00:00:00Z');
/** 23:30 UTC: already the 11th for the +01:00 partner, still the 10th in UTC. */
const NOW = new Date('2026-03-10T23:30:00Z');
const BOUNDARY = new Date('2026-02-14T23:30:00Z');
const BURST_AT = new Date('2026-02-20T10:00:00Z');
const BURST_SIZE = 1100;

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

type Partner = Awaited<ReturnType<typeof createPartner>> & { offset: number; token: string };
type OfferInfo = { id: number; token: string; currency: string; countries: string[]; registration: number };
let a: Partner;
let b: Partner;
const offerList: OfferInfo[] = [];
let disabledOffer: OfferInfo;
let privateOffer: OfferInfo;

async function offer(spec: Parameters<typeof createOffer>[1], registration: number): Promise<OfferInfo> {
  const id = await createOffer(t, spec);
  await t.database.db
    .update(offers)
    .set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' })
    .where(eq(offers.id, id));
  const token = await advertiserTokenOf(t, id);
  return {
    id,
    token,
    currency: spec.currency ?? 'EUR',
    countries: spec.countries ?? ['FR'],
    registration,
  };
}

type Sent = { clickId: string; partnerId: number; offer: OfferInfo };
const sent: Sent[] = [];
let transaction = 0;

async function sendClick(partner: Partner, o: OfferInfo, params: Record<string, string | undefined>) {
  const query = new URLSearchParams({ offer_id: String(o.id), aff_id: String(partner.partnerId) });
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
  const res = await t.app.inject({ method: 'GET', url: `/click?${query.toString()}`, remoteAddress: '198.51.100.4' });
  expect(res.statusCode).toBe(302);
  const clickId = new URL(res.headers.location as string).searchParams.get('cid')!;
  sent.push({ clickId, partnerId: partner.partnerId, offer: o });
  return clickId;
}

async function sendPostback(click: Sent, goal: string, amount?: string, withTransaction = rand() < 0.7) {
  const params: Record<string, string> = { click_id: click.clickId, goal, token: click.offer.token };
  if (amount) params.amount = amount;
  if (withTransaction) params.transaction_id = `tx-${++transaction}`;
  const res = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams(params).toString()}` });
  expect(res.statusCode).toBe(200);
}

const SUBIDS = ['news', 'social', 'a,"b', undefined] as const;

async function randomStep(enabled: OfferInfo[]) {
  for (let n = 1 + Math.floor(rand() * 2); n > 0; n--) {
    await sendClick(pick([a, a, b]), pick(enabled), {
      subid: pick(SUBIDS),
      tc1: pick(['x', 'y', undefined]),
      tc2: pick(['blue', undefined]),
      tc3: rand() < 0.1 ? 'three' : undefined,
      tc4: rand() < 0.1 ? 'four' : undefined,
    });
  }
  if (rand() < 0.5) {
    const recent = rand() < 0.75 ? sent.slice(-40) : sent;
    const click = pick(recent);
    const roll = rand();
    if (roll < 0.55) await sendPostback(click, 'registration');
    else if (roll < 0.75)
      await sendPostback(click, 'sale', `${Math.floor(rand() * 200)}.${Math.floor(rand() * 90 + 10)}`);
    else if (roll < 0.82)
      await sendPostback(click, 'sale'); // amount_required
    else if (roll < 0.88)
      await sendPostback(click, 'install'); // goal_not_found
    else {
      // A second transaction on the same click and goal: duplicate when the first counted.
      await sendPostback(click, 'registration', undefined, true);
      await sendPostback(click, 'registration', undefined, true);
    }
  }
  if (rand() < 0.03) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/postback?click_id=nope-${++transaction}&goal=registration&token=${pick(offerList).token}`,
    });
    expect(res.json()).toMatchObject({ reason: 'unknown_click' });
  }
}

async function moveTo(date: Date) {
  clock.advance(date.getTime() - clock.now().getTime());
}

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const pa = await createPartner(t);
  const pb = await createPartner(t);
  a = { ...pa, offset: 60, token: '' };
  b = { ...pb, offset: 0, token: '' };

  const goalsFor = (registration: number, percent: number) => [
    { goal: 'registration', p1: { amount: registration } },
    { goal: 'sale', p1: { percent } },
  ];
  offerList.push(
    await offer({ name: 'Alpha EUR', countries: ['FR', 'DE'], goals: goalsFor(250, 1000) }, 250),
    await offer({ name: 'Bravo USD', currency: 'USD', countries: ['US'], goals: goalsFor(400, 1250) }, 400),
    await offer({ name: 'Charlie pending', countries: ['FR'], goals: goalsFor(300, 500) }, 300),
  );
  privateOffer = await offer(
    {
      name: 'Delta private',
      currency: 'GBP',
      countries: ['GB', 'FR'],
      private: true,
      requireApproval: true,
      goals: goalsFor(500, 800),
    },
    500,
  );
  disabledOffer = await offer({ name: 'Echo', countries: ['DE'], goals: goalsFor(100, 300) }, 100);
  offerList.push(privateOffer, disabledOffer);
  const [registration] = await t.database.db.select().from(goals).where(eq(goals.identifier, 'registration'));
  await t.database.db
    .update(offerGoals)
    .set({ manualValidation: true })
    .where(and(eq(offerGoals.offerId, offerList[2]!.id), eq(offerGoals.goalId, registration!.id)));
  await createApplication(t, a.partnerId, privateOffer.id, 'active');
  await createApplication(t, b.partnerId, privateOffer.id, 'active');

  const disableAt = new Date('2026-02-25T00:00:00Z');
  const events: [Date, () => Promise<void>][] = [
    [
      BOUNDARY,
      async () => {
        await sendClick(a, offerList[0]!, { subid: 'boundary' });
        await sendClick(b, offerList[0]!, { subid: 'boundary' });
      },
    ],
    [
      BURST_AT,
      async () => {
        for (let i = 0; i < BURST_SIZE; i++) await sendClick(a, offerList[0]!, { subid: 'burst', tc1: String(i % 3) });
      },
    ],
    [
      disableAt,
      async () => {
        await t.database.db.update(offers).set({ enabled: false }).where(eq(offers.id, disabledOffer.id));
      },
    ],
    [new Date(NOW.getTime() - 20 * 60_000), async () => void (await sendClick(a, offerList[1]!, { subid: 'late' }))],
  ];
  for (;;) {
    const next = new Date(clock.now().getTime() + 60_000 + Math.floor(rand() * 6 * HOUR));
    const event = events[0];
    if (event && event[0] <= next) {
      await moveTo(event[0]);
      await event[1]();
      events.shift();
      continue;
    }
    if (next >= NOW) break;
    await moveTo(next);
    await randomStep(clock.now() < disableAt ? offerList : offerList.filter((o) => o !== disabledOffer));
  }
  await moveTo(NOW);
  await t.app.tracking.buffer.flush();
  await t.database.db
    .update(partnerOffers)
    .set({ status: 'refused' })
    .where(and(eq(partnerOffers.partnerId, b.partnerId), eq(partnerOffers.offerId, privateOffer.id)));

  a.token = await login(t, a.email, a.password);
  b.token = await login(t, b.email, b.password);
  const tz = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/account/timezone',
    headers: bearer(a.token),
    payload: { timezone: '+01:00' },
  });
  expect(tz.statusCode).toBe(200);
  await loadRaw();
}, 600_000);
afterAll(async () => t?.close());

// ---------------------------------------------------------------- the independent computation

type RawClick = typeof clicks.$inferSelect;
type RawConversion = typeof conversions.$inferSelect;
const raw = new Map<number, { clicks: RawClick[]; conversions: RawConversion[] }>();
const currencyOf = new Map<number, string>();

async function loadRaw() {
  for (const p of [a, b]) {
    raw.set(p.partnerId, {
      clicks: await t.database.db.select().from(clicks).where(eq(clicks.partnerId, p.partnerId)),
      conversions: await t.database.db.select().from(conversions).where(eq(conversions.partnerId, p.partnerId)),
    });
  }
  for (const o of offerList) currencyOf.set(o.id, o.currency);
}

const iso = (ms: number) => new Date(ms).toISOString();
const localDay = (date: Date, offset: number) => iso(date.getTime() + offset * 60_000).slice(0, 10);
const plusDays = (day: string, n: number) => iso(Date.parse(`${day}T00:00:00Z`) + n * DAY).slice(0, 10);
function localMoment(date: Date, offset: number) {
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  return `${iso(date.getTime() + offset * 60_000).slice(0, 19)}${sign}${hh}:00`;
}

type Filters = { offerId?: number; subid?: string; tc1?: string; tc2?: string; tc3?: string; tc4?: string };
const matches = (row: RawClick | RawConversion, f: Filters) =>
  (f.offerId === undefined || row.offerId === f.offerId) &&
  (['subid', 'tc1', 'tc2', 'tc3', 'tc4'] as const).every((k) => f[k] === undefined || row[k] === f[k]);

function rowsOf(p: Partner, from: string, to: string, f: Filters = {}) {
  const inRange = (row: RawClick | RawConversion) => {
    const day = localDay(row.createdAt, p.offset);
    return day >= from && day <= to && matches(row, f);
  };
  const r = raw.get(p.partnerId)!;
  return { clicks: r.clicks.filter(inRange), conversions: r.conversions.filter(inRange) };
}

function stats(set: { clicks: RawClick[]; conversions: RawConversion[] }) {
  const revenue = new Map<string, number>();
  for (const c of set.clicks) revenue.set(currencyOf.get(c.offerId)!, revenue.get(currencyOf.get(c.offerId)!) ?? 0);
  for (const c of set.conversions) {
    revenue.set(c.currency, (revenue.get(c.currency) ?? 0) + (c.status === 'approved' ? c.payout : 0));
  }
  const clickCount = set.clicks.length;
  const approved = set.conversions.filter((c) => c.status === 'approved').length;
  const list = [...revenue.keys()].sort().map((currency) => ({ currency, amount: revenue.get(currency)! }));
  return {
    clicks: clickCount,
    conversions: approved,
    conversionRate: clickCount ? approved / clickCount : 0,
    revenue: list,
    epc: clickCount ? list.map((r) => ({ currency: r.currency, amount: r.amount / clickCount })) : [],
  };
}

function days(from: string, to: string) {
  const out: string[] = [];
  for (let d = from; d <= to; d = plusDays(d, 1)) out.push(d);
  return out;
}

function expectedDaily(p: Partner, from: string, to: string, f: Filters = {}) {
  const rows = days(from, to).map((day) => ({ label: day, isTotal: false, ...stats(rowsOf(p, day, day, f)) }));
  return [...rows, { label: 'Totals', isTotal: true, ...stats(rowsOf(p, from, to, f)) }];
}

function expectedSubid(p: Partner, from: string, to: string, f: Filters = {}) {
  const set = rowsOf(p, from, to, f);
  const labels = [...new Set([...set.clicks, ...set.conversions].map((r) => r.subid ?? ''))].sort((x, y) =>
    x < y ? -1 : x > y ? 1 : 0,
  );
  const rows = labels.map((label) => ({
    label,
    isTotal: false,
    ...stats({
      clicks: set.clicks.filter((c) => (c.subid ?? '') === label),
      conversions: set.conversions.filter((c) => (c.subid ?? '') === label),
    }),
  }));
  return [...rows, { label: 'Totals', isTotal: true, ...stats(set) }];
}

const newestFirst = <R extends { createdAt: Date; id: number }>(list: R[]) =>
  [...list].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || y.id - x.id);
const offerName = (id: number) => offerNames.get(id)!;
const offerNames = new Map<number, string>();

function clickRow(c: RawClick, offset: number) {
  return {
    clickid: c.clickId,
    offer: { id: c.offerId, name: offerName(c.offerId) },
    date: localMoment(c.createdAt, offset),
    ip: c.ip,
    subid: c.subid,
    tc1: c.tc1,
    tc2: c.tc2,
    tc3: c.tc3,
    tc4: c.tc4,
  };
}

function conversionRow(c: RawConversion, offset: number) {
  return {
    id: c.id,
    offer: { id: c.offerId!, name: offerName(c.offerId!) },
    date: localMoment(c.createdAt, offset),
    revenue: { currency: c.currency, amount: c.status === 'rejected' ? 0 : c.payout },
    status: c.status,
    reason: c.reason,
    goal: c.goal,
    subid: c.subid,
    tc1: c.tc1,
    tc2: c.tc2,
    tc3: c.tc3,
    tc4: c.tc4,
  };
}

// ---------------------------------------------------------------- calls

const get = (token: string | null, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? bearer(token) : {} });
const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();

async function data(token: string, url: string) {
  const res = await get(token, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: unknown; total: number | null };
}

/** RFC 4180: quoted fields, doubled quotes, commas and line breaks inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (ch !== '\r') field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

const cell = (value: string | number | null) => (value === null ? '' : String(value));
const major = (minor: number) => (minor / 100).toFixed(2);

// ---------------------------------------------------------------- tests

describe('statistics (seed ' + SEED + ')', () => {
  beforeAll(async () => {
    const rows = await t.database.db
      .select({ id: offers.id, name: offers.name })
      .from(offers)
      .where(
        inArray(
          offers.id,
          offerList.map((o) => o.id),
        ),
      );
    for (const row of rows) offerNames.set(row.id, row.name);
  });

  it('generated traffic of every kind for both partners', () => {
    for (const p of [a, b]) {
      const r = raw.get(p.partnerId)!;
      expect(r.clicks.length).toBeGreaterThan(100);
      const statuses = new Set(r.conversions.map((c) => c.status));
      expect([...statuses].sort()).toEqual(['approved', 'pending', 'rejected']);
      expect(new Set(r.conversions.map((c) => c.currency)).size).toBeGreaterThanOrEqual(2);
    }
    const reasons = new Set([...raw.values()].flatMap((r) => r.conversions.map((c) => c.reason)));
    for (const reason of ['duplicate', 'goal_not_found', 'amount_required']) expect(reasons).toContain(reason);
  });

  describe('daily and sub-ID reports', () => {
    // At +01:00 a range's UTC window starts at 23:00 the day before: the sub-ID report reads whole UTC days from
    // stats_daily and the partial days at both ends from stats_hourly (one day alone has no whole UTC day and reads
    // hourly only). In UTC the daily report reads stats_daily alone. 2026-02-15 … 16 puts A's boundary click
    // (2026-02-14 23:30 UTC) in the leading partial hour.
    const ranges: [string, string, Filters][] = [
      ['2025-12-20', '2026-03-11', {}],
      ['2026-02-15', '2026-02-16', {}],
      ['2026-02-01', '2026-02-28', {}],
      ['2026-01-15', '2026-02-20', { subid: 'news' }],
      ['2025-12-01', '2026-03-31', { tc1: 'x', tc2: 'blue' }],
      ['2026-01-01', '2026-03-11', { offerId: 0 }],
      ['2026-02-10', '2026-02-24', { offerId: 0, subid: 'a,"b' }],
      ['2026-03-11', '2026-03-11', {}],
    ];
    it.each(ranges)('equal the raw rows for %s … %s %j', async (from, to, filters) => {
      for (const p of [a, b]) {
        const f = filters.offerId === 0 ? { ...filters, offerId: pick(offerList).id } : filters;
        const query = qs({ startDate: from, endDate: to, ...f });
        const daily = await data(p.token, `/statistics/daily?${query}`);
        const expected = expectedDaily(p, from, to, f);
        expect(daily.data).toEqual(expected);
        expect(daily.total).toBe(expected.length - 1);
        const subid = await data(p.token, `/statistics/subid?${query}`);
        const expectedSub = expectedSubid(p, from, to, f);
        expect(subid.data).toEqual(expectedSub);
        expect(subid.total).toBe(expectedSub.length - 1);
      }
    });

    // Outside UTC a local day is a daily row give or take a band of hours (decision 021): the first hours of each UTC
    // day west of Greenwich, the last ones east of it, the first ones again past +12:00, where a day's row stands
    // for the next local date.
    it.each(['-12:00', '-05:00', '+05:00', '+12:00', '+14:00'])(
      'cut days at %s as the raw rows do',
      async (timezone) => {
        const setZone = (zone: string) =>
          t.app.inject({
            method: 'PUT',
            url: '/api/v1/account/timezone',
            headers: bearer(a.token),
            payload: { timezone: zone },
          });
        expect((await setZone(timezone)).statusCode).toBe(200);
        const sign = timezone.startsWith('-') ? -1 : 1;
        const user = { ...a, offset: sign * 60 * Number(timezone.slice(1, 3)) };
        try {
          const ranges: [string, string, Filters][] = [
            ['2025-12-20', '2026-03-11', {}],
            ['2026-02-14', '2026-02-16', {}],
            ['2026-01-15', '2026-02-20', { subid: 'news' }],
          ];
          for (const [from, to, f] of ranges) {
            const daily = await data(a.token, `/statistics/daily?${qs({ startDate: from, endDate: to, ...f })}`);
            expect(daily.data).toEqual(expectedDaily(user, from, to, f));
          }
        } finally {
          expect((await setZone('+01:00')).statusCode).toBe(200);
        }
      },
    );

    it('cut days in the user’s offset: 23:30 UTC is the next day at +01:00', async () => {
      const query = (p: Partner) =>
        data(p.token, `/statistics/daily?${qs({ startDate: '2026-02-14', endDate: '2026-02-15', subid: 'boundary' })}`);
      type Day = { label: string; clicks: number };
      const aDays = (await query(a)).data as Day[];
      const bDays = (await query(b)).data as Day[];
      expect(aDays.map((d) => [d.label, d.clicks])).toEqual([
        ['2026-02-14', 0],
        ['2026-02-15', 1],
        ['Totals', 1],
      ]);
      expect(bDays.map((d) => [d.label, d.clicks])).toEqual([
        ['2026-02-14', 1],
        ['2026-02-15', 0],
        ['Totals', 1],
      ]);
    });

    it('default the dates: previous month, the end’s month, or up to today', async () => {
      const labels = async (p: Partner, query: string) =>
        ((await data(p.token, `/statistics/daily?${query}`)).data as { label: string }[]).map((d) => d.label);
      expect(await labels(b, '')).toEqual([...days('2026-02-01', '2026-02-28'), 'Totals']);
      expect(await labels(a, 'startDate=&endDate=')).toEqual([...days('2026-02-01', '2026-02-28'), 'Totals']);
      expect(await labels(a, 'endDate=2026-01-12')).toEqual([...days('2026-01-01', '2026-01-12'), 'Totals']);
      // Today is the 11th at +01:00 and still the 10th in UTC.
      expect(await labels(a, 'startDate=2026-03-05')).toEqual([...days('2026-03-05', '2026-03-11'), 'Totals']);
      expect(await labels(b, 'startDate=2026-03-05')).toEqual([...days('2026-03-05', '2026-03-10'), 'Totals']);
      const defaulted = await data(a.token, '/statistics/subid');
      expect(defaulted.data).toEqual(expectedSubid(a, '2026-02-01', '2026-02-28'));
    });
  });

  describe('dashboard', () => {
    function periods(p: Partner) {
      const today = localDay(NOW, p.offset);
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      return {
        today: [today, today],
        wtd: [plusDays(today, -weekday), today],
        week: [plusDays(today, -6), today],
        mtd: [`${today.slice(0, 8)}01`, today],
        month: [plusDays(today, -29), today],
        ytd: [`${today.slice(0, 4)}-01-01`, today],
        year: [plusDays(today, -364), today],
      } as Record<string, [string, string]>;
    }

    it('global performance: one Stats row per period', async () => {
      for (const p of [a, b]) {
        const expected = Object.fromEntries(
          Object.entries(periods(p)).map(([name, [from, to]]) => [name, stats(rowsOf(p, from, to))]),
        );
        expect((await data(p.token, '/statistics/home/global')).data).toEqual(expected);
      }
      // The late click of the 10th at 23:10 UTC is "today" only for the +01:00 partner.
      const global = (await data(a.token, '/statistics/home/global')).data as Record<string, { clicks: number }>;
      expect(global.today!.clicks).toBeGreaterThanOrEqual(1);
    });

    it('quick stats: the last 7 days and the year-to-date payout', async () => {
      for (const p of [a, b]) {
        const { week, ytd } = periods(p);
        const last = stats(rowsOf(p, week![0], week![1]));
        expect((await data(p.token, '/statistics/home/quick-stats')).data).toEqual({
          startDate: week![0],
          endDate: week![1],
          clicks: last.clicks,
          conversions: last.conversions,
          payout: last.revenue,
          ytdPayout: stats(rowsOf(p, ytd![0], ytd![1])).revenue,
        });
      }
    });

    it.each([
      ['today', undefined],
      ['week', undefined],
      ['month', undefined],
      ['year', undefined],
      ['year', 'FR'],
      ['month', 'de'],
      ['year', 'GB'],
      ['year', 'JP'],
    ])('top offers for %s in %s: visible offers only, ranked by revenue then clicks', async (date, country) => {
      // Echo is disabled, and B's application to the private Delta was refused: neither may still see them.
      const visible = new Map([
        [a.partnerId, offerList.filter((o) => o !== disabledOffer)],
        [b.partnerId, offerList.filter((o) => o !== disabledOffer && o !== privateOffer)],
      ]);
      for (const p of [a, b]) {
        const [from, to] = periods(p)[date]!;
        const candidates = visible
          .get(p.partnerId)!
          .filter((o) => !country || o.countries.includes(country.toUpperCase()));
        const rows = candidates
          .map((o) => ({ o, s: stats(rowsOf(p, from, to, { offerId: o.id })) }))
          .filter(({ o }) => {
            const set = rowsOf(p, from, to, { offerId: o.id });
            return set.clicks.length + set.conversions.length > 0;
          })
          .map(({ o, s }) => ({ o, s, payout: s.revenue.reduce((sum, r) => sum + r.amount, 0) }))
          .sort((x, y) => y.payout - x.payout || y.s.clicks - x.s.clicks || x.o.id - y.o.id)
          .slice(0, 10)
          .map(({ o, s }, i) => ({
            rank: i + 1,
            offer: {
              id: o.id,
              name: offerName(o.id),
              countries: [...o.countries].sort(),
              conversionType: 'cpa',
              payout: { goal: 'registration', amount: o.registration, percent: null, currency: o.currency },
            },
            ...s,
          }));
        const res = await data(p.token, `/statistics/home/top-offers?${qs({ date, country })}`);
        expect(res.data).toEqual(rows);
        expect(res.total).toBe(rows.length);
      }
    });

    it('top offers default to the last 7 days', async () => {
      expect((await data(a.token, '/statistics/home/top-offers')).data).toEqual(
        (await data(a.token, '/statistics/home/top-offers?date=week')).data,
      );
    });
  });

  describe('click and conversion reports', () => {
    function expectedClicks(p: Partner, from: string, to: string, f: Filters = {}) {
      return newestFirst(rowsOf(p, from, to, f).clicks).map((c) => clickRow(c, p.offset));
    }
    function expectedConversions(p: Partner, from: string, to: string, f: Filters = {}) {
      return newestFirst(rowsOf(p, from, to, f).conversions).map((c) => conversionRow(c, p.offset));
    }

    it('pages clicks newest first with an exact total, deep pages included', async () => {
      const all = expectedClicks(a, '2026-01-01', '2026-03-11');
      expect(all.length).toBeGreaterThan(BURST_SIZE);
      const count = 50;
      const lastPage = Math.ceil(all.length / count);
      for (const page of [1, 2, 3, 7, 13, Math.floor(lastPage / 2), lastPage - 1, lastPage, lastPage + 1]) {
        const res = await data(
          a.token,
          `/statistics/click?${qs({ startDate: '2026-01-01', endDate: '2026-03-11', page, count })}`,
        );
        expect(res.total).toBe(all.length);
        expect(res.data).toEqual(all.slice((page - 1) * count, page * count));
      }
      // Odd page sizes across the burst, where hundreds of clicks share one millisecond.
      for (const [page, size] of [
        [4, 333],
        [11, 97],
        [2, 500],
      ] as const) {
        const res = await data(
          a.token,
          `/statistics/click?${qs({ startDate: '2026-01-01', endDate: '2026-03-11', page, count: size })}`,
        );
        expect(res.data).toEqual(all.slice((page - 1) * size, page * size));
      }
    });

    it('pages clicks under filters, for both partners', async () => {
      for (const p of [a, b]) {
        for (const f of [
          { subid: 'news' },
          { offerId: offerList[1]!.id },
          { offerId: offerList[0]!.id, tc1: 'x' },
        ] as Filters[]) {
          const all = expectedClicks(p, '2025-12-01', '2026-03-11', f);
          for (const page of [1, 2, 4]) {
            const res = await data(
              p.token,
              `/statistics/click?${qs({ startDate: '2025-12-01', endDate: '2026-03-11', ...f, page, count: 9 })}`,
            );
            expect(res.total).toBe(all.length);
            expect(res.data).toEqual(all.slice((page - 1) * 9, page * 9));
          }
        }
      }
    });

    it('lists conversions of every status, page after page', async () => {
      for (const p of [a, b]) {
        for (const f of [{}, { offerId: offerList[2]!.id }, { subid: 'social', tc2: 'blue' }] as Filters[]) {
          const all = expectedConversions(p, '2025-12-20', '2026-03-11', f);
          const seen: unknown[] = [];
          for (let page = 1; ; page++) {
            const res = await data(
              p.token,
              `/statistics/conversion?${qs({ startDate: '2025-12-20', endDate: '2026-03-11', ...f, page, count: 7 })}`,
            );
            expect(res.total).toBe(all.length);
            const list = res.data as unknown[];
            if (list.length === 0) break;
            seen.push(...list);
          }
          expect(seen).toEqual(all);
        }
      }
      const statuses = (
        (await data(a.token, '/statistics/conversion?startDate=2025-12-01&endDate=2026-03-11&count=500')).data as {
          status: string;
        }[]
      ).map((c) => c.status);
      expect(new Set(statuses)).toEqual(new Set(['approved', 'pending', 'rejected']));
    });

    it('show moments in the user’s offset', async () => {
      const res = await data(
        a.token,
        `/statistics/click?${qs({ startDate: '2026-02-15', endDate: '2026-02-15', subid: 'boundary' })}`,
      );
      expect((res.data as { date: string }[]).map((c) => c.date)).toEqual(['2026-02-15T00:30:00+01:00']);
      const resB = await data(
        b.token,
        `/statistics/click?${qs({ startDate: '2026-02-14', endDate: '2026-02-14', subid: 'boundary' })}`,
      );
      expect((resB.data as { date: string }[]).map((c) => c.date)).toEqual(['2026-02-14T23:30:00+00:00']);
    });
  });

  describe('CSV export', () => {
    async function csv(p: Partner | string, type: string, query: Record<string, string | number | undefined>) {
      const token = typeof p === 'string' ? p : p.token;
      const res = await get(token, `/statistics/export/${type}?${qs(query)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const from = query.startDate ?? '2026-02-01';
      const to = query.endDate ?? '2026-02-28';
      // The range and the time zone its days were cut in, in the file name (decision 033).
      const zone = typeof p === 'string' ? '[+-]\\d{2}-00' : p.offset === 60 ? '\\+01-00' : '\\+00-00';
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${type}-report_${from}_${to}_GMT${zone}\\.csv"$`),
      );
      return parseCsv(res.body);
    }

    it('streams every click of the range, past several keyset chunks', async () => {
      const query = { startDate: '2026-02-01', endDate: '2026-02-28' };
      for (const p of [a, b]) {
        const lines = await csv(p, 'click', query);
        const expected = newestFirst(rowsOf(p, query.startDate, query.endDate).clicks).map((c) => {
          const row = clickRow(c, p.offset);
          return [
            row.date,
            row.clickid,
            row.offer.id,
            row.offer.name,
            row.ip,
            row.subid,
            row.tc1,
            row.tc2,
            row.tc3,
            row.tc4,
          ].map(cell);
        });
        expect(lines[0]).toEqual([
          'Date',
          'Click ID',
          'Offer ID',
          'Offer',
          'IP Address',
          'SubID',
          'Tracker1',
          'Tracker2',
          'Tracker3',
          'Tracker4',
        ]);
        expect(lines.slice(1)).toEqual(expected);
      }
      expect((await csv(a, 'click', query)).length).toBeGreaterThan(BURST_SIZE + 1);
    });

    it('exports conversions with money as major units beside the currency', async () => {
      for (const p of [a, b]) {
        const query = { startDate: '2025-12-20', endDate: '2026-03-11', tc1: 'y' };
        const lines = await csv(p, 'conversion', query);
        expect(lines[0]).toEqual([
          'Conversion ID',
          'Date',
          'Offer ID',
          'Offer',
          'Goal',
          'Status',
          'Reason',
          'Currency',
          'Revenue',
          'SubID',
          'Tracker1',
          'Tracker2',
          'Tracker3',
          'Tracker4',
        ]);
        const expected = newestFirst(rowsOf(p, query.startDate, query.endDate, { tc1: 'y' }).conversions).map((c) => {
          const row = conversionRow(c, p.offset);
          return [
            row.id,
            row.date,
            row.offer.id,
            row.offer.name,
            row.goal,
            row.status,
            row.reason,
            row.revenue.currency,
            major(row.revenue.amount),
            row.subid,
            row.tc1,
            row.tc2,
            row.tc3,
            row.tc4,
          ].map(cell);
        });
        expect(lines.slice(1)).toEqual(expected);
      }
    });

    it.each(['daily', 'subid'])('exports the %s report: one line per label and currency, then totals', async (type) => {
      for (const p of [a, b]) {
        const from = '2026-02-10';
        const to = '2026-03-11';
        const lines = await csv(p, type, { startDate: from, endDate: to });
        expect(lines[0]).toEqual([
          type === 'daily' ? 'Date' : 'SubID',
          'Clicks',
          'Conversions',
          'Conversion Rate (%)',
          'Currency',
          'Revenue',
          'EPC',
        ]);
        const set = rowsOf(p, from, to);
        const labelOf = (r: RawClick | RawConversion) =>
          type === 'daily' ? localDay(r.createdAt, p.offset) : (r.subid ?? '');
        const labels =
          type === 'daily'
            ? days(from, to)
            : [...new Set([...set.clicks, ...set.conversions].map(labelOf))].sort((x, y) => (x < y ? -1 : 1));
        const linesOf = (label: string, cl: RawClick[], cv: RawConversion[]) => {
          const currencies = [
            ...new Set([...cl.map((c) => currencyOf.get(c.offerId)!), ...cv.map((c) => c.currency)]),
          ].sort();
          if (currencies.length === 0) return [[label, '0', '0', '0.00', '', '0.00', '0.0000']];
          return currencies.map((currency) => {
            const n = cl.filter((c) => currencyOf.get(c.offerId) === currency).length;
            const approved = cv.filter((c) => c.currency === currency && c.status === 'approved');
            const payout = approved.reduce((s, c) => s + c.payout, 0);
            return [
              label,
              String(n),
              String(approved.length),
              (n ? (approved.length / n) * 100 : 0).toFixed(2),
              currency,
              major(payout),
              (n ? payout / n / 100 : 0).toFixed(4),
            ];
          });
        };
        const expected = [
          ...labels.flatMap((label) =>
            linesOf(
              label,
              set.clicks.filter((c) => labelOf(c) === label),
              set.conversions.filter((c) => labelOf(c) === label),
            ),
          ),
          ...linesOf('Totals', set.clicks, set.conversions),
        ];
        expect(lines.slice(1)).toEqual(expected);
      }
    });
  });

  describe('partner scope', () => {
    it('B never sees A’s clicks or conversions, in any call or export', async () => {
      const aClickIds = new Set(raw.get(a.partnerId)!.clicks.map((c) => c.clickId));
      const aConversionIds = new Set(raw.get(a.partnerId)!.conversions.map((c) => c.id));
      const range = { startDate: '2025-12-01', endDate: '2026-03-11' };
      const clickList = (await data(b.token, `/statistics/click?${qs({ ...range, count: 500 })}`)).data as {
        clickid: string;
      }[];
      expect(clickList.length).toBeGreaterThan(0);
      expect(clickList.filter((c) => aClickIds.has(c.clickid))).toEqual([]);
      const conversionList = (await data(b.token, `/statistics/conversion?${qs({ ...range, count: 500 })}`)).data as {
        id: number;
      }[];
      expect(conversionList.filter((c) => aConversionIds.has(c.id))).toEqual([]);
      const exported = await get(b.token, `/statistics/export/click?${qs(range)}`);
      expect([...aClickIds].filter((id) => exported.body.includes(id))).toEqual([]);
      // The burst was A's: B's sub-ID report has no such row, and the filter gives zero for B.
      const subid = (await data(b.token, `/statistics/subid?${qs(range)}`)).data as { label: string }[];
      expect(subid.map((r) => r.label)).not.toContain('burst');
      const burst = (await data(b.token, `/statistics/daily?${qs({ ...range, subid: 'burst' })}`)).data as {
        clicks: number;
      }[];
      expect(burst.at(-1)!.clicks).toBe(0);
    });
  });

  describe('access', () => {
    const urls = [
      '/statistics/home/global',
      '/statistics/home/quick-stats',
      '/statistics/home/top-offers',
      '/statistics/daily',
      '/statistics/subid',
      '/statistics/conversion',
      '/statistics/conversion/totals',
      '/statistics/click',
      '/statistics/export/daily',
    ];

    it('are documented in the OpenAPI reference under the statistics tag', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json() as {
        paths: Record<string, { get?: { tags?: string[] } }>;
      };
      for (const url of [...urls, '/statistics/export/{type}'].filter((u) => !u.startsWith('/statistics/export/d'))) {
        expect(doc.paths[`/api/v1${url}`]?.get?.tags, url).toEqual(['statistics']);
      }
    });

    it('refuses every call without a bearer (401) and from a staff session (403)', async () => {
      const staff = await createStaff(t, 'ROLE_ADMIN');
      const staffToken = await login(t, staff.email, staff.password);
      for (const url of urls) {
        expectErrorObject(await get(null, url), 401);
        expectErrorObject(await get('x'.repeat(43), url), 401);
        expectErrorObject(await get(staffToken, url), 403);
      }
    });

    it('serves reporting API keys in the creator’s time zone, and a revoked key fails', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: bearer(a.token),
        payload: { name: 'Stats script' },
      });
      expect(created.statusCode).toBe(200);
      const { key, id } = created.json().data as { key: string; id: number };
      const query = `?${qs({ startDate: '2026-02-14', endDate: '2026-02-16' })}`;
      for (const url of urls) {
        const withKey = await get(key, `${url}${url.includes('home') ? '' : query}`);
        const withSession = await get(a.token, `${url}${url.includes('home') ? '' : query}`);
        expect(withKey.statusCode, url).toBe(200);
        expect(withKey.body).toBe(withSession.body);
      }
      const revoked = await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${id}`, headers: bearer(a.token) });
      expect(revoked.statusCode).toBe(200);
      for (const url of urls) expectErrorObject(await get(key, url), 401);
    });
  });

  describe('validation', () => {
    it.each([
      ['/statistics/daily?startDate=2026-02-30', 'startDate'],
      ['/statistics/daily?startDate=2026/02/01', 'startDate'],
      ['/statistics/subid?endDate=tomorrow', 'endDate'],
      ['/statistics/daily?startDate=2026-02-10&endDate=2026-02-09', 'endDate'],
      ['/statistics/daily?startDate=2024-01-01&endDate=2026-01-02', 'endDate'],
      ['/statistics/daily?startDate=2026-04-01', 'endDate'],
      ['/statistics/daily?endDate=2026-02-01&week=1', 'week'],
      ['/statistics/daily?offerId=abc', 'offerId'],
      ['/statistics/subid?subid=' + 'x'.repeat(256), 'subid'],
      ['/statistics/click?tc3=a%00b', 'tc3'],
      ['/statistics/click?page=0', 'page'],
      ['/statistics/click?count=501', 'count'],
      ['/statistics/conversion?startDate=2023-01-01', 'endDate'],
      ['/statistics/conversion?sort=date', 'sort'],
      ['/statistics/export/weekly', 'type'],
      ['/statistics/export/click?page=2', 'page'],
      ['/statistics/home/top-offers?date=decade', 'date'],
      ['/statistics/home/top-offers?country=FRA', 'country'],
      ['/statistics/home/global?date=week', 'date'],
    ])('%s → 400 on %s', async (url, field) => {
      const res = await get(a.token, url);
      expectErrorObject(res, 400);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    });
  });
});
