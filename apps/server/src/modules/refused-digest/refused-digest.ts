import {
  BILLING_TIMEZONE,
  formatCount,
  formatDate,
  formatIsoDate,
  formatMomentIn,
  zoneName,
  type PartnerRefusalReason,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { PeriodicRound } from '../../lib/outbox-worker.js';
import { capPeriod } from '../caps/index.js';
import { digestCut } from '../conversion-digest/index.js';
import { notifyEachOnce, notifyPartner } from '../notifications/index.js';
import { refusedTraffic } from '../statistics/index.js';
import { claimRefusedDigest, offerNames, partnersWithRefusals } from './refused-digest.repository.js';

/** As the conversion digest (decision 072): after the Paris digest hour, and a few minutes' grace for late writes. */
const DIGEST_GRACE_MS = 5 * 60_000;
/** Lines spelled out in one notification; the rest are counted and in the report. */
const LISTED_LINES = 30;

/** Each refusal as the partner reads it (the refused-traffic panel's words, shorter). */
const REASON_WORDS: Record<PartnerRefusalReason, string> = {
  unknown_offer: 'offer not available',
  approval_required: 'not approved for this offer',
  partner_inactive: 'account not active',
  geo_mismatch: 'country not accepted',
  offer_not_started: 'offer not started',
  offer_ended: 'offer ended',
  over_cap: 'cap reached',
  unknown_landing_page: 'unknown landing page',
  bot: 'robot',
  missing_user_agent: 'no browser named',
  data_centre: 'data centre',
  ip_velocity: 'too many clicks from one address',
  blocked_ip: 'address blocked',
  blocked_asn: 'network blocked',
  blocked_subid: 'sub-ID blocked',
  blocked_tracking_code: 'tracking code blocked',
  blocked_user_agent: 'browser blocked',
};

/** The Paris day before `now`'s: its first instant, its end, and its date. */
export function previousParisDay(now: Date): { start: Date; end: Date; day: string } {
  const today = capPeriod('day', now.getTime()).start;
  const yesterday = capPeriod('day', today - 1);
  return {
    start: new Date(yesterday.start),
    end: new Date(today),
    day: formatIsoDate(new Date(yesterday.start), BILLING_TIMEZONE),
  };
}

/**
 * Tells each partner once a day (decision 105), after the Paris digest hour, how many of its clicks were refused the
 * day before (a Paris day, said so), by offer and reason as the refused-traffic panel tells them (an offer it may not
 * see is not named), with a link to the panel. The claim of the day and the notification are one transaction per
 * partner: told once whatever the number of servers or runs. Answers how many partners were told.
 */
export async function sendRefusedDigests(db: Db, options: { now: Date; publicUrl: string }): Promise<number> {
  const { now } = options;
  if (now.getTime() < digestCut(now).getTime() + DIGEST_GRACE_MS) return 0;
  const { start, end, day } = previousParisDay(now);
  return notifyEachOnce(db, await partnersWithRefusals(db, start, end), async (tx, partnerId) => {
    if (!(await claimRefusedDigest(tx, partnerId, day, now))) return false;
    const rows = await refusedTraffic(tx, partnerId, { start, end }, undefined);
    if (rows.length === 0) return false;
    const names = await offerNames(tx, [...new Set(rows.flatMap((r) => (r.offerId === null ? [] : [r.offerId])))]);
    const total = rows.reduce((sum, r) => sum + r.clicks, 0);
    const lines = rows.slice(0, LISTED_LINES).map((r) => {
      const offer =
        r.offerId === null ? 'An offer you cannot see' : `${names.get(r.offerId) ?? 'Offer'} (#${r.offerId})`;
      return `- ${offer}: ${formatCount(r.clicks)} ${r.clicks === 1 ? 'click' : 'clicks'}, ${REASON_WORDS[r.reason]}`;
    });
    const more = rows.length - lines.length;
    await notifyPartner(
      tx,
      {
        partnerId,
        kind: 'clicks_refused',
        // The day is a Paris day; its span is written on the reader's clock, the zone named (decision 112).
        inZone: (offset) => ({
          title: `${formatCount(total)} ${total === 1 ? 'click' : 'clicks'} refused on ${formatDate(start, BILLING_TIMEZONE)}`,
          body: [
            `Clicks on your links that were not sent to the offer on ${formatDate(start, BILLING_TIMEZONE)}, Paris time ` +
              `(${formatMomentIn(start, offset)} to ${formatMomentIn(end, offset)} ${zoneName(offset)}), by offer and reason:`,
            ...lines,
            ...(more > 0 ? [`…and ${more} more, in the refused traffic of the click report.`] : []),
          ].join('\n'),
        }),
        link: '/reports/click',
      },
      { publicUrl: options.publicUrl },
    );
    return true;
  });
}

/** The daily notification as a timer, as the conversion digest's (decision 072): runs before the hour send nothing. */
export function refusedDigestTimer(db: Db, publicUrl: string, now: () => Date): PeriodicRound {
  return new PeriodicRound(() => sendRefusedDigests(db, { now: now(), publicUrl }));
}
