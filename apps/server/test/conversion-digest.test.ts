/**
 * The partners' daily digest of conversions changed after the fact (decisions 069, 072): after 07:00 Paris, each
 * partner with ledger lines no digest told yet gets one notification and one e-mail listing them (count, payout change
 * by currency, a link to the conversion report), the lines marked told in the same transaction; a partner without
 * changes gets nothing, a second run the same day sends nothing, and two runs at once tell each line once.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionAdjustments, conversions, notifications, offerGoals, offers, users } from '../src/db/schema.js';
import { digestCut, sendConversionDigests } from '../src/modules/conversion-digest/index.js';
import { conversionChangesEndpoints, settingsEndpoints, type ConversionReversalReason } from '@portal/contracts';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectOk,
  login,
  okBody,
  sentMails,
  testClock,
  type TestApp,
} from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

// Tuesday 10 March 2026, 05:00 UTC = 06:00 in Paris (winter time): before the digest hour.
const clock = testClock(new Date('2026-03-10T05:00:00Z'));
const setClock = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());
let t: TestApp;
let eurOffer: number;
let usdOffer: number;
let finance: { email: string; password: string };
const PUBLIC_URL = 'https://portal.example.test';
const digest = () => sendConversionDigests(t.database.db, { now: clock.now(), publicUrl: PUBLIC_URL });

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  // Postbacks here follow their clicks at once: no floor on these goals (the conversion rules' tests are elsewhere).
  await goalsWithoutFloor(t, ['registration', 'sale']);
  eurOffer = await createOffer(t, {
    name: 'Shop EUR',
    currency: 'EUR',
    goals: [{ goal: 'sale', p1: { amount: 1200 } }],
  });
  usdOffer = await createOffer(t, {
    name: 'Shop USD',
    currency: 'USD',
    goals: [{ goal: 'sale', p1: { amount: 500 } }],
  });
  for (const id of [eurOffer, usdOffer]) {
    await t.database.db.update(offers).set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' }).where(eq(offers.id, id)); // prettier-ignore
    // What the advertiser pays for a sale: room for the payout, so that an adjustment keeps a margin.
    await t.database.db.update(offerGoals).set({ revenueAmount: 2000 }).where(eq(offerGoals.offerId, id));
  }
  finance = await createStaff(t, 'ROLE_FINANCE');
}, 120_000);
afterAll(async () => t?.close());

/** An approved conversion of the partner on the offer, through a click and the advertiser's postback. */
async function earn(partnerId: number, offerId: number) {
  const click = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partnerId}` });
  expect(click.statusCode, click.body).toBe(302);
  const clickId = new URL(click.headers.location as string).searchParams.get('cid')!;
  await t.app.tracking.buffer.flush();
  const token = await advertiserTokenOf(t, offerId);
  const res = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams({ click_id: clickId, goal: 'sale', token })}` }); // prettier-ignore
  expect(res.json(), res.body).toMatchObject({ status: 'approved' });
  const [row] = await t.database.db
    .select()
    .from(conversions)
    .where(eq(conversions.partnerId, partnerId))
    .orderBy(desc(conversions.id))
    .limit(1);
  return row!;
}

/**
 * A change after the fact through the staff's endpoints (decision 069), made by finance at `at`: a reversal with its
 * code and note, or new payout by `payoutDelta` with its note.
 */
async function change(
  conversion: Awaited<ReturnType<typeof earn>>,
  line: { kind: 'reverse' | 'adjust'; payoutDelta: number; reasonCode?: ConversionReversalReason; note?: string; at: string }, // prettier-ignore
) {
  setClock(line.at);
  const token = await login(t, finance.email, finance.password);
  const [current] = await t.database.db.select().from(conversions).where(eq(conversions.id, conversion.id));
  const res =
    line.kind === 'reverse'
      ? await callEndpoint(t.app, conversionChangesEndpoints.reverse, { params: { id: conversion.id }, body: { reason: line.reasonCode ?? 'other', ...(line.note ? { note: line.note } : {}) } }, token) // prettier-ignore
      : await callEndpoint(t.app, conversionChangesEndpoints.adjust, { params: { id: conversion.id }, body: { payoutAmount: current!.payout + line.payoutDelta, note: line.note ?? 'Partial refund' } }, token); // prettier-ignore
  expect(okBody(res).data.adjustment.payoutDelta).toBe(line.payoutDelta);
}

/** A conversion added by hand by finance at `at`, on a new click of the partner. */
async function addByHand(partnerId: number, offerId: number, at: string) {
  const click = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partnerId}` });
  const clickId = new URL(click.headers.location as string).searchParams.get('cid')!;
  await t.app.tracking.buffer.flush();
  setClock(at);
  const token = await login(t, finance.email, finance.password);
  expectOk(await callEndpoint(t.app, conversionChangesEndpoints.add, { body: { clickId, goal: 'sale' } }, token));
}

const notificationsOf = (partnerId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.partnerId, partnerId), eq(notifications.kind, 'conversions_changed')));
const mailsTo = async (email: string) => (await sentMails(t)).filter((mail) => mail.to === email);
const undigested = (partnerId: number) =>
  t.database.db
    .select()
    .from(conversionAdjustments)
    .where(and(eq(conversionAdjustments.partnerId, partnerId), isNull(conversionAdjustments.digestedAt)));

describe('the digest hour', () => {
  it('is 07:00 in Paris, summer or winter, the day of the change of time included', () => {
    expect(digestCut(new Date('2026-03-10T15:00:00Z')).toISOString()).toBe('2026-03-10T06:00:00.000Z');
    expect(digestCut(new Date('2026-07-10T15:00:00Z')).toISOString()).toBe('2026-07-10T05:00:00.000Z');
    expect(digestCut(new Date('2026-03-29T15:00:00Z')).toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(digestCut(new Date('2026-10-25T15:00:00Z')).toISOString()).toBe('2026-10-25T06:00:00.000Z');
    // 23:30 UTC on the 10th is already the 11th in Paris.
    expect(digestCut(new Date('2026-03-10T23:30:00Z')).toISOString()).toBe('2026-03-11T06:00:00.000Z');
  });
});

describe('the daily digest of changed conversions', () => {
  let changed: Awaited<ReturnType<typeof createPartner>>;
  let quiet: Awaited<ReturnType<typeof createPartner>>;

  beforeAll(async () => {
    setClock('2026-03-05T10:00:00Z');
    changed = await createPartner(t);
    quiet = await createPartner(t);
    // The partner reads its times in New York's winter offset (decision 112): the digest's cut is written on it.
    const token = await login(t, changed.email, changed.password);
    expectOk(await callEndpoint(t.app, settingsEndpoints.setTimezone, { body: { timezone: '-05:00' } }, token));
    const eur = [await earn(changed.partnerId, eurOffer), await earn(changed.partnerId, eurOffer)];
    const usd = await earn(changed.partnerId, usdOffer);
    await earn(quiet.partnerId, eurOffer);
    await change(eur[0]!, { kind: 'reverse', payoutDelta: -1200, reasonCode: 'duplicate_sale', note: 'Same order twice', at: '2026-03-09T09:00:00Z' }); // prettier-ignore
    await change(eur[1]!, { kind: 'adjust', payoutDelta: -400, note: 'Partial refund', at: '2026-03-09T15:00:00Z' }); // prettier-ignore
    await change(usd, { kind: 'reverse', payoutDelta: -500, reasonCode: 'refund', at: '2026-03-10T05:30:00Z' }); // prettier-ignore
    // After today's 07:00 Paris: the next digest's.
    await addByHand(changed.partnerId, usdOffer, '2026-03-10T06:30:00Z');
  }, 60_000);

  it('sends nothing before 07:00 Paris (and a few minutes more)', async () => {
    setClock('2026-03-10T05:59:00Z');
    expect(await digest()).toBe(0);
    setClock('2026-03-10T06:04:00Z');
    expect(await digest()).toBe(0);
    expect(await notificationsOf(changed.partnerId)).toEqual([]);
    expect(await undigested(changed.partnerId)).toHaveLength(4);
  });

  it('tells the partner once of every change before the hour: one notification, one e-mail', async () => {
    setClock('2026-03-10T06:10:00Z');
    expect(await digest()).toBe(1);
    const [notification, ...others] = await notificationsOf(changed.partnerId);
    expect(others).toEqual([]);
    expect(notification!.title).toMatch(/^3 conversions changed: payout -16,00\s€ · -5,00\s\$US$/u);
    // 07:00 Paris (UTC+1 in March) is 01:00 in the partner's GMT-05:00, named.
    expect(notification!.body).toContain('since the last digest, up to 10/03/2026 01:00 (GMT-05:00):');
    expect(notification!.body).toMatch(/reversed \(duplicate sale\): -12,00\s€ — Same order twice/u);
    expect(notification!.body).toMatch(/adjusted: -4,00\s€ — Partial refund/u);
    expect(notification!.body).toMatch(/reversed \(refund\): -5,00\s\$US/u);
    // The report filtered on conversions changed since the day before the first change, whenever recorded.
    expect(notification!.link).toBe('/reports/conversion?changedFrom=2026-03-08');

    const mails = await mailsTo(changed.email);
    expect(mails).toHaveLength(1);
    // The subject carries € and a no-break space: MIME-encoded words.
    expect(mails[0]!.subject).toMatch(/^=\?UTF-8\?Q\?3_conversions_changed:_payout/);
    expect(mails[0]!.body).toContain(`${PUBLIC_URL}/reports/conversion?changedFrom=2026-03-08`);
    expect(mails[0]!.body).toContain('up to 10/03/2026 01:00 (GMT-05:00):');
    // The three lines are told; the one after the hour waits for tomorrow.
    expect((await undigested(changed.partnerId)).map((line) => line.kind)).toEqual(['add']);
  });

  it('sends nothing to a partner without changes', async () => {
    expect(await notificationsOf(quiet.partnerId)).toEqual([]);
    expect(await mailsTo(quiet.email)).toEqual([]);
  });

  it('sends nothing when run again the same day', async () => {
    setClock('2026-03-10T12:00:00Z');
    expect(await digest()).toBe(0);
    setClock('2026-03-10T22:59:00Z');
    expect(await digest()).toBe(0);
    expect(await notificationsOf(changed.partnerId)).toHaveLength(1);
    expect(await mailsTo(changed.email)).toHaveLength(1);
  });

  it('tells the next day what came after the hour, and nothing on a day without changes', async () => {
    setClock('2026-03-11T06:30:00Z');
    expect(await digest()).toBe(1);
    const told = await notificationsOf(changed.partnerId);
    expect(told.map((n) => n.title)).toContainEqual(
      expect.stringMatching(/^1 conversion changed: payout \+5,00\s\$US$/u),
    );
    expect(await mailsTo(changed.email)).toHaveLength(2);
    setClock('2026-03-12T06:30:00Z');
    expect(await digest()).toBe(0);
    expect(await mailsTo(changed.email)).toHaveLength(2);
  });

  it('tells each line once when two servers run the digest at the same moment', async () => {
    setClock('2026-03-12T10:00:00Z');
    const partner = await createPartner(t);
    const conversion = await earn(partner.partnerId, eurOffer);
    for (const [i, delta] of [-100, -200, -300].entries())
      await change(conversion, { kind: 'adjust', payoutDelta: delta, at: `2026-03-12T1${i + 1}:00:00Z` });
    setClock('2026-03-13T07:00:00Z');
    const runs = await Promise.all([digest(), digest()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const [notification, ...others] = await notificationsOf(partner.partnerId);
    expect(others).toEqual([]);
    expect(notification!.title).toMatch(/^3 conversions changed: payout -6,00\s€$/u);
    expect(await mailsTo(partner.email)).toHaveLength(1);
  });

  it('records the notification without an e-mail for a user who turned payment e-mails off', async () => {
    setClock('2026-03-13T10:00:00Z');
    const partner = await createPartner(t);
    await t.database.db.update(users).set({ paymentNotifications: false }).where(eq(users.id, partner.userId));
    const conversion = await earn(partner.partnerId, eurOffer);
    await change(conversion, { kind: 'reverse', payoutDelta: -1200, reasonCode: 'fraud', at: '2026-03-13T11:00:00Z' }); // prettier-ignore
    setClock('2026-03-14T08:00:00Z');
    expect(await digest()).toBe(1);
    expect(await notificationsOf(partner.partnerId)).toHaveLength(1);
    expect(await mailsTo(partner.email)).toEqual([]);
  });
});
