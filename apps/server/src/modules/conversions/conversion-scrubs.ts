import {
  partnerDisplayName,
  type AdvertiserScrub,
  SCRUB_ERROR_LINES,
  SCRUB_SAMPLE_LINES,
  type ConversionScrub,
  type ConversionScrubApplyResult,
  type ConversionScrubSummary,
  type ConversionScrubUpload,
  type ConversionStatus,
  type ScrubPartnerStake,
  type ScrubPreview,
  type ScrubResult,
  type ScrubSampleLine,
  type ScrubStatus,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { toIso } from '../../lib/reply.js';
import { decodeDataUrl } from '../../lib/uploads.js';
import type { StaffScope } from '../access/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { reverseConversionIn, type ChangeActor } from './conversion-changes.js';
import {
  advertiserExists,
  advertiserNames,
  conversionsByTransactionIds,
  insertScrub,
  listAdvertiserScrubs,
  listScrubs,
  markScrubApplied,
  markScrubDismissed,
  scrubById,
  type ScrubMatch,
  type ScrubRow,
} from './conversion-scrubs.repository.js';
import { parseScrubFile, type ScrubLine } from './scrub-file.js';

/**
 * Advertisers' scrub files (decision 069): uploaded and previewed without changing anything, then applied once, all
 * or nothing, each conversion reversed by reverseConversionIn inside the one transaction.
 */

/** What `conversion_scrubs.preview` holds: the preview, the upload's note, and the apply's result once applied. */
type StoredPreview = ScrubPreview & { note: string | null; result: ScrubResult | null };

const isFound = (match: ScrubMatch | undefined) => match !== undefined && match.status !== 'rejected';
type Category = 'found' | 'alreadyRejected' | 'unknown';
const categoryOf = (match: ScrubMatch | undefined): Category =>
  !match ? 'unknown' : isFound(match) ? 'found' : 'alreadyRejected';

const displayName = (match: ScrubMatch) =>
  match.partnerId === null ? null : partnerDisplayName(match.partnerName ?? '', match.partnerId);

function sampleOf(line: ScrubLine, match: ScrubMatch | undefined): ScrubSampleLine {
  return {
    ...line,
    conversionId: match?.id ?? null,
    status: (match?.status as ConversionStatus | undefined) ?? null,
    partnerName: match ? displayName(match) : null,
    currency: match?.currency ?? null,
    payout: match?.payout ?? null,
    revenue: match?.revenue ?? null,
  };
}

/** Counts, money at stake per partner and currency, and samples of each category. */
function previewOf(
  lines: ScrubLine[],
  errors: ScrubPreview['samples']['errors'],
  matches: Map<string, ScrubMatch>,
): ScrubPreview {
  const samples: ScrubPreview['samples'] = { found: [], alreadyRejected: [], unknown: [], errors: [] };
  const counts = { lines: lines.length + errors.length, found: 0, alreadyRejected: 0, unknown: 0, errors: errors.length }; // prettier-ignore
  const stakes = new Map<string, ScrubPartnerStake>();
  for (const line of lines) {
    const match = matches.get(line.transactionId);
    const category = categoryOf(match);
    counts[category] += 1;
    if (samples[category].length < SCRUB_SAMPLE_LINES) samples[category].push(sampleOf(line, match));
    if (category !== 'found' || match!.partnerId === null) continue;
    const key = `${match!.partnerId}:${match!.currency}`;
    const stake = stakes.get(key) ?? {
      partnerId: match!.partnerId,
      partnerName: displayName(match!)!,
      currency: match!.currency,
      conversions: 0,
      payout: 0,
      revenue: 0,
    };
    stake.conversions += 1;
    stake.payout += match!.payout;
    stake.revenue += match!.revenue;
    stakes.set(key, stake);
  }
  samples.errors = errors.slice(0, SCRUB_ERROR_LINES);
  const partners = [...stakes.values()].sort(
    (a, b) => a.partnerName.localeCompare(b.partnerName) || a.currency.localeCompare(b.currency),
  );
  return { counts, partners, samples };
}

function scrubDto(row: ScrubRow): ConversionScrub {
  const { note, result, ...preview } = row.preview as StoredPreview;
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    advertiserName: row.advertiserName,
    fileName: row.fileName,
    note: note ?? null,
    status: row.status as ScrubStatus,
    preview,
    result: result ?? null,
    createdById: row.createdById,
    createdAt: toIso(row.createdAt) ?? '',
    appliedById: row.appliedById,
    appliedAt: toIso(row.appliedAt),
    source: row.source === 'advertiser' ? 'advertiser' : 'staff',
  };
}

/** The file's display name: its base name without control or quote characters. */
const fileNameOf = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}"]/gu, '')
    .trim()
    .slice(0, 255) || 'scrub.csv';

/** Reads the file, matches its ids within the uploader's reach, stores lines and preview: changes no conversion. */
export async function uploadScrub(
  db: Db,
  body: ConversionScrubUpload,
  scope: StaffScope,
  actor: AuditActor,
  now: Date,
  source: 'staff' | 'advertiser' = 'staff',
): Promise<ConversionScrub> {
  if (!(await advertiserExists(db, body.advertiserId))) {
    throw badRequest('No advertiser has this id.', { advertiserId: 'No advertiser has this id.' });
  }
  const { lines, errors } = parseScrubFile(decodeDataUrl(body.file.data, 'file.data'));
  const matches = await conversionsByTransactionIds(
    db,
    body.advertiserId,
    lines.map((l) => l.transactionId),
    scope,
  );
  const preview = previewOf(lines, errors, matches);
  const note = body.note?.trim() || null;
  const fileName = fileNameOf(body.file.filename);
  const id = await db.transaction(async (tx) => {
    const id = await insertScrub(tx, {
      advertiserId: body.advertiserId,
      fileName,
      // Each line's category at preview: the apply reverses only what the preview showed as found.
      lines: lines.map((line) => ({ ...line, category: categoryOf(matches.get(line.transactionId)) })),
      preview: { ...preview, note, result: null } satisfies StoredPreview,
      status: 'previewed',
      source,
      createdById: scope.userId,
      createdAt: now,
    });
    await recordAudit(
      tx,
      actor,
      [
        {
          action: 'create',
          entityType: 'conversion_scrub',
          entityId: id,
          parentId: body.advertiserId,
          changes: [
            { field: 'fileName', before: null, after: fileName },
            { field: 'lines', before: null, after: preview.counts.lines },
            { field: 'found', before: null, after: preview.counts.found },
            { field: 'errors', before: null, after: preview.counts.errors },
            ...(source === 'advertiser' ? [{ field: 'source', before: null, after: source }] : []),
          ],
        },
      ],
      now,
    );
    return id;
  });
  return getScrub(db, id, scope);
}

/** The advertisers a scrub may name. */
export const scrubAdvertisers = (db: Db) => advertiserNames(db);

export async function getScrub(db: Db, id: number, scope: StaffScope): Promise<ConversionScrub> {
  const row = await scrubById(db, id, scope);
  if (!row) throw notFound('Scrub file not found.');
  return scrubDto(row);
}

export async function scrubList(
  db: Db,
  scope: StaffScope,
  page: { page: number; count: number },
): Promise<{ items: ConversionScrubSummary[]; total: number }> {
  const { rows, total } = await listScrubs(db, scope, page);
  return {
    items: rows.map((row) => {
      const { preview, ...rest } = scrubDto(row);
      return { ...rest, counts: preview.counts };
    }),
    total,
  };
}

/**
 * Applies a scrub in one transaction: the scrub locked (a second apply waits, then finds it applied and changes
 * nothing), the named conversions within the applier's reach locked in id order, and each one the preview showed as
 * found reversed with its line's reason as source 'scrub' (one rejected since is skipped; lines the preview did not
 * find stay untouched, even if their conversion arrived since). Any failure rolls everything back.
 */
export function applyScrub(
  db: Db,
  id: number,
  scope: StaffScope,
  audit: AuditActor,
  now: Date,
): Promise<ConversionScrubApplyResult> {
  return db.transaction(async (tx) => {
    const scrub = await scrubById(tx, id, scope, true);
    if (!scrub) throw notFound('Scrub file not found.');
    if (scrub.status === 'applied') return { scrub: scrubDto(scrub), alreadyApplied: true };
    if (scrub.status === 'dismissed') throw conflict('This scrub file was dismissed: it can no longer be applied.');
    const stored = scrub.preview as StoredPreview;
    const lines = scrub.lines as (ScrubLine & { category: Category })[];
    const matches = await conversionsByTransactionIds(
      tx,
      scrub.advertiserId!,
      lines.map((l) => l.transactionId),
      scope,
      true,
    );
    const actor: ChangeActor = { source: 'scrub', audit, scope, scrubId: scrub.id };
    const result: ScrubResult = { reversed: 0, skipped: 0, alreadyRejected: 0, unknown: 0 };
    for (const line of lines) {
      const match = matches.get(line.transactionId);
      if (line.category !== 'found') result[line.category] += 1;
      else if (!isFound(match)) result.skipped += 1;
      else {
        await reverseConversionIn(tx, match!.id, { reason: line.reason, note: line.note ?? stored.note ?? undefined }, actor, now); // prettier-ignore
        result.reversed += 1;
      }
    }
    await markScrubApplied(tx, scrub.id, {
      preview: { ...stored, result } satisfies StoredPreview,
      appliedById: audit.actorId,
      appliedAt: now,
    });
    await recordAudit(
      tx,
      audit,
      [
        {
          action: 'update',
          entityType: 'conversion_scrub',
          entityId: scrub.id,
          parentId: scrub.advertiserId,
          changes: [
            { field: 'status', before: 'previewed', after: 'applied' },
            { field: 'reversed', before: null, after: result.reversed },
            { field: 'skipped', before: null, after: result.skipped },
          ],
        },
      ],
      now,
    );
    const applied = await scrubById(tx, scrub.id, scope);
    return { scrub: scrubDto(applied!), alreadyApplied: false };
  });
}

/** Dismisses a file not applied (decision 087): it will never change a conversion. Dismissing twice changes nothing. */
export function dismissScrub(
  db: Db,
  id: number,
  scope: StaffScope,
  audit: AuditActor,
  now: Date,
): Promise<ConversionScrub> {
  return db.transaction(async (tx) => {
    const scrub = await scrubById(tx, id, scope, true);
    if (!scrub) throw notFound('Scrub file not found.');
    if (scrub.status === 'applied') throw conflict('This scrub file was applied already: it cannot be dismissed.');
    if (scrub.status === 'dismissed') return scrubDto(scrub);
    await markScrubDismissed(tx, scrub.id);
    await recordAudit(
      tx,
      audit,
      [
        {
          action: 'update',
          entityType: 'conversion_scrub',
          entityId: scrub.id,
          parentId: scrub.advertiserId,
          changes: [{ field: 'status', before: scrub.status, after: 'dismissed' }],
        },
      ],
      now,
    );
    return scrubDto((await scrubById(tx, scrub.id, scope))!);
  });
}

/** An advertiser's own scrub files (decision 087): counts only, never the preview's partners or money. */
export async function advertiserScrubPage(
  db: Db,
  advertiserId: number,
  page: { page: number; count: number },
): Promise<{ items: AdvertiserScrub[]; total: number }> {
  const { rows, total } = await listAdvertiserScrubs(db, advertiserId, page);
  return { items: rows.map((row) => advertiserScrubOf(scrubDto(row))), total };
}

export const advertiserScrubOf = (scrub: ConversionScrub): AdvertiserScrub => ({
  id: scrub.id,
  fileName: scrub.fileName,
  note: scrub.note,
  status: scrub.status,
  counts: scrub.preview.counts,
  createdAt: scrub.createdAt,
});
