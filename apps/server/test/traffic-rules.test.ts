import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TRAFFIC_RULES, statisticsEndpoints, trafficEndpoints } from '@portal/contracts';
import { auditLog, clicks, ipVelocity, offers } from '../src/db/schema.js';
import { VelocityCounter, syncVelocity } from '../src/modules/traffic/index.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  expectError,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { createOffer } from './offer-fixtures.js';

/**
 * Issue 48 (decision 083): the traffic rules, per network and per offer, and the blocklists of every kind with their
 * expiry and scope, as /click applies them; refused clicks go to the fallback and reach the partner's refused panel
 * by rule, never with a threshold.
 */
let t: TestApp;
const clock = testClock(new Date('2026-06-10T10:00:05Z'));
let admin: string;
let manager: string;
let partner: Awaited<ReturnType<typeof createPartner>>;
let otherPartner: Awaited<ReturnType<typeof createPartner>>;
let offerId: number;
let otherOfferId: number;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/137.0 Safari/537.36';

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, config: { trustProxy: true } });
  const a = await createStaff(t, 'ROLE_ADMIN');
  admin = await login(t, a.email, a.password);
  const m = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  manager = await login(t, m.email, m.password);
  partner = await createPartner(t);
  otherPartner = await createPartner(t);
  offerId = await createOffer(t, { name: 'Trusted traffic', goals: [{ goal: 'sale', p1: { amount: 100 } }] });
  otherOfferId = await createOffer(t, { name: 'Other traffic', goals: [{ goal: 'sale', p1: { amount: 100 } }] });
  await t.database.db
    .update(offers)
    .set({ fallbackUrl: 'https://fallback.example.com/?s={subid}' })
    .where(eq(offers.id, offerId));
  // Every country: the addresses below are from several.
  await t.database.db.update(offers).set({ geoTargeting: false });
});
afterAll(async () => t?.close());

type T = typeof trafficEndpoints;
const call = <K extends keyof T>(key: K, input: CallInput<T[K]>, token = admin) =>
  callEndpoint(t.app, trafficEndpoints[key], input, token);

const click = (
  query: string,
  ip = '90.0.0.1',
  userAgent: string | undefined = CHROME,
  offer = offerId,
  aff = partner.partnerId,
) =>
  t.app.inject({
    method: 'GET',
    url: `/click?offer_id=${offer}&aff_id=${aff}&${query}`,
    headers: { 'x-forwarded-for': ip, ...(userAgent === undefined ? {} : { 'user-agent': userAgent }) },
  });

describe('traffic rules (decision 083)', () => {
  it('start with the defaults, and a PUT per network and per offer is audited and applied at once', async () => {
    expect(okBody(await call('rules', {})).data).toEqual({ network: DEFAULT_TRAFFIC_RULES, offers: [] });
    // A bot is refused by default, to the fallback; a data-centre address is taken, flagged.
    const bot = await click('subid=b', '90.0.0.1', 'curl/8.5.0');
    expect(bot.statusCode).toBe(302);
    expect(bot.headers.location).toBe('https://fallback.example.com/?s=b');
    expect((await click('subid=dc', '3.5.6.7')).headers.location).toMatch(/^https:\/\/fixture\.example\.com/);
    await t.app.tracking.buffer.flush();
    const [flagged] = await t.database.db.select({ flags: clicks.flags }).from(clicks).where(eq(clicks.subid, 'dc'));
    expect(flagged?.flags).toBe('dataCentre');

    // Account managers read the rules, never set them.
    expectError(await call('setRules', { body: { ...DEFAULT_TRAFFIC_RULES, dataCentre: 'refuse' } }, manager), 403);
    const bad = await call('setRules', {
      body: { ...DEFAULT_TRAFFIC_RULES, bot: 'block' as never, velocityPerMinute: 0 },
    });
    expect(Object.keys(errorBody(bad, 400).errors ?? {}).sort()).toEqual(['bot', 'velocityPerMinute']);
    expectError(await call('setRules', { body: { ...DEFAULT_TRAFFIC_RULES, bot: null } }), 400);
    expectError(await call('setRules', { body: { offerId: 999_999, bot: 'allow', missingUserAgent: null, dataCentre: null, velocity: null, velocityPerMinute: null } }), 404); // prettier-ignore

    await call('setRules', { body: { ...DEFAULT_TRAFFIC_RULES, dataCentre: 'refuse' } });
    const own = { offerId: otherOfferId, bot: 'allow', missingUserAgent: null, dataCentre: 'allow', velocity: null, velocityPerMinute: 2 } as const; // prettier-ignore
    const view = okBody(await call('setRules', { body: own })).data;
    expect(view.network.dataCentre).toBe('refuse');
    // The conversion rules (decision 101), left out of the PUT, follow the network (null).
    const conversionRules = { tooFast: null, countryMismatch: null, ipConversions: null, duplicateTransaction: null, conversionRateSpike: null, flaggedClick: null, conversionsPerIpPerDay: null }; // prettier-ignore
    expect(view.offers).toEqual([{ offerId: otherOfferId, offerName: 'Other traffic', overrides: { ...own, ...conversionRules, offerId: undefined } }].map(({ overrides: { offerId: _, ...o }, ...rest }) => ({ ...rest, overrides: o }))); // prettier-ignore

    // The network's rule on one offer, the offer's override on the other.
    const refused = await click('subid=dc2', '3.5.6.7');
    expect(refused.headers.location).toBe('https://fallback.example.com/?s=dc2');
    const otherOffer = (ip: string, ua = CHROME) => click('', ip, ua, otherOfferId);
    expect((await otherOffer('3.5.6.7')).statusCode).toBe(302);
    expect((await otherOffer('90.0.0.9', 'curl/8.5.0')).headers.location).toMatch(/fixture/);
    // Velocity: over 2 a minute on that offer (no fallback there: 403 with the error object).
    expect((await otherOffer('90.0.0.7')).statusCode).toBe(302);
    expect((await otherOffer('90.0.0.7')).statusCode).toBe(302);
    const flood = await otherOffer('90.0.0.7');
    expect(flood.statusCode).toBe(403);
    expect(flood.json()).toMatchObject({ message: 'Too many clicks from this address. Please try again later.' });

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'traffic_rules')).orderBy(auditLog.id); // prettier-ignore
    expect(audits.map((a) => [a.entityId, a.changes])).toEqual([
      ['network', [{ field: 'dataCentre', before: 'flag', after: 'refuse' }]],
      [String(otherOfferId), [
        { field: 'bot', before: null, after: 'allow' },
        { field: 'dataCentre', before: null, after: 'allow' },
        { field: 'velocityPerMinute', before: null, after: 2 },
      ]],
    ]); // prettier-ignore
    // All null removes the override.
    const cleared = { offerId: otherOfferId, bot: null, missingUserAgent: null, dataCentre: null, velocity: null, velocityPerMinute: null }; // prettier-ignore
    expect(okBody(await call('setRules', { body: cleared })).data.offers).toEqual([]);
    await call('setRules', { body: DEFAULT_TRAFFIC_RULES });
  });
});

describe('velocity across processes (decision 102)', () => {
  it('counts another process’s clicks from an address once either flushes, and writes nothing for one click', async () => {
    await call('setRules', { body: { offerId: otherOfferId, bot: null, missingUserAgent: null, dataCentre: null, velocity: 'refuse', velocityPerMinute: 3 } }); // prettier-ignore
    const now = clock.now().getTime();
    // Another process saw 90.0.0.8 twice on the offer this minute, and 90.0.0.11 once, and flushed.
    const other = new VelocityCounter();
    other.hit(otherOfferId, '90.0.0.8', now);
    other.hit(otherOfferId, '90.0.0.8', now);
    other.hit(otherOfferId, '90.0.0.11', now);
    const settle = await t.database.db.transaction((tx) => syncVelocity(tx, other, now));
    settle();
    const rows = await t.database.db.select().from(ipVelocity).where(eq(ipVelocity.offerId, otherOfferId));
    // 90.0.0.11's one click is never written.
    expect(rows.filter((r) => r.ip !== '90.0.0.7').map((r) => [r.ip, r.clicks])).toEqual([['90.0.0.8', 2]]);

    const here = (ip: string) => click('', ip, CHROME, otherOfferId);
    expect((await here('90.0.0.8')).statusCode).toBe(302);
    expect((await here('90.0.0.8')).statusCode).toBe(302);
    // This process's batch adds its 2 and reads back 4: over 3 a minute.
    await t.app.tracking.buffer.flush();
    expect((await here('90.0.0.8')).statusCode).toBe(403);
    // 90.0.0.11: one click there, three here, the limit: taken (the single click was never written).
    for (let i = 0; i < 3; i++) expect((await here('90.0.0.11')).statusCode).toBe(302);
    const cleared = { offerId: otherOfferId, bot: null, missingUserAgent: null, dataCentre: null, velocity: null, velocityPerMinute: null }; // prettier-ignore
    await call('setRules', { body: cleared });
  });
});

describe('blocklists (decision 083)', () => {
  it('refuse by every kind, in their scope, until they expire, and are audited', async () => {
    const add = (body: CallInput<T['addBlock']>['body'], token = admin) => call('addBlock', { body }, token);
    const bad = await add({ kind: 'ip', value: '300.1.1.1' });
    expect(Object.keys(errorBody(bad, 400).errors ?? {})).toEqual(['value']);
    expect(Object.keys(errorBody(await add({ kind: 'asn', value: 'amazon' }), 400).errors ?? {})).toEqual(['value']);
    // Network-wide entries are the administrators' and team managers'; an account manager blocks for its partners.
    expectError(await add({ kind: 'subid', value: 'x' }, manager), 403);
    expectError(await add({ kind: 'subid', value: 'x', partnerId: partner.partnerId }, manager), 404);

    const entries = [
      await add({ kind: 'ip', value: '90.1.0.0/16', note: 'Click farm' }),
      await add({ kind: 'asn', value: 'AS16509', offerId }),
      await add({ kind: 'subid', value: 'junk', offerId, partnerId: partner.partnerId }),
      await add({ kind: 'tc3', value: 'bad-ad', partnerId: partner.partnerId }),
      await add({ kind: 'user_agent', value: 'FakeBrowser', expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() }), // prettier-ignore
    ].map((r) => okBody(r).data);
    expect(entries[1]).toMatchObject({ kind: 'asn', value: '16509', offer: { id: offerId, name: 'Trusted traffic' }, partner: null }); // prettier-ignore
    expect(entries[0]).toMatchObject({ note: 'Click farm', createdBy: 'staff', expired: false });

    const where = async (query: string, ip = '90.0.0.1', ua = CHROME, offer = offerId, aff = partner.partnerId) =>
      (await click(query, ip, ua, offer, aff)).headers.location as string | undefined;
    expect(await where('subid=a', '90.1.3.4')).toBe('https://fallback.example.com/?s=a');
    await call('setRules', { body: { ...DEFAULT_TRAFFIC_RULES, dataCentre: 'allow' } });
    // Any address AS16509 announces (the offline ASN table, decision 102), on that offer only.
    expect(await where('subid=b', '3.0.0.1')).toBe('https://fallback.example.com/?s=b');
    expect(await where('subid=b2', '52.94.0.1')).toBe('https://fallback.example.com/?s=b2');
    expect(await where('subid=b', '3.0.0.1', CHROME, otherOfferId)).toMatch(/fixture/);
    expect(await where('subid=junk')).toBe('https://fallback.example.com/?s=junk');
    expect(await where('subid=junk', '90.0.0.1', CHROME, offerId, otherPartner.partnerId)).toMatch(/fixture/);
    expect(await where('subid=c&tc3=bad-ad')).toBe('https://fallback.example.com/?s=c');
    expect(await where('subid=d', '90.0.0.1', `${CHROME} FakeBrowser/2`)).toBe('https://fallback.example.com/?s=d');
    // The user-agent entry expires after a minute (the context is reloaded after its 5 s).
    clock.advance(61_000);
    t.app.tracking.contexts.clear();
    expect(await where('subid=e', '90.0.0.1', `${CHROME} FakeBrowser/2`)).toMatch(/fixture/);
    const listed = okBody(await call('blocklists', { query: { kind: 'user_agent' } })).data;
    expect(listed).toEqual([expect.objectContaining({ value: 'FakeBrowser', expired: true })]);
    expect(okBody(await call('blocklists', { query: {} }, manager)).data.map((e) => e.kind).sort()).toEqual(['asn', 'ip', 'user_agent']); // prettier-ignore

    // Removed: the sub-ID goes through again.
    expectError(await call('removeBlock', { params: { id: entries[2]!.id } }, manager), 404);
    okBody(await call('removeBlock', { params: { id: entries[2]!.id } }));
    expect(await where('subid=junk')).toMatch(/fixture/);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'blocklist')).orderBy(auditLog.id); // prettier-ignore
    expect(audits.map((a) => a.action)).toEqual(['create', 'create', 'create', 'create', 'create', 'delete']);
    expect(audits[2]).toMatchObject({ partnerId: partner.partnerId, parentId: String(offerId) });

    // The partner's refused panel names each rule and list, never a threshold.
    await t.app.tracking.buffer.flush();
    const token = await login(t, partner.email, partner.password);
    const refused = okBody(
      await callEndpoint(t.app, statisticsEndpoints.refused, { query: { startDate: '2026-06-10', endDate: '2026-06-10' } }, token), // prettier-ignore
    ).data;
    const reasons = new Set(refused.map((r) => r.reason));
    for (const reason of [
      'bot',
      'data_centre',
      'blocked_ip',
      'blocked_asn',
      'blocked_subid',
      'blocked_tracking_code',
      'blocked_user_agent',
    ] as const)
      // prettier-ignore
      expect(reasons.has(reason), `${reason} in ${JSON.stringify(refused)}`).toBe(true);
  });

  it('lets a partner block its own sub-IDs on an offer it sees, and no one else’s', async () => {
    const token = await login(t, otherPartner.email, otherPartner.password);
    const block = (id = offerId) =>
      call('partnerBlockSubid', { params: { id }, body: { subid: 'no-sales', note: 'placement B' } }, token);
    const blocked = okBody(await block()).data;
    expect(blocked).toMatchObject({ subid: 'no-sales', note: 'placement B' });
    expect(okBody(await call('partnerBlockedSubids', { params: { id: offerId } }, token)).data).toHaveLength(1);
    expectError(await block(999_999), 404);
    const from = (aff: number) => click('subid=no-sales', '90.0.0.1', CHROME, offerId, aff);
    expect((await from(otherPartner.partnerId)).headers.location).toBe('https://fallback.example.com/?s=no-sales');
    expect((await from(partner.partnerId)).headers.location).toMatch(/fixture/);
    // Staff see it as the partner's; the partner's own list is only its own.
    expect(okBody(await call('blocklists', { query: { partnerId: otherPartner.partnerId } })).data).toEqual([
      expect.objectContaining({ kind: 'subid', value: 'no-sales', createdBy: 'partner' }),
    ]);
    const first = await login(t, partner.email, partner.password);
    expectError(await call('partnerUnblockSubid', { params: { id: offerId, blockId: blocked.id } }, first), 404);
    okBody(await call('partnerUnblockSubid', { params: { id: offerId, blockId: blocked.id } }, token));
    expect((await from(otherPartner.partnerId)).headers.location).toMatch(/fixture/);
  });
});
