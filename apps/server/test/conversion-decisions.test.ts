import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEndpoints, conversionReviewEndpoints, statisticsEndpoints } from '@portal/contracts';
import { auditLog, conversions, goals, offerGoals, offers, postbackDeliveries } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  expectError,
  expectOk,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';

/**
 * The conversions queue worked in bulk (decision 079): many pending conversions approved or declined in one
 * transaction through the single decision's steps, a decline's code and note in the partner's report, the queue's
 * names, IP and age filter, each reviewer within its reach.
 */

let t: TestApp;
const clock = testClock(new Date('2026-05-04T10:20:00Z'));
const tokens = {} as Record<'admin' | 'finance' | 'amA' | 'amB', string>;
let managerA: number;
let offerId: number;
let advertiserToken: string;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  for (const [key, role] of [
    ['admin', 'ROLE_ADMIN'],
    ['finance', 'ROLE_FINANCE'],
    ['amA', 'ROLE_ACCOUNT_MANAGER'],
    ['amB', 'ROLE_ACCOUNT_MANAGER'],
  ] as const) {
    const staff = await createStaff(t, role);
    tokens[key] = await login(t, staff.email, staff.password);
    if (key === 'amA') managerA = staff.userId;
  }
  offerId = await createOffer(t, { name: 'Queue offer', goals: [{ goal: 'registration', p1: { amount: 250 } }] });
  await t.database.db
    .update(offers)
    .set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' })
    .where(eq(offers.id, offerId));
  const [goal] = await t.database.db.select().from(goals).where(eq(goals.identifier, 'registration'));
  await t.database.db
    .update(offerGoals)
    .set({ manualValidation: true, revenueAmount: 400 })
    .where(and(eq(offerGoals.offerId, offerId), eq(offerGoals.goalId, goal!.id)));
  advertiserToken = await advertiserTokenOf(t, offerId);
});
afterAll(async () => t?.close());

/** A partner of account manager A with `n` pending conversions of 2.50 (revenue 4.00), each on its own click. */
async function pendingConversions(n: number) {
  const partner = await createPartner(t, { accountManagerId: managerA });
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const click = await t.app.inject({
      method: 'GET',
      url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}&subid=queue${i}`,
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    const clickId = new URL(click.headers.location as string).searchParams.get('cid')!;
    await t.app.tracking.buffer.flush();
    clock.advance(60_000);
    const res = await t.app.inject({
      method: 'GET',
      url: `/postback?${new URLSearchParams({ click_id: clickId, goal: 'registration', token: advertiserToken })}`,
    });
    expect(res.json(), res.body).toMatchObject({ status: 'pending' });
    ids.push(res.json().conversionId as number);
  }
  return { partner, partnerToken: await login(t, partner.email, partner.password), ids };
}

/** A 400 naming exactly these fields (the codes say which rule, for the reader; the answer has its message). */
const refused = (res: Parameters<typeof errorBody>[0], errors: Record<string, string>) =>
  expect(Object.keys(errorBody(res, 400).errors ?? {}).sort()).toEqual(Object.keys(errors).sort());

const decide = (token: string, body: CallInput<typeof conversionReviewEndpoints.decide>['body']) =>
  callEndpoint(t.app, conversionReviewEndpoints.decide, { body }, token);
const rowsOf = (ids: number[]) =>
  t.database.db
    .select({
      id: conversions.id,
      status: conversions.status,
      reason: conversions.reason,
      declineReason: conversions.declineReason,
      note: conversions.note,
      payout: conversions.payout,
    })
    .from(conversions)
    .where(inArray(conversions.id, ids))
    .orderBy(conversions.id);

describe('POST /staff/conversions/decisions', () => {
  it('approves many at once: each pays, fires its postback and is audited', async () => {
    const { ids } = await pendingConversions(3);
    const res = await decide(tokens.finance, { ids, status: 'approved' });
    expect(okBody(res).data).toEqual({ decided: 3, unchanged: 0 });
    expect((await rowsOf(ids)).map((row) => [row.status, row.payout])).toEqual([
      ['approved', 250],
      ['approved', 250],
      ['approved', 250],
    ]);
    // The single decision's steps: the partner's postbacks are queued for the new status (no postback set: none).
    const delivered = await t.database.db
      .select()
      .from(postbackDeliveries)
      .where(inArray(postbackDeliveries.conversionId, ids));
    expect(delivered).toEqual([]);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'conversion'), inArray(auditLog.entityId, ids.map(String))));
    expect(audited).toHaveLength(3);
    expect(audited[0]!.changes).toContainEqual({ field: 'status', before: 'pending', after: 'approved' });
    // Again: already approved, counted unchanged, nothing new audited.
    expect(okBody(await decide(tokens.admin, { ids, status: 'approved' })).data).toEqual({ decided: 0, unchanged: 3 });
  });

  it('declines with a reason code and a note the partner reads in its conversion report', async () => {
    const { ids, partnerToken } = await pendingConversions(2);
    const res = await decide(tokens.amA, {
      ids,
      status: 'rejected',
      reason: 'invalid_traffic',
      note: '  Bot traffic from one IP  ',
    });
    expect(okBody(res).data).toEqual({ decided: 2, unchanged: 0 });
    expect(await rowsOf(ids)).toEqual(
      ids.map((id) => ({
        id,
        status: 'rejected',
        reason: 'declined',
        declineReason: 'invalid_traffic',
        note: 'Bot traffic from one IP',
        payout: 0,
      })),
    );
    const report = await callEndpoint(
      t.app,
      statisticsEndpoints.conversion,
      { query: { startDate: '2026-05-04', endDate: '2026-05-04' } },
      partnerToken,
    );
    const rows = okBody(report).data.filter((row) => ids.includes(row.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'rejected',
        reason: 'declined',
        declineReason: 'invalid_traffic',
        note: 'Bot traffic from one IP',
      });
    }
    // The CSV says it in words.
    const csv = await callEndpoint(
      t.app,
      statisticsEndpoints.export,
      { params: { type: 'conversion' }, query: { startDate: '2026-05-04', endDate: '2026-05-04' } },
      partnerToken,
    );
    expect(String(csv.body)).toContain('Declined on review: invalid traffic');
  });

  it('is all or none: one decided otherwise (409) or out of reach (404) leaves every other pending', async () => {
    const { ids } = await pendingConversions(3);
    expectOk(await decide(tokens.admin, { ids: [ids[1]!], status: 'rejected', reason: 'fraud' }));
    const conflict = await decide(tokens.admin, { ids, status: 'approved' });
    expect(errorBody(conflict, 409).errors).toEqual({ 'ids.1': 'Only a pending conversion can be reviewed.' });
    expect((await rowsOf([ids[0]!, ids[2]!])).map((row) => row.status)).toEqual(['pending', 'pending']);

    // Account manager B reaches none of A's partners' conversions: as missing as unknown ids.
    const missing = await decide(tokens.amB, { ids: [ids[0]!, ids[2]!], status: 'approved' });
    expect(errorBody(missing, 404).errors).toEqual({ 'ids.0': 'Not found.', 'ids.1': 'Not found.' });
    const unknown = await decide(tokens.admin, { ids: [ids[0]!, 2_000_000_000], status: 'approved' });
    expect(errorBody(unknown, 404).errors).toEqual({ 'ids.1': 'Not found.' });
    expect((await rowsOf([ids[0]!, ids[2]!])).map((row) => row.status)).toEqual(['pending', 'pending']);
    // A's own manager decides them.
    expect(okBody(await decide(tokens.amA, { ids: [ids[0]!, ids[2]!], status: 'approved' })).data.decided).toBe(2);
  });

  it('refuses a decline without its code, a code or note on an approval, and bad ids', async () => {
    const { ids } = await pendingConversions(1);
    refused(await decide(tokens.admin, { ids, status: 'rejected' }), { reason: 'required' });
    refused(await decide(tokens.admin, { ids, status: 'approved', reason: 'fraud' }), { reason: 'unknownField' });
    refused(await decide(tokens.admin, { ids, status: 'rejected', reason: 'nope' as never }), { reason: 'oneOf' });
    refused(await decide(tokens.admin, { ids, status: 'rejected', reason: 'other', note: 'x'.repeat(501) }), {
      note: 'maxLength',
    });
    refused(await decide(tokens.admin, { ids: [], status: 'approved' }), { ids: 'required' });
    refused(await decide(tokens.admin, { ids: [ids[0]!, ids[0]!], status: 'approved' }), { ids: 'unique' });
    expectError(await decide(tokens.admin, { ids: Array.from({ length: 101 }, (_, i) => i + 1), status: 'approved' }), 400); // prettier-ignore
    expect((await rowsOf(ids))[0]!.status).toBe('pending');
  });
});

describe('the single decision keeps its code and note too', () => {
  it('declines one with a reason code through PUT /staff/conversions/{id}', async () => {
    const { ids } = await pendingConversions(1);
    const res = await callEndpoint(
      t.app,
      conversionReviewEndpoints.review,
      { params: { id: ids[0]! }, body: { status: 'rejected', reason: 'out_of_geo', note: 'Traffic from BR' } },
      tokens.finance,
    );
    expectOk(res);
    expect((await rowsOf(ids))[0]).toMatchObject({ declineReason: 'out_of_geo', note: 'Traffic from BR' });
    const log = await callEndpoint(
      t.app,
      auditEndpoints.auditLog,
      { query: { entityType: 'conversion', entityId: String(ids[0]) } },
      tokens.admin,
    );
    expect(okBody(log).data[0]!.changes).toContainEqual(
      expect.objectContaining({ field: 'declineReason', before: null, after: 'out_of_geo' }),
    );
  });
});

describe('the queue lists names, IP and age', () => {
  it('shows the goal name and the click IP, and filters on age', async () => {
    const { ids, partner } = await pendingConversions(1);
    const list = async (query: CallInput<typeof conversionReviewEndpoints.list>['query']) =>
      okBody(await callEndpoint(t.app, conversionReviewEndpoints.list, { query }, tokens.finance)).data;
    const [row] = await list({ status: 'pending', partnerId: partner.partnerId });
    expect(row).toMatchObject({
      id: ids[0],
      goal: 'registration',
      goalName: expect.any(String),
      offerName: 'Queue offer',
      revenue: 400,
      payout: 250,
      subid: 'queue0',
      declineReason: null,
    });
    expect(row!.clickedAt).not.toBeNull();
    expect(row).toHaveProperty('ip');
    expect(await list({ status: 'pending', partnerId: partner.partnerId, olderThanDays: 1 })).toEqual([]);
    clock.advance(2 * 86_400_000);
    expect((await list({ status: 'pending', partnerId: partner.partnerId, olderThanDays: 1 })).map((r) => r.id)).toEqual(ids); // prettier-ignore
    refused(
      await callEndpoint(t.app, conversionReviewEndpoints.list, { query: { olderThanDays: 0 } }, tokens.finance),
      { olderThanDays: 'min' },
    );
  });
});
