import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionReviewEndpoints, type StaffConversionsQuery } from '@portal/contracts';
import { conversions, offers, products, users } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  createTeam,
  errorBody,
  expectError,
  invalid,
  login,
  okBody,
  testClock,
  type TestApp,
} from './helper.js';
import { createOffer } from './offer-fixtures.js';
import { CSV_DATE_TIME, columnSum, parseCsv } from './csv.js';

/**
 * The staff's conversion search and its CSV (decision 071): every status, each filter, an exact id search, sorts,
 * pages, the readers' days, scope (managers their partners', admins and finance all) and refused inputs.
 */
let t: TestApp;
const clock = testClock(new Date('2026-05-10T12:00:00Z'));
const tokens: Record<'admin' | 'finance' | 'tm' | 'amA' | 'amB' | 'partner', string> = {} as never;
let partnerA: number;
let partnerB: number;
let offer1: number;
let offer2: number;
let advertiser1: number;
let advertiser2: number;
/** The conversions made below, by name. */
const c: Record<string, number> = {};

async function advertiserOf(offerId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ id: products.advertiserId })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offers.id, offerId));
  return row!.id;
}

type NewConversion = Partial<typeof conversions.$inferInsert> & { at: string };
async function conversion(name: string, values: NewConversion) {
  const { at, ...rest } = values;
  const [row] = await t.database.db
    .insert(conversions)
    .values({
      advertiserId: advertiser1,
      dedupeKey: `tx:${name}`,
      partnerId: partnerA,
      offerId: offer1,
      goal: 'sale',
      currency: 'EUR',
      status: 'approved',
      createdAt: new Date(at),
      updatedAt: new Date(at),
      ...rest,
    })
    .returning({ id: conversions.id });
  c[name] = row!.id;
}

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const team = await createTeam(t);
  const staff = {
    admin: await createStaff(t, 'ROLE_ADMIN'),
    finance: await createStaff(t, 'ROLE_FINANCE'),
    tm: await createStaff(t, 'ROLE_TEAM_MANAGER', { teamId: team }),
    amA: await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: team }),
    amB: await createStaff(t, 'ROLE_ACCOUNT_MANAGER'),
  };
  for (const [name, s] of Object.entries(staff))
    tokens[name as keyof typeof staff] = await login(t, s.email, s.password);
  const a = await createPartner(t, { companyName: 'Alpha Media', accountManagerId: staff.amA.userId });
  const b = await createPartner(t, { companyName: 'Bravo Apps', accountManagerId: staff.amB.userId });
  partnerA = a.partnerId;
  partnerB = b.partnerId;
  tokens.partner = await login(t, a.email, a.password);
  offer1 = await createOffer(t, { name: 'Luna Dating FR', goals: [{ goal: 'sale', p1: { amount: 100 } }] });
  offer2 = await createOffer(t, { name: 'Solar Quotes', goals: [{ goal: 'sale', p1: { amount: 100 } }] });
  advertiser1 = await advertiserOf(offer1);
  advertiser2 = await advertiserOf(offer2);
  // The finance reader cuts its days at +02:00; the others at UTC.
  await t.database.db.update(users).set({ timezone: '+02:00' }).where(eq(users.id, staff.finance.userId));

  await conversion('approvedA', {
    at: '2026-05-01T10:00:00Z',
    payout: 500,
    revenue: 900,
    amount: 4990,
    transactionId: 'TX-1001',
    clickId: 'clk-approved-a',
    subid: 'news',
    country: 'FR',
    clickedAt: new Date('2026-05-01T09:58:00Z'),
  });
  await conversion('pendingA', { at: '2026-05-02T10:00:00Z', status: 'pending', payout: 300, revenue: 1500, transactionId: 'TX-1002', clickId: 'clk-pending-a' }); // prettier-ignore
  await conversion('declinedA', { at: '2026-05-03T23:30:00Z', status: 'rejected', reason: 'declined', payout: 0, revenue: 0, clickId: 'clk-declined-a', goal: 'lead' }); // prettier-ignore
  await conversion('reversedA', {
    at: '2026-05-04T08:00:00Z',
    status: 'rejected',
    reason: 'reversed',
    reversalReason: 'refund',
    note: 'Refunded on 6 May.',
    payout: 0,
    revenue: 0,
    originalPayout: 700,
    changedAt: new Date('2026-05-06T09:00:00Z'),
    transactionId: 'TX-1004',
    offerId: offer2,
    advertiserId: advertiser2,
  });
  await conversion('approvedB', { at: '2026-05-05T10:00:00Z', partnerId: partnerB, payout: 800, revenue: 1000, transactionId: 'TX-2001', clickId: 'clk-b' }); // prettier-ignore
  await conversion('pendingB', { at: '2026-05-06T10:00:00Z', partnerId: partnerB, status: 'pending', payout: 200, revenue: 250, offerId: offer2, advertiserId: advertiser2 }); // prettier-ignore
  // A postback whose click was unknown: no partner, no offer; only admins and finance reach it.
  await conversion('unknown', { at: '2026-05-07T10:00:00Z', status: 'rejected', reason: 'unknown_click', partnerId: null, offerId: null, payout: 0, revenue: 0, transactionId: 'TX-9999', clickId: 'no-such-click' }); // prettier-ignore
});
afterAll(async () => t?.close());

const search = (who: keyof typeof tokens, query: StaffConversionsQuery = {}) =>
  callEndpoint(t.app, conversionReviewEndpoints.list, { query }, tokens[who]);
/** The names of the conversions a search finds, in its order, among the ones this file made. */
async function found(who: keyof typeof tokens, query: StaffConversionsQuery = {}): Promise<string[]> {
  const byId = new Map(Object.entries(c).map(([name, id]) => [id, name]));
  return okBody(await search(who, { count: 500, ...query })).data.flatMap((row) => byId.get(row.id) ?? []);
}

describe('GET /staff/conversions', () => {
  it('lists every status, newest first, with names, amounts and the history of a change', async () => {
    expect(await found('admin')).toEqual(['unknown', 'pendingB', 'approvedB', 'reversedA', 'declinedA', 'pendingA', 'approvedA']); // prettier-ignore
    const rows = okBody(await search('admin', { q: 'TX-1001' })).data;
    expect(rows).toEqual([
      {
        id: c.approvedA,
        partnerId: partnerA,
        partnerDisplayName: `Alpha Media #${partnerA}`,
        offerId: offer1,
        offerName: 'Luna Dating FR',
        advertiserId: advertiser1,
        advertiserName: 'Fixture Advertiser',
        goal: 'sale',
        clickId: 'clk-approved-a',
        transactionId: 'TX-1001',
        status: 'approved',
        reason: null,
        reversalReason: null,
        note: null,
        payout: 500,
        originalPayout: null,
        revenue: 900,
        amount: 4990,
        currency: 'EUR',
        subid: 'news',
        country: 'FR',
        clickedAt: '2026-05-01T09:58:00.000Z',
        // The queue's fields (decision 079): this row was written without a goal id or a click IP.
        declineReason: null,
        goalName: null,
        ip: null,
        changedAt: null,
        source: 'postback',
        // The conversion rules' (decision 101): a conversion no rule held has none.
        signals: [],
        evidence: null,
        createdAt: '2026-05-01T10:00:00.000Z',
        updatedAt: '2026-05-01T10:00:00.000Z',
      },
    ]);
    const [reversed] = okBody(await search('admin', { q: 'TX-1004' })).data;
    expect(reversed).toMatchObject({
      status: 'rejected',
      reason: 'reversed',
      reversalReason: 'refund',
      note: 'Refunded on 6 May.',
      originalPayout: 700,
      changedAt: '2026-05-06T09:00:00.000Z',
      offerName: 'Solar Quotes',
      advertiserId: advertiser2,
    });
    const [unknown] = okBody(await search('admin', { q: 'TX-9999' })).data;
    expect(unknown).toMatchObject({ partnerId: null, partnerDisplayName: null, offerId: null, offerName: null });
  });

  it('filters on status (pending still works as before), reason, partner, offer, advertiser and goal', async () => {
    expect(await found('admin', { status: 'pending' })).toEqual(['pendingB', 'pendingA']);
    expect(await found('admin', { status: 'approved' })).toEqual(['approvedB', 'approvedA']);
    expect(await found('admin', { status: 'rejected' })).toEqual(['unknown', 'reversedA', 'declinedA']);
    expect(await found('admin', { reason: 'declined' })).toEqual(['declinedA']);
    expect(await found('admin', { status: 'rejected', reason: 'reversed' })).toEqual(['reversedA']);
    expect(await found('admin', { partnerId: partnerB })).toEqual(['pendingB', 'approvedB']);
    expect(await found('admin', { offerId: offer2 })).toEqual(['pendingB', 'reversedA']);
    expect(await found('admin', { advertiserId: advertiser2 })).toEqual(['pendingB', 'reversedA']);
    expect(await found('admin', { goal: 'lead' })).toEqual(['declinedA']);
    expect(await found('admin', { partnerId: partnerA, status: 'pending', offerId: offer1 })).toEqual(['pendingA']);
    // Empty values are no filter, as the screen's cleared fields send them.
    expect(await found('admin', { status: '' as never, goal: '', q: '  ' })).toHaveLength(7);
  });

  it('cuts from and to in the reader’s time zone, both days included', async () => {
    // 2026-05-03T23:30Z is the 3rd at UTC and the 4th at +02:00.
    expect(await found('admin', { from: '2026-05-03', to: '2026-05-03' })).toEqual(['declinedA']);
    expect(await found('finance', { from: '2026-05-04', to: '2026-05-04' })).toEqual(['reversedA', 'declinedA']);
    expect(await found('finance', { from: '2026-05-03', to: '2026-05-03' })).toEqual([]);
    expect(await found('admin', { from: '2026-05-05' })).toEqual(['unknown', 'pendingB', 'approvedB']);
    expect(await found('admin', { to: '2026-05-01' })).toEqual(['approvedA']);
  });

  it('finds a conversion by its click id, its id or its transaction id, exactly', async () => {
    expect(await found('admin', { q: 'clk-pending-a' })).toEqual(['pendingA']);
    expect(await found('admin', { q: String(c.approvedB) })).toEqual(['approvedB']);
    expect(await found('admin', { q: 'TX-2001' })).toEqual(['approvedB']);
    expect(await found('admin', { q: ' TX-2001 ' })).toEqual(['approvedB']);
    // Exact: no prefix, no pattern, no case folding.
    expect(await found('admin', { q: 'TX-20' })).toEqual([]);
    expect(await found('admin', { q: 'tx-2001' })).toEqual([]);
    expect(await found('admin', { q: 'TX-%' })).toEqual([]);
    expect(await found('admin', { q: '99999999999999999999' })).toEqual([]);
  });

  it('sorts on time, payout or revenue either way, the id breaking ties, and pages with the total', async () => {
    expect(await found('admin', { sort: 'time', order: 'asc' })).toEqual(['approvedA', 'pendingA', 'declinedA', 'reversedA', 'approvedB', 'pendingB', 'unknown']); // prettier-ignore
    expect(await found('admin', { sort: 'payout', order: 'desc' })).toEqual(['approvedB', 'approvedA', 'pendingA', 'pendingB', 'unknown', 'reversedA', 'declinedA']); // prettier-ignore
    expect(await found('admin', { sort: 'payout', order: 'asc' })).toEqual(['declinedA', 'reversedA', 'unknown', 'pendingB', 'pendingA', 'approvedA', 'approvedB']); // prettier-ignore
    expect(await found('admin', { sort: 'revenue' })).toEqual(['pendingA', 'approvedB', 'approvedA', 'pendingB', 'unknown', 'reversedA', 'declinedA']); // prettier-ignore
    const first = okBody(await search('admin', { count: 3, page: 1 }));
    const third = okBody(await search('admin', { count: 3, page: 3 }));
    expect(first.total).toBe(7);
    expect(first.data.map((r) => r.id)).toEqual([c.unknown, c.pendingB, c.approvedB]);
    expect(third).toMatchObject({ total: 7, data: [{ id: c.approvedA }] });
    expect(okBody(await search('admin', { count: 3, page: 4 }))).toMatchObject({ total: 7, data: [] });
    expect(okBody(await search('admin', { status: 'pending', count: 1 })).total).toBe(2);
  });

  it('keeps each reader to its reach: managers their partners’, admins and finance every conversion', async () => {
    const mine = ['reversedA', 'declinedA', 'pendingA', 'approvedA'];
    expect(await found('amA')).toEqual(mine);
    expect(await found('tm')).toEqual(mine);
    expect(await found('amB')).toEqual(['pendingB', 'approvedB']);
    expect(await found('finance')).toEqual(await found('admin'));
    expect(await found('finance')).toHaveLength(7);
    // Another's partner's conversion is found by no id, and no filter reveals it.
    expect(await found('amB', { q: 'TX-1001' })).toEqual([]);
    expect(await found('amB', { partnerId: partnerA })).toEqual([]);
    expect(okBody(await search('amB', { partnerId: partnerA })).total).toBe(0);
    expect(await found('amA', { q: 'TX-9999' })).toEqual([]);
    expectError(await search('partner'), 403);
    expectError(await callEndpoint(t.app, conversionReviewEndpoints.list, {}, null), 401);
  });

  it('answers 404 on another manager’s partner’s conversion, and lets finance review', async () => {
    const review = (who: keyof typeof tokens, id: number) =>
      callEndpoint(t.app, conversionReviewEndpoints.review, { params: { id }, body: { status: 'approved' } }, tokens[who]); // prettier-ignore
    expectError(await review('amB', c.pendingA!), 404);
    expectError(await review('amA', c.pendingB!), 404);
    expect(okBody(await review('finance', c.pendingB!)).data).toMatchObject({ id: c.pendingB, status: 'approved' });
    expect(await found('admin', { status: 'pending' })).toEqual(['pendingA']);
    // Put back for the other tests of the file.
    await t.database.db.update(conversions).set({ status: 'pending' }).where(eq(conversions.id, c.pendingB!));
  });

  it('refuses bad filters with an error on each field', async () => {
    const bad = async (query: Record<string, string>) => errorBody(await search('admin', invalid(query)), 400).errors;
    expect(await bad({ status: 'paid' })).toHaveProperty('status');
    expect(await bad({ reason: 'bored' })).toHaveProperty('reason');
    expect(await bad({ from: '2026-13-01' })).toHaveProperty('from');
    expect(await bad({ to: '05/05/2026' })).toHaveProperty('to');
    expect(await bad({ from: '2026-05-05', to: '2026-05-04' })).toHaveProperty('to');
    expect(await bad({ sort: 'partner' })).toHaveProperty('sort');
    expect(await bad({ order: 'up' })).toHaveProperty('order');
    expect(await bad({ partnerId: 'abc' })).toHaveProperty('partnerId');
    expect(await bad({ q: 'x'.repeat(256) })).toHaveProperty('q');
    expect(await bad({ page: '0' })).toHaveProperty('page');
    expect(await bad({ unknown: '1' })).toBeTruthy();
    const several = await bad({ status: 'paid', sort: 'partner', from: 'yesterday' });
    expect(Object.keys(several ?? {}).sort()).toEqual(['from', 'sort', 'status']);
  });
});

/** A CSV of ours: BOM, CRLF lines, quoted cells as RFC 4180 writes them. */
function parseOurCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text.endsWith('\r\n')).toBe(true);
  const rows = parseCsv(text, { crlfOnly: true });
  // No bare line feed between records: read as any line break, the rows are the same.
  expect(parseCsv(text), 'a bare line feed').toEqual(rows);
  return rows;
}

describe('GET /staff/conversions/export', () => {
  const exported = async (who: keyof typeof tokens, query: Record<string, string> = {}) => {
    const res = await callEndpoint(t.app, conversionReviewEndpoints.export, { query }, tokens[who]);
    expect(res.status, res.raw.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The reader's day and the zone its moments are written in (decision 077).
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="conversions-2026-05-10_GMT\+0[02]-00\.csv"$/,
    );
    return { rows: parseOurCsv(res.raw.body), headers: res.headers };
  };

  it('writes the same search as a spreadsheet opens it: money in major units beside its currency', async () => {
    const { rows, headers } = await exported('admin', { status: 'approved', sort: 'payout', order: 'asc' });
    const [header, ...lines] = rows;
    expect(header).toEqual([
      'Conversion ID', 'Date', 'Status', 'Reason', 'Reversal Reason', 'Partner ID', 'Partner', 'Offer ID', 'Offer',
      'Advertiser ID', 'Advertiser', 'Goal', 'Click ID', 'Click Date', 'Transaction ID', 'SubID', 'Country', 'Currency',
      'Payout', 'Original Payout', 'Revenue', 'Sale Amount', 'Source', 'Note', 'Changed At',
    ]); // prettier-ignore
    expect(lines).toEqual([
      [String(c.approvedA), '2026-05-01 10:00:00', 'approved', '', '', String(partnerA), `Alpha Media #${partnerA}`, String(offer1), 'Luna Dating FR', String(advertiser1), 'Fixture Advertiser', 'sale', 'clk-approved-a', '2026-05-01 09:58:00', 'TX-1001', 'news', 'FR', 'EUR', '5.00', '', '9.00', '49.90', 'postback', '', ''], // prettier-ignore
      [String(c.approvedB), '2026-05-05 10:00:00', 'approved', '', '', String(partnerB), `Bravo Apps #${partnerB}`, String(offer1), 'Luna Dating FR', String(advertiser1), 'Fixture Advertiser', 'sale', 'clk-b', '', 'TX-2001', '', '', 'EUR', '8.00', '', '10.00', '', 'postback', '', ''], // prettier-ignore
    ]);
    expect(headers['x-total-count']).toBe('2');
    expect(headers['x-export-truncated']).toBe('false');
  });

  it('sums, per currency, to the list’s own payouts and revenues; moments as yyyy-MM-dd HH:mm:ss (decision 077)', async () => {
    const { rows } = await exported('admin');
    const [header = [], ...lines] = rows;
    const list = okBody(await callEndpoint(t.app, conversionReviewEndpoints.list, { query: { count: 500 } }, tokens.admin)).data; // prettier-ignore
    expect(lines).toHaveLength(list.length);
    for (const currency of new Set(list.map((r) => r.currency))) {
      const mine = lines.filter((l) => l[header.indexOf('Currency')] === currency);
      const ofList = list.filter((r) => r.currency === currency);
      expect(columnSum(header, mine, 'Payout'), currency).toBe(ofList.reduce((n, r) => n + r.payout, 0));
      expect(columnSum(header, mine, 'Revenue'), currency).toBe(ofList.reduce((n, r) => n + r.revenue, 0));
    }
    for (const l of lines) expect(l[header.indexOf('Date')]).toMatch(CSV_DATE_TIME);
  });

  it('shows moments in the reader’s offset, and keeps each reader to its reach', async () => {
    const { rows } = await exported('finance', { q: 'TX-1004' });
    expect(rows[1]).toEqual(expect.arrayContaining(['2026-05-04 10:00:00', 'reversed', 'refund', 'Refunded on 6 May.', '7.00', '2026-05-06 11:00:00'])); // prettier-ignore
    expect((await exported('amB')).rows.slice(1).map((line) => line[0])).toEqual([String(c.pendingB), String(c.approvedB)]); // prettier-ignore
    expect((await exported('admin')).rows).toHaveLength(8);
    expectError(await callEndpoint(t.app, conversionReviewEndpoints.export, {}, tokens.partner), 403);
  });

  it('refuses the bad filters the list refuses', async () => {
    const res = await callEndpoint(t.app, conversionReviewEndpoints.export, { query: invalid({ status: 'paid', sort: 'x', page: '2' }) }, tokens.admin); // prettier-ignore
    expect(Object.keys(errorBody(res, 400).errors ?? {}).sort()).toEqual(expect.arrayContaining(['sort', 'status']));
  });
});
