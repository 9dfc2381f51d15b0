/**
 * Raw clicks partitioned by month (decision 054), on both databases: clicks land in their month's
 * partition, a month with none lands in the default one and moves out when its partition is made, whole old months are
 * dropped past the retention while the rollups keep counting them, the click report says so, and a postback still finds
 * its click by id.
 */
import { eq, sql } from 'drizzle-orm';
import { statisticsEndpoints } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk.js';
import { clicks, statsHourly } from '../src/db/schema.js';
import { dropOldClickPartitions, ensureClickPartitions } from '../src/modules/click/index.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  databaseKind,
  login,
  okBody,
  testClock,
  type TestApp,
} from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';

/** Each click of a partner with the partition that holds it. */
async function placed(t: TestApp, partnerId: number) {
  const result = await t.database.db.execute(
    sql`select tableoid::regclass::text as part, count(*)::int as n from clicks where partner_id = ${partnerId} group by 1 order by 1`,
  );
  return Object.fromEntries(rowsOf<{ part: string; n: number }>(result).map((r) => [r.part, r.n]));
}

const monthName = (d: Date) => `clicks_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

describe(`clicks partitioned by month (${databaseKind})`, () => {
  it('a click lands in its month, a month without a partition in the default one until the server makes it', async () => {
    const clock = testClock();
    const t = await buildTestApp({ now: clock.now });
    try {
      const partner = await createPartner(t);
      const offerId = await createOffer(t, {
        name: 'Partitions',
        goals: [{ goal: 'registration', p1: { amount: 100 } }],
      });
      const click = async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}`,
        });
        expect(res.statusCode).toBe(302);
        await t.app.tracking.buffer.flush();
      };
      await click();
      expect(await placed(t, partner.partnerId)).toEqual({ [monthName(clock.now())]: 1 });

      // Two years on: no partition yet (the migration made three months ahead), so the default partition holds it.
      clock.advance(730 * 86_400_000);
      await click();
      const later = monthName(clock.now());
      expect(await placed(t, partner.partnerId)).toEqual({ [monthName(new Date(Date.now()))]: 1, clicks_default: 1 });
      const made = await ensureClickPartitions(t.database.db, clock.now(), 1);
      expect(made[0]).toBe(later);
      expect(await placed(t, partner.partnerId)).toEqual({ [monthName(new Date(Date.now()))]: 1, [later]: 1 });
      // Made once: a second run changes nothing.
      expect(await ensureClickPartitions(t.database.db, clock.now(), 1)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('drops whole months past the retention, keeps the rollups, says so in the click report, and finds clicks by id', async () => {
    const start = new Date();
    const clock = testClock(start);
    const t = await buildTestApp({ now: clock.now });
    try {
      const partner = await createPartner(t);
      const offerId = await createOffer(t, {
        name: 'Retention',
        goals: [{ goal: 'registration', p1: { amount: 100 } }],
      });
      const token = await advertiserTokenOf(t, offerId);
      // A click today, converted through its id (found in its month's partition).
      const today = await t.app.inject({
        method: 'GET',
        url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}`,
      });
      await t.app.tracking.buffer.flush();
      const [written] = await t.database.db
        .select({ clickId: clicks.clickId })
        .from(clicks)
        .where(eq(clicks.partnerId, partner.partnerId));
      expect(today.statusCode).toBe(302);
      clock.advance(60_000); // converted a minute on: past the goal's floor (the conversion rules are on)
      const converted = await t.app.inject({
        method: 'GET',
        url: `/postback?click_id=${written!.clickId}&goal=registration&transaction_id=RET-1&token=${token}`,
      });
      expect(converted.json()).toMatchObject({ status: 'approved', duplicate: false });

      // Fifteen months on, the first month is past a 13-month retention.
      clock.advance(456 * 86_400_000);
      await ensureClickPartitions(t.database.db, clock.now(), 0);
      const dropped = await dropOldClickPartitions(t.database.db, clock.now(), 13);
      expect(dropped).toContain(monthName(start));
      expect(await placed(t, partner.partnerId)).toEqual({});
      const [rolled] = await t.database.db
        .select({ clicks: sql<number>`sum(${statsHourly.clicks})`.mapWith(Number) })
        .from(statsHourly)
        .where(eq(statsHourly.partnerId, partner.partnerId));
      expect(rolled?.clicks).toBe(1);

      // The click report over a range reaching past the retention says what it no longer lists.
      const token2 = await login(t, partner.email, partner.password);
      const from = new Date(clock.now().getTime() - 500 * 86_400_000).toISOString().slice(0, 10);
      const to = clock.now().toISOString().slice(0, 10);
      const report = await callEndpoint(
        t.app,
        statisticsEndpoints.click,
        { query: { startDate: from, endDate: to } },
        token2,
      );
      expect(okBody(report).message).toMatch(
        /^Raw clicks are kept for 13 months: clicks before \d\d\/\d\d\/\d{4} are no longer listed\./,
      );
      const recent = await callEndpoint(
        t.app,
        statisticsEndpoints.click,
        { query: { startDate: to, endDate: to } },
        token2,
      );
      expect(okBody(recent).message).toBeNull();
    } finally {
      await t.close();
    }
  });
});
