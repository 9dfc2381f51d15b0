import {
  STAFF_CONVERSION_EXPORT_MAX_ROWS,
  partnerDisplayName,
  toLocalIso,
  type ConversionDeclineReason,
  type ConversionEvidence,
  type ConversionRule,
  type ConversionRejectionReason,
  type ConversionReversalReason,
  type ConversionStatus,
  type StaffConversionRow,
  type StaffConversionsFilter,
} from '@portal/contracts';
import { UAParser } from 'ua-parser-js';
import type { DbOrTx } from '../../db/client.js';
import { hostingNetworkOf } from '../traffic/index.js';
import type { StoredEvidence } from './conversion-screen.js';
import { toIso } from '../../lib/reply.js';
import type { StaffScope } from '../access/index.js';
import { utcWindow } from '../statistics/index.js';
import {
  countConversions,
  searchConversions,
  type ConversionSearch,
  type SearchRow,
} from './conversions.repository.js';
import { csvDateTime } from '../../lib/csv.js';

/**
 * The staff's conversion search (decision 071): every status within the reader's reach, filtered, found by one of its
 * ids, sorted and paged, and the same search as a CSV file.
 */

type Filter = Omit<StaffConversionsFilter, 'page' | 'count'> & Partial<Pick<StaffConversionsFilter, 'page' | 'count'>>;

const DAY_MS = 86_400_000;

/**
 * The filter with its days (the reader's, at `offset`) as a UTC half-open interval, and its age (decision 079) as the
 * moment before which a conversion was recorded.
 */
function searchOf(
  { from, to, olderThanDays, page: _p, count: _c, ...rest }: Filter,
  offset: string | null,
  now: Date,
): ConversionSearch {
  return {
    ...rest,
    since: from ? utcWindow({ startDate: from, endDate: from }, offset).start : undefined,
    before: to ? utcWindow({ startDate: to, endDate: to }, offset).end : undefined,
    recordedBefore: olderThanDays ? new Date(now.getTime() - olderThanDays * DAY_MS) : undefined,
  };
}

export function conversionRowOf(row: SearchRow): StaffConversionRow {
  return {
    id: row.id,
    partnerId: row.partnerId,
    partnerDisplayName:
      row.partnerId !== null && row.partnerCompanyName !== null
        ? partnerDisplayName(row.partnerCompanyName, row.partnerId)
        : null,
    offerId: row.offerId,
    offerName: row.offerName,
    goalName: row.goalName,
    ip: row.ip,
    declineReason: row.reason === 'declined' ? (row.declineReason as ConversionDeclineReason | null) : null,
    advertiserId: row.advertiserId,
    advertiserName: row.advertiserName ?? `#${row.advertiserId}`,
    goal: row.goal,
    clickId: row.clickId,
    transactionId: row.transactionId,
    status: row.status as ConversionStatus,
    reason: row.reason as ConversionRejectionReason | null,
    reversalReason: row.reversalReason as ConversionReversalReason | null,
    note: row.note,
    payout: row.payout,
    originalPayout: row.originalPayout,
    revenue: row.revenue,
    amount: row.amount,
    currency: row.currency,
    subid: row.subid,
    country: row.country,
    clickedAt: toIso(row.clickedAt),
    changedAt: toIso(row.changedAt),
    source: row.source,
    signals: row.signals ? (row.signals.split(',') as ConversionRule[]) : [],
    evidence: row.signals ? evidenceOf(row) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The fraud queue's evidence (decision 101): what the rules measured when the conversion arrived (stored), and the
 * click read again: its address with its autonomous system and hosting flag, its user agent read by ua-parser-js.
 */
function evidenceOf(row: SearchRow): ConversionEvidence {
  const stored = (row.evidence ?? {}) as Partial<StoredEvidence>;
  const network = row.ip ? hostingNetworkOf(row.ip) : undefined;
  const agent = row.clickUserAgent ? new UAParser(row.clickUserAgent).getResult() : null;
  const named = (name: string | undefined, version: string | undefined) =>
    name ? (version ? `${name} ${version}` : name) : null;
  return {
    clickIp: row.ip,
    asn: network?.asn ?? null,
    asnName: network?.provider ?? null,
    hosting: network !== undefined,
    clickCountry: row.country,
    conversionCountry: row.conversionCountry,
    conversionIp: row.visitorIp !== row.ip ? row.visitorIp : null,
    userAgent: row.clickUserAgent,
    browser: agent ? named(agent.browser.name, agent.browser.major) : null,
    os: agent ? named(agent.os.name, agent.os.version) : null,
    device: agent ? (agent.device.type ?? 'desktop') : null,
    clickFlags: row.clickFlags ? row.clickFlags.split(',') : [],
    secondsToConvert:
      stored.secondsToConvert ??
      (row.clickedAt ? Math.round((row.createdAt.getTime() - row.clickedAt.getTime()) / 100) / 10 : null),
    minSecondsToConvert: stored.minSecondsToConvert ?? null,
    ipConversions: stored.ipConversions ?? null,
    baselineRate: stored.baselineRate ?? null,
    recentRate: stored.recentRate ?? null,
  };
}

/** One page of the search, and how many conversions it finds. */
export async function listConversions(
  db: DbOrTx,
  scope: StaffScope,
  filter: StaffConversionsFilter,
  offset: string | null,
  now: Date,
): Promise<{ list: StaffConversionRow[]; total: number }> {
  const search = searchOf(filter, offset, now);
  const [rows, total] = [
    await searchConversions(db, scope, search, { limit: filter.count, offset: (filter.page - 1) * filter.count }),
    await countConversions(db, scope, search),
  ];
  return { list: rows.map(conversionRowOf), total };
}

const CHUNK = 2_000;
const major = (minor: number | null) => (minor === null ? null : (minor / 100).toFixed(2));

/** The export's columns, in order: moments in the reader's offset, money as major-unit decimals beside its currency. */
export const CONVERSION_SEARCH_CSV_HEADER = [
  'Conversion ID',
  'Date',
  'Status',
  'Reason',
  'Reversal Reason',
  'Partner ID',
  'Partner',
  'Offer ID',
  'Offer',
  'Advertiser ID',
  'Advertiser',
  'Goal',
  'Click ID',
  'Click Date',
  'Transaction ID',
  'SubID',
  'Country',
  'Currency',
  'Payout',
  'Original Payout',
  'Revenue',
  'Sale Amount',
  'Source',
  'Note',
  'Changed At',
] as const;

function csvLine(row: StaffConversionRow, offset: string | null): (string | number | null)[] {
  const local = (iso: string | null) => (iso ? csvDateTime(toLocalIso(new Date(iso), offset)) : null);
  return [
    row.id,
    local(row.createdAt),
    row.status,
    row.reason,
    row.reversalReason,
    row.partnerId,
    row.partnerDisplayName,
    row.offerId,
    row.offerName,
    row.advertiserId,
    row.advertiserName,
    row.goal,
    row.clickId,
    local(row.clickedAt),
    row.transactionId,
    row.subid,
    row.country,
    row.currency,
    major(row.payout),
    major(row.originalPayout),
    major(row.revenue),
    major(row.amount),
    row.source,
    row.note,
    local(row.changedAt),
  ];
}

/**
 * The search's lines for the CSV export, header first, read a chunk at a time as the client reads, at most
 * STAFF_CONVERSION_EXPORT_MAX_ROWS of them (the route says whether the file stopped there).
 */
export async function* conversionCsvLines(
  db: DbOrTx,
  scope: StaffScope,
  filter: Omit<StaffConversionsFilter, 'page' | 'count'>,
  offset: string | null,
  now: Date,
): AsyncGenerator<(string | number | null)[]> {
  const search = searchOf(filter, offset, now);
  yield [...CONVERSION_SEARCH_CSV_HEADER];
  for (let done = 0; done < STAFF_CONVERSION_EXPORT_MAX_ROWS; done += CHUNK) {
    const limit = Math.min(CHUNK, STAFF_CONVERSION_EXPORT_MAX_ROWS - done);
    const rows = await searchConversions(db, scope, search, { limit, offset: done });
    for (const row of rows) yield csvLine(conversionRowOf(row), offset);
    if (rows.length < limit) return;
  }
}

/** How many conversions the export's search finds, to say when the file stops at its cap. */
export const countForExport = (
  db: DbOrTx,
  scope: StaffScope,
  filter: Omit<StaffConversionsFilter, 'page' | 'count'>,
  offset: string | null,
  now: Date,
) => countConversions(db, scope, searchOf(filter, offset, now));
