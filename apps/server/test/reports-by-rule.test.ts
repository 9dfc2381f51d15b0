import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkReportsEndpoints, type NetworkReportRow } from '@portal/contracts';
import { rowsOf } from '../src/db/bulk.js';
import { offers } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { advertiserTokenOf, createOffer, setAllOffersAccess } from './offer-fixtures.js';

/**
 * Decision 109: staff reports count clicks flagged and conversions held or refused by rule, from their hourly rollup
 * (`flagged_hourly`), placed as refused clicks are (decision 106). The oracle is the raw rows: `clicks.flags` and
 * `conversions.signals`.
 */
describe('staff reports by traffic rule (decision 109)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-03-10T10:00:00Z'));
  let admin: string;
  let manager: string;
  let offerId: number;
  let token: string;
  const partners: number[] = [];

  type ReportInput = CallInput<typeof networkReportsEndpoints.report>;
  const reportRows = async (params: ReportInput['params'], query: ReportInput['query'], as = admin) =>
    okBody(await callEndpoint(t.app, networkReportsEndpoints.report, { params, query }, as)).data;

  const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0.0.0 Safari/537.36';
  async function click(partnerId: number, ip: string, userAgent = BROWSER): Promise<string | null> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/click?offer_id=${offerId}&aff_id=${partnerId}`,
      headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
    });
    const location = String(res.headers.location ?? '');
    return location.startsWith('https://shop.example.com/') ? new URL(location).searchParams.get('cid') : null;
  }
  async function convert(clickId: string, fields: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/postback?${new URLSearchParams({ token, click_id: clickId, goal: 'registration', ...fields })}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string; reason?: string };
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now, config: { trustProxy: true, conversionRules: true } });
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = await login(t, a.email, a.password);
    const m = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    manager = await login(t, m.email, m.password);
    offerId = await createOffer(t, { name: 'Rules offer', goals: [{ goal: 'registration', p1: { amount: 300 } }] });
    await t.database.db.update(offers).set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' }).where(eq(offers.id, offerId)); // prettier-ignore
    token = await advertiserTokenOf(t, offerId);
    for (const accountManagerId of [m.userId, null]) {
      const p = await createPartner(t, { accountManagerId });
      await setAllOffersAccess(t, p.partnerId, true);
      partners.push(p.partnerId);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('counts flagged clicks and held or refused conversions per rule, equal to the raw rows, in scope', async () => {
    const [p0, p1] = partners as [number, number];
    // Clicks: clean, from a data centre (flagged), from a data centre with no user agent (two rules), a bot's
    // (refused, counted as refused traffic only).
    const clean = await click(p0, '90.0.0.1');
    const cleanLater = await click(p1, '90.0.0.2');
    const tooSoon = await click(p1, '90.0.0.3');
    const fromCloud = await click(p0, '51.38.10.1');
    await click(p1, '54.36.1.1', '');
    expect(await click(p0, '90.0.0.4', 'curl/8.5.0')).toBeNull();
    // Conversions: one at once (too fast), then 20 s later a clean one, one from another country, one on the flagged
    // click (two signals: a flagged click, from another country).
    expect((await convert(tooSoon!)).status).toBe('pending');
    clock.advance(20_000);
    expect((await convert(clean!, { country: 'FR' })).status).toBe('approved');
    expect((await convert(cleanLater!, { country: 'VN' })).status).toBe('pending');
    expect((await convert(fromCloud!, { country: 'DE' })).status).toBe('pending');
    await t.app.tracking.buffer.flush();

    // The oracle: each rule in the raw rows, per partner.
    const rawClicks = rowsOf<{ partner_id: number; flags: string }>(
      await t.database.db.execute(sql`select partner_id, flags from clicks where flags is not null and flags <> ''`),
    );
    const rawConversions = rowsOf<{ partner_id: number; signals: string }>(
      await t.database.db.execute(sql`select partner_id, signals from conversions where signals is not null and signals <> ''`), // prettier-ignore
    );
    const byRule = (rows: { partner_id: number; list: string }[], partnerId?: number) => {
      const counts = new Map<string, number>();
      for (const r of rows)
        if (partnerId === undefined || r.partner_id === partnerId)
          for (const rule of r.list.split(',')) counts.set(rule, (counts.get(rule) ?? 0) + 1);
      return Object.fromEntries(counts);
    };
    const clickRules = (partnerId?: number) => byRule(rawClicks.map((r) => ({ partner_id: r.partner_id, list: r.flags })), partnerId); // prettier-ignore
    const conversionRules = (partnerId?: number) => byRule(rawConversions.map((r) => ({ partner_id: r.partner_id, list: r.signals })), partnerId); // prettier-ignore
    const asMap = (list: { rule: string; clicks?: number; conversions?: number }[] | undefined) =>
      Object.fromEntries((list ?? []).map((r) => [r.rule, r.clicks ?? r.conversions]));
    expect(clickRules()).toEqual({ dataCentre: 2, missingUserAgent: 1 });
    expect(conversionRules()).toEqual({ tooFast: 1, countryMismatch: 2, flaggedClick: 1 });

    const today = { range: 'today' } as const;
    const byPartner = await reportRows({ breakdown: 'partner' }, today);
    for (const partnerId of [p0, p1]) {
      const row = byPartner.find((r) => r.key === String(partnerId))!;
      expect(asMap(row.flaggedClicksByRule)).toEqual(clickRules(partnerId));
      expect(asMap(row.flaggedConversionsByRule)).toEqual(conversionRules(partnerId));
      expect(row.flaggedClicks).toBe(rawClicks.filter((r) => r.partner_id === partnerId).length);
      expect(row.flaggedConversions).toBe(rawConversions.filter((r) => r.partner_id === partnerId).length);
    }
    const totals = byPartner.at(-1)!;
    expect(totals).toMatchObject({ flaggedClicks: 2, flaggedConversions: 3, refusedByReason: [{ reason: 'bot', clicks: 1 }] }); // prettier-ignore
    expect(asMap(totals.flaggedClicksByRule)).toEqual(clickRules());
    expect(asMap(totals.flaggedConversionsByRule)).toEqual(conversionRules());
    // Most first.
    expect(totals.flaggedConversionsByRule![0]).toEqual({ rule: 'countryMismatch', conversions: 2 });

    // Every placeable breakdown sums to the same, nested rows too.
    const sum = (rows: NetworkReportRow[], field: 'flaggedClicks' | 'flaggedConversions') =>
      rows.filter((r) => !r.isTotal).reduce((n, r) => n + (r[field] ?? 0), 0);
    for (const breakdown of ['offer', 'advertiser', 'manager', 'day', 'hour'] as const) {
      const rows = await reportRows({ breakdown }, today);
      expect([sum(rows, 'flaggedClicks'), sum(rows, 'flaggedConversions')], breakdown).toEqual([2, 3]);
    }
    const nested = await reportRows({ breakdown: 'partner' }, { ...today, then: 'hour' });
    const p1Row = nested.find((r) => r.key === String(p1))!;
    expect(asMap(p1Row.children![0]!.flaggedConversionsByRule)).toEqual(conversionRules(p1));

    // An account manager sees its partner's only; a partner filter narrows; a country breakdown cannot place them.
    const managers = (await reportRows({ breakdown: 'partner' }, today, manager)).at(-1)!;
    expect(asMap(managers.flaggedClicksByRule)).toEqual(clickRules(p0));
    expect(asMap(managers.flaggedConversionsByRule)).toEqual(conversionRules(p0));
    const filtered = (await reportRows({ breakdown: 'day' }, { ...today, partnerId: [p1] })).at(-1)!;
    expect(asMap(filtered.flaggedConversionsByRule)).toEqual(conversionRules(p1));
    expect((await reportRows({ breakdown: 'country' }, today)).at(-1)!.flaggedClicks).toBeUndefined();
  });
});
