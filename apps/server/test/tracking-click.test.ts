import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../src/db/bulk.js';
import { clicks, offers, partners, rejectedClicksHourly, statsHourly } from '../src/db/schema.js';
import { dailyStats } from '../src/modules/rollups/index.js';
import { buildTestApp, createPartner, expectErrorObject, testClock, type TestApp } from './helper.js';
import { createApplication, createOffer, setAllOffersAccess } from './offer-fixtures.js';

let t: TestApp;
// Mid-afternoon UTC, so that the day-boundary test can walk across midnight in a few hours.
const clock = testClock(new Date('2026-03-10T21:10:00Z'));
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
});
afterAll(async () => t?.close());

const click = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/click?${query}`, headers, remoteAddress: '203.0.113.7' });

async function clickCount() {
  await t.app.tracking.buffer.flush();
  const [row] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(clicks);
  return row?.n ?? 0;
}

async function rejectedCount(reason: string) {
  await t.app.tracking.buffer.flush();
  const [row] = await t.database.db
    .select({ n: sql<number>`coalesce(sum(${rejectedClicksHourly.count}), 0)`.mapWith(Number) })
    .from(rejectedClicksHourly)
    .where(eq(rejectedClicksHourly.reason, reason));
  return row?.n ?? 0;
}

async function landingOffer(spec: Parameters<typeof createOffer>[1] = { name: 'Landing' }) {
  const id = await createOffer(t, spec);
  await t.database.db
    .update(offers)
    .set({
      defaultUrl:
        'https://shop.example.com/go?cid={click_id}&o={offer_id}&a={aff_id}&s={subid}&t={tc1}-{tc2}-{tc3}-{tc4}',
    })
    .where(eq(offers.id, id));
  return id;
}

describe('GET /click', () => {
  it('redirects to the offer URL with every macro URL-encoded, and records the click', async () => {
    const partner = await createPartner(t);
    const offerId = await landingOffer();
    const res = await click(
      `offer_id=${offerId}&aff_id=${partner.partnerId}&subid=a b%26c&tc1=x/y&tc2=%C3%A9&tc4=4&url=https://evil.example`,
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) ClickTest/1.0', referer: 'https://blog.example.org/post' },
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(res.headers.location as string);
    expect(location.origin + location.pathname).toBe('https://shop.example.com/go');
    const clickId = location.searchParams.get('cid')!;
    expect(clickId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.headers.location).toBe(
      `https://shop.example.com/go?cid=${clickId}&o=${offerId}&a=${partner.partnerId}&s=a%20b%26c&t=x%2Fy-%C3%A9--4`,
    );

    await t.app.tracking.buffer.flush();
    const [row] = await t.database.db.select().from(clicks).where(eq(clicks.clickId, clickId));
    expect(row).toMatchObject({
      offerId,
      partnerId: partner.partnerId,
      subid: 'a b&c',
      tc1: 'x/y',
      tc2: 'é',
      tc3: null,
      tc4: '4',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) ClickTest/1.0',
      referrer: 'https://blog.example.org/post',
    });
    expect(row?.createdAt.toISOString()).toBe(clock.now().toISOString());
  });

  it('accepts traffic-source macros unencoded in the query and records them as they came (decision 033)', async () => {
    // A link with macros the platform did not fill in (a preview, a misconfigured ad) is still a click.
    const partner = await createPartner(t);
    const offerId = await landingOffer();
    const res = await click(
      `offer_id=${offerId}&aff_id=${partner.partnerId}&subid={{ad.id}}&tc1=\${zoneid}&tc2={gclid}&tc3=__CID__&tc4=fb_{{adset.id}}`,
    );
    expect(res.statusCode).toBe(302);
    const clickId = new URL(res.headers.location as string).searchParams.get('cid')!;
    expect(res.headers.location).toBe(
      `https://shop.example.com/go?cid=${clickId}&o=${offerId}&a=${partner.partnerId}&s=%7B%7Bad.id%7D%7D&t=%24%7Bzoneid%7D-%7Bgclid%7D-__CID__-fb_%7B%7Badset.id%7D%7D`,
    );
    await t.app.tracking.buffer.flush();
    const [row] = await t.database.db.select().from(clicks).where(eq(clicks.clickId, clickId));
    expect(row).toMatchObject({
      subid: '{{ad.id}}',
      tc1: '${zoneid}',
      tc2: '{gclid}',
      tc3: '__CID__',
      tc4: 'fb_{{adset.id}}',
    });

    // Filled in by the platform, the same link carries the values.
    const filled = await click(
      `offer_id=${offerId}&aff_id=${partner.partnerId}&subid=120210&tc1=zone%2042&tc2=Cj0KCQ&tc3=1789&tc4=fb_23851`,
    );
    expect(filled.statusCode).toBe(302);
    const filledId = new URL(filled.headers.location as string).searchParams.get('cid')!;
    await t.app.tracking.buffer.flush();
    const [filledRow] = await t.database.db.select().from(clicks).where(eq(clicks.clickId, filledId));
    expect(filledRow).toMatchObject({ subid: '120210', tc1: 'zone 42', tc2: 'Cj0KCQ', tc3: '1789', tc4: 'fb_23851' });
  });

  it('gives every click its own id', async () => {
    const partner = await createPartner(t);
    const offerId = await landingOffer();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => click(`offer_id=${offerId}&aff_id=${partner.partnerId}`)),
    );
    const ids = answers.map((res) => new URL(res.headers.location as string).searchParams.get('cid'));
    expect(new Set(ids).size).toBe(20);
  });

  it('drops only the click the database refuses, not the batch it came in', async () => {
    // The contract refuses a NUL in a tracker (below); this is the buffer's own guard should any value slip through.
    const partner = await createPartner(t);
    const offerId = await landingOffer();
    await t.app.tracking.buffer.flush();
    const before = await clickCount();
    const good = (await Promise.all([1, 2, 3].map(() => click(`offer_id=${offerId}&aff_id=${partner.partnerId}`)))).map(
      (res) => new URL(res.headers.location as string).searchParams.get('cid')!,
    );
    t.app.tracking.buffer.push({
      clickId: 'bad-click-with-a-nul',
      offerId,
      partnerId: partner.partnerId,
      currency: 'EUR',
      subid: 'a\u0000b',
      tc1: null,
      tc2: null,
      tc3: null,
      tc4: null,
      ip: null,
      country: null,
      userAgent: null,
      referrer: null,
      createdAt: clock.now(),
    });
    await click(`offer_id=${offerId}&aff_id=${partner.partnerId}`);
    expect(await clickCount()).toBe(before + 4);
    expect(t.app.tracking.buffer.size).toBe(0);
    const written = await t.database.db.select({ id: clicks.clickId }).from(clicks).where(eq(clicks.offerId, offerId));
    expect(written.map((row) => row.id)).toEqual(expect.arrayContaining(good));
    expect(written.map((row) => row.id)).not.toContain('bad-click-with-a-nul');
  });

  it('writes buffered clicks within a moment, without anyone asking', async () => {
    const partner = await createPartner(t);
    const offerId = await landingOffer();
    const res = await click(`offer_id=${offerId}&aff_id=${partner.partnerId}`);
    const clickId = new URL(res.headers.location as string).searchParams.get('cid')!;
    await vi.waitFor(
      async () => {
        const rows = await t.database.db.select().from(clicks).where(eq(clicks.clickId, clickId));
        expect(rows).toHaveLength(1);
      },
      { timeout: 2000, interval: 50 },
    );
  });

  it('answers HEAD as GET but records and counts nothing: a link checker is not a visitor', async () => {
    const partner = await createPartner(t);
    const offerId = await landingOffer();
    const before = await clickCount();
    const refusedBefore = [await rejectedCount('invalid_request'), await rejectedCount('unknown_offer')];
    const head = (query: string) =>
      t.app.inject({ method: 'HEAD', url: `/click?${query}`, remoteAddress: '203.0.113.7' });
    const res = await head(`offer_id=${offerId}&aff_id=${partner.partnerId}&subid=s1`);
    expect(res.statusCode).toBe(302);
    expect(res.body).toBe('');
    // No click id is issued for a click that does not exist.
    expect(res.headers.location).toBe(
      `https://shop.example.com/go?cid=&o=${offerId}&a=${partner.partnerId}&s=s1&t=---`,
    );
    expect((await head('offer_id=abc')).statusCode).toBe(400);
    expect((await head(`offer_id=2147483647&aff_id=${partner.partnerId}`)).statusCode).toBe(404);
    expect(await clickCount()).toBe(before);
    expect([await rejectedCount('invalid_request'), await rejectedCount('unknown_offer')]).toEqual(refusedBefore);
  });

  it('redirects a partner with an active application to an offer that requires approval', async () => {
    const partner = await createPartner(t);
    const offerId = await landingOffer({ name: 'Approval', requireApproval: true, private: true });
    await createApplication(t, partner.partnerId, offerId, 'active');
    expect((await click(`offer_id=${offerId}&aff_id=${partner.partnerId}`)).statusCode).toBe(302);
  });

  describe('refused traffic: no click, no redirect, counted by reason', () => {
    const cases: {
      name: string;
      reason: string;
      status: number;
      setup: () => Promise<string>;
    }[] = [
      {
        name: 'an unknown offer',
        reason: 'unknown_offer',
        status: 404,
        setup: async () => `offer_id=99999999&aff_id=${(await createPartner(t)).partnerId}`,
      },
      {
        name: 'a disabled offer',
        reason: 'offer_disabled',
        status: 404,
        setup: async () =>
          `offer_id=${await landingOffer({ name: 'Off', enabled: false })}&aff_id=${(await createPartner(t)).partnerId}`,
      },
      {
        name: 'an unknown partner',
        reason: 'unknown_partner',
        status: 404,
        setup: async () => `offer_id=${await landingOffer()}&aff_id=99999999`,
      },
      {
        name: 'an inactive partner',
        reason: 'partner_inactive',
        status: 403,
        setup: async () =>
          `offer_id=${await landingOffer()}&aff_id=${(await createPartner(t, { status: 'suspended' })).partnerId}`,
      },
      {
        name: 'a private offer without an approved application',
        reason: 'offer_not_visible',
        status: 404,
        setup: async () => {
          const partner = await createPartner(t);
          const offerId = await landingOffer({ name: 'Private', private: true });
          await createApplication(t, partner.partnerId, offerId, 'pending');
          return `offer_id=${offerId}&aff_id=${partner.partnerId}`;
        },
      },
      {
        name: 'a public offer for a partner restricted to granted offers',
        reason: 'offer_not_visible',
        status: 404,
        setup: async () => {
          const partner = await createPartner(t);
          await setAllOffersAccess(t, partner.partnerId, false);
          return `offer_id=${await landingOffer()}&aff_id=${partner.partnerId}`;
        },
      },
      {
        name: 'an offer that requires approval, application pending',
        reason: 'approval_required',
        status: 403,
        setup: async () => {
          const partner = await createPartner(t);
          const offerId = await landingOffer({ name: 'Needs approval', requireApproval: true });
          await createApplication(t, partner.partnerId, offerId, 'pending');
          return `offer_id=${offerId}&aff_id=${partner.partnerId}`;
        },
      },
      {
        name: 'an offer that requires approval, no application',
        reason: 'approval_required',
        status: 403,
        setup: async () =>
          `offer_id=${await landingOffer({ name: 'Needs approval', requireApproval: true })}&aff_id=${(await createPartner(t)).partnerId}`,
      },
      { name: 'no parameters', reason: 'invalid_request', status: 400, setup: async () => '' },
      {
        name: 'a non-numeric offer id',
        reason: 'invalid_request',
        status: 400,
        setup: async () => 'offer_id=abc&aff_id=1',
      },
      { name: 'a missing partner id', reason: 'invalid_request', status: 400, setup: async () => 'offer_id=1' },
      {
        name: 'a NUL character in a tracker (PostgreSQL text cannot hold it)',
        reason: 'invalid_request',
        status: 400,
        setup: async () => 'offer_id=1&aff_id=1&tc2=a%00b',
      },
      {
        name: 'a sub-id over 255 characters',
        reason: 'invalid_request',
        status: 400,
        setup: async () => `offer_id=1&aff_id=1&subid=${'s'.repeat(256)}`,
      },
    ];

    for (const c of cases) {
      it(c.name, async () => {
        const query = await c.setup();
        const clicksBefore = await clickCount();
        const rejectedBefore = await rejectedCount(c.reason);
        const res = await click(query);
        expectErrorObject(res, c.status);
        expect(res.headers.location).toBeUndefined();
        expect(await clickCount()).toBe(clicksBefore);
        expect(await rejectedCount(c.reason)).toBe(rejectedBefore + 1);
      });
    }

    it('records the existing offer and partner of refused traffic in the rollup', async () => {
      const partner = await createPartner(t, { status: 'suspended' });
      const offerId = await landingOffer();
      await click(`offer_id=${offerId}&aff_id=${partner.partnerId}`);
      await t.app.tracking.buffer.flush();
      const rows = await t.database.db
        .select()
        .from(rejectedClicksHourly)
        .where(eq(rejectedClicksHourly.partnerId, partner.partnerId));
      expect(rows).toEqual([
        {
          hour: new Date('2026-03-10T21:00:00Z'),
          reason: 'partner_inactive',
          offerId,
          partnerId: partner.partnerId,
          // No `lp`: the offer's own URL (decision 126).
          landingPageId: 0,
          count: 1,
        },
      ]);
    });
  });

  it('sees a partner suspended once the short lookup cache expires', async () => {
    const partner = await createPartner(t);
    const offerId = await landingOffer();
    expect((await click(`offer_id=${offerId}&aff_id=${partner.partnerId}`)).statusCode).toBe(302);
    await t.database.db.update(partners).set({ status: 'suspended' }).where(eq(partners.id, partner.partnerId));
    t.app.tracking.contexts.clear();
    expectErrorObject(await click(`offer_id=${offerId}&aff_id=${partner.partnerId}`), 403);
  });
});

describe('OpenAPI', () => {
  it('documents the tracking routes at the root, without the bearer requirement', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { security?: unknown[] }>>;
    expect(paths['/click']?.get?.security).toEqual([]);
    expect(Object.keys(paths['/postback'] ?? {}).sort()).toEqual(['get', 'post']);
  });
});

describe('hourly rollups', () => {
  it('equal a GROUP BY over the raw clicks, per partner, hour, offer, sub-id and trackers', async () => {
    const a = await createPartner(t);
    const b = await createPartner(t);
    const [offer1, offer2] = [await landingOffer(), await landingOffer({ name: 'Dollars', currency: 'USD' })];
    const subids = ['', 'news', 'mail'];
    for (let hour = 0; hour < 4; hour++) {
      const requests = [];
      for (let i = 0; i < 12; i++) {
        const partner = i % 3 === 0 ? b : a;
        const offerId = i % 2 === 0 ? offer1 : offer2;
        const subid = subids[i % 3]!;
        const tc = i % 4 === 0 ? `&tc1=t${i % 2}&tc3=z` : '';
        requests.push(click(`offer_id=${offerId}&aff_id=${partner.partnerId}&subid=${subid}${tc}`));
      }
      // Some buffered, some written: rollups must add up across batches.
      if (hour === 1) await t.app.tracking.buffer.flush();
      for (const res of await Promise.all(requests)) expect(res.statusCode).toBe(302);
      clock.advance(50 * 60_000);
    }
    await t.app.tracking.buffer.flush();

    const raw = await t.database.db.execute(sql`
      select partner_id, date_trunc('hour', created_at) as hour, offer_id, coalesce(subid, '') as subid,
             coalesce(tc1, '') as tc1, coalesce(tc2, '') as tc2, coalesce(tc3, '') as tc3, coalesce(tc4, '') as tc4,
             count(*)::int as clicks
      from clicks where partner_id in (${a.partnerId}, ${b.partnerId})
      group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8`);
    const rollup = await t.database.db.execute(sql`
      select partner_id, hour, offer_id, subid, tc1, tc2, tc3, tc4, clicks::int as clicks
      from stats_hourly where partner_id in (${a.partnerId}, ${b.partnerId})
      order by 1, 2, 3, 4, 5, 6, 7, 8`);
    const rows = (result: unknown) =>
      rowsOf<Record<string, unknown>>(result).map((row): Record<string, unknown> => ({
        ...row,
        hour: new Date(row.hour as string).toISOString(),
      }));
    expect(rows(rollup)).toEqual(rows(raw));
    expect(rows(raw).reduce((sum, row) => sum + (row.clicks as number), 0)).toBe(48);

    const currencies = await t.database.db
      .selectDistinct({ offerId: statsHourly.offerId, currency: statsHourly.currency })
      .from(statsHourly)
      .where(eq(statsHourly.partnerId, a.partnerId));
    expect(currencies.sort((x, y) => x.offerId - y.offerId)).toEqual([
      { offerId: offer1, currency: 'EUR' },
      { offerId: offer2, currency: 'USD' },
    ]);
  });

  it('cut days in the partner offset and never count another partner', async () => {
    const a = await createPartner(t);
    const b = await createPartner(t);
    const offerId = await landingOffer();
    const start = clock.now().getTime();
    // Clicks every 40 minutes over 30 hours: they straddle UTC and local midnights.
    for (let i = 0; i < 45; i++) {
      clock.advance(40 * 60_000);
      const partner = i % 5 === 0 ? b : a;
      const subid = i % 2 === 0 ? 'even' : 'odd';
      expect((await click(`offer_id=${offerId}&aff_id=${partner.partnerId}&subid=${subid}`)).statusCode).toBe(302);
    }
    await t.app.tracking.buffer.flush();
    const rawClicks = await t.database.db.select().from(clicks).where(eq(clicks.offerId, offerId));

    for (const offset of ['+00:00', '+05:00', '-03:00', '+14:00', '-12:00']) {
      const minutes = (offset.startsWith('-') ? -1 : 1) * Number(offset.slice(1, 3)) * 60;
      const localDay = (date: Date) => new Date(date.getTime() + minutes * 60_000).toISOString().slice(0, 10);
      const from = localDay(new Date(start));
      const to = localDay(clock.now());
      for (const filters of [{}, { subid: 'even' }]) {
        const expected = new Map<string, number>();
        for (const row of rawClicks) {
          if (row.partnerId !== a.partnerId) continue;
          if ('subid' in filters && row.subid !== filters.subid) continue;
          const day = localDay(row.createdAt);
          expected.set(day, (expected.get(day) ?? 0) + 1);
        }
        const stats = await dailyStats(t.database.db, a.partnerId, from, to, offset, { offerId, ...filters });
        expect(stats.map((row) => [row.day, row.clicks])).toEqual(
          [...expected.entries()].sort(([x], [y]) => x.localeCompare(y)),
        );
        expect(stats.every((row) => row.currency === 'EUR' && row.conversions === 0)).toBe(true);
      }
    }
    const onlyB = await dailyStats(t.database.db, b.partnerId, '2026-01-01', '2026-12-31', null, { offerId });
    expect(onlyB.reduce((sum, row) => sum + row.clicks, 0)).toBe(9);
  });
});
