import { and, asc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  LANDING_NOT_RECORDED,
  LANDING_OFFER_URL,
  REPORT_OPTIONS_LIMIT,
  type ReportOption,
  type ReportOptionFilter,
  type ReportOptionsQuery,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  advertisers,
  goals,
  offerGoals,
  offerLandingPages,
  offers,
  partnerOfferTraffic,
  partners,
  products,
  users,
} from '../../db/schema.js';
import { billingReachSql, type StaffScope } from '../access/index.js';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `#12` or `12`: the id typed; null for a name. */
const typedId = (q: string): number | null => {
  const match = /^#?(\d{1,9})$/.exec(q);
  return match ? Number(match[1]) : null;
};

/** Ids among the values (`value=12`); others (not a number) name nothing. */
const idsOf = (values: string[]) => values.filter((v) => /^\d{1,9}$/.test(v)).map(Number);

/**
 * The condition of a search: the values asked for by name (an address's chosen ids), else the typed text in the
 * name (or the id typed), else every option (the first page).
 */
function searched(
  query: ReportOptionsQuery,
  id: AnyPgColumn,
  name: SQL | AnyPgColumn,
  values: (list: string[]) => SQL | undefined = (list) => inArray(id, idsOf(list)),
): SQL | undefined {
  if (query.value) return values(query.value);
  if (!query.q) return undefined;
  const number = typedId(query.q);
  const byName = ilike(name, `%${escapeLike(query.q)}%`);
  return number === null ? byName : or(byName, eq(id, number));
}

/**
 * The offers the reader's partners have traffic on (clicks or conversions, any day): for a manager, the offers its
 * reports can show. Read from the (partner, offer) pairs with traffic (decision 117), one row per pair, led by the
 * partner: a seek per partner, where decision 113 read every day of `stats_network_daily`.
 */
const reachedOffers = (db: DbOrTx, reach: SQL) =>
  db
    .select({ id: partnerOfferTraffic.offerId })
    .from(partnerOfferTraffic)
    .innerJoin(partners, eq(partners.id, partnerOfferTraffic.partnerId))
    .where(reach);

/**
 * A network report filter's options by name (decision 113), within the reader's scope as the report itself reads it
 * (the billing reach, decision 046): admins and finance every partner, offer, advertiser, manager and goal; managers
 * their partners, the offers those partners have traffic on, those offers' advertisers and goals, and the managers of
 * their partners. At most `REPORT_OPTIONS_LIMIT` by name, or the values asked for that the reader reaches.
 */
export async function reportOptions(
  db: DbOrTx,
  scope: StaffScope,
  filter: ReportOptionFilter,
  query: ReportOptionsQuery,
): Promise<ReportOption[]> {
  const reach = billingReachSql(scope, partners.accountManagerId, partners.status);
  const offerReach = reach ? inArray(offers.id, reachedOffers(db, reach)) : undefined;
  const limit = query.value ? query.value.length : REPORT_OPTIONS_LIMIT;
  switch (filter) {
    case 'partnerId': {
      const label = sql<string>`${partners.companyName} || ' #' || ${partners.id}`;
      return db
        .select({ value: sql<string>`${partners.id}::text`, label })
        .from(partners)
        .where(and(reach, searched(query, partners.id, partners.companyName)))
        .orderBy(asc(partners.companyName), asc(partners.id))
        .limit(limit);
    }
    case 'offerId': {
      const label = sql<string>`${offers.name} || ' #' || ${offers.id}`;
      return db
        .select({ value: sql<string>`${offers.id}::text`, label })
        .from(offers)
        .where(and(offerReach, searched(query, offers.id, offers.name)))
        .orderBy(asc(offers.name), asc(offers.id))
        .limit(limit);
    }
    case 'advertiserId': {
      const reached = offerReach
        ? inArray(advertisers.id, db.select({ id: products.advertiserId }).from(offers).innerJoin(products, eq(products.id, offers.productId)).where(offerReach)) // prettier-ignore
        : undefined;
      return db
        .select({ value: sql<string>`${advertisers.id}::text`, label: advertisers.name })
        .from(advertisers)
        .where(and(reached, searched(query, advertisers.id, advertisers.name)))
        .orderBy(asc(advertisers.name), asc(advertisers.id))
        .limit(limit);
    }
    case 'managerId': {
      const name = sql<string>`trim(${users.firstname} || ' ' || ${users.lastname})`;
      const managers = db
        .selectDistinct({ id: partners.accountManagerId })
        .from(partners)
        .where(and(reach, isNotNull(partners.accountManagerId)));
      return db
        .select({ value: sql<string>`${users.id}::text`, label: name })
        .from(users)
        .where(and(inArray(users.id, managers), searched(query, users.id, name)))
        .orderBy(asc(name), asc(users.id))
        .limit(limit);
    }
    case 'goal': {
      const reached = offerReach
        ? inArray(goals.id, db.select({ id: offerGoals.goalId }).from(offerGoals).innerJoin(offers, eq(offers.id, offerGoals.offerId)).where(offerReach)) // prettier-ignore
        : undefined;
      // A goal is named by its code in the address; the typed text finds its name or its code.
      const search = query.value
        ? inArray(goals.identifier, query.value)
        : query.q
          ? or(ilike(goals.name, `%${escapeLike(query.q)}%`), ilike(goals.identifier, `%${escapeLike(query.q)}%`))
          : undefined;
      return db
        .select({ value: goals.identifier, label: goals.name })
        .from(goals)
        .where(and(reached, search))
        .orderBy(asc(goals.name))
        .limit(limit);
    }
    case 'landingPageId':
      return landingOptions(db, query, offerReach, limit);
  }
}

/** The landing breakdown's keys without a page (decision 117), named as its rows name them. */
const LANDING_KEYS: ReportOption[] = [
  { value: String(LANDING_OFFER_URL), label: 'Offer URL' },
  { value: String(LANDING_NOT_RECORDED), label: 'Not recorded' },
];

/**
 * Landing pages by name (decision 126): the pages of the offers the reader reaches, read "page · offer #id", found by
 * the page's name, its offer's name or its id; the offers' own URLs (`0`) first when the text names them.
 */
async function landingOptions(
  db: DbOrTx,
  query: ReportOptionsQuery,
  offerReach: SQL | undefined,
  limit: number,
): Promise<ReportOption[]> {
  const text = query.q?.toLowerCase();
  const keys = query.value
    ? LANDING_KEYS.filter((k) => query.value!.includes(k.value))
    : LANDING_KEYS.slice(0, 1).filter((k) => text === undefined || k.label.toLowerCase().includes(text));
  const name = sql<string>`${offerLandingPages.name} || ' · ' || ${offers.name}`;
  const pages = await db
    .select({
      value: sql<string>`${offerLandingPages.id}::text`,
      label: sql<string>`${name} || ' #' || ${offerLandingPages.id}`,
    }) // prettier-ignore
    .from(offerLandingPages)
    .innerJoin(offers, eq(offers.id, offerLandingPages.offerId))
    .where(and(offerReach, searched(query, offerLandingPages.id, name)))
    .orderBy(asc(offerLandingPages.name), asc(offerLandingPages.id))
    .limit(Math.max(limit - keys.length, 0));
  return [...keys, ...pages];
}
