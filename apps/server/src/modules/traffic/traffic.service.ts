import {
  ALL_TRAFFIC_RULES,
  BLOCKLIST_REASONS,
  CLICK_RULE_REASONS,
  DEFAULT_TRAFFIC_RULES,
  TRAFFIC_RULES,
  type BlocklistEntry,
  type BlocklistInput,
  type BlocklistKind,
  type PartnerBlockedSubid,
  type PartnerTrafficQuality,
  type TrafficAction,
  type TrafficRule,
  type TrafficRuleOverrides,
  type TrafficRules,
  type TrafficRulesBody,
  type TrafficRulesView,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { reaches, type StaffScope } from '../access/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { compileBlocks, type CompiledBlocks, type VelocityCounter, type VelocityDelta } from './signals.js';
import {
  addIpVelocity,
  allTrafficRules,
  blockById,
  clickGuardRows,
  deleteBlock,
  deleteTrafficRules,
  insertBlock,
  listBlocks,
  offerNameOf,
  partnerOf,
  partnerQualityCounts,
  partnerSubidBlocks,
  trafficRulesOf,
  upsertTrafficRules,
  type BlockRow,
  type TrafficRuleRow,
} from './traffic.repository.js';

type WriteContext = { actor: AuditActor; now: Date; scope: StaffScope };
const RULE_FIELDS = [...ALL_TRAFFIC_RULES, 'velocityPerMinute', 'conversionsPerIpPerDay'] as const;
type RuleField = (typeof RULE_FIELDS)[number];
const EMPTY_ROW = Object.fromEntries(RULE_FIELDS.map((field) => [field, null])) as Record<RuleField, null>;
const isCount = (field: RuleField): field is 'velocityPerMinute' | 'conversionsPerIpPerDay' =>
  field === 'velocityPerMinute' || field === 'conversionsPerIpPerDay';

const actionOf = (value: string | null | undefined): TrafficAction | null =>
  value === 'allow' || value === 'flag' || value === 'refuse' ? value : null;

/** The network's rules (its row over the defaults), then an offer's overrides over them. */
export function resolveRules(rows: readonly TrafficRuleRow[], offerId: number | null): TrafficRules {
  const network = rows.find((r) => r.offerId === null);
  const own = offerId === null ? undefined : rows.find((r) => r.offerId === offerId);
  const pick = <K extends keyof TrafficRules>(key: K, read: (row: TrafficRuleRow) => TrafficRules[K] | null) =>
    (own && read(own)) ?? (network && read(network)) ?? DEFAULT_TRAFFIC_RULES[key];
  const rules = {} as Record<RuleField, unknown>;
  for (const field of RULE_FIELDS)
    rules[field] = isCount(field) ? pick(field, (r) => r[field] ?? null) : pick(field, (r) => actionOf(r[field]));
  return rules as TrafficRules;
}

/** What a postback is judged by (decision 101): the network's rules and the offer's overrides. */
export async function conversionRulesOf(db: DbOrTx, offerId: number): Promise<TrafficRules> {
  return resolveRules(await trafficRulesOf(db, offerId), offerId);
}

/** What /click judges the clicks of (offer, partner) by: loaded with the click context, cached with it (decision 083). */
export type ClickGuard = { rules: TrafficRules; blocks: CompiledBlocks };

export async function loadClickGuard(db: DbOrTx, offerId: number, partnerId: number, now: Date): Promise<ClickGuard> {
  const { rules, blocks } = await clickGuardRows(db, offerId, partnerId, now);
  return { rules: resolveRules(rules, offerId), blocks: compileBlocks(blocks) };
}

export async function trafficRulesView(db: DbOrTx): Promise<TrafficRulesView> {
  const rows = await allTrafficRules(db);
  return {
    network: resolveRules(rows, null),
    offers: rows
      .filter((r) => r.offerId !== null)
      .map((r) => ({
        offerId: r.offerId!,
        offerName: r.offerName ?? '',
        overrides: Object.fromEntries(
          RULE_FIELDS.map((field) => [field, isCount(field) ? (r[field] ?? null) : actionOf(r[field])]),
        ) as TrafficRuleOverrides,
      })),
  };
}

/** Sets the network's rules or one offer's overrides (all null: the override is removed); audited field by field. */
export async function setTrafficRules(
  db: Db,
  body: TrafficRulesBody,
  context: WriteContext,
): Promise<TrafficRulesView> {
  const offerId = body.offerId ?? null;
  if (offerId !== null && (await offerNameOf(db, offerId)) === null) throw notFound('Offer not found.');
  return db.transaction(async (tx) => {
    const rows = await allTrafficRules(tx);
    const before = rows.find((r) => r.offerId === offerId);
    const beforeValues: Record<RuleField, unknown> =
      offerId === null ? resolveRules(rows, null) : (before ?? EMPTY_ROW);
    // A conversion rule's field left out keeps what is stored (decision 101: older clients send none).
    const stored: Record<RuleField, unknown> = before ?? EMPTY_ROW;
    const row = { offerId } as TrafficRuleRow;
    for (const field of RULE_FIELDS) {
      const given = (body as Record<string, unknown>)[field];
      (row as Record<string, unknown>)[field] = given === undefined ? (stored[field] ?? null) : given;
    }
    const empty = RULE_FIELDS.every((field) => row[field] === null);
    if (offerId !== null && empty) await deleteTrafficRules(tx, offerId);
    else await upsertTrafficRules(tx, row, context.now);
    const changes = RULE_FIELDS.filter((field) => beforeValues[field] !== row[field]).map((field) => ({
      field,
      before: beforeValues[field],
      after: row[field],
    }));
    await recordAudit(
      tx,
      context.actor,
      [{ action: 'update', entityType: 'traffic_rules', entityId: offerId ?? 'network', parentId: offerId, changes }],
      context.now,
    );
    return trafficRulesView(tx);
  });
}

function blockDto(row: BlockRow, now: Date): BlocklistEntry {
  return {
    id: row.id,
    kind: row.kind as BlocklistKind,
    value: row.value,
    offer: row.offerId === null ? null : { id: row.offerId, name: row.offerName ?? '' },
    partner: row.partnerId === null ? null : { id: row.partnerId, name: row.partnerName ?? '' },
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    note: row.note,
    createdBy: row.createdByPartner === null ? 'staff' : 'partner',
    createdAt: row.createdAt.toISOString(),
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
  };
}

export async function blocklist(
  db: DbOrTx,
  scope: StaffScope,
  filter: { kind?: BlocklistKind | undefined; offerId?: number | undefined; partnerId?: number | undefined },
  now: Date,
): Promise<BlocklistEntry[]> {
  return (await listBlocks(db, scope, filter)).map((r) => blockDto(r, now));
}

/** Entries that name no partner are the network's: admins and team managers write them; a partner's, staff in reach. */
const mayWriteNetworkWide = (scope: StaffScope) => scope.reach === 'all' || scope.reach === 'team';

const PARTNER_NOT_FOUND = 'Partner not found.';

/** An ASN as a number (`AS16509` or `16509`). */
const valueOf = (kind: string, value: string) => (kind === 'asn' ? value.replace(/^AS/i, '') : value);

export async function addBlock(db: Db, input: BlocklistInput, context: WriteContext): Promise<BlocklistEntry> {
  const offerId = input.offerId ?? null;
  const partnerId = input.partnerId ?? null;
  if (offerId !== null && (await offerNameOf(db, offerId)) === null) throw notFound('Offer not found.');
  if (partnerId !== null) {
    const partner = await partnerOf(db, partnerId);
    if (!partner || !reaches(context.scope, partner.accountManagerId, { pendingUnassigned: partner.status === 'pending' }))
      throw notFound(PARTNER_NOT_FOUND);
  } else if (!mayWriteNetworkWide(context.scope)) throw forbidden('Only administrators and team managers block for every partner.'); // prettier-ignore
  return db.transaction(async (tx) => {
    const id = await insertBlock(tx, {
      kind: input.kind,
      value: valueOf(input.kind, input.value.trim()),
      offerId,
      partnerId,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      note: input.note?.trim() || null,
      createdBy: context.actor.actorId,
      createdAt: context.now,
    });
    const row = (await blockById(tx, id))!;
    await recordAudit(
      tx,
      context.actor,
      [
        {
          action: 'create',
          entityType: 'blocklist',
          entityId: id,
          parentId: offerId,
          partnerId,
          changes: [
            { field: 'kind', before: null, after: row.kind },
            { field: 'value', before: null, after: row.value },
            ...(row.expiresAt ? [{ field: 'expiresAt', before: null, after: row.expiresAt.toISOString() }] : []),
            ...(row.note ? [{ field: 'note', before: null, after: row.note }] : []),
          ],
        },
      ],
      context.now,
    );
    return blockDto(row, context.now);
  });
}

export async function removeBlock(db: Db, id: number, context: WriteContext): Promise<void> {
  const row = await blockById(db, id);
  if (!row) throw notFound('Blocklist entry not found.');
  if (row.partnerId !== null) {
    if (!reaches(context.scope, row.accountManagerId, { pendingUnassigned: row.partnerStatus === 'pending' }))
      throw notFound('Blocklist entry not found.');
  } else if (!mayWriteNetworkWide(context.scope)) throw forbidden('Only administrators and team managers unblock for every partner.'); // prettier-ignore
  await db.transaction(async (tx) => {
    await deleteBlock(tx, id);
    await recordAudit(
      tx,
      context.actor,
      [
        {
          action: 'delete',
          entityType: 'blocklist',
          entityId: id,
          parentId: row.offerId,
          partnerId: row.partnerId,
          changes: [
            { field: 'kind', before: row.kind, after: null },
            { field: 'value', before: row.value, after: null },
          ],
        },
      ],
      context.now,
    );
  });
}

// ---------------------------------------------------------------- the partner's own sub-IDs

export async function partnerBlockedSubids(
  db: DbOrTx,
  partnerId: number,
  offerId: number,
): Promise<PartnerBlockedSubid[]> {
  const rows = await partnerSubidBlocks(db, partnerId, offerId);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function partnerBlockSubid(
  db: DbOrTx,
  partnerId: number,
  offerId: number,
  input: { subid: string; note?: string | null | undefined },
  now: Date,
): Promise<PartnerBlockedSubid> {
  const existing = (await partnerSubidBlocks(db, partnerId, offerId)).find((r) => r.subid === input.subid);
  if (existing) return { ...existing, createdAt: existing.createdAt.toISOString() };
  const id = await insertBlock(db, {
    kind: 'subid',
    value: input.subid,
    offerId,
    partnerId,
    note: input.note?.trim() || null,
    createdByPartner: partnerId,
    createdAt: now,
  });
  return { id, subid: input.subid, note: input.note?.trim() || null, createdAt: now.toISOString() };
}

export async function partnerUnblockSubid(
  db: DbOrTx,
  partnerId: number,
  offerId: number,
  blockId: number,
): Promise<void> {
  const row = await blockById(db, blockId);
  if (!row || row.partnerId !== partnerId || row.offerId !== offerId || row.createdByPartner === null)
    throw notFound('Blocked sub-ID not found.');
  await deleteBlock(db, blockId);
}

/**
 * A click batch's share of the velocity counts (decision 102), in its transaction: what this process counted for
 * addresses seen at least twice this minute is added to `ip_velocity`, and every process's sums are read back. Answers
 * what to do once the transaction commits.
 */
export async function syncVelocity(tx: DbOrTx, counter: VelocityCounter, now: number): Promise<() => void> {
  const sync = velocityToSync(counter, now);
  if (sync.deltas.length === 0 && !sync.purge) return () => undefined;
  const rows = await addIpVelocity(tx, sync.adds, sync.purge);
  return () => settleVelocity(counter, sync.deltas, rows);
}

/** What a click batch adds to `ip_velocity` (its `adds`, `purge`): the click buffer's one statement sends them. */
export function velocityToSync(counter: VelocityCounter, now: number) {
  const deltas = counter.pending(now);
  const purge = counter.purgeDue(now);
  const adds = deltas.map((d) => ({ offerId: d.entry.offerId, ip: d.entry.ip, minuteStart: new Date(d.minute).toISOString(), n: d.n })); // prettier-ignore
  return { deltas, purge, adds };
}

/** After the batch committed: every process's sums as `ip_velocity` answered them become the counters' base. */
export function settleVelocity(
  counter: VelocityCounter,
  deltas: VelocityDelta[],
  rows: readonly { offerId: number; ip: string; minuteStart: string | Date; clicks: number }[],
): void {
  const byKey = new Map(rows.map((r) => [`${Number(r.offerId)}|${r.ip}|${new Date(r.minuteStart).toISOString()}`, Number(r.clicks)])); // prettier-ignore
  const sums = new Map<VelocityDelta['entry'], number>();
  for (const d of deltas) {
    const sum = byKey.get(`${d.entry.offerId}|${d.entry.ip}|${new Date(d.minute).toISOString()}`);
    if (sum !== undefined) sums.set(d.entry, sum);
  }
  counter.settle(deltas, sums);
}

const DAY_MS = 86_400_000;
const share = (count: number, whole: number) => ({ count, share: whole > 0 ? count / whole : 0 });

/**
 * A partner's traffic quality over the last 30 days (decision 108), for staff who reach the partner: the share of its
 * clicks refused (by rule, by blocklists) and flagged (by rule), and its conversions held for review and what became
 * of them. Read-only, so not audited.
 */
export async function partnerTrafficQuality(
  db: DbOrTx,
  scope: StaffScope,
  partnerId: number,
  now: Date,
): Promise<PartnerTrafficQuality> {
  const partner = await partnerOf(db, partnerId);
  if (!partner || !reaches(scope, partner.accountManagerId, { pendingUnassigned: partner.status === 'pending' }))
    throw notFound(PARTNER_NOT_FOUND);
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const counts = await partnerQualityCounts(db, partnerId, since);
  const refusedOf = (reason: string) => counts.refused.get(reason) ?? 0;
  const byRule = TRAFFIC_RULES.map((rule) => [rule, refusedOf(CLICK_RULE_REASONS[rule])] as const);
  const blocked = BLOCKLIST_REASONS.reduce((sum, reason) => sum + refusedOf(reason), 0);
  const refusedTotal = byRule.reduce((sum, [, count]) => sum + count, 0) + blocked;
  const clicksSent = counts.recordedClicks + refusedTotal;
  const ruleShares = (values: readonly (readonly [TrafficRule, number])[]) =>
    Object.fromEntries(values.map(([rule, count]) => [rule, share(count, clicksSent)])) as Record<TrafficRule, { count: number; share: number }>; // prettier-ignore
  const c = counts.conversions;
  const held = c.stillHeld + c.approvedAfterReview + c.rejectedAfterReview;
  return {
    partnerId,
    since: since.toISOString(),
    clicks: clicksSent,
    refused: {
      total: share(refusedTotal, clicksSent),
      byRule: ruleShares(byRule),
      blocklists: share(blocked, clicksSent),
    },
    flagged: {
      total: share(counts.flagged.total, clicksSent),
      byRule: ruleShares(TRAFFIC_RULES.map((rule) => [rule, counts.flagged[rule]] as const)),
    },
    conversions: {
      total: c.total,
      held: share(held, c.total),
      stillHeld: c.stillHeld,
      approvedAfterReview: c.approvedAfterReview,
      rejectedAfterReview: c.rejectedAfterReview,
      refusedByRule: share(c.refusedByRule, c.total),
    },
  };
}
