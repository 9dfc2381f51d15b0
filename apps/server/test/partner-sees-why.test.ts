import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversionChangesEndpoints, statisticsEndpoints, type ConversionRow } from '@portal/contracts';
import { conversions, offers } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  expectOk,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';
import { parseCsv } from './csv.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

/**
 * Issue "conversions after the fact", part 3 (decision 069): the partner's conversion report (API and CSV) tells why a
 * conversion changed after it was recorded — the reversal's code, the staff note, the payout before — and never the
 * network's revenue; a filter finds the changed ones, as the daily digest's link asks.
 */
let t: TestApp;
const clock = testClock(new Date('2026-05-04T10:20:00Z'));
const staffCredentials: { email: string; password: string }[] = [];
let finance: string;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  // Postbacks here follow their clicks at once: no floor on these goals (the conversion rules' tests are elsewhere).
  await goalsWithoutFloor(t, ['registration']);
  staffCredentials.push(await createStaff(t, 'ROLE_FINANCE'));
});
beforeEach(async () => {
  finance = await login(t, staffCredentials[0]!.email, staffCredentials[0]!.password);
});
afterAll(async () => t?.close());

/** Moves the clock to a moment (back or forth). */
const moveTo = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());

/** A partner on an offer paying 4.00 for a registration (the advertiser pays the network 6.00, which it never reads). */
async function setting() {
  const partner = await createPartner(t);
  const token = await login(t, partner.email, partner.password);
  const offerId = await createOffer(t, {
    name: 'Why it changed',
    goals: [{ goal: 'registration', p1: { amount: 400 } }],
  });
  await t.database.db
    .update(offers)
    .set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' })
    .where(eq(offers.id, offerId));
  const advertiserToken = await advertiserTokenOf(t, offerId);
  /** An approved conversion on a new click. */
  const convert = async (transactionId: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}&subid=why` }); // prettier-ignore
    const clickId = new URL(res.headers.location as string).searchParams.get('cid')!;
    await t.app.tracking.buffer.flush();
    const params = { token: advertiserToken, click_id: clickId, goal: 'registration', transaction_id: transactionId };
    const answer = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams(params)}` });
    expect(answer.statusCode, answer.body).toBe(200);
    const id = (answer.json() as { conversionId: number }).conversionId;
    // The network's revenue on it, which the partner must never read anywhere.
    await t.database.db.update(conversions).set({ revenue: 617 }).where(eq(conversions.id, id));
    return id;
  };
  return { partner, token, offerId, convert };
}

type Changes = typeof conversionChangesEndpoints;
const change = <K extends keyof Changes>(key: K, input: CallInput<Changes[K]>) =>
  callEndpoint(t.app, conversionChangesEndpoints[key], input, finance);

type Query = CallInput<typeof statisticsEndpoints.conversion>['query'];
const MAY = { startDate: '2026-05-01', endDate: '2026-05-31' };
const report = async (token: string, query: Query = MAY) =>
  okBody(await callEndpoint(t.app, statisticsEndpoints.conversion, { query }, token));
const totals = async (token: string, query: Query = MAY) =>
  okBody(await callEndpoint(t.app, statisticsEndpoints.conversionTotals, { query }, token));
const rowOf = async (token: string, id: number) => (await report(token)).data.find((row) => row.id === id);

/** The CSV export of the conversion report, as records of the header's names. */
async function csv(token: string, query: Query = MAY) {
  const res = await callEndpoint(t.app, statisticsEndpoints.export, { params: { type: 'conversion' }, query }, token);
  expect(res.status, res.raw.body).toBe(200);
  const lines = parseCsv(res.raw.body);
  const header = lines[0]!;
  return {
    header,
    text: res.raw.body,
    disposition: String(res.headers['content-disposition']),
    records: lines.slice(1).map((line) => Object.fromEntries(header.map((name, i) => [name, line[i] ?? '']))),
  };
}

/** Nothing the partner reads names or holds the network's revenue (617 minor units, 6.17). */
function expectNoRevenue(value: unknown) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  expect(text).not.toMatch(/6\.17|\b617\b/);
  if (typeof value !== 'string') expect(text).not.toMatch(/"(networkRevenue|advertiserRevenue|margin)"/);
}

const CSV_HEADER = [
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
  'Status Reason',
  'Reversal Reason',
  'Note',
  'Original Payout',
  'Click ID',
  'Click Date',
  'Transaction ID',
  'Country',
  'Goal Name',
];

describe('the partner reads why a conversion changed', () => {
  it('shows a reversal: rejected, reason reversed, its code, the note and the payout before, in the API and the CSV', async () => {
    const s = await setting();
    const id = await s.convert('TX-WHY-1');
    const untouched = await s.convert('TX-WHY-2');
    clock.advance(3_600_000);
    expectOk(await change('reverse', { params: { id }, body: { reason: 'refund', note: 'Customer returned the order.' } })); // prettier-ignore

    const row = await rowOf(s.token, id);
    expect(row).toMatchObject({
      id,
      status: 'rejected',
      reason: 'reversed',
      reversalReason: 'refund',
      note: 'Customer returned the order.',
      revenue: { currency: 'EUR', amount: 0 },
      originalPayout: { currency: 'EUR', amount: 400 },
      changedAt: '2026-05-04T11:20:00+00:00',
    } satisfies Partial<ConversionRow>);
    // A conversion never changed says nothing of it.
    expect(await rowOf(s.token, untouched)).toMatchObject({
      status: 'approved',
      reason: null,
      reversalReason: null,
      note: null,
      originalPayout: null,
      changedAt: null,
      revenue: { currency: 'EUR', amount: 400 },
    });

    const file = await csv(s.token);
    expect(file.header).toEqual(CSV_HEADER);
    expect(file.records.find((r) => r['Conversion ID'] === String(id))).toMatchObject({
      Status: 'rejected',
      Reason: 'reversed',
      Revenue: '0.00',
      'Status Reason': 'Reversed: refund',
      'Reversal Reason': 'refund',
      Note: 'Customer returned the order.',
      'Original Payout': '4.00',
    });
    expect(file.records.find((r) => r['Conversion ID'] === String(untouched))).toMatchObject({
      Status: 'approved',
      'Status Reason': '',
      'Reversal Reason': '',
      Note: '',
      'Original Payout': '',
    });
    expectNoRevenue(await report(s.token));
    expectNoRevenue(await totals(s.token));
    expectNoRevenue(file.text);
  });

  it('shows an adjustment: the original and the new payout, and the note; a change of the revenue alone is not shown', async () => {
    const s = await setting();
    const id = await s.convert('TX-ADJ-1');
    expectOk(await change('adjust', { params: { id }, body: { payoutAmount: 150, revenueAmount: 300, note: 'Half refunded.' } })); // prettier-ignore
    expect(await rowOf(s.token, id)).toMatchObject({
      status: 'approved',
      reason: null,
      reversalReason: null,
      note: 'Half refunded.',
      revenue: { currency: 'EUR', amount: 150 },
      originalPayout: { currency: 'EUR', amount: 400 },
    });
    const file = await csv(s.token);
    expect(file.records.find((r) => r['Conversion ID'] === String(id))).toMatchObject({
      Status: 'approved',
      Revenue: '1.50',
      'Status Reason': '',
      Note: 'Half refunded.',
      'Original Payout': '4.00',
    });
    expect((await totals(s.token)).data).toEqual([
      expect.objectContaining({ currency: 'EUR', approved: 1, approvedRevenue: 150 }),
    ]);

    // The network changing only its own revenue leaves the partner's payout as it was: no "adjusted from 4.00 to 4.00".
    const other = await s.convert('TX-ADJ-2');
    expectOk(await change('adjust', { params: { id: other }, body: { revenueAmount: 500, note: 'Advertiser rate.' } }));
    expect(await rowOf(s.token, other)).toMatchObject({
      revenue: { currency: 'EUR', amount: 400 },
      originalPayout: null,
    });
    expectNoRevenue(await report(s.token));
  });

  it('shows another partner nothing of it', async () => {
    const s = await setting();
    const id = await s.convert('TX-OTHER-1');
    expectOk(await change('reverse', { params: { id }, body: { reason: 'fraud', note: 'Stolen card.' } }));
    const other = await createPartner(t);
    const otherToken = await login(t, other.email, other.password);
    expect((await report(otherToken)).data).toEqual([]);
    expect((await report(otherToken, { changed: 'true' } as Query)).data).toEqual([]);
    expect((await totals(otherToken, { changedFrom: '2026-05-01' })).data).toEqual([]);
    const file = await csv(otherToken, { changedFrom: '2026-05-01' });
    expect(file.records).toEqual([]);
    expect(file.text).not.toContain('Stolen card.');
  });
});

describe('the filter on changed conversions (the digest links to it)', () => {
  it('keeps the conversions changed on the given days, of any date, counted and paged on the raw rows', async () => {
    moveTo('2026-03-10T09:00:00Z');
    const s = await setting();
    const march = await s.convert('TX-F-MARCH');
    moveTo('2026-05-04T10:20:00Z');
    const may = await s.convert('TX-F-MAY');
    const unchanged = await s.convert('TX-F-NONE');
    moveTo('2026-05-10T08:00:00Z');
    finance = await login(t, staffCredentials[0]!.email, staffCredentials[0]!.password);
    expectOk(await change('reverse', { params: { id: march }, body: { reason: 'chargeback', note: 'Bank dispute.' } }));
    moveTo('2026-05-11T08:00:00Z');
    expectOk(await change('reverse', { params: { id: may }, body: { reason: 'duplicate_sale' } }));
    s.token = await login(t, s.partner.email, s.partner.password);

    const ids = async (query: Query) => (await report(s.token, query)).data.map((row) => row.id);
    // The digest's link: no dates, only the day of the changes — the March conversion is found although of March.
    expect(await ids({ changedFrom: '2026-05-10' })).toEqual([may, march]);
    expect(await ids({ changedFrom: '2026-05-10', changedTo: '2026-05-10' })).toEqual([march]);
    expect(await ids({ changedTo: '2026-05-10' })).toEqual([march]);
    expect(await ids({ changedFrom: '2026-05-11' })).toEqual([may]);
    expect(await ids({ changed: 'true' } as Query)).toEqual([may, march]);
    // With dates, the dates still apply to when the conversions were recorded.
    expect(await ids({ ...MAY, changed: 'true' } as Query)).toEqual([may]);
    expect(await ids({ ...MAY, changed: 'false' } as Query)).toEqual([unchanged]);
    // Paged and counted exactly on the raw rows.
    const page2 = await report(s.token, { changedFrom: '2026-05-01', count: 1, page: 2 });
    expect(page2.total).toBe(2);
    expect(page2.data.map((row) => row.id)).toEqual([march]);
    expect((await totals(s.token, { changedFrom: '2026-05-01' })).data).toEqual([
      expect.objectContaining({ currency: 'EUR', conversions: 2, rejected: 2, revenue: 0 }),
    ]);

    const file = await csv(s.token, { changedFrom: '2026-05-10' });
    expect(file.records.map((r) => [r['Conversion ID'], r['Status Reason'], r.Note])).toEqual([
      [String(may), 'Reversed: duplicate sale', ''],
      [String(march), 'Reversed: chargeback', 'Bank dispute.'],
    ]);
    expect(file.disposition).toBe('attachment; filename="conversion-report_changed_2026-05-10_2026-05-11_GMT+00-00.csv"'); // prettier-ignore
    moveTo('2026-05-04T10:20:00Z');
  });

  it('refuses a change range ending before it starts, changed=false with days, and the filter on other exports', async () => {
    const s = await setting();
    const backwards = await callEndpoint(t.app, statisticsEndpoints.conversion, { query: { changedFrom: '2026-05-10', changedTo: '2026-05-09' } }, s.token); // prettier-ignore
    expectError(backwards, 400);
    expect(backwards.body.errors).toHaveProperty('changedTo');
    const contradiction = await callEndpoint(t.app, statisticsEndpoints.conversion, { query: { changed: 'false', changedFrom: '2026-05-10' } as Query }, s.token); // prettier-ignore
    expectError(contradiction, 400);
    expect(contradiction.body.errors).toHaveProperty('changed');
    const badDay = await callEndpoint(t.app, statisticsEndpoints.conversion, { query: { changedFrom: '2026-02-30' } }, s.token); // prettier-ignore
    expectError(badDay, 400);
    const clicks = await callEndpoint(t.app, statisticsEndpoints.export, { params: { type: 'click' }, query: { ...MAY, changedFrom: '2026-05-01' } }, s.token); // prettier-ignore
    expectError(clicks, 400);
    expect(clicks.body.errors).toHaveProperty('changedFrom');
  });
});
