/**
 * Decision 112: the partner's dashboard and reports offer one total in its payment currency at each day's rate, by the
 * network reports' rule (decision 111): each amount at its currency's rate of its UTC day, a day without one at the
 * last known rate (said), summed and rounded once, half to even. Checked against totals computed by hand, and again
 * from the raw conversions. Only the payout the partner earns: never revenue or margin.
 */
import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fxRatesEndpoints, statisticsEndpoints } from '@portal/contracts';
import { conversions, offerGoals, offers, partners } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectOk,
  login,
  okBody,
  testClock,
  type TestApp,
} from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';
import { readSpreadsheetCsv } from './csv.js';
import { CONVERTED_LABEL } from '../src/modules/statistics/index.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

// Monday 2 March 2026, 10:00 UTC.
const clock = testClock(new Date('2026-03-02T10:00:00Z'));
const setClock = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());
let t: TestApp;
let eurOffer: number;
let usdOffer: number;
let finance: string;
type Partner = Awaited<ReturnType<typeof createPartner>>;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  await goalsWithoutFloor(t, ['registration', 'sale']);
  eurOffer = await createOffer(t, { name: 'Shop EUR', currency: 'EUR', goals: [{ goal: 'sale', p1: { amount: 1200 } }] }); // prettier-ignore
  usdOffer = await createOffer(t, { name: 'Shop USD', currency: 'USD', goals: [{ goal: 'sale', p1: { amount: 500 } }] }); // prettier-ignore
  for (const id of [eurOffer, usdOffer]) {
    await t.database.db.update(offers).set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' }).where(eq(offers.id, id)); // prettier-ignore
    await t.database.db.update(offerGoals).set({ revenueAmount: 2000 }).where(eq(offerGoals.offerId, id));
  }
  const staff = await createStaff(t, 'ROLE_FINANCE');
  finance = await login(t, staff.email, staff.password);
}, 120_000);
afterAll(async () => t?.close());

/** An approved sale of the partner on the offer at `at`, through a click and the advertiser's postback. */
async function earn(p: Partner, offerId: number, at: string) {
  setClock(at);
  const click = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${p.partnerId}` });
  expect(click.statusCode, click.body).toBe(302);
  const clickId = new URL(click.headers.location as string).searchParams.get('cid')!;
  await t.app.tracking.buffer.flush();
  const token = await advertiserTokenOf(t, offerId);
  const res = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams({ click_id: clickId, goal: 'sale', token })}` }); // prettier-ignore
  expect(res.json(), res.body).toMatchObject({ status: 'approved' });
}

const quick = async (p: Partner) =>
  okBody(await callEndpoint(t.app, statisticsEndpoints.quickStats, {}, await login(t, p.email, p.password))).data;
const daily = async (p: Partner) =>
  okBody(
    await callEndpoint(
      t.app,
      statisticsEndpoints.daily,
      { query: { startDate: '2026-03-01', endDate: '2026-03-04' } },
      await login(t, p.email, p.password),
    ),
  ) as unknown as { converted: unknown; data: { isTotal: boolean; revenue: unknown }[] };
const subid = async (p: Partner) =>
  okBody(
    await callEndpoint(
      t.app,
      statisticsEndpoints.subid,
      { query: { startDate: '2026-03-01', endDate: '2026-03-04', groupBy: 'offer' } },
      await login(t, p.email, p.password),
    ),
  ) as unknown as { converted: unknown };

/** The partner's approved payout by currency and UTC day, read from the raw conversions. */
async function rawPayout(partnerId: number) {
  const rows = await t.database.db
    .select({ currency: conversions.currency, payout: conversions.payout, createdAt: conversions.createdAt, status: conversions.status }) // prettier-ignore
    .from(conversions)
    .where(and(eq(conversions.partnerId, partnerId), gte(conversions.createdAt, new Date('2026-03-01T00:00:00Z')), lt(conversions.createdAt, new Date('2026-03-05T00:00:00Z')))); // prettier-ignore
  return rows
    .filter((row) => row.status === 'approved')
    .map((row) => ({ currency: row.currency, day: row.createdAt.toISOString().slice(0, 10), amount: row.payout }));
}

describe('one total in the payment currency at the day’s rate (decision 112)', () => {
  let euro: Partner;
  let dollar: Partner;
  let onlyEuro: Partner;

  beforeAll(async () => {
    euro = await createPartner(t);
    dollar = await createPartner(t);
    onlyEuro = await createPartner(t);
    await t.database.db.update(partners).set({ paymentCurrency: 'USD' }).where(eq(partners.id, dollar.partnerId));
    for (const p of [euro, dollar]) {
      await earn(p, eurOffer, '2026-03-02T10:00:00Z'); // 12,00 €
      await earn(p, usdOffer, '2026-03-02T11:00:00Z'); // 5,00 $US on Monday
      await earn(p, usdOffer, '2026-03-03T09:00:00Z'); // 5,00 $US on Tuesday
    }
    await earn(onlyEuro, eurOffer, '2026-03-03T09:30:00Z');
    setClock('2026-03-04T12:00:00Z');
  }, 120_000);

  it('offers none while the network has no rate for a currency, nor when everything is already in the payment currency', async () => {
    expect((await quick(euro)).converted).toBeNull();
    expect((await daily(euro)).converted).toBeNull();
    expect((await quick(onlyEuro)).converted).toBeNull();
  });

  it('converts each amount at its day’s rate, a day without one at the last known rate, rounded once half to even', async () => {
    // Monday's ECB-style rates only (units of the currency for one euro): Tuesday has none, so it uses Monday's.
    expectOk(await callEndpoint(t.app, fxRatesEndpoints.put, { body: { date: '2026-03-02', rates: [{ currency: 'USD', rate: '1.085' }] } }, finance)); // prettier-ignore
    const missingDays = [{ currency: 'USD', date: '2026-03-03', rateOf: '2026-03-02' }];

    // By hand, in euros: 1200 + 500 / 1.085 + 500 / 1.085 = 2121.658… → 2122 cents.
    const inEuros = { currency: 'EUR', payout: 2122, pendingPayout: 0, rounding: 'half-even', missingDays };
    // In dollars: 1200 × 1.085 + 500 + 500 = 2302 cents exactly.
    const inDollars = { currency: 'USD', payout: 2302, pendingPayout: 0, rounding: 'half-even', missingDays: [] };
    expect((await quick(euro)).converted).toEqual(inEuros);
    expect((await daily(euro)).converted).toEqual(inEuros);
    expect((await subid(euro)).converted).toEqual(inEuros);
    expect((await quick(dollar)).converted).toEqual(inDollars);
    expect((await daily(dollar)).converted).toEqual(inDollars);

    // Again from the raw conversions: each amount at its UTC day's rate, summed, rounded once.
    const usdPerEuro = 1.085;
    const fromRaw = (await rawPayout(euro.partnerId)).reduce(
      (sum, row) => sum + (row.currency === 'EUR' ? row.amount : row.amount / usdPerEuro),
      0,
    );
    expect(Math.round(fromRaw)).toBe(2122);

    // The amounts as booked are still there, per currency.
    const totals = (await daily(euro)).data.find((row) => row.isTotal)!;
    expect(totals.revenue).toEqual([
      { currency: 'EUR', amount: 1200 },
      { currency: 'USD', amount: 1000 },
    ]);
    // A filter narrows the converted total as it narrows the report: the USD offer alone.
    const token = await login(t, euro.email, euro.password);
    const usdOnly = okBody(await callEndpoint(t.app, statisticsEndpoints.daily, { query: { startDate: '2026-03-01', endDate: '2026-03-04', offerId: usdOffer } }, token)) as unknown as { converted: { payout: number } }; // prettier-ignore
    // 1000 / 1.085 = 921.658… → 922.
    expect(usdOnly.converted.payout).toBe(922);
  });

  it('says the converted total in the daily, sub-ID and conversion CSVs and on the conversion report (decision 118)', async () => {
    const token = await login(t, euro.email, euro.password);
    const range = { startDate: '2026-03-01', endDate: '2026-03-04' };
    const exported = async (type: 'daily' | 'subid' | 'conversion', query: Record<string, string>) => {
      const res = await callEndpoint(t.app, statisticsEndpoints.export, { params: { type }, query: { ...range, ...query } }, token); // prettier-ignore
      expect(res.status, res.raw.body).toBe(200);
      const { header, lines } = readSpreadsheetCsv(res.raw.body);
      return lines.map((line) => Object.fromEntries(header.map((name, i) => [name, line[i] ?? ''])));
    };
    // Daily: the totals lines as booked, then one line in euros, its counts empty (2122 cents, as on the screen).
    const dailyCsv = await exported('daily', {});
    expect(dailyCsv.at(-1)).toEqual({ Date: CONVERTED_LABEL, Clicks: '', Conversions: '', 'Conversion Rate (%)': '', Currency: 'EUR', Revenue: '21.22', EPC: '' }); // prettier-ignore
    expect(dailyCsv.filter((line) => line.Date === 'Totals').map((line) => line.Revenue)).toEqual(['12.00', '10.00']);
    // Sub-ID, one level and two (the second label empty), and narrowed by a filter as the screen is.
    const subidCsv = await exported('subid', { groupBy: 'offer' });
    expect(subidCsv.at(-1)).toMatchObject({
      'Offer ID': '',
      Offer: CONVERTED_LABEL,
      Currency: 'EUR',
      Revenue: '21.22',
    });
    const nestedCsv = await exported('subid', { groupBy: 'offer', then: 'day' });
    expect(nestedCsv.at(-1)).toMatchObject({ Offer: CONVERTED_LABEL, Date: '', Currency: 'EUR', Revenue: '21.22' });
    expect((await exported('daily', { offerId: String(usdOffer) })).at(-1)).toMatchObject({ Revenue: '9.22' });
    // None for a partner with nothing to convert.
    const only = await login(t, onlyEuro.email, onlyEuro.password);
    const onlyCsv = await callEndpoint(t.app, statisticsEndpoints.export, { params: { type: 'daily' }, query: range }, only); // prettier-ignore
    expect(onlyCsv.raw.body).not.toContain(CONVERTED_LABEL);

    // The conversion report: the totals answer it beside the per-currency lines, from the same raw conversions.
    const totals = async (query: Record<string, string>) =>
      okBody(await callEndpoint(t.app, statisticsEndpoints.conversionTotals, { query: { ...range, ...query } }, token)) as unknown as { data: { currency: string }[]; converted: { currency: string; payout: number; pendingPayout: number } | null }; // prettier-ignore
    const all = await totals({});
    expect(all.data.map((row) => row.currency)).toEqual(['EUR', 'USD']);
    expect(all.converted).toMatchObject({ currency: 'EUR', payout: 2122, pendingPayout: 0 });
    expect((await totals({ status: 'approved' })).converted?.payout).toBe(2122);
    expect((await totals({ status: 'pending' })).converted).toBeNull();
    // "Find a click" narrows it to one conversion: 500 / 1.085 = 460.8… → 461 cents.
    const [usdConversion] = await t.database.db
      .select({ clickId: conversions.clickId })
      .from(conversions)
      .where(and(eq(conversions.partnerId, euro.partnerId), eq(conversions.offerId, usdOffer), gte(conversions.createdAt, new Date('2026-03-03T00:00:00Z')))); // prettier-ignore
    expect((await totals({ find: usdConversion!.clickId! })).converted?.payout).toBe(461);
    // And its CSV: the rows, then the approved line in the payment currency, its other cells empty.
    const conversionCsv = await exported('conversion', {});
    expect(conversionCsv).toHaveLength(3 + 1);
    expect(conversionCsv.at(-1)).toMatchObject({ 'Conversion ID': CONVERTED_LABEL, Status: 'approved', Currency: 'EUR', Revenue: '21.22', Offer: '', Date: '' }); // prettier-ignore
    // The dollar partner reads dollars.
    const dollarToken = await login(t, dollar.email, dollar.password);
    const dollarTotals = okBody(await callEndpoint(t.app, statisticsEndpoints.conversionTotals, { query: range }, dollarToken)) as unknown as { converted: unknown }; // prettier-ignore
    expect(dollarTotals.converted).toMatchObject({ currency: 'USD', payout: 2302 });
  });

  it('never tells the partner the network’s revenue or margin', async () => {
    const answer = JSON.stringify(await daily(euro));
    expect(answer).not.toMatch(/margin|networkRevenue/i);
    expect(JSON.stringify((await quick(euro)).converted)).not.toMatch(/revenue|margin/i);
  });
});
