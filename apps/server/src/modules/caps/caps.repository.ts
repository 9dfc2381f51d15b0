import { and, arrayContains, asc, eq, gte, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { CAP_ALERT_PERCENT, type CapMetric, type CapPeriod } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  capUsage,
  conversionCapTakes,
  conversions,
  emailOutbox,
  offerCaps,
  offers,
  partners,
  staffNotifications,
  statsHourly,
  users,
} from '../../db/schema.js';
import { partnerReachSql, type StaffScope } from '../access/index.js';
import { capPeriod } from './cap-periods.js';

// The caps module's queries (decision 045); the rules that use them are in caps.service.ts, cap-takes.ts and
// cap-alerts.ts (decision 065: a repository imports no service).

const capColumns = {
  id: offerCaps.id,
  offerId: offerCaps.offerId,
  partnerId: offerCaps.partnerId,
  partnerName: partners.companyName,
  metric: offerCaps.metric,
  period: offerCaps.period,
  limit: offerCaps.limit,
};
export type CapRow = { id: number; offerId: number; partnerId: number | null; partnerName: string | null; metric: string; period: string; limit: number }; // prettier-ignore

/** Offer-wide caps, and the caps of partners the caller reaches. */
const visibleCaps = (scope: StaffScope): SQL | undefined => {
  const reach = partnerReachSql(scope, partners.accountManagerId, partners.status);
  return reach ? or(isNull(offerCaps.partnerId), reach) : undefined;
};

/** An offer's caps the caller sees: offer-wide ones first. */
export const visibleCapsOf = (db: DbOrTx, offerId: number, scope: StaffScope): Promise<CapRow[]> =>
  db
    .select(capColumns)
    .from(offerCaps)
    .leftJoin(partners, eq(partners.id, offerCaps.partnerId))
    .where(and(eq(offerCaps.offerId, offerId), visibleCaps(scope)))
    .orderBy(sql`${offerCaps.partnerId} nulls first`, asc(offerCaps.metric), asc(offerCaps.period), asc(offerCaps.id));

export async function offerExists(db: DbOrTx, offerId: number): Promise<boolean> {
  const [row] = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
  return row !== undefined;
}

/** One writer of an offer's caps at a time: the offer row is the lock. */
export async function lockOffer(tx: DbOrTx, offerId: number): Promise<void> {
  await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId)).for('update');
}

/** Some partners' account manager and status, for the scope rule. */
export const partnersToReach = (db: DbOrTx, partnerIds: number[]) =>
  db
    .select({ id: partners.id, accountManagerId: partners.accountManagerId, status: partners.status })
    .from(partners)
    .where(sql`${partners.id} in ${partnerIds}`);

/** Every cap of an offer, with its partner's account manager and status. */
export const offerCapsWithReach = (tx: DbOrTx, offerId: number) =>
  tx
    .select({ ...capColumns, accountManagerId: partners.accountManagerId, status: partners.status })
    .from(offerCaps)
    .leftJoin(partners, eq(partners.id, offerCaps.partnerId))
    .where(eq(offerCaps.offerId, offerId));

export async function updateCapLimit(tx: DbOrTx, capId: number, limit: number, now: Date): Promise<void> {
  await tx.update(offerCaps).set({ limit, updatedAt: now }).where(eq(offerCaps.id, capId));
}

export async function insertCap(
  tx: DbOrTx,
  cap: { offerId: number; partnerId: number | null; metric: CapMetric; period: CapPeriod; limit: number },
  createdBy: number | null,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(offerCaps)
    .values({ ...cap, createdBy, createdAt: now, updatedAt: now })
    .returning({ id: offerCaps.id });
  return row!.id;
}

export async function deleteCap(tx: DbOrTx, capId: number): Promise<void> {
  await tx.delete(offerCaps).where(eq(offerCaps.id, capId));
}

type PeriodOf = { offerId: number; partnerId: number | null; start: Date; end: Date | null };

/** The clicks the hourly rollups hold for an offer (and a partner) in a period. */
export async function clicksInPeriod(tx: DbOrTx, of: PeriodOf): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${statsHourly.clicks}), 0)` })
    .from(statsHourly)
    .where(
      and(
        eq(statsHourly.offerId, of.offerId),
        of.partnerId === null ? undefined : eq(statsHourly.partnerId, of.partnerId),
        gte(statsHourly.hour, of.start),
        of.end ? lt(statsHourly.hour, of.end) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * A new conversion cap takes the approved and pending conversions already in its period, each remembered as taken
 * (so that a decline gives it back); answers what it took in all.
 */
export async function takeConversionsInPeriod(
  tx: DbOrTx,
  cap: { id: number; metric: CapMetric },
  of: PeriodOf,
): Promise<number> {
  const amount =
    cap.metric === 'conversions' ? sql`1` : cap.metric === 'payout' ? conversions.payout : conversions.revenue;
  await tx.execute(sql`
    insert into ${conversionCapTakes} (conversion_id, cap_id, period_start, amount)
    select ${conversions.id}, ${cap.id}, ${of.start.toISOString()}::timestamptz, ${amount}
    from ${conversions}
    where ${conversions.offerId} = ${of.offerId}
      ${of.partnerId === null ? sql`` : sql`and ${conversions.partnerId} = ${of.partnerId}`}
      and ${conversions.status} in ('approved', 'pending')
      and ${conversions.createdAt} >= ${of.start.toISOString()}::timestamptz
      ${of.end ? sql`and ${conversions.createdAt} < ${of.end.toISOString()}::timestamptz` : sql``}
      and ${amount} > 0`);
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${conversionCapTakes.amount}), 0)` })
    .from(conversionCapTakes)
    .where(eq(conversionCapTakes.capId, cap.id));
  return Number(row?.n ?? 0);
}

export async function insertUsage(tx: DbOrTx, capId: number, periodStart: Date, used: number): Promise<void> {
  await tx.insert(capUsage).values({ capId, periodStart, used });
}

/** The caps of an offer that concern a partner: its own and the offer-wide ones. */
export const partnerCapRows = (db: DbOrTx, offerId: number, partnerId: number) =>
  db
    .select({
      id: offerCaps.id,
      partnerId: offerCaps.partnerId,
      metric: offerCaps.metric,
      period: offerCaps.period,
      limit: offerCaps.limit,
    })
    .from(offerCaps)
    .where(and(eq(offerCaps.offerId, offerId), or(isNull(offerCaps.partnerId), eq(offerCaps.partnerId, partnerId))))
    .orderBy(sql`${offerCaps.partnerId} nulls last`, asc(offerCaps.id));

/** Caps at CAP_ALERT_PERCENT or more in their current period, visible to the caller, fullest first (50 at most). */
export const capsNearlyReached = (db: DbOrTx, scope: StaffScope, at: number) =>
  db
    .select({ ...capColumns, offerName: offers.name, periodStart: capUsage.periodStart, used: capUsage.used })
    .from(capUsage)
    .innerJoin(offerCaps, eq(offerCaps.id, capUsage.capId))
    .innerJoin(offers, eq(offers.id, offerCaps.offerId))
    .leftJoin(partners, eq(partners.id, offerCaps.partnerId))
    .where(
      and(
        sql`${capUsage.used} * 100 >= ${offerCaps.limit} * ${CAP_ALERT_PERCENT}`,
        // The current period of each kind only: past days' rows stay, but are history.
        or(
          and(eq(offerCaps.period, 'day'), eq(capUsage.periodStart, new Date(capPeriod('day', at).start))),
          and(eq(offerCaps.period, 'month'), eq(capUsage.periodStart, new Date(capPeriod('month', at).start))),
          eq(offerCaps.period, 'total'),
        ),
        visibleCaps(scope),
      ),
    )
    .orderBy(sql`${capUsage.used}::float / ${offerCaps.limit} desc`, asc(offerCaps.id))
    .limit(50);

/** The usage rows of some caps in their current period, keyed `capId`. */
export async function currentUsage(
  db: DbOrTx,
  caps: { id: number; period: CapPeriod }[],
  now: number,
): Promise<Map<number, number>> {
  if (caps.length === 0) return new Map();
  const rows = await db
    .select({ capId: capUsage.capId, used: capUsage.used })
    .from(capUsage)
    .where(
      or(
        ...caps.map((c) =>
          and(eq(capUsage.capId, c.id), eq(capUsage.periodStart, new Date(capPeriod(c.period, now).start))),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.capId, r.used]));
}

/** The conversion, payout and revenue caps of an offer that apply to a partner, in id order (the lock order). */
export const conversionCapsOf = (db: DbOrTx, of: { offerId: number; partnerId: number }) =>
  db
    .select({ id: offerCaps.id, metric: offerCaps.metric, period: offerCaps.period, limit: offerCaps.limit })
    .from(offerCaps)
    .where(
      and(
        eq(offerCaps.offerId, of.offerId),
        ne(offerCaps.metric, 'clicks'),
        or(isNull(offerCaps.partnerId), eq(offerCaps.partnerId, of.partnerId)),
      ),
    )
    .orderBy(asc(offerCaps.id));

/**
 * Adds `amount` to the cap's row of the period only if it stays within `limit` (one conditional upsert, exact under
 * any concurrency: decision 045); answers the new usage, or null when the amount does not fit.
 */
export async function takeFromCap(
  tx: DbOrTx,
  cap: { id: number; limit: number },
  periodStart: Date,
  amount: number,
): Promise<number | null> {
  const [row] = await tx
    .insert(capUsage)
    .values({ capId: cap.id, periodStart, used: amount })
    .onConflictDoUpdate({
      target: [capUsage.capId, capUsage.periodStart],
      set: { used: sql`${capUsage.used} + excluded.used` },
      setWhere: sql`${capUsage.used} + excluded.used <= ${cap.limit}`,
    })
    .returning({ used: capUsage.used });
  return row ? Number(row.used) : null;
}

export async function giveBack(tx: DbOrTx, capId: number, periodStart: Date, amount: number): Promise<void> {
  await tx
    .update(capUsage)
    .set({ used: sql`greatest(${capUsage.used} - ${amount}, 0)` })
    .where(and(eq(capUsage.capId, capId), eq(capUsage.periodStart, periodStart)));
}

type Take = { capId: number; periodStart: Date; amount: number };

export async function recordTakes(tx: DbOrTx, conversionId: number, taken: Take[]): Promise<void> {
  if (taken.length === 0) return;
  await tx.insert(conversionCapTakes).values(taken.map((t) => ({ conversionId, ...t })));
}

/** Forgets what a conversion took and answers it. */
export const deleteTakes = (tx: DbOrTx, conversionId: number): Promise<Take[]> =>
  tx.delete(conversionCapTakes).where(eq(conversionCapTakes.conversionId, conversionId)).returning({
    capId: conversionCapTakes.capId,
    periodStart: conversionCapTakes.periodStart,
    amount: conversionCapTakes.amount,
  });

/**
 * Marks the cap's period as alerted, once: the conditional update on `alerted_at` decides between transactions and
 * processes. False when it was already.
 */
export async function claimAlert(tx: DbOrTx, capId: number, periodStart: Date, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(capUsage)
    .set({ alertedAt: now })
    .where(and(eq(capUsage.capId, capId), eq(capUsage.periodStart, periodStart), isNull(capUsage.alertedAt)))
    .returning({ capId: capUsage.capId });
  return claimed !== undefined;
}

/** What an alert says about a cap: its offer, its partner and that partner's account manager. */
export async function capToAlert(tx: DbOrTx, capId: number) {
  const [cap] = await tx
    .select({
      offerId: offerCaps.offerId,
      offerName: offers.name,
      currency: offers.currency,
      partnerId: offerCaps.partnerId,
      partnerName: partners.companyName,
      accountManagerId: partners.accountManagerId,
      metric: offerCaps.metric,
      period: offerCaps.period,
      limit: offerCaps.limit,
    })
    .from(offerCaps)
    .innerJoin(offers, eq(offers.id, offerCaps.offerId))
    .leftJoin(partners, eq(partners.id, offerCaps.partnerId))
    .where(eq(offerCaps.id, capId));
  return cap;
}

/** The enabled staff member `accountManagerId`, or every enabled team manager when it is null. */
export const alertRecipients = (tx: DbOrTx, accountManagerId: number | null) =>
  tx
    .select({ id: users.id, email: users.email, firstname: users.firstname })
    .from(users)
    .where(
      and(
        eq(users.enabled, true),
        isNull(users.partnerId),
        accountManagerId !== null ? eq(users.id, accountManagerId) : arrayContains(users.roles, ['ROLE_TEAM_MANAGER']),
      ),
    );

export async function insertStaffNotifications(
  tx: DbOrTx,
  rows: (typeof staffNotifications.$inferInsert)[],
): Promise<void> {
  await tx.insert(staffNotifications).values(rows);
}

export async function insertOutboxMails(tx: DbOrTx, rows: (typeof emailOutbox.$inferInsert)[]): Promise<void> {
  await tx.insert(emailOutbox).values(rows);
}

/** The staff member's latest notifications. */
export async function staffNotificationsOf(db: DbOrTx, userId: number, count = 20) {
  return db
    .select({
      id: staffNotifications.id,
      kind: staffNotifications.kind,
      title: staffNotifications.title,
      body: staffNotifications.body,
      link: staffNotifications.link,
      readAt: staffNotifications.readAt,
      createdAt: staffNotifications.createdAt,
    })
    .from(staffNotifications)
    .where(eq(staffNotifications.userId, userId))
    .orderBy(sql`${staffNotifications.createdAt} desc, ${staffNotifications.id} desc`)
    .limit(count);
}

/**
 * Raises the level the partners under a cap were told of in the period to `percent`, once (decision 105): false when
 * that level or a higher one was already told, or when the period has no row.
 */
export async function claimPartnerAlert(
  tx: DbOrTx,
  capId: number,
  periodStart: Date,
  percent: number,
): Promise<boolean> {
  const [claimed] = await tx
    .update(capUsage)
    .set({ partnerAlertPercent: percent })
    .where(
      and(eq(capUsage.capId, capId), eq(capUsage.periodStart, periodStart), lt(capUsage.partnerAlertPercent, percent)),
    )
    .returning({ capId: capUsage.capId });
  return claimed !== undefined;
}

/**
 * Whether partner `partner` runs offer `offer` (SQL columns or values): approved for it, or it sent the offer clicks
 * since `since`. Those are the partners an offer-wide cap holds back (decision 105).
 */
const runsOffer = (offer: SQL | number, partner: SQL | number, since: Date) =>
  sql`(exists (select 1 from partner_offers po where po.offer_id = ${offer} and po.partner_id = ${partner} and po.status = 'active')
    or exists (select 1 from stats_daily sd where sd.offer_id = ${offer} and sd.partner_id = ${partner} and sd.day >= ${since.toISOString().slice(0, 10)}::date))`;

/** The active partners an offer-wide cap holds back (runsOffer), by id. */
export async function partnersUnderOfferCap(tx: DbOrTx, offerId: number, since: Date): Promise<number[]> {
  const rows = await tx
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.status, 'active'), runsOffer(offerId, sql`${partners.id}`, since)))
    .orderBy(asc(partners.id));
  return rows.map((r) => r.id);
}

/**
 * The caps a partner is under (its own and its offers' offer-wide ones) whose current period has used `percent` % or
 * more of the limit, with their offer; `starts` names each period kind's current start.
 */
export const partnerCapsAtLeast = (
  db: DbOrTx,
  partnerId: number,
  percent: number,
  starts: { day: Date; month: Date },
  since: Date,
) =>
  db
    .select({
      offerId: offerCaps.offerId,
      offerName: offers.name,
      currency: offers.currency,
      partnerId: offerCaps.partnerId,
      metric: offerCaps.metric,
      period: offerCaps.period,
      limit: offerCaps.limit,
      used: capUsage.used,
    })
    .from(capUsage)
    .innerJoin(offerCaps, eq(offerCaps.id, capUsage.capId))
    .innerJoin(offers, eq(offers.id, offerCaps.offerId))
    .where(
      and(
        sql`${capUsage.used} * 100 >= ${offerCaps.limit} * ${percent}`,
        eq(offers.enabled, true),
        or(
          eq(offerCaps.partnerId, partnerId),
          and(isNull(offerCaps.partnerId), runsOffer(sql`${offerCaps.offerId}`, partnerId, since)),
        ),
        or(
          and(eq(offerCaps.period, 'day'), eq(capUsage.periodStart, starts.day)),
          and(eq(offerCaps.period, 'month'), eq(capUsage.periodStart, starts.month)),
          eq(offerCaps.period, 'total'),
        ),
      ),
    )
    .orderBy(sql`${capUsage.used}::float / ${offerCaps.limit} desc`, asc(offerCaps.id))
    .limit(20);
