import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { clicks, statsHourly } from '../src/db/schema.js';
import { buildTestApp, createPartner } from './helper.js';
import { createOffer } from './offer-fixtures.js';

describe('graceful shutdown', () => {
  it('writes every acknowledged click, with its rollup, before the database closes', async () => {
    // The timer never fires: only the shutdown can write these clicks.
    const t = await buildTestApp({ clickFlushIntervalMs: 600_000 });
    try {
      const partner = await createPartner(t);
      const offerId = await createOffer(t, { name: 'Shutdown' });
      // Below the 1000-row batch that would start a write at once.
      const answers = [];
      for (let i = 0; i < 4; i++) {
        answers.push(
          ...(await Promise.all(
            Array.from({ length: 200 }, () =>
              t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` }),
            ),
          )),
        );
      }
      expect(answers.every((res) => res.statusCode === 302)).toBe(true);
      const count = async () =>
        (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(clicks))[0]?.n;
      expect(t.app.tracking.buffer.size).toBe(800);
      expect(await count()).toBe(0);

      await t.app.close();

      expect(t.app.tracking.buffer.size).toBe(0);
      expect(await count()).toBe(800);
      const [rollup] = await t.database.db
        .select({ clicks: sql<number>`sum(${statsHourly.clicks})`.mapWith(Number) })
        .from(statsHourly)
        .where(inArray(statsHourly.partnerId, [partner.partnerId]));
      expect(rollup?.clicks).toBe(800);
    } finally {
      await t.close();
    }
  });

  it('writes a full batch of 1000 clicks at once, without waiting for the timer', async () => {
    const t = await buildTestApp({ clickFlushIntervalMs: 600_000 });
    try {
      const partner = await createPartner(t);
      const offerId = await createOffer(t, { name: 'Full batch' });
      const answers = await Promise.all(
        Array.from({ length: 1000 }, () =>
          t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` }),
        ),
      );
      expect(answers.every((res) => res.statusCode === 302)).toBe(true);
      await vi.waitFor(
        async () => {
          const [row] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(clicks);
          expect(row?.n).toBe(1000);
        },
        { timeout: 5000, interval: 50 },
      );
    } finally {
      await t.close();
    }
  });
});
