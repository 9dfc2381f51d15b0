import {
  type Cap,
  type CapAlert,
  type CapMetric,
  type CapPeriod,
  type CapsBody,
  CapsBodySchema,
  type PartnerCap,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { reaches, type StaffScope } from '../access/index.js';
import { recordAudit, type AuditActor, type AuditRecord } from '../audit/index.js';
import { alertCap, nearlyReached } from './cap-alerts.js';
import { partnerAlertLevel, tellPartnersOfCap } from './cap-partner-alerts.js';
import { capPeriod } from './cap-periods.js';
import {
  capsNearlyReached,
  clicksInPeriod,
  currentUsage,
  deleteCap,
  insertCap,
  insertUsage,
  lockOffer,
  offerCapsWithReach,
  offerExists,
  partnerCapRows,
  partnersToReach,
  takeConversionsInPeriod,
  updateCapLimit,
  visibleCapsOf,
  type CapRow,
} from './caps.repository.js';

const OFFER_NOT_FOUND = 'Offer not found.';
type Context = { actor: AuditActor; now: Date; scope: StaffScope };

/** Offer-wide caps are the network's: administrators and team managers set them, not account managers. */
const mayCapWholeOffer = (scope: StaffScope) => scope.reach === 'all' || scope.reach === 'team';

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

/** An offer's caps the caller sees (offer-wide ones, and those of partners in reach), with their current usage. */
async function selectCaps(db: DbOrTx, offerId: number, scope: StaffScope, now: Date): Promise<Cap[]> {
  const rows = await visibleCapsOf(db, offerId, scope);
  const used = await currentUsage(
    db,
    rows.map((r) => ({ id: r.id, period: r.period as CapPeriod })),
    now.getTime(),
  );
  return rows.map((r) => capDto(r, used, now.getTime()));
}

async function assertOfferExists(db: DbOrTx, offerId: number): Promise<void> {
  if (!(await offerExists(db, offerId))) throw notFound(OFFER_NOT_FOUND);
}

export async function listCaps(db: DbOrTx, offerId: number, scope: StaffScope, now: Date): Promise<Cap[]> {
  await assertOfferExists(db, offerId);
  return selectCaps(db, offerId, scope, now);
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
  await assertOfferExists(db, offerId);
  const errors: Record<string, string> = {};
  const partnerIds = [...new Set(caps.flatMap((c) => (c.partnerId === null ? [] : [c.partnerId])))];
  const reachable = new Map<number, boolean>();
  if (partnerIds.length > 0) {
    const rows = await partnersToReach(db, partnerIds);
    for (const r of rows) reachable.set(r.id, reaches(scope, r.accountManagerId, { pendingUnassigned: r.status === 'pending' })); // prettier-ignore
  }
  caps.forEach((cap, i) => {
    if (cap.partnerId === null) {
      if (!mayCapWholeOffer(scope)) errors[`${i}.partnerId`] = 'Only an administrator or a team manager can cap the whole offer.'; // prettier-ignore
    } else if (!reachable.get(cap.partnerId)) errors[`${i}.partnerId`] = 'No such partner.';
  });
  if (Object.keys(errors).length > 0) throw badRequest('The request is invalid.', errors);

  return db.transaction(async (tx) => {
    await lockOffer(tx, offerId);
    const existing = await offerCapsWithReach(tx, offerId);
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
        await updateCapLimit(tx, before.id, cap.limit, now);
        audit.push({ action: 'update', entityType: 'cap', entityId: before.id, partnerId: cap.partnerId, changes: [{ field: 'limit', before: before.limit, after: cap.limit }] }); // prettier-ignore
        continue;
      }
      const id = await insertCap(tx, { offerId, partnerId: cap.partnerId, metric: cap.metric, period: cap.period, limit: cap.limit }, actor.actorId, now); // prettier-ignore
      await startUsage(tx, { id, offerId, ...cap }, now);
      audit.push({ action: 'create', entityType: 'cap', entityId: id, partnerId: cap.partnerId, changes: [...context(cap), { field: 'limit', before: null, after: cap.limit }] }); // prettier-ignore
    }
    for (const gone of byKey.values()) {
      await deleteCap(tx, gone.id);
      audit.push({ action: 'delete', entityType: 'cap', entityId: gone.id, partnerId: gone.partnerId, changes: [...context(gone).map((c) => ({ ...c, before: c.after, after: null })), { field: 'limit', before: gone.limit, after: null }] }); // prettier-ignore
    }
    await recordAudit(tx, actor, audit, now);
    return selectCaps(tx, offerId, scope, now);
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
  const period = {
    offerId: cap.offerId,
    partnerId: cap.partnerId,
    start,
    end: Number.isFinite(bounds.end) ? new Date(bounds.end) : null,
  };
  const used =
    cap.metric === 'clicks' ? await clicksInPeriod(tx, period) : await takeConversionsInPeriod(tx, cap, period);
  await insertUsage(tx, cap.id, start, used);
  if (nearlyReached(used, cap.limit)) await alertCap(tx, cap.id, start, used, now);
  await tellPartnersOfCap(tx, cap.id, start, used, partnerAlertLevel(used, cap.limit), now);
}

/**
 * The caps of an offer that concern a partner, as it may see them (decision 045): its own with what is left and when
 * the period resets; for an offer-wide cap only whether the offer is still available, never the volume of others.
 */
export async function partnerCaps(db: DbOrTx, offerId: number, partnerId: number, now: Date): Promise<PartnerCap[]> {
  const rows = await partnerCapRows(db, offerId, partnerId);
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
  const rows = await capsNearlyReached(db, scope, at);
  return rows.map((r) => ({ ...capDto(r, new Map([[r.id, r.used]]), at), offerName: r.offerName }));
}
