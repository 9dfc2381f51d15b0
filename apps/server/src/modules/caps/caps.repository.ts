import { and, asc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  CAP_ALERT_PERCENT,
  type Cap,
  type CapAlert,
  type CapMetric,
  type CapPeriod,
  type CapsBody,
  CapsBodySchema,
  type PartnerCap,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  capUsage,
  conversionCapTakes,
  conversions,
  offerCaps,
  offers,
  partners,
  statsHourly,
} from '../../db/schema.js';
import { capPeriod } from '../../lib/cap-periods.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { partnerReachSql, reaches, type StaffScope } from '../access/index.js';
import { recordAudit, type AuditActor, type AuditRecord } from '../audit/index.js';
import { alertCap, nearlyReached } from './cap-alerts.js';
import { currentUsage } from './cap-takes.js';

const OFFER_NOT_FOUND = 'Offer not found.';
type Context = { actor: AuditActor; now: Date; scope: StaffScope };

/** Offer-wide caps are the network's: administrators and team managers set them, not account managers. */
const mayCapWholeOffer = (scope: StaffScope) => scope.reach === 'all' || scope.reach === 'team';

const capColumns = {
  id: offerCaps.id,
  offerId: offerCaps.offerId,
  partnerId: offerCaps.partnerId,
  partnerName: partners.companyName,
  metric: offerCaps.metric,
  period: offerCaps.period,
  limit: offerCaps.limit,
};
type CapRow = { id: number; offerId: number; partnerId: number | null; partnerName: string | null; metric: string; period: string; limit: number }; // prettier-ignore

function capDto(row: CapRow, used: Map<number, number>, now: number): Cap {
  const bounds = capPeriod(row.period as CapPeriod, now);
  return {
    id: row.id,
    offerId: row.offerId,
    partner: row.partnerId === null ? null : { id: row.partnerId, name: row.partnerName ?? '' },
    metric: row.metric as CapMetric,
    period: row.period as CapPeriod,
    limit: row.limit,
    used: used.get(row.id) ?? 0,
    resetsAt: Number.isFinite(bounds.end) ? new Date(bounds.end).toISOString() : null,
  };
}

/** Offer-wide caps, and the caps of partners the caller reaches. */
const visibleCaps = (scope: StaffScope): SQL | undefined => {
  const reach = partnerReachSql(scope, partners.accountManagerId, partners.status);
  return reach ? or(isNull(offerCaps.partnerId), reach) : undefined;
};

async function selectCaps(db: DbOrTx, where: SQL | undefined, now: Date): Promise<Cap[]> {
  const rows = await db
    .select(capColumns)
    .from(offerCaps)
    .leftJoin(partners, eq(partners.id, offerCaps.partnerId))
    .where(where)
    .orderBy(sql`${offerCaps.partnerId} nulls first`, asc(offerCaps.metric), asc(offerCaps.period), asc(offerCaps.id));
  const used = await currentUsage(
    db,
    rows.map((r) => ({ id: r.id, period: r.period as CapPeriod })),
    now.getTime(),
  );
  return rows.map((r) => capDto(r, used, now.getTime()));
}

async function offerExists(db: DbOrTx, offerId: number): Promise<void> {
  const [row] = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
  if (!row) throw notFound(OFFER_NOT_FOUND);
}

export async function listCaps(db: DbOrTx, offerId: number, scope: StaffScope, now: Date): Promise<Cap[]> {
  await offerExists(db, offerId);
  return selectCaps(db, and(eq(offerCaps.offerId, offerId), visibleCaps(scope)), now);
}

const keyOf = (c: { partnerId: number | null; metric: string; period: string }) =>
  `${c.partnerId ?? ''}:${c.metric}:${c.period}`;

/**
 * Replaces the offer's caps the caller may set (offer-wide ones for administrators and team managers, a partner's for
 * a partner within reach); the others stay as they are. A cap kept with another limit keeps its usage; a new cap
 * starts with what its current period already holds (the conversions and clicks so far), so that a cap of 50 set at
 * noon after 40 conversions leaves 10. One transaction, audited cap by cap (decision 045).
 */
export async function replaceCaps(db: DbOrTx, offerId: number, body: CapsBody, { actor, now, scope }: Context): Promise<Cap[]> {
  const caps = CapsBodySchema.parse(body);
  await offerExists(db, offerId);
  const errors: Record<string, string> = {};
  const partnerIds = [...new Set(caps.flatMap((c) => (c.partnerId === null ? [] : [c.partnerId])))];
  const reachable = new Map<number, boolean>();
  if (partnerIds.length > 0) {
    const rows = await db
      .select({ id: partners.id, accountManagerId: partners.accountManagerId, status: partners.status })
      .from(partners)
      .where(sql`${partners.id} in ${partnerIds}`);
    for (const r of rows) reachable.set(r.id, reaches(scope, r.accountManagerId, { pendingUnassigned: r.status === 'pending' })); // prettier-ignore
  }
  caps.forEach((cap, i) => {
    if (cap.partnerId === null) {
      if (!mayCapWholeOffer(scope)) errors[`${i}.partnerId`] = 'Only an administrator or a team manager can cap the whole offer.'; // prettier-ignore
    } else if (!reachable.get(cap.partnerId)) errors[`${i}.partnerId`] = 'No such partner.';
  });
  if (Object.keys(errors).length > 0) throw badRequest('The request is invalid.', errors);

  return db.transaction(async (tx) => {
    // One writer of an offer's caps at a time: the offer row is the lock.
    await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId)).for('update');
    const existing = await tx
      .select({ ...capColumns, accountManagerId: partners.accountManagerId, status: partners.status })
      .from(offerCaps)
      .leftJoin(partners, eq(partners.id, offerCaps.partnerId))
      .where(eq(offerCaps.offerId, offerId));
    const writable = existing.filter((c) =>
      c.partnerId === null ? mayCapWholeOffer(scope) : reaches(scope, c.accountManagerId, { pendingUnassigned: c.status === 'pending' }), // prettier-ignore
    );
    const byKey = new Map(writable.map((c) => [keyOf(c), c]));
    const audit: AuditRecord[] = [];
    const context = (c: { partnerId: number | null; metric: string; period: string }) => [
      { field: 'offerId', before: null, after: offerId },
      { field: 'partnerId', before: null, after: c.partnerId },
      { field: 'metric', before: null, after: c.metric },
      { field: 'period', before: null, after: c.period },
    ];
    for (const cap of caps) {
      const before = byKey.get(keyOf(cap));
      byKey.delete(keyOf(cap));
      if (before) {
        if (before.limit === cap.limit) continue;
        await tx.update(offerCaps).set({ limit: cap.limit, updatedAt: now }).where(eq(offerCaps.id, before.id));
        audit.push({ action: 'update', entityType: 'cap', entityId: before.id, partnerId: cap.partnerId, changes: [{ field: 'limit', before: before.limit, after: cap.limit }] }); // prettier-ignore
        continue;
      }
      const [row] = await tx
        .insert(offerCaps)
        .values({ offerId, partnerId: cap.partnerId, metric: cap.metric, period: cap.period, limit: cap.limit, createdBy: actor.actorId, createdAt: now, updatedAt: now }) // prettier-ignore
        .returning({ id: offerCaps.id });
      await startUsage(tx, { id: row!.id, offerId, ...cap }, now);
      audit.push({ action: 'create', entityType: 'cap', entityId: row!.id, partnerId: cap.partnerId, changes: [...context(cap), { field: 'limit', before: null, after: cap.limit }] }); // prettier-ignore
    }
    for (const gone of byKey.values()) {
      await tx.delete(offerCaps).where(eq(offerCaps.id, gone.id));
      audit.push({ action: 'delete', entityType: 'cap', entityId: gone.id, partnerId: gone.partnerId, changes: [...context(gone).map((c) => ({ ...c, before: c.after, after: null })), { field: 'limit', before: gone.limit, after: null }] }); // prettier-ignore
    }
    await recordAudit(tx, actor, audit, now);
    return selectCaps(tx, and(eq(offerCaps.offerId, offerId), visibleCaps(scope)), now);
  });
} // prettier-ignore

/**
 * A new cap's usage in its current period: the approved and pending conversions already there (each remembered as
 * taken, so that a decline gives it back) or the clicks the rollups hold. Alerts at once when that is already 90 %.
 */
async function startUsage(
  tx: DbOrTx,
  cap: { id: number; offerId: number; partnerId: number | null; metric: CapMetric; period: CapPeriod; limit: number },
  now: Date,
): Promise<void> {
  const bounds = capPeriod(cap.period, now.getTime());
  const start = new Date(bounds.start);
  const end = Number.isFinite(bounds.end) ? new Date(bounds.end) : null;
  let used: number;
  if (cap.metric === 'clicks') {
    const [row] = await tx
      .select({ n: sql<string>`coalesce(sum(${statsHourly.clicks}), 0)` })
      .from(statsHourly)
      .where(
        and(
          eq(statsHourly.offerId, cap.offerId),
          cap.partnerId === null ? undefined : eq(statsHourly.partnerId, cap.partnerId),
          gte(statsHourly.hour, start),
          end ? lt(statsHourly.hour, end) : undefined,
        ),
      );
    used = Number(row?.n ?? 0);
  } else {
    const amount =
      cap.metric === 'conversions' ? sql`1` : cap.metric === 'payout' ? conversions.payout : conversions.revenue;
    await tx.execute(sql`
      insert into ${conversionCapTakes} (conversion_id, cap_id, period_start, amount)
      select ${conversions.id}, ${cap.id}, ${start.toISOString()}::timestamptz, ${amount}
      from ${conversions}
      where ${conversions.offerId} = ${cap.offerId}
        ${cap.partnerId === null ? sql`` : sql`and ${conversions.partnerId} = ${cap.partnerId}`}
        and ${conversions.status} in ('approved', 'pending')
        and ${conversions.createdAt} >= ${start.toISOString()}::timestamptz
        ${end ? sql`and ${conversions.createdAt} < ${end.toISOString()}::timestamptz` : sql``}
        and ${amount} > 0`);
    const [row] = await tx
      .select({ n: sql<string>`coalesce(sum(${conversionCapTakes.amount}), 0)` })
      .from(conversionCapTakes)
      .where(eq(conversionCapTakes.capId, cap.id));
    used = Number(row?.n ?? 0);
  }
  await tx.insert(capUsage).values({ capId: cap.id, periodStart: start, used });
  if (nearlyReached(used, cap.limit)) await alertCap(tx, cap.id, start, used, now);
}

/**
 * The caps of an offer that concern a partner, as it may see them (issue 20): its own with what is left and when the
 * period resets; for an offer-wide cap only whether the offer is still available, never the volume of others.
 */
export async function partnerCaps(db: DbOrTx, offerId: number, partnerId: number, now: Date): Promise<PartnerCap[]> {
  const rows = await db
    .select({
      id: offerCaps.id,
      partnerId: offerCaps.partnerId,
      metric: offerCaps.metric,
      period: offerCaps.period,
      limit: offerCaps.limit,
    }) // prettier-ignore
    .from(offerCaps)
    .where(and(eq(offerCaps.offerId, offerId), or(isNull(offerCaps.partnerId), eq(offerCaps.partnerId, partnerId))))
    .orderBy(sql`${offerCaps.partnerId} nulls last`, asc(offerCaps.id));
  if (rows.length === 0) return [];
  const at = now.getTime();
  const used = await currentUsage(
    db,
    rows.map((r) => ({ id: r.id, period: r.period as CapPeriod })),
    at,
  );
  return rows.map((r): PartnerCap => {
    const bounds = capPeriod(r.period as CapPeriod, at);
    const resetsAt = Number.isFinite(bounds.end) ? new Date(bounds.end).toISOString() : null;
    const u = used.get(r.id) ?? 0;
    const metric = r.metric as CapMetric;
    const period = r.period as CapPeriod;
    return r.partnerId === null
      ? { scope: 'offer', metric, period, status: u >= r.limit ? 'capped' : 'available', resetsAt }
      : { scope: 'partner', metric, period, limit: r.limit, remaining: Math.max(r.limit - u, 0), resetsAt };
  });
}

/** Caps at CAP_ALERT_PERCENT or more in their current period: offer-wide ones and those of partners in reach. */
export async function capAlerts(db: DbOrTx, scope: StaffScope, now: Date): Promise<CapAlert[]> {
  const at = now.getTime();
  const rows = await db
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
  return rows.map((r) => ({ ...capDto(r, new Map([[r.id, r.used]]), at), offerName: r.offerName }));
}
