/**
 * Reconciling with a tracker (issue 47): the conversion report and its CSV name the click (id, time, country), the
 * transaction id and the goal's name; the click report and its CSV the country, device type, browser and whether the
 * click converted; every report takes a country filter; "Find a click" finds a conversion by click id or transaction
 * id over every date, and never another partner's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statisticsEndpoints } from '@portal/contracts';
import { goals, offerCountries } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  expectOk,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { offerWithRevenue } from './conversion-fixtures.js';
import { readSpreadsheetCsv } from './csv.js';

let t: TestApp;
const clock = testClock(new Date('2026-05-04T10:00:00Z'));
let a: { partnerId: number; token: string };
let b: { partnerId: number; token: string };
let offer: { offerId: number; token: string };
const clickIds: Record<'fr' | 'us', string> = { fr: '', us: '' };

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

async function click(partnerId: number, ip: string, userAgent: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/click?offer_id=${offer.offerId}&aff_id=${partnerId}&subid=s1&tc1=camp`,
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string).searchParams.get('cid')!;
}

const MAY = { startDate: '2026-05-01', endDate: '2026-05-31' };
type ConversionQuery = CallInput<typeof statisticsEndpoints.conversion>['query'];
type ClickQuery = CallInput<typeof statisticsEndpoints.click>['query'];
const conversionsOf = async (token: string, query: ConversionQuery) =>
  okBody(await callEndpoint(t.app, statisticsEndpoints.conversion, { query }, token));
const clicksOf = async (token: string, query: ClickQuery) =>
  okBody(await callEndpoint(t.app, statisticsEndpoints.click, { query }, token));

async function csv(token: string, type: 'click' | 'conversion', query: Record<string, string>) {
  const res = await callEndpoint(t.app, statisticsEndpoints.export, { params: { type }, query }, token);
  expect(res.status, res.raw.body).toBe(200);
  const { header, lines } = readSpreadsheetCsv(res.raw.body);
  return lines.map((line) => Object.fromEntries(header.map((name, i) => [name, line[i] ?? ''])));
}

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const pa = await createPartner(t);
  const pb = await createPartner(t);
  a = { partnerId: pa.partnerId, token: await login(t, pa.email, pa.password) };
  b = { partnerId: pb.partnerId, token: await login(t, pb.email, pb.password) };
  offer = await offerWithRevenue(t, 'Tracker columns');
  await t.database.db.insert(offerCountries).values({ offerId: offer.offerId, isoCode: 'US' });
  clickIds.fr = await click(a.partnerId, '90.84.0.1', IPHONE);
  clock.advance(60_000);
  clickIds.us = await click(a.partnerId, '8.8.8.8', WINDOWS_CHROME);
  await click(b.partnerId, '90.84.0.1', IPHONE);
  await t.app.tracking.buffer.flush();
  clock.advance(30 * 60_000);
  const params = { token: offer.token, click_id: clickIds.fr, goal: 'registration', transaction_id: 'TX-TRACK-1' };
  const answer = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams(params)}` });
  expect(answer.statusCode, answer.body).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

describe('the tracker columns', () => {
  it('names the click, its time and country, the transaction id and the goal in the conversion report and CSV', async () => {
    const [registration] = await t.database.db.select().from(goals).where(eq(goals.identifier, 'registration'));
    const report = await conversionsOf(a.token, MAY);
    expect(report.data).toHaveLength(1);
    expect(report.data[0]).toMatchObject({
      goal: 'registration',
      goalName: registration!.name,
      clickId: clickIds.fr,
      clickDate: '2026-05-04T10:00:00+00:00',
      transactionId: 'TX-TRACK-1',
      country: 'FR',
      subid: 's1',
      tc1: 'camp',
    });
    const [line] = await csv(a.token, 'conversion', MAY);
    expect(line).toMatchObject({
      'Click ID': clickIds.fr,
      'Click Date': '2026-05-04 10:00:00',
      'Transaction ID': 'TX-TRACK-1',
      Country: 'FR',
      Goal: 'registration',
      'Goal Name': registration!.name,
      SubID: 's1',
      Tracker1: 'camp',
    });
  });

  it('gives each click its country, device type, browser and whether it converted, on screen and in the CSV', async () => {
    const report = await clicksOf(a.token, MAY);
    const byId = new Map(report.data.map((row) => [row.clickid, row]));
    expect(byId.get(clickIds.fr)).toMatchObject({ country: 'FR', deviceType: 'mobile', browser: 'Safari', converted: true }); // prettier-ignore
    expect(byId.get(clickIds.us)).toMatchObject({ country: 'US', deviceType: 'desktop', browser: 'Chrome', converted: false }); // prettier-ignore
    const lines = await csv(a.token, 'click', MAY);
    expect(lines.find((l) => l['Click ID'] === clickIds.fr)).toMatchObject({
      Country: 'FR',
      'Device Type': 'mobile',
      Browser: 'Safari',
      Converted: 'yes',
    });
    expect(lines.find((l) => l['Click ID'] === clickIds.us)).toMatchObject({ Country: 'US', Converted: 'no' });
  });
});

describe('the country filter', () => {
  it('keeps one country on every report', async () => {
    expect((await clicksOf(a.token, { ...MAY, country: 'us' })).data.map((r) => r.clickid)).toEqual([clickIds.us]);
    expect((await clicksOf(a.token, { ...MAY, country: 'FR' })).total).toBe(1);
    expect((await conversionsOf(a.token, { ...MAY, country: 'US' })).total).toBe(0);
    expect((await conversionsOf(a.token, { ...MAY, country: 'FR' })).total).toBe(1);
    const daily = okBody(
      await callEndpoint(t.app, statisticsEndpoints.daily, { query: { ...MAY, country: 'FR' } }, a.token),
    );
    expect(daily.data.at(-1)).toMatchObject({ isTotal: true, clicks: 1, conversions: 1 });
    const subid = okBody(
      await callEndpoint(t.app, statisticsEndpoints.subid, { query: { ...MAY, country: 'US' } }, a.token),
    );
    expect(subid.data.at(-1)).toMatchObject({ isTotal: true, clicks: 1, conversions: 0 });
    const totals = okBody(
      await callEndpoint(t.app, statisticsEndpoints.conversionTotals, { query: { ...MAY, country: 'US' } }, a.token),
    );
    expect(totals.data).toEqual([]);
  });

  it('refuses a country that is not a code', async () => {
    const res = await callEndpoint(t.app, statisticsEndpoints.click, { query: { ...MAY, country: 'France' } }, a.token);
    expect(res.status).toBe(400);
  });
});

describe('Find a click', () => {
  it('finds a conversion by its click id or its transaction id over every date, and nothing of another partner', async () => {
    for (const find of [clickIds.fr, 'TX-TRACK-1']) {
      const found = await conversionsOf(a.token, { find });
      expect(found.total).toBe(1);
      expect(found.data[0]).toMatchObject({ clickId: clickIds.fr, transactionId: 'TX-TRACK-1' });
    }
    expect((await conversionsOf(a.token, { find: clickIds.us })).total).toBe(0);
    expect((await conversionsOf(b.token, { find: 'TX-TRACK-1' })).total).toBe(0);
    // A month without it: dates set with a search still bound it.
    expect((await conversionsOf(a.token, { find: 'TX-TRACK-1', startDate: '2026-04-01', endDate: '2026-04-30' })).total).toBe(0); // prettier-ignore
    const totals = okBody(
      await callEndpoint(t.app, statisticsEndpoints.conversionTotals, { query: { find: 'TX-TRACK-1' } }, a.token),
    );
    expect(totals.data).toMatchObject([{ currency: 'EUR', conversions: 1 }]);
    expect(await csv(a.token, 'conversion', { find: clickIds.fr })).toHaveLength(1);
    expectOk(await callEndpoint(t.app, statisticsEndpoints.conversion, { query: { find: '' } }, a.token));
  });
});
