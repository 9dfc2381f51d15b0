import { CAP_ALERT_PERCENT, formatCount, formatMoneyMinor, type CapMetric, type CapPeriod } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { outboxRow } from '../../lib/mailer.js';
import { publicLink } from '../../lib/public-url.js';
import {
  alertRecipients,
  capToAlert,
  claimAlert,
  insertOutboxMails,
  insertStaffNotifications,
} from './caps.repository.js';

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
  if (!(await claimAlert(tx, capId, periodStart, now))) return;
  const cap = await capToAlert(tx, capId);
  if (!cap) return;
  const recipients = await alertRecipients(tx, cap.accountManagerId);
  if (recipients.length === 0) return;
  const who = cap.partnerId === null ? 'all partners' : `${cap.partnerName} (#${cap.partnerId})`;
  const title = `Cap at ${Math.floor((used * 100) / cap.limit)} %: ${cap.offerName} (#${cap.offerId}), ${who}`;
  // Amounts in the offer's currency, counts grouped (decision 081): "290,00 € of 300,00 €", "2 900 of 3 000".
  const shown = (n: number) =>
    cap.metric === 'payout' || cap.metric === 'revenue' ? formatMoneyMinor(n, cap.currency) : formatCount(n);
  const body = `The ${PERIOD_WORDS[cap.period as CapPeriod]} ${METRIC_WORDS[cap.metric as CapMetric]} cap has used ${shown(used)} of ${shown(cap.limit)} (${shown(Math.max(cap.limit - used, 0))} left).`;
  const link = `/staff/offers/${cap.offerId}`;
  // The mail links to the offer's caps panel itself, and to the partner's page for a partner's cap.
  const links = [
    `See the offer's caps in the staff console: ${publicLink(`${link}#caps`)}`,
    ...(cap.partnerId === null ? [] : [`See the partner: ${publicLink(`/staff/partners/${cap.partnerId}`)}`]),
  ];
  await insertStaffNotifications(
    tx,
    recipients.map((r) => ({ userId: r.id, kind: 'cap_nearly_reached', title, body, link, createdAt: now })),
  );
  await insertOutboxMails(
    tx,
    recipients.map((r) => ({
      ...outboxRow({
        to: r.email,
        subject: title,
        kind: 'staff-cap-alert',
        text: [`Hello ${r.firstname},`, '', title, '', body, '', ...links],
      }),
      meta: { capId, offerId: cap.offerId },
    })),
  );
}
