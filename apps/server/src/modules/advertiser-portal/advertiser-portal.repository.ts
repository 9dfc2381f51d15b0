import { and, asc, count, desc, eq, gte, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AdvertiserConversionsFilter } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { advertisers, conversions, offerCaps, offers, partners, products, sessions, users } from '../../db/schema.js';

/** The advertiser portal's SQL (decision 087): every query is bound to one advertiser. */

export async function advertiserById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: advertisers.id,
      name: advertisers.name,
      currency: advertisers.currency,
      showPartnerNames: advertisers.showPartnerNames,
    })
    .from(advertisers)
    .where(eq(advertisers.id, id));
  return row ?? null;
}

const userColumns = {
  id: users.id,
  email: users.email,
  firstname: users.firstname,
  lastname: users.lastname,
  enabled: users.enabled,
  passwordHash: users.passwordHash,
  loggedAt: users.loggedAt,
  createdAt: users.createdAt,
};
export type AdvertiserUserRow = { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] };

export function advertiserUsers(db: DbOrTx, advertiserId: number): Promise<AdvertiserUserRow[]> {
  return db.select(userColumns).from(users).where(eq(users.advertiserId, advertiserId)).orderBy(asc(users.id));
}

/** One user of the advertiser, locked for its change; null when the id is no user of this advertiser. */
export async function lockAdvertiserUser(tx: DbOrTx, advertiserId: number, userId: number) {
  const [row] = await tx
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.advertiserId, advertiserId)))
    .for('update');
  return row ?? null;
}

export async function setAdvertiserUserEnabled(
  tx: DbOrTx,
  userId: number,
  enabled: boolean,
  now: Date,
): Promise<AdvertiserUserRow> {
  const [row] = await tx
    .update(users)
    .set({ enabled, updatedAt: now })
    .where(eq(users.id, userId))
    .returning(userColumns);
  if (!row) throw new Error('user update returned nothing');
  return row;
}

/** Ends every session of a user: a disabled user's bearer stops working at once. */
export async function endSessionsOfUser(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

export async function insertAdvertiserUser(
  db: DbOrTx,
  values: { advertiserId: number; email: string; firstname: string; lastname: string; now: Date },
): Promise<AdvertiserUserRow> {
  const [row] = await db
    .insert(users)
    .values({
      email: values.email,
      passwordHash: null,
      firstname: values.firstname,
      lastname: values.lastname,
      roles: ['ROLE_ADVERTISER'],
      advertiserId: values.advertiserId,
      // Partners' mails are not for them: no newsletter, no offer news.
      newsletter: false,
      offerNotifications: false,
      paymentNotifications: false,
      urgentNotifications: false,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning(userColumns);
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** The advertiser's offers (through its products), with the caps of the whole offer but payout caps. */
export async function offersOf(db: DbOrTx, advertiserId: number) {
  const rows = await db
    .select({
      id: offers.id,
      name: offers.name,
      enabled: offers.enabled,
      currency: offers.currency,
      startsAt: offers.startsAt,
      endsAt: offers.endsAt,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(products.advertiserId, advertiserId))
    .orderBy(asc(offers.name), asc(offers.id));
  const caps = await db
    .select({ offerId: offerCaps.offerId, metric: offerCaps.metric, period: offerCaps.period, limit: offerCaps.limit })
    .from(offerCaps)
    .innerJoin(offers, eq(offers.id, offerCaps.offerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(products.advertiserId, advertiserId), isNull(offerCaps.partnerId), ne(offerCaps.metric, 'payout')))
    .orderBy(asc(offerCaps.id));
  return { rows, caps };
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

export async function conversionsOf(
  db: DbOrTx,
  advertiserId: number,
  query: Omit<AdvertiserConversionsFilter, 'page' | 'count'>,
  page: { offset: number; limit: number },
  withPartnerNames: boolean,
) {
  const where: SQL[] = [eq(conversions.advertiserId, advertiserId)];
  if (query.status) where.push(eq(conversions.status, query.status));
  if (query.offerId) where.push(eq(conversions.offerId, query.offerId));
  if (query.transactionId) where.push(eq(conversions.dedupeKey, `tx:${query.transactionId}`));
  if (query.from) where.push(gte(conversions.createdAt, dayStart(query.from)));
  if (query.to) where.push(lt(conversions.createdAt, nextDay(query.to)));
  const filter = and(...where);
  // Only what an advertiser may read: no payout, no sub-ID (decision 087); the partner's company name only when the
  // network allows it for this advertiser (decision 100).
  const rows = await db
    .select({
      id: conversions.id,
      createdAt: conversions.createdAt,
      offerId: conversions.offerId,
      offerName: offers.name,
      partnerId: conversions.partnerId,
      partnerName: withPartnerNames ? partners.companyName : sql<string | null>`null`,
      goal: conversions.goal,
      transactionId: conversions.transactionId,
      status: conversions.status,
      reason: conversions.reason,
      amount: conversions.amount,
      revenue: conversions.revenue,
      currency: conversions.currency,
    })
    .from(conversions)
    .leftJoin(offers, eq(offers.id, conversions.offerId))
    .leftJoin(partners, eq(partners.id, conversions.partnerId))
    .where(filter)
    .orderBy(desc(conversions.createdAt), desc(conversions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(conversions).where(filter);
  return { rows, total: Number(total?.n ?? 0) };
}
