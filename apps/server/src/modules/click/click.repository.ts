import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/bulk.js';
import type { DbOrTx } from '../../db/client.js';
import {
  advertisers,
  capUsage,
  clicks,
  offerAllowedPartners,
  offerCaps,
  offers,
  partnerOffers,
  partners,
  products,
} from '../../db/schema.js';
import { DEFAULT_FALLBACK_URL } from '../settings/index.js';

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

/** The columns of a buffered click as the batch insert reads them from its one JSON parameter. */
export type ClickRow = {
  clickId: string;
  offerId: number;
  partnerId: number;
  subid: string | null;
  tc1: string | null;
  tc2: string | null;
  tc3: string | null;
  tc4: string | null;
  ip: string | null;
  country: string | null;
  userAgent: string | null;
  referrer: string | null;
  flags?: string | null | undefined;
  landingPageId?: number | null | undefined;
  createdAt: Date;
};

const CLICK_COLUMNS = sql.raw(
  '(click_id, offer_id, partner_id, subid, tc1, tc2, tc3, tc4, ip, country, user_agent, referrer, flags, landing_page_id, created_at)',
);

/**
 * Inserts a batch of clicks as one JSON parameter, the clicks as they are (decision 022): JSON.stringify is native,
 * where encoding twelve arrays element by element in the driver cost more than the rest of a click's work.
 * `json`, when given, is that array already made (the clicks' journal lines, decision 120). `idempotent` (a replay)
 * skips the clicks the table already holds and answers the ids it inserted; otherwise null.
 */
export async function insertClicks(
  db: DbOrTx,
  batch: readonly ClickRow[],
  idempotent: boolean,
  json: string = JSON.stringify(batch),
): Promise<Set<string> | null> {
  const rows = sql`select "clickId", "offerId", "partnerId", subid, tc1, tc2, tc3, tc4, ip, country, "userAgent",
            referrer, flags, "landingPageId", "createdAt"
          from json_to_recordset(${json}::json) as x("clickId" text, "offerId" int, "partnerId" int,
            subid text, tc1 text, tc2 text, tc3 text, tc4 text, ip text, country text, "userAgent" text, referrer text,
            flags text, "landingPageId" int, "createdAt" timestamptz)`;
  if (!idempotent) {
    await db.execute(sql`insert into ${clicks} ${CLICK_COLUMNS} ${rows}`);
    return null;
  }
  const result = await db.execute(
    sql`insert into ${clicks} ${CLICK_COLUMNS} ${rows} on conflict (click_id, created_at) do nothing returning click_id`,
  );
  return new Set(rowsOf<{ click_id: string }>(result).map((r) => r.click_id));
}
