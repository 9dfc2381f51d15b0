/** What the database holds of a partner's clicks: raw rows, and what the hourly rollup counted (click-journal tests). */
import { eq, sql } from 'drizzle-orm';
import { clicks, statsHourly } from '../src/db/schema.js';
import type { TestApp } from './helper.js';

export const clickCount = async (t: TestApp, partnerId: number) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(clicks)
      .where(eq(clicks.partnerId, partnerId))
  )[0]!.n;

export const rolledUp = async (t: TestApp, partnerId: number) =>
  (
    await t.database.db
      .select({ n: sql<number>`coalesce(sum(${statsHourly.clicks}), 0)`.mapWith(Number) })
      .from(statsHourly)
      .where(eq(statsHourly.partnerId, partnerId))
  )[0]!.n;

export const clickIds = async (t: TestApp, partnerId: number) =>
  new Set(
    (await t.database.db.select({ id: clicks.clickId }).from(clicks).where(eq(clicks.partnerId, partnerId))).map(
      (r) => r.id,
    ),
  );
