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
  flaggedStatement,
  hourlyRowsOf,
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
 * The click batch as one fixed statement (decision 128): the clicks, their rollups (the batch's rows per `stats_hourly`
 * key, summed by the writer, folded by PostgreSQL into the daily and narrow tables), their flagged counts, the new
 * traffic pairs, the refused-traffic counts and the velocity counts, each table's rows one JSON parameter. The text
 * is made once per process, so no SQL is built per batch; one round trip, and one statement is its own transaction
 * (no `begin` and `commit` round trips). `$1` clicks, `$2` new pairs, `$3` velocity adds, `$4` the velocity purge's
 * bound (or null), `$5` refused-traffic counts, `$6` hourly rollup rows, `$7` flagged counts.
 */
function clickBatchText(): string {
  const rollups = clickRollupStatements('h');
  const ctes = [
    `c as (insert into clicks ${CLICK_COLUMNS} ${CLICK_ROWS('$1::json')})`,
    `p as (${trafficPairsStatement('$2::json')})`,
    `v as (insert into ip_velocity (offer_id, ip, minute_start, clicks)
      select x."offerId", x.ip, x."minuteStart", x.n
      from json_to_recordset($3::json) as x("offerId" int, ip text, "minuteStart" timestamptz, n int)
      order by x."offerId", x.ip
      on conflict (offer_id, ip, minute_start) do update set clicks = ip_velocity.clicks + excluded.clicks
      returning offer_id as "offerId", ip, minute_start as "minuteStart", clicks)`,
    `vd as (delete from ip_velocity where $4::timestamptz is not null and minute_start < $4::timestamptz returning 1)`,
    `rj as (${rejectedStatement('$5::json')})`,
    `h as (${hourlyRowsOf('$6::json')})`,
    `f as (${flaggedStatement('$7::json')})`,
    ...rollups.map((statement, i) => `r${i} as (${statement})`),
  ];
  // Each data-modifying CTE read to its end in this order: the counts beside the rollups, then the rollups, then the
  // flagged counts (few hot rows every server's batches hit: taken last, decision 127).
  const reads = [
    `(select count(*) from vd)::int as purged`,
    `(select json_agg(v) from v) as velocity`,
    `(select count(*) from rj)::int as refused`,
    `(select count(*) from p)::int as pairs`,
    ...rollups.map((_, i) => `(select count(*) from r${i})::int as r${i}`),
    `(select count(*) from f)::int as flagged`,
  ];
  return `with ${ctes.join(',\n')}\nselect ${reads.join(', ')}`;
}

const CLICK_COLUMNS =
  '(click_id, offer_id, partner_id, subid, tc1, tc2, tc3, tc4, ip, country, user_agent, referrer, flags, landing_page_id, created_at)'; // prettier-ignore
const CLICK_ROWS = (json: string) => `select "clickId", "offerId", "partnerId", subid, tc1, tc2, tc3, tc4, ip, country,
      "userAgent", referrer, flags, "landingPageId", "createdAt"
    from json_to_recordset(${json}) as x("clickId" text, "offerId" int, "partnerId" int, subid text, tc1 text,
      tc2 text, tc3 text, tc4 text, ip text, country text, "userAgent" text, referrer text, flags text,
      "landingPageId" int, "createdAt" timestamptz)`;
const CLICK_BATCH = fixedSql(clickBatchText());
/** The replay's insert (decision 053): clicks the table holds already are skipped; answers the ids inserted. */
const CLICK_REPLAY = fixedSql(
  `insert into clicks ${CLICK_COLUMNS} ${CLICK_ROWS('$1::json')} on conflict (click_id, created_at) do nothing returning click_id`,
);

export type ClickBatchInput = {
  /**
   * The clicks as one JSON array (the buffered clicks); '[]' when they were inserted already (a replay). As a `Buffer`
   * (node-postgres only, decision 155) the driver sends its bytes as the parameter's binary value, which for `json`
   * is its UTF-8 text: no string made of it on either side.
   */
  clicks: string | Buffer;
  pairs: readonly { partnerId: number; offerId: number }[];
  velocity: readonly { offerId: number; ip: string; minuteStart: string; n: number }[];
  purgeVelocityBefore: Date | null;
  rejected: readonly { hour: Date; reason: string; offerId: number; partnerId: number; count: number }[];
  /** The batch's rows per `stats_hourly` key (`RollupAccumulator.hourlyRows`). */
  hourly: readonly object[];
  /** `flaggedRows('click', …)`. */
  flagged: readonly object[];
};

export type VelocityRow = { offerId: number; ip: string; minuteStart: string | Date; clicks: number };

const jsonOf = (rows: readonly unknown[]) => (rows.length > 0 ? JSON.stringify(rows) : '[]');
const parsed = <T>(value: unknown): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** Writes a click batch in one statement (decision 128); answers the velocity sums read back. */
export async function writeClickBatch(db: DbOrTx, input: ClickBatchInput): Promise<VelocityRow[]> {
  const statement = CLICK_BATCH([
    input.clicks,
    jsonOf(input.pairs),
    jsonOf(input.velocity),
    input.purgeVelocityBefore?.toISOString() ?? null,
    jsonOf(input.rejected),
    jsonOf(input.hourly),
    jsonOf(input.flagged),
  ]);
  const [row] = rowsOf<{ velocity: unknown }>(await db.execute(statement));
  return parsed<VelocityRow[]>(row?.velocity) ?? [];
}

/** A replay's clicks (decision 053), skipping those the table holds: answers the ids inserted. */
export async function insertClicksOnce(db: DbOrTx, clicks: string): Promise<Set<string>> {
  const result = await db.execute(CLICK_REPLAY([clicks]));
  return new Set(rowsOf<{ click_id: string }>(result).map((r) => r.click_id));
}
