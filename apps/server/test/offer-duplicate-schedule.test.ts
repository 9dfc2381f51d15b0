import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEndpoints,
  capsEndpoints,
  creativesEndpoints,
  staffOfferScheduleEndpoints,
  staffOffersEndpoints,
  type StaffOfferGoal,
} from '@portal/contracts';
import { auditLog, conversions, offerCaps, offerCreatives, offers } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  login,
  okBody,
  testClock,
  type TestApp,
} from './helper.js';
import { offerWithRevenue } from './conversion-fixtures.js';

/**
 * "Duplicate" on an offer and a payout or revenue change scheduled for a future moment (decision 098): the copy is a
 * disabled offer with the source's goals, targeting, caps, creatives and landing pages, audited as duplicated from
 * it; a scheduled change is applied by the job once the (test) clock passes its moment, conversions before it earn
 * the old amounts and after it the new, and each step is audited.
 */
let t: TestApp;
// Friday 27 November 2026, 12:00 UTC; the change below takes effect on 1 December 00:00 Paris (23:00 UTC the day before).
const clock = testClock(new Date('2026-11-27T12:00:00Z'));
const FIRST_OF_DECEMBER_PARIS = '2026-12-01T00:00:00+01:00';
const tokens = { admin: '', am: '', finance: '' };
let adminId = 0;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const admin = await createStaff(t, 'ROLE_ADMIN');
  const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  const finance = await createStaff(t, 'ROLE_FINANCE');
  adminId = admin.userId;
  tokens.admin = await login(t, admin.email, admin.password);
  tokens.am = await login(t, am.email, am.password);
  tokens.finance = await login(t, finance.email, finance.password);
});
afterAll(async () => t?.close());

const auditOf = (entityType: string, entityId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))))
    .orderBy(asc(auditLog.id));

describe('POST /staff/offers/{id}/duplicate', () => {
  it('copies the goals, targeting, caps, creatives and landing pages into a disabled offer, audited', async () => {
    const { offerId } = await offerWithRevenue(t, 'Summer Casino FR');
    const partner = await createPartner(t);
    okBody(
      await callEndpoint(
        t.app,
        staffOffersEndpoints.update,
        { params: { id: offerId }, body: { countries: ['FR', 'BE'], private: true, allowedPartnerIds: [partner.partnerId] } }, // prettier-ignore
        tokens.admin,
      ),
    );
    okBody(
      await callEndpoint(
        t.app,
        capsEndpoints.replace,
        {
          params: { id: offerId },
          body: [
            { metric: 'conversions', period: 'day', limit: 30 },
            { partnerId: partner.partnerId, metric: 'payout', period: 'month', limit: 50_000 },
          ],
        },
        tokens.admin,
      ),
    );
    okBody(
      await callEndpoint(
        t.app,
        creativesEndpoints.create,
        { params: { id: offerId }, body: { kind: 'text', name: 'Short text', text: 'Play now {tracking_link}' } },
        tokens.admin,
      ),
    );
    okBody(
      await callEndpoint(
        t.app,
        creativesEndpoints.createLandingPage,
        { params: { id: offerId }, body: { name: 'Bonus page', url: 'https://shop.example.com/bonus?cid={click_id}' } },
        tokens.admin,
      ),
    );

    const copy = okBody(
      await callEndpoint(t.app, staffOfferScheduleEndpoints.duplicate, { params: { id: offerId } }, tokens.admin),
    ).data.id;
    expect(copy).not.toBe(offerId);
    const [source, duplicate] = await Promise.all(
      [offerId, copy].map(
        async (id) =>
          okBody(await callEndpoint(t.app, staffOffersEndpoints.get, { params: { id } }, tokens.admin)).data,
      ),
    );
    expect(duplicate).toMatchObject({
      name: 'Summer Casino FR (copy)',
      enabled: false,
      private: true,
      countries: ['BE', 'FR'],
      allowedPartnerIds: [partner.partnerId],
      defaultUrl: source!.defaultUrl,
      currency: source!.currency,
    });
    const money = (goals: StaffOfferGoal[]) => goals.map(({ id: _id, ...goal }) => goal);
    expect(money(duplicate!.goals)).toEqual(money(source!.goals));
    expect(duplicate!.goals.map((g) => g.id)).not.toEqual(source!.goals.map((g) => g.id));

    const caps = await t.database.db
      .select({
        partnerId: offerCaps.partnerId,
        metric: offerCaps.metric,
        period: offerCaps.period,
        limit: offerCaps.limit,
      }) // prettier-ignore
      .from(offerCaps)
      .where(eq(offerCaps.offerId, copy))
      .orderBy(asc(offerCaps.id));
    expect(caps).toEqual([
      { partnerId: null, metric: 'conversions', period: 'day', limit: 30 },
      { partnerId: partner.partnerId, metric: 'payout', period: 'month', limit: 50_000 },
    ]);
    const creatives = okBody(
      await callEndpoint(t.app, creativesEndpoints.staffList, { params: { id: copy } }, tokens.admin),
    ).data;
    expect(creatives.map((c) => ({ kind: c.kind, name: c.name, text: c.text }))).toEqual([
      { kind: 'text', name: 'Short text', text: 'Play now {tracking_link}' },
    ]);
    const pages = okBody(
      await callEndpoint(t.app, creativesEndpoints.staffLandingPages, { params: { id: copy } }, tokens.admin),
    ).data;
    expect(pages.map((p) => p.url)).toEqual(['https://shop.example.com/bonus?cid={click_id}']);
    // The source keeps its own.
    expect(await t.database.db.select().from(offerCreatives).where(eq(offerCreatives.offerId, offerId))).toHaveLength(1); // prettier-ignore

    const [created] = await auditOf('offer', copy);
    expect(created).toMatchObject({ action: 'create', actorId: adminId, reason: `Duplicated from offer #${offerId}.` });
    expect(created!.changes).toEqual(
      expect.arrayContaining([
        { field: 'duplicatedFrom', before: null, after: offerId },
        { field: 'enabled', before: null, after: false },
        { field: 'caps', before: null, after: 2 },
        { field: 'creatives', before: null, after: 1 },
        { field: 'landingPages', before: null, after: 1 },
      ]),
    );
    // The log in words names the source offer.
    const log = okBody(
      await callEndpoint(t.app, auditEndpoints.auditLog, { query: { entityType: 'offer', entityId: String(copy) } }, tokens.admin), // prettier-ignore
    ).data;
    const from = log[0]!.changes.find((c) => c.field === 'duplicatedFrom');
    expect(from).toMatchObject({ kind: 'offer', names: { [String(offerId)]: 'Summer Casino FR' } });
  });

  it('is 404 for an unknown offer and 403 for those who may not create offers', async () => {
    const { offerId } = await offerWithRevenue(t, 'Not for managers');
    errorBody(
      await callEndpoint(t.app, staffOfferScheduleEndpoints.duplicate, { params: { id: 999_999 } }, tokens.admin),
      404,
    );
    for (const token of [tokens.am, tokens.finance]) {
      errorBody(
        await callEndpoint(t.app, staffOfferScheduleEndpoints.duplicate, { params: { id: offerId } }, token),
        403,
      );
    }
    const count = await t.database.db.select({ id: offers.id }).from(offers).where(eq(offers.name, 'Not for managers (copy)')); // prettier-ignore
    expect(count).toHaveLength(0);
  });
});

describe('scheduled payout and revenue changes', () => {
  const click = async (offerId: number, partnerId: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partnerId}` });
    return new URL(res.headers.location as string).searchParams.get('cid')!;
  };
  const convert = async (offerId: number, partnerId: number, token: string) => {
    const clickId = await click(offerId, partnerId);
    const res = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams({ click_id: clickId, goal: 'registration', token })}` }); // prettier-ignore
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(conversions).where(eq(conversions.clickId, clickId));
    return { payout: row!.payout, revenue: row!.revenue };
  };

  it('applies at its moment: conversions before earn the old amounts, after the new; audited in words', async () => {
    const { offerId, token } = await offerWithRevenue(t, 'Scheduled offer');
    const partner = await createPartner(t);
    const scheduled = okBody(
      await callEndpoint(
        t.app,
        staffOfferScheduleEndpoints.create,
        {
          params: { id: offerId },
          body: { goal: 'registration', effectiveAt: FIRST_OF_DECEMBER_PARIS, payout: { amount: 500 }, revenue: { amount: 700 } }, // prettier-ignore
        },
        tokens.admin,
      ),
    ).data;
    expect(scheduled).toMatchObject({
      goal: { code: 'registration' },
      payout: { amount: 500, percent: null },
      revenue: { amount: 700, percent: null },
      effectiveAt: '2026-11-30T23:00:00.000Z',
      status: 'pending',
      createdBy: { id: adminId },
    });
    // Every staff member sees it on the offer.
    const listed = okBody(
      await callEndpoint(t.app, staffOfferScheduleEndpoints.list, { params: { id: offerId } }, tokens.am),
    ).data;
    expect(listed.map((c) => c.id)).toEqual([scheduled.id]);

    // Before the moment: the job applies nothing, the conversion earns the old amounts.
    expect(await t.app.scheduledChanges.drain()).toBe(0);
    expect(await convert(offerId, partner.partnerId, token)).toEqual({ payout: 400, revenue: 600 });

    clock.advance(4 * 86_400_000); // Tuesday 1 December, 12:00 UTC.
    expect(await t.app.scheduledChanges.drain()).toBe(1);
    expect(await t.app.scheduledChanges.drain()).toBe(0);
    expect(await convert(offerId, partner.partnerId, token)).toEqual({ payout: 500, revenue: 700 });

    const goal = okBody(
      await callEndpoint(t.app, staffOffersEndpoints.get, { params: { id: offerId } }, tokens.admin),
    ).data.goals.find((g) => g.goal === 'registration');
    expect(goal).toMatchObject({ payoutAmount: 500, revenueAmount: 700 });
    const after = okBody(
      await callEndpoint(t.app, staffOfferScheduleEndpoints.list, { params: { id: offerId } }, tokens.admin),
    ).data;
    expect(after[0]).toMatchObject({ status: 'applied', appliedAt: clock.now().toISOString() });

    expect((await auditOf('scheduled_change', scheduled.id)).map((e) => e.action)).toEqual(['create']);
    const log = okBody(
      await callEndpoint(t.app, auditEndpoints.auditLog, { query: { entityType: 'offer', entityId: String(offerId) } }, tokens.admin), // prettier-ignore
    ).data;
    const applied = log.find((e) => e.reason?.startsWith(`Scheduled change #${scheduled.id}`));
    expect(applied).toMatchObject({ action: 'update', actor: null, currency: 'EUR' });
    expect(applied!.changes.map((c) => [c.goal?.code, c.field, c.kind, c.before, c.after])).toEqual([
      ['registration', 'payoutAmount', 'money', 400, 500],
      ['registration', 'revenueAmount', 'money', 600, 700],
    ]);
    clock.advance(-4 * 86_400_000);
  });

  it('is cancelled before its moment and then never applies; refuses a past moment with a field error', async () => {
    const { offerId, token } = await offerWithRevenue(t, 'Cancelled change');
    const partner = await createPartner(t);
    const past = await callEndpoint(
      t.app,
      staffOfferScheduleEndpoints.create,
      { params: { id: offerId }, body: { goal: 'registration', effectiveAt: '2026-11-27T11:59:00Z', payout: { amount: 1 } } }, // prettier-ignore
      tokens.admin,
    );
    expect(errorBody(past, 400).errors).toEqual({ effectiveAt: 'Choose a moment in the future.' });
    const unknownGoal = await callEndpoint(
      t.app,
      staffOfferScheduleEndpoints.create,
      { params: { id: offerId }, body: { goal: 'first_deposit', effectiveAt: FIRST_OF_DECEMBER_PARIS, payout: { amount: 1 } } }, // prettier-ignore
      tokens.admin,
    );
    expect(Object.keys(errorBody(unknownGoal, 400).errors ?? {})).toEqual(['goal']);
    const aboveRevenue = await callEndpoint(
      t.app,
      staffOfferScheduleEndpoints.create,
      { params: { id: offerId }, body: { goal: 'registration', effectiveAt: FIRST_OF_DECEMBER_PARIS, payout: { amount: 900 } } }, // prettier-ignore
      tokens.admin,
    );
    expect(Object.keys(errorBody(aboveRevenue, 400).errors ?? {})).toEqual(['payout.amount']);
    errorBody(
      await callEndpoint(
        t.app,
        staffOfferScheduleEndpoints.create,
        { params: { id: offerId }, body: { goal: 'registration', effectiveAt: FIRST_OF_DECEMBER_PARIS, payout: { amount: 450 } } }, // prettier-ignore
        tokens.am,
      ),
      403,
    );

    const change = okBody(
      await callEndpoint(
        t.app,
        staffOfferScheduleEndpoints.create,
        { params: { id: offerId }, body: { goal: 'registration', effectiveAt: FIRST_OF_DECEMBER_PARIS, payout: { amount: 450 } } }, // prettier-ignore
        tokens.admin,
      ),
    ).data;
    const cancelled = okBody(
      await callEndpoint(
        t.app,
        staffOfferScheduleEndpoints.cancel,
        { params: { id: offerId, changeId: change.id } },
        tokens.admin,
      ),
    ).data;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: { id: adminId } });
    errorBody(
      await callEndpoint(t.app, staffOfferScheduleEndpoints.cancel, { params: { id: offerId, changeId: change.id } }, tokens.admin), // prettier-ignore
      409,
    );
    const audited = await auditOf('scheduled_change', change.id);
    expect(audited.map((e) => [e.action, e.actorId])).toEqual([
      ['create', adminId],
      ['status', adminId],
    ]);
    expect(audited[1]!.changes).toEqual([{ field: 'status', before: 'pending', after: 'cancelled' }]);

    clock.advance(4 * 86_400_000);
    await t.app.scheduledChanges.drain();
    expect(await convert(offerId, partner.partnerId, token)).toEqual({ payout: 400, revenue: 600 });
    clock.advance(-4 * 86_400_000);
  });

  it('fails, audited, when the goal left the offer before the moment; 404 on an unknown offer', async () => {
    const { offerId } = await offerWithRevenue(t, 'Goal removed');
    errorBody(
      await callEndpoint(t.app, staffOfferScheduleEndpoints.list, { params: { id: 999_999 } }, tokens.admin),
      404,
    );
    const change = okBody(
      await callEndpoint(
        t.app,
        staffOfferScheduleEndpoints.create,
        { params: { id: offerId }, body: { goal: 'registration', effectiveAt: FIRST_OF_DECEMBER_PARIS, revenue: { percent: 1000 } } }, // prettier-ignore
        tokens.admin,
      ),
    ).data;
    okBody(
      await callEndpoint(
        t.app,
        staffOffersEndpoints.update,
        { params: { id: offerId }, body: { goals: [{ goal: 'sale', payoutPercent: 1000, revenuePercent: 1500 }] } },
        tokens.admin,
      ),
    );
    clock.advance(4 * 86_400_000);
    expect(await t.app.scheduledChanges.drain()).toBe(1);
    clock.advance(-4 * 86_400_000);
    const [failed] = okBody(
      await callEndpoint(t.app, staffOfferScheduleEndpoints.list, { params: { id: offerId } }, tokens.admin),
    ).data;
    expect(failed).toMatchObject({
      id: change.id,
      status: 'failed',
      failure: 'The offer no longer pays on this goal.',
    });
    const audited = await auditOf('scheduled_change', change.id);
    expect(audited.at(-1)).toMatchObject({ action: 'status', actorId: null });
  });
});
