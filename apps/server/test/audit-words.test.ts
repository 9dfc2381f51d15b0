/**
 * The audit log in words (decision 081): amounts with their currency, people, partners, offers and goals by name (the
 * ids kept), one line per changed field of a goal, no line for a field that did not change, filters on entity and
 * actor, and the actor filter's choices within the reader's scope. Staff mails: a cap alert's amounts in the offer's
 * currency with absolute links to the caps panel and the partner; a registration's answers in words with a link to
 * the partner's page.
 */
import { eq } from 'drizzle-orm';
import {
  auditEndpoints,
  capsEndpoints,
  registerEndpoints,
  staffEndpoints,
  staffOffersEndpoints,
  type AuditEntry,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capUsage, emailOutbox, offerCaps, users } from '../src/db/schema.js';
import { alertCap } from '../src/modules/caps/index.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectOk,
  login,
  okBody,
  registrationPayload,
  testClock,
  type TestApp,
} from './helper.js';
import { createOffer } from './offer-fixtures.js';

let t: TestApp;
const clock = testClock(new Date('2026-11-27T10:00:00Z'));
let admin: { userId: number; token: string; name: string };
let managerA: { userId: number; token: string; name: string };
let managerB: { userId: number; token: string; name: string };

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const signIn = async (role: Parameters<typeof createStaff>[1]) => {
    const s = await createStaff(t, role);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, s.userId));
    return { userId: s.userId, token: await login(t, s.email, s.password), name: `${u!.firstname} ${u!.lastname}` };
  };
  admin = await signIn('ROLE_ADMIN');
  managerA = await signIn('ROLE_ACCOUNT_MANAGER');
  managerB = await signIn('ROLE_ACCOUNT_MANAGER');
});
afterAll(async () => t?.close());

const readLog = async (token: string, query: Record<string, string | number> = {}) =>
  okBody(await callEndpoint(t.app, auditEndpoints.auditLog, { query: query as never }, token)).data as AuditEntry[];

describe('the audit log in words', () => {
  it('an offer’s goal change: one line per changed field, amounts in the offer’s currency, the goal and the offer by name', async () => {
    const offerId = await createOffer(t, {
      name: 'Words Casino',
      currency: 'GBP',
      goals: [{ goal: 'first_deposit', p1: { amount: 10_000 } }],
    });
    const detail = okBody(
      await callEndpoint(t.app, staffOffersEndpoints.get, { params: { id: offerId } }, admin.token),
    ).data;
    const goal = detail.goals[0]!;
    const res = await callEndpoint(
      t.app,
      staffOffersEndpoints.update,
      {
        params: { id: offerId },
        body: {
          goals: [
            {
              goal: goal.goal,
              revenueAmount: goal.revenueAmount ?? 20_000,
              revenuePercent: goal.revenuePercent,
              payoutAmount: 11_000,
              payoutPercent: goal.payoutPercent,
              allowNegativeMargin: goal.allowNegativeMargin,
              manualValidation: goal.manualValidation,
              private: goal.private,
              types: [],
            },
          ],
        },
      },
      admin.token,
    );
    expectOk(res);
    const [entry] = await readLog(admin.token, { entityType: 'offer', entityId: String(offerId) });
    expect(entry).toMatchObject({ entityName: 'Words Casino', currency: 'GBP', entityId: String(offerId) });
    expect(entry!.changes.every((line) => !line.field.startsWith('goals.'))).toBe(true);
    const payout = entry!.changes.find((line) => line.field === 'payoutAmount');
    expect(payout).toMatchObject({
      goal: { code: 'first_deposit', name: 'First deposit' },
      tier: null,
      kind: 'money',
      before: 10_000,
      after: 11_000,
    });
    // The fields of the goal that did not change have no line.
    expect(entry!.changes.find((line) => line.field === 'manualValidation')).toBeUndefined();
    expect(entry!.changes.find((line) => line.field === 'private')).toBeUndefined();
  });

  it('a partner’s manager change names both managers and the partner; an empty field sent empty is no change', async () => {
    const p = await createPartner(t, { accountManagerId: managerA.userId, companyName: 'Northwind Words' });
    const res = await callEndpoint(
      t.app,
      staffEndpoints.updatePartner,
      { params: { id: p.partnerId }, body: { accountManagerId: managerB.userId, state: '' } },
      admin.token,
    );
    expectOk(res);
    const [entry] = await readLog(admin.token, { entityType: 'partner', entityId: String(p.partnerId) });
    expect(entry).toMatchObject({ entityName: 'Northwind Words', partnerName: 'Northwind Words' });
    expect(entry!.changes).toEqual([
      {
        field: 'accountManagerId',
        goal: null,
        tier: null,
        kind: 'user',
        before: managerA.userId,
        after: managerB.userId,
        names: { [managerA.userId]: managerA.name, [managerB.userId]: managerB.name },
      },
    ]);
    // Sending only the empty state again writes no entry at all.
    const again = await callEndpoint(
      t.app,
      staffEndpoints.updatePartner,
      { params: { id: p.partnerId }, body: { state: '' } },
      admin.token,
    );
    expectOk(again);
    expect(await readLog(admin.token, { entityType: 'partner', entityId: String(p.partnerId) })).toHaveLength(1);
  });

  it('a cap’s limit reads as money for a payout cap, on its offer by name', async () => {
    const offerId = await createOffer(t, { name: 'Capped Words', currency: 'USD', goals: [{ goal: 'sale', p1: { amount: 500 } }] }); // prettier-ignore
    const p = await createPartner(t, { accountManagerId: managerA.userId, companyName: 'Capped Partner' });
    const body = (limit: number) => [{ partnerId: p.partnerId, metric: 'payout' as const, period: 'month' as const, limit }]; // prettier-ignore
    expectOk(await callEndpoint(t.app, capsEndpoints.replace, { params: { id: offerId }, body: body(30_000) }, admin.token)); // prettier-ignore
    expectOk(await callEndpoint(t.app, capsEndpoints.replace, { params: { id: offerId }, body: body(40_000) }, admin.token)); // prettier-ignore
    const entries = await readLog(admin.token, { entityType: 'cap', partnerId: p.partnerId });
    const update = entries.find((e) => e.action === 'update')!;
    expect(update).toMatchObject({ parentName: 'Capped Words', partnerName: 'Capped Partner', currency: 'USD' });
    expect(update.changes).toEqual([expect.objectContaining({ field: 'limit', kind: 'money', before: 30_000, after: 40_000 })]); // prettier-ignore
    const create = entries.find((e) => e.action === 'create')!;
    expect(create.changes.find((line) => line.field === 'offerId')).toMatchObject({ kind: 'offer', names: { [offerId]: 'Capped Words' } }); // prettier-ignore
  });

  it('filters on entity and actor; the actor filter offers the staff whose entries the reader may read', async () => {
    const mine = await createPartner(t, { accountManagerId: managerA.userId, companyName: 'Filtered Partner' });
    expectOk(
      await callEndpoint(
        t.app,
        staffEndpoints.updatePartner,
        { params: { id: mine.partnerId }, body: { city: 'Lyon' } },
        managerA.token,
      ),
    );
    const byActor = await readLog(admin.token, { actorId: managerA.userId });
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((e) => e.actor?.id === managerA.userId)).toBe(true);
    const byBoth = await readLog(admin.token, { actorId: managerA.userId, entityType: 'offer' });
    expect(byBoth).toEqual([]);

    const actors = async (token: string) =>
      okBody(await callEndpoint(t.app, auditEndpoints.auditActors, {}, token)).data.map((a) => a.name);
    expect(await actors(admin.token)).toEqual(expect.arrayContaining([admin.name, managerA.name]));
    // Account manager B reads no entry of A's partners, so it is not offered A's or the admin's name for them.
    const seenByB = await actors(managerB.token);
    expect(seenByB).not.toContain(managerA.name);
    expect(await actors(managerA.token)).toContain(managerA.name);
  });
});

describe('mails to staff', () => {
  it('a cap alert: amounts in the offer’s currency, absolute links to the caps panel and the partner', async () => {
    const offerId = await createOffer(t, { name: 'Alert Offer', currency: 'EUR', goals: [{ goal: 'sale', p1: { amount: 500 } }] }); // prettier-ignore
    const p = await createPartner(t, { accountManagerId: managerA.userId, companyName: 'Alert Partner' });
    expectOk(
      await callEndpoint(
        t.app,
        capsEndpoints.replace,
        { params: { id: offerId }, body: [{ partnerId: p.partnerId, metric: 'payout', period: 'day', limit: 30_000 }] },
        admin.token,
      ),
    );
    const [cap] = await t.database.db.select().from(offerCaps).where(eq(offerCaps.offerId, offerId));
    // The cap's period as the cap set started it; 29 000 of 30 000 minor units crosses the alert threshold.
    const [usage] = await t.database.db.select().from(capUsage).where(eq(capUsage.capId, cap!.id));
    await t.database.db.transaction((tx) => alertCap(tx, cap!.id, usage!.periodStart, 29_000, clock.now()));
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'staff-cap-alert'));
    expect(mail!.text).toMatch(/used 290,00\s€ of 300,00\s€ \(10,00\s€ left\)/u);
    expect(mail!.text).not.toContain('29000');
    expect(mail!.text).toContain(`https://portal.example.test/staff/offers/${offerId}#caps`);
    expect(mail!.text).toContain(`https://portal.example.test/staff/partners/${p.partnerId}`);
  });

  it('a new registration: the answers in words, a link to the partner’s page', async () => {
    const body = await registrationPayload(t, {
      trafficSourceList: ['seo', 'push'],
      estimatedMonthlyRevenue: 'lt1k',
      geographicAreaList: ['europe'],
      country: 'DE',
    });
    expectOk(await callEndpoint(t.app, registerEndpoints.register, { body: body as never }, null));
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'registration'));
    expect(mail!.text).toContain('Traffic sources: SEO / Content, Push notifications');
    expect(mail!.text).toContain('Estimated monthly revenue: Less than €1,000');
    expect(mail!.text).toContain('Geographic areas: Europe');
    expect(mail!.text).toContain('Country: Germany');
    expect(mail!.text).not.toMatch(/\bseo\b|\blt1k\b/);
    expect(mail!.text).toMatch(/Review the request in the staff console: https:\/\/portal\.example\.test\/staff\/partners\/\d+$/m); // prettier-ignore
  });
});
