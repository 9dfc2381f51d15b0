/**
 * GET /api/v1/statistics/refused: the partner's refused clicks, counted by GET /click itself, per reason and offer,
 * told only as /click told them (a private or disabled offer reads as unknown), in the user's days, and never
 * another partner's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsEndpoints, statisticsEndpoints } from '@portal/contracts';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { eq } from 'drizzle-orm';
import { offers as offersTable } from '../src/db/schema.js';
import { createOffer } from './offer-fixtures.js';

let t: TestApp;
// 21:10 UTC on the 10th: already the 11th for a +05:00 user.
const clock = testClock(new Date('2026-03-10T21:10:00Z'));
let a: { partnerId: number; token: string };
let b: { partnerId: number; token: string };
let offers: Record<'open' | 'hidden' | 'approval' | 'disabled', number>;

const click = (offerId: number | string, partnerId: number | string) =>
  t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partnerId}` });

const refused = (token: string, query: CallInput<typeof statisticsEndpoints.refused>['query']) =>
  callEndpoint(t.app, statisticsEndpoints.refused, { query }, token);

const DAY = { startDate: '2026-03-10', endDate: '2026-03-10' };

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const pa = await createPartner(t);
  const pb = await createPartner(t);
  a = { partnerId: pa.partnerId, token: await login(t, pa.email, pa.password) };
  b = { partnerId: pb.partnerId, token: await login(t, pb.email, pb.password) };
  offers = {
    open: await createOffer(t, { name: 'Open' }),
    hidden: await createOffer(t, { name: 'Hidden', private: true }),
    approval: await createOffer(t, { name: 'Approval', requireApproval: true }),
    disabled: await createOffer(t, { name: 'Disabled', enabled: false }),
  };
  const sent: [number | string, number | string, number, number][] = [
    // offer, partner, times, expected status
    [offers.open, a.partnerId, 2, 302],
    [offers.hidden, a.partnerId, 3, 404],
    [offers.approval, a.partnerId, 2, 403],
    [offers.disabled, a.partnerId, 1, 404],
    [2_147_483_000, a.partnerId, 1, 404],
    ['abc', a.partnerId, 1, 400],
    [offers.approval, b.partnerId, 4, 403],
  ];
  for (const [offer, partner, times, status] of sent) {
    for (let i = 0; i < times; i++) expect((await click(offer, partner)).statusCode).toBe(status);
  }
  await t.app.tracking.buffer.flush();
}, 120_000);
afterAll(async () => t?.close());

describe('GET /api/v1/statistics/refused', () => {
  it('counts the partner’s refused clicks per reason and offer, an offer it may not see told as unknown', async () => {
    const res = await refused(a.token, DAY);
    expectOk(res);
    expect(okBody(res)).toMatchObject({
      total: 2,
      data: [
        // The private, the disabled and the missing offer: 3 + 1 + 1, none of them named.
        { reason: 'unknown_offer', offerId: null, clicks: 5 },
        { reason: 'approval_required', offerId: offers.approval, clicks: 2 },
      ],
    });
    // Partner B sees its own refusals only; the malformed link belongs to nobody.
    expect(okBody(await refused(b.token, DAY)).data).toEqual([
      { reason: 'approval_required', offerId: offers.approval, clicks: 4 },
    ]);
  });

  it('filters on an offer, and a private offer’s id answers as an id that does not exist', async () => {
    expect(okBody(await refused(a.token, { ...DAY, offerId: offers.approval })).data).toEqual([
      { reason: 'approval_required', offerId: offers.approval, clicks: 2 },
    ]);
    expect(okBody(await refused(a.token, { ...DAY, offerId: offers.hidden })).data).toEqual([]);
    expect(okBody(await refused(a.token, { ...DAY, offerId: 2_147_483_000 })).data).toEqual([]);
  });

  it('cuts days in the user’s time zone', async () => {
    const tz = await callEndpoint(t.app, settingsEndpoints.setTimezone, { body: { timezone: '+05:00' } }, b.token);
    expectOk(tz);
    expect(okBody(await refused(b.token, DAY)).data).toEqual([]);
    expect(okBody(await refused(b.token, { startDate: '2026-03-11', endDate: '2026-03-11' })).data).toEqual([
      { reason: 'approval_required', offerId: offers.approval, clicks: 4 },
    ]);
  });

  it('sends the visitor of a partner not approved to the offer’s fallback URL, counted as refused (issue 47)', async () => {
    const pc = await createPartner(t);
    const token = await login(t, pc.email, pc.password);
    const offerId = await createOffer(t, { name: 'Approval with a fallback', requireApproval: true });
    await t.database.db
      .update(offersTable)
      .set({ fallbackUrl: 'https://fallback.example/?s={subid}' })
      .where(eq(offersTable.id, offerId));
    const res = await t.app.inject({
      method: 'GET',
      url: `/click?offer_id=${offerId}&aff_id=${pc.partnerId}&subid=x1`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://fallback.example/?s=x1');
    await t.app.tracking.buffer.flush();
    expect(okBody(await refused(token, DAY)).data).toEqual([{ reason: 'approval_required', offerId, clicks: 1 }]);
  });

  it('refuses a bad range, an unknown parameter, staff and anonymous callers', async () => {
    expectError(await refused(a.token, { startDate: '2026-02-30', endDate: '2026-03-01' }), 400);
    expectError(await refused(a.token, { startDate: '2026-03-10', endDate: '2026-03-01' }), 400);
    expectError(await refused(a.token, { ...DAY, offerId: 'abc' }), 400);
    expectError(await refused(a.token, invalid({ ...DAY, subid: 'x' })), 400);
    const staff = await createStaff(t, 'ROLE_ADMIN');
    expectError(await refused(await login(t, staff.email, staff.password), DAY), 403);
    expectError(await callEndpoint(t.app, statisticsEndpoints.refused, {}, null), 401);
  });
});
