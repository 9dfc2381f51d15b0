import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  ConversionChannel,
  PostbackLogEntry,
  PostbackLogOutcome,
  StaffConversionsFilter,
  TagHit,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  advertiserPostbacks,
  advertisers,
  clicks,
  conversions,
  goals,
  offerGoals,
  offers,
  partners,
  payoutOverrides,
  products,
  statsNetworkHourly,
} from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';
import { billingReachSql, partnerReachSql, type StaffScope } from '../access/index.js';

/**
 * The conversions module's SQL: what /postback reads and writes (decision 016), the staff review of pending
 * conversions (decision 023) and the advertisers' postback log. The rules (judging a postback, who may review) stay in
 * postback.ts and conversion-review.ts.
 */

// --- /postback -----------------------------------------------------------------------------------------------------

/** Every advertiser's token, enabled or not, and the token before its last rotation with its grace period's end. */
export async function advertiserTokenRows(db: DbOrTx) {
  return db
    .select({
      id: advertisers.id,
      token: advertisers.securityToken,
      previous: advertisers.previousToken,
      previousExpiresAt: advertisers.previousTokenExpiresAt,
    })
    .from(advertisers);
}

const clickColumns = {
  clickId: clicks.clickId,
  offerId: clicks.offerId,
  partnerId: clicks.partnerId,
  subid: clicks.subid,
  tc1: clicks.tc1,
  tc2: clicks.tc2,
  tc3: clicks.tc3,
  tc4: clicks.tc4,
  country: clicks.country,
  landingPageId: clicks.landingPageId,
  ip: clicks.ip,
  flags: clicks.flags,
  createdAt: clicks.createdAt,
};

/**
 * A written click by its id. With `at` (the id's time prefix, the partition key: decision 054), one partition's index
 * probe; an id that is not ours, or a row written with another time, is looked for in every partition.
 */
export async function clickById(db: DbOrTx, clickId: string, at: Date | null) {
  let [row] = at
    ? await db
        .select(clickColumns)
        .from(clicks)
        .where(and(eq(clicks.clickId, clickId), eq(clicks.createdAt, at)))
    : [];
  if (!row) [row] = await db.select(clickColumns).from(clicks).where(eq(clicks.clickId, clickId));
  return row ?? null;
}

/** The offer, its advertiser, the partner's status and the goal's payout rule, in one round trip. */
export async function offerFactRow(db: DbOrTx, offerId: number, partnerId: number, goal: string) {
  const [row] = await db
    .select({
      enabled: offers.enabled,
      currency: offers.currency,
      advertiserId: products.advertiserId,
      partnerStatus: partners.status,
      goalId: offerGoals.goalId,
      // The partner's own payout on the goal when it has one (the payout resolver), both sides together.
      payoutAmount: sql<
        number | null
      >`case when ${payoutOverrides.id} is null then ${offerGoals.payoutAmount} else ${payoutOverrides.payoutAmount} end`,
      payoutPercent: sql<
        number | null
      >`case when ${payoutOverrides.id} is null then ${offerGoals.payoutPercent} else ${payoutOverrides.payoutPercent} end`,
      manualValidation: offerGoals.manualValidation,
      minSecondsToConvert: goals.minSecondsToConvert,
      trustClientConversions: offerGoals.trustClientConversions,
      revenueAmount: offerGoals.revenueAmount,
      revenuePercent: offerGoals.revenuePercent,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .leftJoin(partners, eq(partners.id, partnerId))
    .leftJoin(goals, eq(goals.identifier, goal))
    .leftJoin(offerGoals, and(eq(offerGoals.offerId, offers.id), eq(offerGoals.goalId, goals.id)))
    .leftJoin(
      payoutOverrides,
      and(
        eq(payoutOverrides.offerId, offers.id),
        eq(payoutOverrides.partnerId, partnerId),
        eq(payoutOverrides.goalId, offerGoals.goalId),
      ),
    )
    .where(eq(offers.id, offerId));
  return row ?? null;
}

/** The conversion recorded under an advertiser's dedupe key, if any. */
export async function conversionByDedupeKey(db: DbOrTx, advertiserId: number, dedupeKey: string) {
  const [row] = await db
    .select({
      id: conversions.id,
      status: conversions.status,
      reason: conversions.reason,
      partnerId: conversions.partnerId,
    })
    .from(conversions)
    .where(and(eq(conversions.advertiserId, advertiserId), eq(conversions.dedupeKey, dedupeKey)));
  return row ?? null;
}

/**
 * Inserts a conversion unless its (advertiser, dedupe key) is taken (INSERT … ON CONFLICT DO NOTHING decides between
 * concurrent copies); answers its id, or null when another copy won.
 */
export async function insertConversion(tx: DbOrTx, values: typeof conversions.$inferInsert): Promise<number | null> {
  const [row] = await tx.insert(conversions).values(values).onConflictDoNothing().returning({ id: conversions.id });
  return row?.id ?? null;
}

/** A conversion just recorded turned rejected, unpaid (one that would cross a cap). */
export async function rejectConversion(tx: DbOrTx, id: number, reason: string): Promise<void> {
  await tx.update(conversions).set({ status: 'rejected', reason, payout: 0, revenue: 0 }).where(eq(conversions.id, id));
}

// --- the conversion rules' counts (decision 101) --------------------------------------------------------------------

/** Conversions recorded from one address on one offer since `since` (duplicates of a counted one left out). */
export async function conversionsFromAddress(db: DbOrTx, offerId: number, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(conversions)
    .where(
      and(
        eq(conversions.offerId, offerId),
        eq(conversions.visitorIp, ip),
        gte(conversions.createdAt, since),
        sql`${conversions.reason} is distinct from 'duplicate'`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * A partner's clicks and counted (approved and pending) conversions on an offer over [from, to), from the narrow hourly
 * rollup (decision 046): one index range per period.
 */
export async function partnerOfferPeriod(
  db: DbOrTx,
  partnerId: number,
  offerId: number,
  from: Date,
  to: Date,
): Promise<{ clicks: number; conversions: number }> {
  const [row] = await db
    .select({
      clicks: sql<number>`coalesce(sum(${statsNetworkHourly.clicks}), 0)`.mapWith(Number),
      conversions: sql<number>`coalesce(sum(${statsNetworkHourly.conversions} + ${statsNetworkHourly.pending}), 0)`.mapWith(Number), // prettier-ignore
    })
    .from(statsNetworkHourly)
    .where(
      and(
        gte(statsNetworkHourly.hour, from),
        lt(statsNetworkHourly.hour, to),
        eq(statsNetworkHourly.partnerId, partnerId),
        eq(statsNetworkHourly.offerId, offerId),
      ),
    );
  return { clicks: row?.clicks ?? 0, conversions: row?.conversions ?? 0 };
}

// --- the staff review ----------------------------------------------------------------------------------------------

const reviewColumns = {
  id: conversions.id,
  partnerId: conversions.partnerId,
  offerId: conversions.offerId,
  goalId: conversions.goalId,
  goal: conversions.goal,
  clickId: conversions.clickId,
  transactionId: conversions.transactionId,
  status: conversions.status,
  reason: conversions.reason,
  payout: conversions.payout,
  revenue: conversions.revenue,
  currency: conversions.currency,
  subid: conversions.subid,
  tc1: conversions.tc1,
  tc2: conversions.tc2,
  tc3: conversions.tc3,
  tc4: conversions.tc4,
  country: conversions.country,
  landingPageId: conversions.landingPageId,
  declineReason: conversions.declineReason,
  note: conversions.note,
  createdAt: conversions.createdAt,
  updatedAt: conversions.updatedAt,
};

export type ReviewRow = Pick<typeof conversions.$inferSelect, keyof typeof reviewColumns>;

/**
 * Conversions of partners the reviewer may see: admins and finance every partner's (money is theirs everywhere,
 * decision 071), a team manager its team's, an account manager its own partners' only.
 */
const visibleTo = (reviewer: StaffScope) =>
  reviewer.reach === 'all' || reviewer.billing
    ? sql`${conversions.partnerId} is not null`
    : sql`${conversions.partnerId} in (select ${partners.id} from ${partners} where ${partnerReachSql(reviewer, partners.accountManagerId, partners.status) ?? sql`true`})`;

/**
 * The conversions of `ids` the reviewer may see, locked for the decision, in id order (so that two decisions over the
 * same rows cannot deadlock); another manager's partner's conversion is as missing as an unknown id.
 */
export async function lockConversionsForReview(
  tx: DbOrTx,
  reviewer: StaffScope,
  ids: readonly number[],
): Promise<ReviewRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select(reviewColumns)
    .from(conversions)
    .where(and(inArray(conversions.id, [...ids]), visibleTo(reviewer)))
    .orderBy(asc(conversions.id))
    .for('update');
}

/**
 * Moves a pending conversion to its reviewed status (a declined one paying nothing, with its decline code and note,
 * decision 079); null when it is no longer pending: the status check is part of the UPDATE, so two reviewers cannot
 * both move it.
 */
export async function setReviewedStatus(
  tx: DbOrTx,
  id: number,
  change: { status: string; reason: string | null; declineReason: string | null; note: string | null; updatedAt: Date },
): Promise<ReviewRow | null> {
  const { note, ...rest } = change;
  const [updated] = await tx
    .update(conversions)
    .set({ ...rest, ...(change.reason ? { payout: 0, revenue: 0 } : {}), ...(note !== null ? { note } : {}) })
    .where(and(eq(conversions.id, id), eq(conversions.status, 'pending')))
    .returning(reviewColumns);
  return updated ?? null;
}

// --- the staff's conversion search (decision 071) ------------------------------------------------------------------

const searchColumns = {
  ...reviewColumns,
  advertiserId: conversions.advertiserId,
  amount: conversions.amount,
  clickedAt: conversions.clickedAt,
  reversalReason: conversions.reversalReason,
  note: conversions.note,
  originalPayout: conversions.originalPayout,
  changedAt: conversions.changedAt,
  source: conversions.source,
  partnerCompanyName: partners.companyName,
  offerName: offers.name,
  advertiserName: advertisers.name,
  goalName: goals.name,
  ip: clicks.ip,
  signals: conversions.signals,
  evidence: conversions.evidence,
  visitorIp: conversions.visitorIp,
  conversionCountry: conversions.conversionCountry,
  clickUserAgent: clicks.userAgent,
  clickFlags: clicks.flags,
};

export type SearchRow = ReviewRow &
  Pick<
    typeof conversions.$inferSelect,
    'advertiserId' | 'amount' | 'clickedAt' | 'reversalReason' | 'note' | 'originalPayout' | 'changedAt' | 'source'
  > & {
    partnerCompanyName: string | null;
    offerName: string | null;
    advertiserName: string | null;
    goalName: string | null;
    ip: string | null;
    signals: string | null;
    evidence: unknown;
    visitorIp: string | null;
    conversionCountry: string | null;
    clickUserAgent: string | null;
    clickFlags: string | null;
  };

/** The search's filters with its days already turned into UTC moments (the reader's time zone is the service's). */
export type ConversionSearch = Omit<StaffConversionsFilter, 'from' | 'to' | 'page' | 'count' | 'olderThanDays'> & {
  since?: Date | undefined;
  before?: Date | undefined;
  /** Recorded before this moment: the queue's age filter (decision 079). */
  recordedBefore?: Date | undefined;
};

/** A conversion id is a bigint: longer digit strings cannot be one, and are only looked for as the other two ids. */
const CONVERSION_ID = /^\d{1,15}$/;

/**
 * The search's condition, on conversions left-joined to their partner. Admins and finance reach every conversion,
 * those of unknown clicks (no partner) too; managers their partners' (decision 036). `q` is an exact match on one of
 * three indexed ids, never a pattern (decision 071).
 */
function searchWhere(scope: StaffScope, search: ConversionSearch): SQL | undefined {
  const reach = billingReachSql(scope, partners.accountManagerId, partners.status);
  const { q } = search;
  return and(
    reach ? and(sql`${conversions.partnerId} is not null`, reach) : undefined,
    search.status ? eq(conversions.status, search.status) : undefined,
    search.reason ? eq(conversions.reason, search.reason) : undefined,
    search.partnerId ? eq(conversions.partnerId, search.partnerId) : undefined,
    search.offerId ? eq(conversions.offerId, search.offerId) : undefined,
    search.advertiserId ? eq(conversions.advertiserId, search.advertiserId) : undefined,
    search.goal ? eq(conversions.goal, search.goal) : undefined,
    search.since ? gte(conversions.createdAt, search.since) : undefined,
    search.before ? lt(conversions.createdAt, search.before) : undefined,
    search.recordedBefore ? lt(conversions.createdAt, search.recordedBefore) : undefined,
    q
      ? or(
          eq(conversions.transactionId, q),
          eq(conversions.clickId, q),
          CONVERSION_ID.test(q) ? eq(conversions.id, Number(q)) : undefined,
        )
      : undefined,
  );
}

const SORT_COLUMNS = { time: conversions.createdAt, payout: conversions.payout, revenue: conversions.revenue };

function searchQuery(db: DbOrTx, scope: StaffScope, search: ConversionSearch) {
  const direction = search.order === 'asc' ? asc : desc;
  return (
    db
      .select(searchColumns)
      .from(conversions)
      .leftJoin(partners, eq(partners.id, conversions.partnerId))
      .leftJoin(offers, eq(offers.id, conversions.offerId))
      .leftJoin(advertisers, eq(advertisers.id, conversions.advertiserId))
      .leftJoin(goals, eq(goals.id, conversions.goalId))
      // The click by its unique (click id, time) key: its IP; none once the click is no longer kept.
      .leftJoin(clicks, and(eq(clicks.clickId, conversions.clickId), eq(clicks.createdAt, conversions.clickedAt)))
      .where(searchWhere(scope, search))
      .orderBy(direction(SORT_COLUMNS[search.sort]), direction(conversions.id))
  );
}

/** How many conversions the search finds. */
export async function countConversions(db: DbOrTx, scope: StaffScope, search: ConversionSearch): Promise<number> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(conversions)
    .leftJoin(partners, eq(partners.id, conversions.partnerId))
    .where(searchWhere(scope, search));
  return counted?.n ?? 0;
}

/** One page of the search, in its order. */
export async function searchConversions(
  db: DbOrTx,
  scope: StaffScope,
  search: ConversionSearch,
  page: { limit: number; offset: number },
): Promise<SearchRow[]> {
  return searchQuery(db, scope, search).limit(page.limit).offset(page.offset);
}

// --- the advertisers' postback log (decision 041) -----------------------------------------------------------------------

export type NewPostbackLog = {
  advertiserId: number;
  outcome: PostbackLogOutcome;
  status?: string | null;
  reason?: string | null;
  conversionId?: number | null;
  duplicate?: boolean;
  params: Record<string, string>;
  ip?: string | null;
  /** Absent: 's2s'. A tag or pixel hit names its offer and page origin (decision 085). */
  channel?: ConversionChannel;
  offerId?: number | null;
  origin?: string | null;
  createdAt: Date;
};

export async function insertPostbackLog(db: DbOrTx, entry: NewPostbackLog) {
  await db.insert(advertiserPostbacks).values({
    advertiserId: entry.advertiserId,
    outcome: entry.outcome,
    status: entry.status ?? null,
    reason: entry.reason ?? null,
    conversionId: entry.conversionId ?? null,
    duplicate: entry.duplicate ?? false,
    params: entry.params,
    ip: entry.ip ?? null,
    channel: entry.channel ?? 's2s',
    offerId: entry.offerId ?? null,
    origin: entry.origin ?? null,
    createdAt: entry.createdAt,
  });
}

export async function listPostbackLog(
  db: DbOrTx,
  advertiserId: number,
  query: { page: number; count: number; outcome?: PostbackLogOutcome | undefined },
): Promise<{ list: PostbackLogEntry[]; total: number }> {
  const where = and(
    eq(advertiserPostbacks.advertiserId, advertiserId),
    query.outcome ? eq(advertiserPostbacks.outcome, query.outcome) : undefined,
  );
  const rows = await db
    .select()
    .from(advertiserPostbacks)
    .where(where)
    .orderBy(desc(advertiserPostbacks.createdAt), desc(advertiserPostbacks.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const [total] = await db.select({ n: count() }).from(advertiserPostbacks).where(where);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map((row) => ({
      id: row.id,
      createdAt: toIso(row.createdAt) ?? '',
      outcome: row.outcome as PostbackLogOutcome,
      status: row.status,
      reason: row.reason,
      conversionId: row.conversionId,
      duplicate: row.duplicate,
      params: row.params as Record<string, string>,
      ip: row.ip,
      channel: row.channel as ConversionChannel,
      origin: row.origin,
    })),
  };
}

/** Deletes the log's entries older than `before`, a batch at a time; answers how many went. */
export async function prunePostbackLog(db: DbOrTx, before: Date, batch = 10_000): Promise<number> {
  const old = db
    .select({ id: advertiserPostbacks.id })
    .from(advertiserPostbacks)
    .where(lt(advertiserPostbacks.createdAt, before))
    .limit(batch);
  const gone = await db
    .delete(advertiserPostbacks)
    .where(inArray(advertiserPostbacks.id, old))
    .returning({ id: advertiserPostbacks.id });
  return gone.length;
}

// --- the tag and pixels (decision 085) -------------------------------------------------------------------------------

/** What the tag and pixels need of an offer: its advertiser and allowed origins. */
export async function offerTagRow(db: DbOrTx, offerId: number) {
  const [row] = await db
    .select({ advertiserId: products.advertiserId, tagOrigins: offers.tagOrigins })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offers.id, offerId));
  return row ?? null;
}

/** The latest tag or pixel hit of each offer given, from the postback log. */
export async function lastTagHits(db: DbOrTx, offerIds: number[]): Promise<Map<number, TagHit>> {
  const hits = new Map<number, TagHit>();
  if (offerIds.length === 0) return hits;
  const rows = await db
    .selectDistinctOn([advertiserPostbacks.offerId])
    .from(advertiserPostbacks)
    .where(inArray(advertiserPostbacks.offerId, offerIds))
    .orderBy(advertiserPostbacks.offerId, desc(advertiserPostbacks.createdAt), desc(advertiserPostbacks.id));
  for (const row of rows) {
    if (row.offerId === null) continue;
    const params = row.params as Record<string, string>;
    hits.set(row.offerId, {
      createdAt: toIso(row.createdAt) ?? '',
      channel: row.channel as ConversionChannel,
      origin: row.origin,
      outcome: row.outcome,
      status: row.status,
      reason: row.reason,
      goal: params.goal ?? null,
    });
  }
  return hits;
}
