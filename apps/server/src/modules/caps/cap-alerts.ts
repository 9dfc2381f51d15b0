import { and, arrayContains, eq, isNull, sql } from 'drizzle-orm';
import { CAP_ALERT_PERCENT, type CapMetric, type CapPeriod } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { capUsage, emailOutbox, offerCaps, offers, partners, staffNotifications, users } from '../../db/schema.js';
import { outboxRow } from '../../lib/mailer.js';

/** Whether `used` is at or above the alert threshold of `limit` (integers: no rounding). */
export const nearlyReached = (used: number, limit: number) => used * 100 >= limit * CAP_ALERT_PERCENT;

const METRIC_WORDS: Record<CapMetric, string> = {
  clicks: 'clicks',
  conversions: 'conversions',
  payout: 'payout',
  revenue: 'revenue',
};
const PERIOD_WORDS: Record<CapPeriod, string> = { day: 'daily', month: 'monthly', total: 'total' };

/**
 * Alerts the staff concerned that a cap reached CAP_ALERT_PERCENT of its limit in the period starting `periodStart`:
 * once per cap and period (the conditional update on `alerted_at` decides between transactions and processes). The
 * partner's account manager for a partner's cap (every team manager when it has none), every team manager for an
 * offer-wide cap: a notification on the staff home and an e-mail, written with the caller's transaction.
 */
export async function alertCap(tx: DbOrTx, capId: number, periodStart: Date, used: number, now: Date): Promise<void> {
  const [claimed] = await tx
    .update(capUsage)
    .set({ alertedAt: now })
    .where(and(eq(capUsage.capId, capId), eq(capUsage.periodStart, periodStart), isNull(capUsage.alertedAt)))
    .returning({ capId: capUsage.capId });
  if (!claimed) return;
  const [cap] = await tx
    .select({
      offerId: offerCaps.offerId,
      offerName: offers.name,
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
  if (!cap) return;
  const recipients = await tx
    .select({ id: users.id, email: users.email, firstname: users.firstname })
    .from(users)
    .where(
      and(
        eq(users.enabled, true),
        isNull(users.partnerId),
        cap.accountManagerId !== null
          ? eq(users.id, cap.accountManagerId)
          : arrayContains(users.roles, ['ROLE_TEAM_MANAGER']),
      ),
    );
  if (recipients.length === 0) return;
  const who = cap.partnerId === null ? 'all partners' : `${cap.partnerName} (#${cap.partnerId})`;
  const title = `Cap at ${Math.floor((used * 100) / cap.limit)} %: ${cap.offerName} (#${cap.offerId}), ${who}`;
  const body = `The ${PERIOD_WORDS[cap.period as CapPeriod]} ${METRIC_WORDS[cap.metric as CapMetric]} cap has used ${used} of ${cap.limit}.`;
  const link = `/staff/offers/${cap.offerId}`;
  await tx
    .insert(staffNotifications)
    .values(recipients.map((r) => ({ userId: r.id, kind: 'cap_nearly_reached', title, body, link, createdAt: now })));
  await tx.insert(emailOutbox).values(
    recipients.map((r) => ({
      ...outboxRow({
        to: r.email,
        subject: title,
        kind: 'staff-cap-alert',
        text: [`Hello ${r.firstname},`, '', title, '', body, '', `See the offer in the staff console: ${link}`],
      }),
      meta: { capId, offerId: cap.offerId },
    })),
  );
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
