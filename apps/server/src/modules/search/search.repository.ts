import { and, asc, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { STAFF_SEARCH_GROUP_MAX, partnerDisplayName, type PartnerStatus } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { advertisers, offers, partners } from '../../db/schema.js';
import { partnerReachSql, type StaffScope } from '../access/index.js';

/**
 * The search box's name lookups (decision 080): a part of a name (case folded), or the exact id; an exact id first,
 * then names that start with the text, then the newest. A pattern scan over partners, offers and advertisers is fine
 * at their size (thousands); conversions are searched by exact ids only, elsewhere.
 */

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const ID = /^#?(\d{1,9})$/;

/** The id the text names ('42' or '#42'), if any. */
export const idOf = (q: string): number | undefined => {
  const match = ID.exec(q);
  return match ? Number(match[1]) : undefined;
};

function ranked(idColumn: AnyColumn, nameColumn: AnyColumn, q: string): SQL {
  const id = idOf(q);
  return sql`case when ${id !== undefined ? sql`${idColumn} = ${id}` : sql`false`} then 0 when ${nameColumn} ilike ${`${likeEscaped(q)}%`} then 1 else 2 end`;
}

/** Partners within the reader's reach, by a part of the company name or e-mail, or the id. */
export async function searchPartners(db: DbOrTx, scope: StaffScope, q: string) {
  const pattern = `%${likeEscaped(q)}%`;
  const id = idOf(q);
  const rows = await db
    .select({ id: partners.id, companyName: partners.companyName, email: partners.email, status: partners.status })
    .from(partners)
    .where(
      and(
        partnerReachSql(scope, partners.accountManagerId, partners.status),
        or(
          ilike(partners.companyName, pattern),
          ilike(partners.email, pattern),
          id !== undefined ? eq(partners.id, id) : undefined,
        ),
      ),
    )
    .orderBy(asc(ranked(partners.id, partners.companyName, q)), desc(partners.id))
    .limit(STAFF_SEARCH_GROUP_MAX);
  return rows.map((row) => ({
    id: row.id,
    displayName: partnerDisplayName(row.companyName, row.id),
    email: row.email,
    status: row.status as PartnerStatus,
  }));
}

/** Offers (every staff member reads the catalogue), by a part of the name, or the id. */
export async function searchOffers(db: DbOrTx, q: string) {
  const id = idOf(q);
  return db
    .select({ id: offers.id, name: offers.name, enabled: offers.enabled })
    .from(offers)
    .where(or(ilike(offers.name, `%${likeEscaped(q)}%`), id !== undefined ? eq(offers.id, id) : undefined))
    .orderBy(asc(ranked(offers.id, offers.name, q)), desc(offers.id))
    .limit(STAFF_SEARCH_GROUP_MAX);
}

/** Advertisers (admins' records), by a part of the name, or the id. */
export async function searchAdvertisers(db: DbOrTx, q: string) {
  const id = idOf(q);
  return db
    .select({ id: advertisers.id, name: advertisers.name })
    .from(advertisers)
    .where(or(ilike(advertisers.name, `%${likeEscaped(q)}%`), id !== undefined ? eq(advertisers.id, id) : undefined))
    .orderBy(asc(ranked(advertisers.id, advertisers.name, q)), desc(advertisers.id))
    .limit(STAFF_SEARCH_GROUP_MAX);
}
