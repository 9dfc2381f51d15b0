import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { fixedSql, rowsOf } from '../../db/bulk.js';
import type { DbOrTx } from '../../db/client.js';
import {
  advertisers,
  capUsage,
  offerAllowedPartners,
  offerCaps,
  offers,
  partnerOffers,
  partners,
  products,
} from '../../db/schema.js';
import { DEFAULT_FALLBACK_URL } from '../settings/index.js';
import {
  clickFlaggedStatement,
  clickRollupStatements,
  rejectedStatement,
  trafficPairsStatement,
} from '../rollups/index.js';

/**
 * The click path's SQL (decisions 015, 022, 045): the context a click is judged by, the batch insert of the buffered
 * clicks and the cap counters they take. The rules (what a context means, when to alert) stay in click-lookup.ts and
 * click-buffer.ts.
 */

/**
 * The rows behind a click's context. Five key look-ups one after the other, not at once: the traffic seed loads
 * contexts inside its transaction, where overlapping queries on the one connection are deprecated by pg (and refused
 * from pg 9). A miss is rare (the cache).
 */
export async function clickContextRows(db: DbOrTx, offerId: number, partnerId: number) {
  const offerRows = await db
    .select({
      id: offers.id,
      // Disabling the offer's product or advertiser stops its new clicks too (decision 044): one join, still one query.
      enabled: sql<boolean>`(${offers.enabled} and ${products.enabled} and ${advertisers.enabled})`,
      private: offers.private,
      requireApproval: offers.requireApproval,
      defaultUrl: offers.defaultUrl,
      currency: offers.currency,
      // The offer's own fallback, else the network's default (decision 105): in this query, no round trip more.
      fallbackUrl: sql<
        string | null
      >`coalesce(${offers.fallbackUrl}, (select ns.value #>> '{}' from network_settings ns where ns.name = ${DEFAULT_FALLBACK_URL}))`,
      startsAt: offers.startsAt,
      endsAt: offers.endsAt,
      geoTargeting: offers.geoTargeting,
      countries: sql<
        string[] | null
      >`(select array_agg(oc.iso_code) from offer_countries oc where oc.offer_id = ${offers.id})`,
      landingPages: sql<Record<string, string> | string | null>`(select json_object_agg(lp.id, lp.url) from offer_landing_pages lp where lp.offer_id = ${offers.id})`, // prettier-ignore
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(advertisers, eq(advertisers.id, products.advertiserId))
    .where(eq(offers.id, offerId));
  const partnerRows = await db
    .select({ id: partners.id, status: partners.status, allOffersAccess: partners.allOffersAccess })
    .from(partners)
    .where(eq(partners.id, partnerId));
  const applicationRows = await db
    .select({ status: partnerOffers.status })
    .from(partnerOffers)
    .where(and(eq(partnerOffers.partnerId, partnerId), eq(partnerOffers.offerId, offerId)))
    .limit(1);
  const allowRows = await db
    .select({ partnerId: offerAllowedPartners.partnerId })
    .from(offerAllowedPartners)
    .where(and(eq(offerAllowedPartners.partnerId, partnerId), eq(offerAllowedPartners.offerId, offerId)))
    .limit(1);
  const capRows = await db
    .select({ id: offerCaps.id, metric: offerCaps.metric, period: offerCaps.period, limit: offerCaps.limit })
    .from(offerCaps)
    .where(and(eq(offerCaps.offerId, offerId), or(isNull(offerCaps.partnerId), eq(offerCaps.partnerId, partnerId))))
    .orderBy(asc(offerCaps.id));
  return {
    offer: offerRows[0] ?? null,
    partner: partnerRows[0] ?? null,
    applicationStatus: applicationRows[0]?.status ?? null,
    allowListed: allowRows.length > 0,
    caps: capRows,
  };
}

/** The counters `cap_usage` holds for these (cap, period start) pairs; a pair never counted has no row. */
export async function capUsageRows(db: DbOrTx, keys: { capId: number; periodStart: Date }[]) {
  return db
    .select({
      capId: capUsage.capId,
      periodStart: capUsage.periodStart,
      used: capUsage.used,
      alertedAt: capUsage.alertedAt,
      partnerAlertPercent: capUsage.partnerAlertPercent,
    }) // prettier-ignore
    .from(capUsage)
    .where(or(...keys.map((k) => and(eq(capUsage.capId, k.capId), eq(capUsage.periodStart, k.periodStart)))));
}

/** Adds to the counters of caps that still exist, in one statement (a cap deleted meanwhile is skipped). */
export async function addCapUsage(
  db: DbOrTx,
  adds: { capId: number; periodStart: string; n: number }[],
): Promise<void> {
  if (adds.length === 0) return;
  await db.execute(sql`insert into ${capUsage} (cap_id, period_start, used)
      select x."capId", x."periodStart", x.n
      from json_to_recordset(${JSON.stringify(adds)}::json) as x("capId" int, "periodStart" timestamptz, n bigint)
      where exists (select 1 from ${offerCaps} c where c.id = x."capId")
      order by x."capId"
      on conflict (cap_id, period_start) do update set used = ${capUsage}.used + excluded.used`);
}

/**
 * The click batch as one fixed statement (decision 128): the clicks, their rollups (summed per `stats_hourly` key once,
 * then folded by PostgreSQL into the daily and narrow tables), their flagged counts, the new traffic pairs, the
 * refused-traffic counts and the velocity counts, each table's rows from one JSON parameter. The text is made once per
 * process, so no SQL is built per batch; one round trip, and one statement is its own transaction (no `begin` and
 * `commit` round trips). The data-modifying CTEs run in the order the final select reads them: the clicks first, the
 * rollups last (decision 107). `$1` clicks, `$2` new pairs, `$3` velocity adds, `$4` the velocity purge's bound (or
 * null), `$5` refused-traffic counts. The replay's variant skips clicks already there and counts only the others.
 */
function clickBatchText(idempotent: boolean): string {
  const values = `"clickId", "offerId", "partnerId", subid, tc1, tc2, tc3, tc4, ip, country, "userAgent", referrer, flags,
      "landingPageId", "createdAt"`;
  const insert = idempotent
    ? `c as (insert into clicks ${CLICK_COLUMNS_TEXT} select ${values} from x
        on conflict (click_id, created_at) do nothing returning click_id),
      k as (select x.* from x where x."clickId" in (select click_id from c))`
    : `c as (insert into clicks ${CLICK_COLUMNS_TEXT} select ${values} from x returning 1)`;
  // The clicks counted: those inserted (a replay), else every one of the batch.
  const counted = idempotent ? 'k' : 'x';
  const rollups = clickRollupStatements('h');
  const ctes = [
    `x as materialized (select * from json_to_recordset($1::json) as x("clickId" text, "offerId" int, "partnerId" int,
      currency text, subid text, tc1 text, tc2 text, tc3 text, tc4 text, ip text, country text, "userAgent" text,
      referrer text, flags text, "landingPageId" int, "createdAt" timestamptz))`,
    insert,
    `p as (${trafficPairsStatement('$2::json')})`,
    `v as (insert into ip_velocity (offer_id, ip, minute_start, clicks)
      select x."offerId", x.ip, x."minuteStart", x.n
      from json_to_recordset($3::json) as x("offerId" int, ip text, "minuteStart" timestamptz, n int)
      order by x."offerId", x.ip
      on conflict (offer_id, ip, minute_start) do update set clicks = ip_velocity.clicks + excluded.clicks
      returning offer_id as "offerId", ip, minute_start as "minuteStart", clicks)`,
    `vd as (delete from ip_velocity where $4::timestamptz is not null and minute_start < $4::timestamptz returning 1)`,
    `rj as (${rejectedStatement('$5::json')})`,
    `h as (select "partnerId" as partner_id, date_trunc('hour', "createdAt", 'UTC') as hour, "offerId" as offer_id,
        currency, coalesce(subid, '') as subid, coalesce(tc1, '') as tc1, coalesce(tc2, '') as tc2,
        coalesce(tc3, '') as tc3, coalesce(tc4, '') as tc4, coalesce(country, '') as country,
        coalesce("landingPageId", 0) as landing_page_id, count(*) as clicks
      from ${counted} group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)`,
    `f as (${clickFlaggedStatement(counted)})`,
    ...rollups.map((statement, i) => `r${i} as (${statement})`),
  ];
  // Read in this order, each to its end: the clicks, the purge, the counts beside the rollups, the rollups last.
  const reads = [
    idempotent ? `(select json_agg(click_id) from c) as ids` : `(select count(*) from c)::int as inserted`,
    `(select count(*) from vd)::int as purged`,
    `(select json_agg(v) from v) as velocity`,
    `(select count(*) from rj)::int as refused`,
    `(select count(*) from f)::int as flagged`,
    `(select count(*) from p)::int as pairs`,
    ...rollups.map((_, i) => `(select count(*) from r${i})::int as r${i}`),
  ];
  return `with ${ctes.join(',\n')}\nselect ${reads.join(', ')}`;
}

const CLICK_COLUMNS_TEXT =
  '(click_id, offer_id, partner_id, subid, tc1, tc2, tc3, tc4, ip, country, user_agent, referrer, flags, landing_page_id, created_at)'; // prettier-ignore
const CLICK_BATCH = fixedSql(clickBatchText(false));
const CLICK_REPLAY = fixedSql(clickBatchText(true));

export type ClickBatchInput = {
  /** The clicks as one JSON array (the buffered clicks, with their `currency`). */
  clicks: string;
  pairs: readonly { partnerId: number; offerId: number }[];
  velocity: readonly { offerId: number; ip: string; minuteStart: string; n: number }[];
  purgeVelocityBefore: Date | null;
  rejected: readonly { hour: Date; reason: string; offerId: number; partnerId: number; count: number }[];
};

export type ClickBatchResult = {
  /** The ids inserted, for a replay; null otherwise (every click was). */
  ids: Set<string> | null;
  velocity: { offerId: number; ip: string; minuteStart: string | Date; clicks: number }[];
};

/** Writes a click batch in one statement (decision 128); `idempotent` (a replay) skips clicks the table holds. */
export async function writeClickBatch(
  db: DbOrTx,
  input: ClickBatchInput,
  idempotent: boolean,
): Promise<ClickBatchResult> {
  const statement = (idempotent ? CLICK_REPLAY : CLICK_BATCH)([
    input.clicks,
    input.pairs.length > 0 ? JSON.stringify(input.pairs) : '[]',
    input.velocity.length > 0 ? JSON.stringify(input.velocity) : '[]',
    input.purgeVelocityBefore?.toISOString() ?? null,
    input.rejected.length > 0 ? JSON.stringify(input.rejected) : '[]',
  ]);
  const [row] = rowsOf<{ ids?: unknown; velocity: unknown }>(await db.execute(statement));
  const json = <T>(value: unknown): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
  return {
    ids: idempotent ? new Set(json<string[]>(row?.ids) ?? []) : null,
    velocity: json<ClickBatchResult['velocity']>(row?.velocity) ?? [],
  };
}
