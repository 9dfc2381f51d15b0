import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { ClickRejectionReason, PartnerRefusalReason, RefusedTrafficRow } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { rejectedClicksHourly } from '../../db/schema.js';
import type { UtcWindow } from './report-dates.js';

/**
 * How each refusal reads to the partner whose link it was (decision 024): what GET /click answered, no more. Null:
 * never the partner's (the link named no partner, or one that does not exist).
 */
const AS_PARTNER_SEES_IT: Record<ClickRejectionReason, PartnerRefusalReason | null> = {
  invalid_request: null,
  unknown_partner: null,
  unknown_offer: 'unknown_offer',
  offer_disabled: 'unknown_offer',
  offer_not_visible: 'unknown_offer',
  approval_required: 'approval_required',
  partner_inactive: 'partner_inactive',
  geo_mismatch: 'geo_mismatch',
  offer_not_started: 'offer_not_started',
  offer_ended: 'offer_ended',
  over_cap: 'over_cap',
  unknown_landing_page: 'unknown_landing_page',
  bot: 'bot',
  missing_user_agent: 'missing_user_agent',
  data_centre: 'data_centre',
  ip_velocity: 'ip_velocity',
  blocked_ip: 'blocked_ip',
  blocked_asn: 'blocked_asn',
  blocked_subid: 'blocked_subid',
  blocked_tracking_code: 'blocked_tracking_code',
  blocked_user_agent: 'blocked_user_agent',
};

/** The partner's refused clicks in a window, per reason and offer, from the hourly refusal rollup; most first. */
export async function refusedTraffic(
  db: DbOrTx,
  partnerId: number,
  window: UtcWindow,
  offerId: number | undefined,
): Promise<RefusedTrafficRow[]> {
  const rows = await db
    .select({
      reason: rejectedClicksHourly.reason,
      offerId: rejectedClicksHourly.offerId,
      clicks: sql<number>`sum(${rejectedClicksHourly.count})`.mapWith(Number),
    })
    .from(rejectedClicksHourly)
    .where(
      and(
        eq(rejectedClicksHourly.partnerId, partnerId),
        gte(rejectedClicksHourly.hour, window.start),
        lt(rejectedClicksHourly.hour, window.end),
        offerId === undefined ? undefined : eq(rejectedClicksHourly.offerId, offerId),
      ),
    )
    .groupBy(rejectedClicksHourly.reason, rejectedClicksHourly.offerId);

  const folded = new Map<string, RefusedTrafficRow>();
  for (const row of rows) {
    const reason = AS_PARTNER_SEES_IT[row.reason as ClickRejectionReason] ?? null;
    if (!reason) continue;
    // An offer the partner may not know of is not named, nor found by its id: filtering on a private offer's id
    // must answer as for an id that does not exist.
    const offer = reason === 'unknown_offer' ? null : row.offerId || null;
    if (offerId !== undefined && offer === null) continue;
    const key = `${reason}\u0000${offer}`;
    const entry = folded.get(key);
    if (entry) entry.clicks += row.clicks;
    else folded.set(key, { reason, offerId: offer, clicks: row.clicks });
  }
  return [...folded.values()].sort(
    (a, b) => b.clicks - a.clicks || a.reason.localeCompare(b.reason) || (a.offerId ?? 0) - (b.offerId ?? 0),
  );
}
