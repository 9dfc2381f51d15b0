import { and, asc, desc, eq, gt, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CONVERSION_RULE_REASONS } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  blocklistEntries,
  clicks,
  conversions,
  ipVelocity,
  offers,
  partnerOffers,
  partners,
  rejectedClicksHourly,
  statsPartnerHourly,
  trafficRules,
} from '../../db/schema.js';
import { partnerReachSql, type StaffScope } from '../access/index.js';
import { offerViewerOf, viewerApplication, visibleToViewer } from '../offers/index.js';

/** The traffic rules' and blocklists' SQL (decision 083). */

const ruleColumns = {
  offerId: trafficRules.offerId,
  bot: trafficRules.bot,
  missingUserAgent: trafficRules.missingUserAgent,
  dataCentre: trafficRules.dataCentre,
  velocity: trafficRules.velocity,
  velocityPerMinute: trafficRules.velocityPerMinute,
  tooFast: trafficRules.tooFast,
  countryMismatch: trafficRules.countryMismatch,
  ipConversions: trafficRules.ipConversions,
  duplicateTransaction: trafficRules.duplicateTransaction,
  conversionRateSpike: trafficRules.conversionRateSpike,
  flaggedClick: trafficRules.flaggedClick,
  conversionsPerIpPerDay: trafficRules.conversionsPerIpPerDay,
};
export type TrafficRuleRow = {
  offerId: number | null;
  bot: string | null;
  missingUserAgent: string | null;
  dataCentre: string | null;
  velocity: string | null;
  velocityPerMinute: number | null;
  /** The conversion rules (decision 101); absent reads as null. */
  tooFast?: string | null;
  countryMismatch?: string | null;
  ipConversions?: string | null;
  duplicateTransaction?: string | null;
  conversionRateSpike?: string | null;
  flaggedClick?: string | null;
  conversionsPerIpPerDay?: number | null;
};

/** The network's rules row and the offer's (decision 101: what a postback is judged by). */
export const trafficRulesOf = (db: DbOrTx, offerId: number) =>
  db
    .select(ruleColumns)
    .from(trafficRules)
    .where(or(isNull(trafficRules.offerId), eq(trafficRules.offerId, offerId)));

/** Every rules row (the network's, offers' overrides) with the offer's name. */
export const allTrafficRules = (db: DbOrTx) =>
  db
    .select({ ...ruleColumns, offerName: offers.name })
    .from(trafficRules)
    .leftJoin(offers, eq(offers.id, trafficRules.offerId))
    .orderBy(asc(trafficRules.offerId));

export async function upsertTrafficRules(db: DbOrTx, row: TrafficRuleRow, now: Date): Promise<void> {
  const { offerId, ...values } = row;
  await db
    .insert(trafficRules)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({ target: trafficRules.offerId, set: { ...values, updatedAt: now } });
  void offerId;
}

export async function deleteTrafficRules(db: DbOrTx, offerId: number): Promise<void> {
  await db.delete(trafficRules).where(eq(trafficRules.offerId, offerId));
}

/**
 * What a click of (offer, partner) is judged by, loaded with its context (decision 083): the network's rules and the
 * offer's, and the blocklist entries that apply and have not expired.
 */
export async function clickGuardRows(db: DbOrTx, offerId: number, partnerId: number, now: Date) {
  const rules = await db
    .select(ruleColumns)
    .from(trafficRules)
    .where(or(isNull(trafficRules.offerId), eq(trafficRules.offerId, offerId)));
  const blocks = await db
    .select({ kind: blocklistEntries.kind, value: blocklistEntries.value, expiresAt: blocklistEntries.expiresAt })
    .from(blocklistEntries)
    .where(
      and(
        or(isNull(blocklistEntries.offerId), eq(blocklistEntries.offerId, offerId)),
        or(isNull(blocklistEntries.partnerId), eq(blocklistEntries.partnerId, partnerId)),
        or(isNull(blocklistEntries.expiresAt), gt(blocklistEntries.expiresAt, now)),
      ),
    );
  return { rules, blocks };
}

const blockColumns = {
  id: blocklistEntries.id,
  kind: blocklistEntries.kind,
  value: blocklistEntries.value,
  offerId: blocklistEntries.offerId,
  offerName: offers.name,
  partnerId: blocklistEntries.partnerId,
  partnerName: partners.companyName,
  expiresAt: blocklistEntries.expiresAt,
  note: blocklistEntries.note,
  createdByPartner: blocklistEntries.createdByPartner,
  createdAt: blocklistEntries.createdAt,
};
export type BlockRow = {
  id: number;
  kind: string;
  value: string;
  offerId: number | null;
  offerName: string | null;
  partnerId: number | null;
  partnerName: string | null;
  expiresAt: Date | null;
  note: string | null;
  createdByPartner: number | null;
  createdAt: Date;
};

/** Entries a staff member sees: every network-wide or offer-wide one, and partners' within reach. */
export async function listBlocks(
  db: DbOrTx,
  scope: StaffScope,
  filter: { kind?: string | undefined; offerId?: number | undefined; partnerId?: number | undefined },
): Promise<BlockRow[]> {
  const where: (SQL | undefined)[] = [
    filter.kind ? eq(blocklistEntries.kind, filter.kind) : undefined,
    filter.offerId ? eq(blocklistEntries.offerId, filter.offerId) : undefined,
    filter.partnerId ? eq(blocklistEntries.partnerId, filter.partnerId) : undefined,
  ];
  const reach = partnerReachSql(scope, partners.accountManagerId, partners.status);
  if (reach) where.push(or(isNull(blocklistEntries.partnerId), reach));
  return db
    .select(blockColumns)
    .from(blocklistEntries)
    .leftJoin(offers, eq(offers.id, blocklistEntries.offerId))
    .leftJoin(partners, eq(partners.id, blocklistEntries.partnerId))
    .where(and(...where))
    .orderBy(desc(blocklistEntries.createdAt), desc(blocklistEntries.id))
    .limit(1000);
}

export async function blockById(
  db: DbOrTx,
  id: number,
): Promise<(BlockRow & { accountManagerId: number | null; partnerStatus: string | null }) | null> {
  const [row] = await db
    .select({ ...blockColumns, accountManagerId: partners.accountManagerId, partnerStatus: partners.status })
    .from(blocklistEntries)
    .leftJoin(offers, eq(offers.id, blocklistEntries.offerId))
    .leftJoin(partners, eq(partners.id, blocklistEntries.partnerId))
    .where(eq(blocklistEntries.id, id));
  return row ?? null;
}

export async function insertBlock(db: DbOrTx, values: typeof blocklistEntries.$inferInsert): Promise<number> {
  const [row] = await db.insert(blocklistEntries).values(values).returning({ id: blocklistEntries.id });
  return row!.id;
}

export async function deleteBlock(db: DbOrTx, id: number): Promise<void> {
  await db.delete(blocklistEntries).where(eq(blocklistEntries.id, id));
}

export async function offerNameOf(db: DbOrTx, offerId: number): Promise<string | null> {
  const [row] = await db.select({ name: offers.name }).from(offers).where(eq(offers.id, offerId));
  return row?.name ?? null;
}

export async function partnerOf(db: DbOrTx, partnerId: number) {
  const [row] = await db
    .select({
      id: partners.id,
      name: partners.companyName,
      accountManagerId: partners.accountManagerId,
      status: partners.status,
    })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row ?? null;
}

/** A partner's own sub-ID blocks on an offer. */
export const partnerSubidBlocks = (db: DbOrTx, partnerId: number, offerId: number) =>
  db
    .select({
      id: blocklistEntries.id,
      subid: blocklistEntries.value,
      note: blocklistEntries.note,
      createdAt: blocklistEntries.createdAt,
    })
    .from(blocklistEntries)
    .where(
      and(
        eq(blocklistEntries.kind, 'subid'),
        eq(blocklistEntries.partnerId, partnerId),
        eq(blocklistEntries.offerId, offerId),
        sql`${blocklistEntries.createdByPartner} is not null`,
      ),
    )
    .orderBy(desc(blocklistEntries.id));

/** Whether the partner sees the offer (decision 006): it may block its own sub-IDs there. */
export async function partnerSeesOffer(db: DbOrTx, partnerId: number, offerId: number): Promise<boolean> {
  const viewer = await offerViewerOf(db, partnerId);
  if (!viewer) return false;
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .leftJoin(partnerOffers, viewerApplication(viewer))
    .where(and(eq(offers.id, offerId), visibleToViewer(viewer)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Adds a click batch's velocity counts (per offer, address and minute) to `ip_velocity` and answers each sum over
 * every process, in the batch's transaction (decision 102); `purgeBefore` deletes the minutes that are over.
 */
export async function addIpVelocity(
  db: DbOrTx,
  adds: { offerId: number; ip: string; minuteStart: string; n: number }[],
  purgeBefore: Date | null,
): Promise<{ offerId: number; ip: string; minuteStart: string; clicks: number }[]> {
  if (purgeBefore) await db.delete(ipVelocity).where(sql`${ipVelocity.minuteStart} < ${purgeBefore.toISOString()}`);
  if (adds.length === 0) return [];
  const result = await db.execute(sql`insert into ${ipVelocity} (offer_id, ip, minute_start, clicks)
      select x."offerId", x.ip, x."minuteStart", x.n
      from json_to_recordset(${JSON.stringify(adds)}::json) as x("offerId" int, ip text, "minuteStart" timestamptz, n int)
      order by x."offerId", x.ip
      on conflict (offer_id, ip, minute_start) do update set clicks = ${ipVelocity}.clicks + excluded.clicks
      returning offer_id as "offerId", ip, minute_start as "minuteStart", clicks`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    offerId: number;
    ip: string;
    minuteStart: string | Date;
    clicks: number;
  }[];
  return rows.map((r) => ({
    offerId: Number(r.offerId),
    ip: r.ip,
    minuteStart: new Date(r.minuteStart).toISOString(),
    clicks: Number(r.clicks),
  }));
}

/**
 * A partner's traffic quality since a moment (decision 108): its recorded clicks (the partner rollup), its clicks
 * refused by reason (the refused-traffic rollup), its flagged clicks by rule (`clicks.flags`, read by the partner's
 * index), and its conversions by what the rules did to them (`conversions.signals`, `reason`). Four reads, no write.
 */
export async function partnerQualityCounts(db: DbOrTx, partnerId: number, since: Date) {
  const [recorded] = await db
    .select({ clicks: sql<number>`coalesce(sum(${statsPartnerHourly.clicks}), 0)`.mapWith(Number) })
    .from(statsPartnerHourly)
    .where(and(eq(statsPartnerHourly.partnerId, partnerId), gte(statsPartnerHourly.hour, since)));
  const refused = await db
    .select({
      reason: rejectedClicksHourly.reason,
      count: sql<number>`coalesce(sum(${rejectedClicksHourly.count}), 0)`.mapWith(Number),
    })
    .from(rejectedClicksHourly)
    .where(and(eq(rejectedClicksHourly.partnerId, partnerId), gte(rejectedClicksHourly.hour, since)))
    .groupBy(rejectedClicksHourly.reason);
  const flag = (rule: string) =>
    sql<number>`count(*) filter (where ',' || ${clicks.flags} || ',' like ${`%,${rule},%`})`.mapWith(Number);
  const [flagged] = await db
    .select({
      total: sql<number>`count(*) filter (where ${clicks.flags} is not null)`.mapWith(Number),
      bot: flag('bot'),
      missingUserAgent: flag('missingUserAgent'),
      dataCentre: flag('dataCentre'),
      velocity: flag('velocity'),
    })
    .from(clicks)
    .where(and(eq(clicks.partnerId, partnerId), gte(clicks.createdAt, since)));
  const reviewed = sql`${conversions.signals} is not null and ${conversions.signals} <> ''`;
  const [converted] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      stillHeld: sql<number>`count(*) filter (where ${conversions.status} = 'pending' and ${conversions.reason} = 'fraud_review')`.mapWith(Number), // prettier-ignore
      approvedAfterReview: sql<number>`count(*) filter (where ${reviewed} and ${conversions.status} = 'approved')`.mapWith(Number), // prettier-ignore
      rejectedAfterReview: sql<number>`count(*) filter (where ${reviewed} and ${conversions.status} = 'rejected' and ${conversions.reason} = 'declined')`.mapWith(Number), // prettier-ignore
      refusedByRule: sql<number>`count(*) filter (where ${conversions.status} = 'rejected' and ${inArray(conversions.reason, Object.values(CONVERSION_RULE_REASONS))})`.mapWith(Number), // prettier-ignore
    })
    .from(conversions)
    .where(and(eq(conversions.partnerId, partnerId), gte(conversions.createdAt, since)));
  return {
    recordedClicks: recorded?.clicks ?? 0,
    refused: new Map(refused.map((row) => [row.reason, row.count])),
    flagged: flagged!,
    conversions: converted!,
  };
}
