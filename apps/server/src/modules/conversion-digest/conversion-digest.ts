import { BILLING_TIMEZONE, formatIsoDate, formatMoneyMinor, formatZonedMoment } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { PeriodicRound } from '../../lib/outbox-worker.js';
import { notifyEachOnce, notifyPartner } from '../notifications/index.js';
import { claimUndigestedLines, partnersToDigest } from './conversion-digest.repository.js';

/** The Paris hour of the daily digest: the lines recorded before today's, told once (decision 072). */
export const DIGEST_HOUR = 7;
/**
 * How long after the hour the digest waits: a change being written across the hour (its line dated before it, its
 * transaction not yet committed) is in by then, so no second digest follows on the same day.
 */
const DIGEST_GRACE_MS = 5 * 60_000;
/** Lines spelled out in one digest; the rest are counted and in the report. */
const LISTED_LINES = 50;

const DAY_MS = 86_400_000;

/** Today's digest hour in Paris, as an instant. */
export function digestCut(now: Date): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: BILLING_TIMEZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const offset = wall - Math.floor(now.getTime() / 1000) * 1000;
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, DIGEST_HOUR) - offset);
}

type Line = Awaited<ReturnType<typeof claimUndigestedLines>>[number];

const KIND_WORDS: Record<string, string> = {
  reverse: 'reversed',
  adjust: 'adjusted',
  approve: 'approved by hand',
  add: 'added by hand',
};

const signed = (amount: number, currency: string) => `${amount > 0 ? '+' : ''}${formatMoneyMinor(amount, currency)}`;

/** The payout change by currency, 'EUR −24,00 € · USD +5,00 $US' order by currency code. */
function deltasInWords(lines: Line[]): string {
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.currency, (sums.get(line.currency) ?? 0) + line.payoutDelta);
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => signed(amount, currency))
    .join(' · ');
}

function lineInWords(line: Line): string {
  const what = KIND_WORDS[line.kind] ?? line.kind;
  const why = line.reasonCode ? ` (${line.reasonCode.replace(/_/g, ' ')})` : '';
  const note = line.note ? ` — ${line.note}` : '';
  return `- Conversion #${line.conversionId}, ${what}${why}: ${signed(line.payoutDelta, line.currency)}${note}`;
}

/**
 * The partner's conversion report filtered on conversions changed after the fact since the day before the first change
 * told (the report reads the day in the partner's time zone, so a day earlier keeps every zone's first change in),
 * whatever day they were recorded on (decision 072).
 */
function reportLink(firstChange: Date): string {
  const since = formatIsoDate(new Date(firstChange.getTime() - DAY_MS), BILLING_TIMEZONE);
  return `/reports/conversion?${new URLSearchParams({ changedFrom: since }).toString()}`;
}

/**
 * Tells each partner, in one notification (and its e-mail, by the partner's payment preference), of its conversions
 * changed after the fact since the last digest: how many, the payout change by currency, each change, and a link to
 * the report. The claim of the lines and the notification are one transaction per partner: a partner is told once
 * of each line, whatever the number of servers or runs. Answers how many partners were told.
 */
export async function sendConversionDigests(db: Db, options: { now: Date; publicUrl: string }): Promise<number> {
  const { now } = options;
  const cut = digestCut(now);
  if (now.getTime() < cut.getTime() + DIGEST_GRACE_MS) return 0;
  return notifyEachOnce(db, await partnersToDigest(db, cut), async (tx, partnerId) => {
    const lines = await claimUndigestedLines(tx, partnerId, cut, now);
    const first = lines[0];
    if (!first) return false;
    const count = lines.length;
    const listed = lines.slice(0, LISTED_LINES).map(lineInWords);
    const more = count - listed.length;
    await notifyPartner(
      tx,
      {
        partnerId,
        kind: 'conversions_changed',
        // The cut is 07:00 Paris time, written on the reader's clock with its zone named (decision 112).
        inZone: (offset) => ({
          title: `${count} ${count === 1 ? 'conversion' : 'conversions'} changed: payout ${deltasInWords(lines)}`,
          body: [
            `Changes to your conversions since the last digest, up to ${formatZonedMoment(cut, offset)}:`,
            ...listed,
            ...(more > 0 ? [`…and ${more} more, in the conversion report.`] : []),
          ].join('\n'),
        }),
        link: reportLink(first.createdAt),
      },
      { publicUrl: options.publicUrl },
    );
    return true;
  });
}

/**
 * The daily digest as a timer (decision 072): every few minutes it checks whether today's Paris digest hour has
 * passed and tells what was not told yet; runs before the hour, and runs after everything was told, send nothing.
 * Shares the outbox workers' timer and single flight.
 */
export function conversionDigestTimer(db: Db, publicUrl: string, now: () => Date): PeriodicRound {
  return new PeriodicRound(() => sendConversionDigests(db, { now: now(), publicUrl }));
}
