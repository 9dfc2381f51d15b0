/**
 * Decision 105 (issue 47, "traffic not wasted"): a click on an offer the partner may not run goes to the offer's
 * fallback, else the network's default one, counted as refused `approval_required`; the partners under a cap are told
 * at 80 % and at 100 % (a notification once per level and period, and a dashboard warning while it lasts); a partner
 * is told once a day of its refused clicks by offer and reason.
 */
import { and, eq } from 'drizzle-orm';
import {
  advertisersEndpoints,
  auditEndpoints,
  capsEndpoints,
  networkSettingsEndpoints,
  notificationsEndpoints,
  partnerCapsEndpoints,
  settingsEndpoints,
  staffOffersEndpoints,
  statisticsEndpoints,
  type TimezoneOffset,
  type EndpointDefinition,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, offers as offersTable } from '../src/db/schema.js';
import { sendRefusedDigests } from '../src/modules/refused-digest/index.js';
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
import { setAllOffersAccess } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

let t: TestApp;
// A winter Thursday, 09:00 in Paris.
const clock = testClock(new Date('2026-01-15T08:00:00Z'));
let admin: string;
let adminLogin: { email: string; password: string };
let productId: number;
let token: string;
let sequence = 0;
type Partner = { partnerId: number; token: string; email: string; password: string };

const call = <E extends EndpointDefinition>(endpoint: E, input: CallInput<E>, identity: string = admin) =>
  callEndpoint(t.app, endpoint, input, identity);

async function partner(timezone?: TimezoneOffset): Promise<Partner> {
  const p = await createPartner(t);
  await setAllOffersAccess(t, p.partnerId, true);
  const signedIn = { ...p, token: await login(t, p.email, p.password) };
  if (timezone) expectOk(await call(settingsEndpoints.setTimezone, { body: { timezone } }, signedIn.token));
  return signedIn;
}

/** dd/MM/yyyy HH:mm of a UTC instant moved by whole hours: what the partner's clock reads. */
const wallClock = (ms: number, hours: number) => {
  const iso = new Date(ms + hours * 3_600_000).toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
};

async function offer(extra: Record<string, unknown> = {}): Promise<number> {
  sequence += 1;
  const res = await call(staffOffersEndpoints.create, {
    body: {
      name: `Wasted Not ${sequence}`,
      productId,
      conversionType: 'cpl',
      defaultUrl: 'https://offer.example.com/?c={click_id}',
      goals: [{ goal: 'registration', revenueAmount: 800, payoutAmount: 400 }],
      ...extra,
    },
  });
  expectOk(res);
  return okBody(res).data.id;
}

const click = (offerId: number, p: { partnerId: number }, query = '') =>
  t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${p.partnerId}${query}` });

async function convert(offerId: number, p: Partner) {
  await t.app.tracking.buffer.flush();
  const c = await click(offerId, p);
  expect(c.statusCode, c.body).toBe(302);
  const clickId = new URL(c.headers.location as string).searchParams.get('c')!;
  const res = await t.app.inject({
    method: 'GET',
    url: `/postback?${new URLSearchParams({ token, click_id: clickId, goal: 'registration' })}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { status: string; reason: string | null };
}

const notificationsOf = async (p: Partner, kind: string) =>
  okBody(await call(notificationsEndpoints.list, { query: { count: 100 } }, p.token)).data.items.filter(
    (n) => n.kind === kind,
  );

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  await goalsWithoutFloor(t, ['registration']); // the conversion rules are on (decision 109)
  adminLogin = await createStaff(t, 'ROLE_ADMIN');
  admin = await login(t, adminLogin.email, adminLogin.password);
  const advertiser = okBody(await call(advertisersEndpoints.create, { body: { name: 'Waste Ads' } })).data;
  token = advertiser.securityToken;
  const product = okBody(await call(advertisersEndpoints.createProduct, { params: { id: advertiser.id }, body: { identifier: `waste-${advertiser.id}`, type: 'web', domain: 'offer.example.com' } })).data; // prettier-ignore
  productId = product.id;
}, 120_000);
afterAll(async () => t?.close());

describe('the network default fallback (decision 105)', () => {
  it('sends an unapproved partner’s visitor to the network default when the offer has none, the offer’s own first', async () => {
    const p = await partner();
    const offerId = await offer({ requireApproval: true });
    // No fallback anywhere: the refusal page.
    expect((await click(offerId, p)).statusCode).toBe(403);

    // Staff read it; only admins set it; a bad URL or an unknown macro is refused field by field.
    const manager = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const managerToken = await login(t, manager.email, manager.password);
    expect(okBody(await call(networkSettingsEndpoints.traffic, {}, managerToken)).data).toEqual({ defaultFallbackUrl: null }); // prettier-ignore
    expectError(await call(networkSettingsEndpoints.updateTraffic, { body: { defaultFallbackUrl: 'https://x.example/' } }, managerToken), 403); // prettier-ignore
    expectError(await call(networkSettingsEndpoints.updateTraffic, { body: { defaultFallbackUrl: 'ftp://x.example/' } }), 400); // prettier-ignore
    expectError(await call(networkSettingsEndpoints.updateTraffic, { body: { defaultFallbackUrl: 'https://x.example/?a={nope}' } }), 400); // prettier-ignore
    expectError(await call(networkSettingsEndpoints.traffic, {}, p.token), 403);

    const saved = await call(networkSettingsEndpoints.updateTraffic, {
      body: { defaultFallbackUrl: 'https://network.example/more?s={subid}&o={offer_id}' },
    });
    expectOk(saved);
    expect(okBody(saved).data).toEqual({ defaultFallbackUrl: 'https://network.example/more?s={subid}&o={offer_id}' });
    const audit = okBody(
      await call(auditEndpoints.auditLog, { query: { entityType: 'network_setting', entityId: 'traffic' } }),
    ).data;
    expect(audit).toContainEqual(expect.objectContaining({ entityId: 'traffic', action: 'update' }));

    const res = await click(offerId, p, '&subid=b7');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`https://network.example/more?s=b7&o=${offerId}`);

    // The offer's own fallback wins over the network's.
    await t.database.db
      .update(offersTable)
      .set({ fallbackUrl: 'https://own.example/?s={subid}' })
      .where(eq(offersTable.id, offerId));
    t.app.tracking.contexts.clear();
    expect((await click(offerId, p, '&subid=b8')).headers.location).toBe('https://own.example/?s=b8');

    await t.app.tracking.buffer.flush();
    const day = { startDate: '2026-01-15', endDate: '2026-01-15' };
    expect(okBody(await call(statisticsEndpoints.refused, { query: day }, p.token)).data).toEqual([
      { reason: 'approval_required', offerId, clicks: 3 },
    ]);

    // Cleared: the refusal page again for an offer without its own.
    expectOk(await call(networkSettingsEndpoints.updateTraffic, { body: { defaultFallbackUrl: null } }));
    const bare = await offer({ requireApproval: true });
    expect((await click(bare, p)).statusCode).toBe(403);
  });
});

describe('cap notifications at 80 % and 100 % (decision 105)', () => {
  it('tells the partner of its own conversion cap once at 80 % and once at 100 %, and warns on the dashboard', async () => {
    // The partner reads its times at GMT+05:00: the cap's Paris midnight is written on that clock (decision 112).
    const p = await partner('+05:00');
    const offerId = await offer();
    expectOk(await call(capsEndpoints.replace, { params: { id: offerId }, body: [{ partnerId: p.partnerId, metric: 'conversions', period: 'day', limit: 5 }] })); // prettier-ignore
    const warnings = async () => okBody(await call(partnerCapsEndpoints.warnings, {}, p.token)).data;

    for (let i = 0; i < 3; i++) expect((await convert(offerId, p)).status).toBe('approved');
    expect(await notificationsOf(p, 'cap_reached')).toEqual([]);
    expect(await warnings()).toEqual([]);

    await convert(offerId, p); // 4 of 5: 80 %
    let told = await notificationsOf(p, 'cap_reached');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: expect.stringContaining('Cap at 80 %'), link: `/offer/${offerId}` });
    expect(told[0]!.body).toContain('4 of 5 (1 left)');
    // Midnight in Paris (23:00 UTC in winter) is 04:00 the next day at GMT+05:00.
    expect(told[0]!.body).toContain('It starts again at midnight Paris time: 16/01/2026 04:00 (GMT+05:00).');
    expect(await warnings()).toEqual([
      expect.objectContaining({ offerId, scope: 'partner', metric: 'conversions', period: 'day', percent: 80, limit: 5, remaining: 1, resetsAt: '2026-01-15T23:00:00.000Z' }), // prettier-ignore
    ]);

    await convert(offerId, p); // 5 of 5: 100 %
    told = await notificationsOf(p, 'cap_reached');
    expect(told.map((n) => n.title)).toEqual([expect.stringContaining('Cap reached'), expect.stringContaining('Cap at 80 %')]); // prettier-ignore
    expect((await warnings())[0]).toMatchObject({ percent: 100, remaining: 0 });

    // The clicks' flush reads the full cap back: nobody is told twice.
    await t.app.tracking.buffer.flush();
    expect(await notificationsOf(p, 'cap_reached')).toHaveLength(2);

    // Another partner is under none of this partner's caps.
    const other = await partner();
    expect(okBody(await call(partnerCapsEndpoints.warnings, {}, other.token)).data).toEqual([]);
    expect(await notificationsOf(other, 'cap_reached')).toEqual([]);

    // The next Paris day starts the cap again: no warning.
    clock.advance(86_400_000);
    p.token = await login(t, p.email, p.password);
    admin = await login(t, adminLogin.email, adminLogin.password);
    expect(await warnings()).toEqual([]);
  });

  it('tells the partners running an offer of its offer-wide click cap, with the percent only', async () => {
    const runs = await partner();
    const idle = await partner();
    const offerId = await offer();
    expectOk(await call(capsEndpoints.replace, { params: { id: offerId }, body: [{ partnerId: null, metric: 'clicks', period: 'day', limit: 10 }] })); // prettier-ignore
    for (let i = 0; i < 8; i++) {
      await t.app.tracking.buffer.flush();
      expect((await click(offerId, runs)).statusCode).toBe(302);
    }
    await t.app.tracking.buffer.flush();
    const told = await notificationsOf(runs, 'cap_reached');
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toContain('Cap at 80 %');
    expect(told[0]!.body).toContain('80 % full');
    expect(told[0]!.body).not.toMatch(/\b8\b|\b10\b/);
    expect(await notificationsOf(idle, 'cap_reached')).toEqual([]);
    const warning = okBody(await call(partnerCapsEndpoints.warnings, {}, runs.token)).data;
    expect(warning).toEqual([expect.objectContaining({ offerId, scope: 'offer', metric: 'clicks', percent: 80, limit: null, remaining: null })]); // prettier-ignore
    expect(okBody(await call(partnerCapsEndpoints.warnings, {}, idle.token)).data).toEqual([]);

    for (let i = 0; i < 2; i++) {
      await t.app.tracking.buffer.flush();
      expect((await click(offerId, runs)).statusCode).toBe(302);
    }
    await t.app.tracking.buffer.flush();
    expect((await notificationsOf(runs, 'cap_reached')).map((n) => n.title)[0]).toContain('Cap reached');
  });

  it('refuses the warnings to staff and anonymous callers', async () => {
    expectError(await call(partnerCapsEndpoints.warnings, {}), 403);
    expectError(await callEndpoint(t.app, partnerCapsEndpoints.warnings, {}, null), 401);
  });
});

describe('the daily notification of refused clicks (decision 105)', () => {
  it('tells each partner once a day of the day before, by offer and reason, never naming an offer it cannot see', async () => {
    const p = await partner('-05:00');
    const q = await partner();
    await setAllOffersAccess(t, q.partnerId, false);
    const approval = await offer({ requireApproval: true, name: 'Royal Spin Digest' });
    const hidden = await offer({ private: true });
    for (let i = 0; i < 3; i++) await click(approval, p);
    await click(hidden, p);
    await click(approval, q);
    await t.app.tracking.buffer.flush();
    const run = () => sendRefusedDigests(t.database.db, { now: clock.now(), publicUrl: 'https://portal.example' });
    const clicked = clock.now();
    const dayShown = `${String(clicked.getUTCDate()).padStart(2, '0')}/${String(clicked.getUTCMonth() + 1).padStart(2, '0')}/${clicked.getUTCFullYear()}`; // prettier-ignore

    // The day is not over: nothing told of it.
    await run();
    expect(await notificationsOf(p, 'clicks_refused')).toEqual([]);
    // The next morning (a winter day: Paris is UTC+1), 06:59 Paris: before the digest hour.
    const next = Date.UTC(clicked.getUTCFullYear(), clicked.getUTCMonth(), clicked.getUTCDate() + 1, 5, 59);
    clock.advance(next - clicked.getTime());
    expect(await run()).toBe(0);
    // 07:10 Paris: the day before is told.
    clock.advance(11 * 60_000);
    expect(await run()).toBeGreaterThanOrEqual(2);
    p.token = await login(t, p.email, p.password);
    const told = await notificationsOf(p, 'clicks_refused');
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(`4 clicks refused on ${dayShown}`);
    // The Paris day, and its span on the partner's GMT-05:00 clock (decision 112): Paris midnight is 18:00 there.
    const parisMidnight = Date.UTC(clicked.getUTCFullYear(), clicked.getUTCMonth(), clicked.getUTCDate()) - 3_600_000;
    expect(told[0]!.body).toContain(
      `on ${dayShown}, Paris time (${wallClock(parisMidnight, -5)} to ${wallClock(parisMidnight + 86_400_000, -5)} GMT-05:00)`,
    );
    expect(told[0]!.body).toContain(`- Royal Spin Digest (#${approval}): 3 clicks, not approved for this offer`);
    expect(told[0]!.body).toContain('- An offer you cannot see: 1 click, offer not available');
    expect(told[0]!.link).toBe('/reports/click');
    // Once a day, whatever the runs.
    expect(await run()).toBe(0);
    expect(await notificationsOf(p, 'clicks_refused')).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.partnerId, q.partnerId), eq(notifications.kind, 'clicks_refused')));
    expect(rows).toHaveLength(1);
  });
});
