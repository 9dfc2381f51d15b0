import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import {
  advertisers,
  billingRequests,
  clicks,
  conversions,
  goals,
  news,
  offerCountries,
  offerGoals,
  offers,
  partnerContacts,
  partnerDocuments,
  partnerOffers,
  partners,
  payoutOverrides,
  postbackOffers,
  postbacks,
  products,
  teams,
  users,
} from '../db/schema.js';

/**
 * The demo seed's queries (decision 068): the rows it writes where no module's front door offers the write as the seed
 * needs it (fixed dates, the demo's own ids), and the lookups that find what it wrote. The seed's files plan the demo;
 * this file and catalogue/reference.repository.ts are the only ones of the seed that run SQL.
 */

// ---------------------------------------------------------------- lookups

export async function userCount(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: count() }).from(users);
  return Number(rows[0]?.n ?? 0);
}

/** The users with these e-mails (compared lower-case), with their password hash. */
export async function usersWithPasswords(db: DbOrTx, emails: string[]) {
  return db
    .select({ email: users.email, hash: users.passwordHash, enabled: users.enabled })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
}

/** The ids of the users with these exact e-mails. */
export async function userIdsByEmail(db: DbOrTx, emails: string[]) {
  return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
}

export async function userIdByEmail(db: DbOrTx, email: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

export async function partnerIdByEmail(db: DbOrTx, email: string): Promise<number | null> {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.email, email));
  return row?.id ?? null;
}

export async function partnerIdsByEmail(db: DbOrTx, emails: string[]) {
  return db.select({ id: partners.id, email: partners.email }).from(partners).where(inArray(partners.email, emails));
}

export async function partnerIdsByCompany(db: DbOrTx, names: string[]) {
  return db
    .select({ id: partners.id, companyName: partners.companyName })
    .from(partners)
    .where(inArray(partners.companyName, names));
}

export async function offerIdsByName(db: DbOrTx, names: string[]) {
  return db.select({ id: offers.id, name: offers.name }).from(offers).where(inArray(offers.name, names));
}

export async function goalIdByIdentifier(db: DbOrTx, identifier: string): Promise<number | null> {
  const [row] = await db.select({ id: goals.id }).from(goals).where(eq(goals.identifier, identifier));
  return row?.id ?? null;
}

// ---------------------------------------------------------------- the network: staff, partners, their users

export const insertTeams = (db: DbOrTx, rows: (typeof teams.$inferInsert)[]) =>
  db.insert(teams).values(rows).returning();

export async function setTeamManager(db: DbOrTx, teamId: number, managerId: number | null): Promise<void> {
  await db.update(teams).set({ managerId }).where(eq(teams.id, teamId));
}

export const insertUsers = (db: DbOrTx, rows: (typeof users.$inferInsert)[]) =>
  db.insert(users).values(rows).returning();

export const insertPartner = (db: DbOrTx, row: typeof partners.$inferInsert) =>
  db.insert(partners).values(row).returning();

export async function insertPartnerContact(db: DbOrTx, row: typeof partnerContacts.$inferInsert): Promise<void> {
  await db.insert(partnerContacts).values(row);
}

export async function insertPartnerDocument(db: DbOrTx, row: typeof partnerDocuments.$inferInsert): Promise<void> {
  await db.insert(partnerDocuments).values(row);
}

/** Whether the partner already applied to the offer. */
export async function hasApplication(db: DbOrTx, partnerId: number, offerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: partnerOffers.id })
    .from(partnerOffers)
    .where(and(eq(partnerOffers.partnerId, partnerId), eq(partnerOffers.offerId, offerId)));
  return rows.length > 0;
}

/** Applications to offers; those already there are left as they are. */
export async function insertApplications(
  db: DbOrTx,
  rows: (typeof partnerOffers.$inferInsert)[],
  options: { ignoreExisting?: boolean } = {},
): Promise<void> {
  const insert = db.insert(partnerOffers).values(rows);
  await (options.ignoreExisting ? insert.onConflictDoNothing() : insert);
}

// ---------------------------------------------------------------- news, postbacks

export async function insertNews(db: DbOrTx, row: typeof news.$inferInsert): Promise<void> {
  await db.insert(news).values(row);
}

/** A partner's postback, bound to the given offers. */
export async function insertPostback(
  db: DbOrTx,
  row: typeof postbacks.$inferInsert,
  offerIds: number[] = [],
): Promise<void> {
  if (offerIds.length === 0) {
    await db.insert(postbacks).values(row);
    return;
  }
  const [bound] = await db.insert(postbacks).values(row).returning({ id: postbacks.id });
  if (bound) await db.insert(postbackOffers).values(offerIds.map((offerId) => ({ postbackId: bound.id, offerId })));
}

// ---------------------------------------------------------------- caps and payouts

/** A partner's approved and pending conversions on an offer since a moment (what a conversion cap counts). */
export async function countedConversions(db: DbOrTx, offerId: number, partnerId: number, since: Date) {
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(conversions)
    .where(
      and(
        eq(conversions.offerId, offerId),
        eq(conversions.partnerId, partnerId),
        inArray(conversions.status, ['approved', 'pending']),
        gte(conversions.createdAt, since),
      ),
    );
  return counted?.n ?? 0;
}

/** An offer's first goal and what it pays. */
export async function firstOfferGoal(db: DbOrTx, offerId: number) {
  const [goal] = await db
    .select({ goalId: offerGoals.goalId, amount: offerGoals.payoutAmount, percent: offerGoals.payoutPercent })
    .from(offerGoals)
    .where(eq(offerGoals.offerId, offerId))
    .orderBy(offerGoals.id)
    .limit(1);
  return goal ?? null;
}

export async function insertPayoutOverride(db: DbOrTx, row: typeof payoutOverrides.$inferInsert): Promise<void> {
  await db.insert(payoutOverrides).values(row);
}

// ---------------------------------------------------------------- billing history

/** A Paris day's moment at an hour of its wall clock, as the database's time zone rules read it. */
export async function zonedMoment(db: DbOrTx, day: string, hour: number, timeZone: string): Promise<Date> {
  const [row] = await db
    .select({
      at: sql<string>`((${day}::date)::timestamp + make_interval(hours => ${hour})) at time zone ${timeZone}`,
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('no moment');
  return new Date(row.at);
}

/** When the first conversion happened, if any. */
export async function firstConversionAt(db: DbOrTx): Promise<Date | null> {
  const [first] = await db.select({ at: sql<string | null>`min(${conversions.createdAt})` }).from(conversions);
  return first?.at ? new Date(first.at) : null;
}

export async function paymentTermsOf(db: DbOrTx, billingRequestId: number): Promise<string | null> {
  const [request] = await db
    .select({ terms: billingRequests.paymentTerms })
    .from(billingRequests)
    .where(eq(billingRequests.id, billingRequestId));
  return request?.terms ?? null;
}

// ---------------------------------------------------------------- traffic

/** The offers the traffic goes to, with their advertiser's token. */
export async function trafficOffers(db: DbOrTx, names: string[]) {
  return db
    .select({
      id: offers.id,
      name: offers.name,
      conversionType: offers.conversionType,
      createdAt: offers.createdAt,
      token: advertisers.securityToken,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(advertisers, eq(advertisers.id, products.advertiserId))
    .where(inArray(offers.name, names))
    .orderBy(offers.id);
}

export async function goalsOfOffers(db: DbOrTx, offerIds: number[]) {
  return db
    .select({ offerId: offerGoals.offerId, goal: goals.identifier, percent: offerGoals.payoutPercent })
    .from(offerGoals)
    .innerJoin(goals, eq(goals.id, offerGoals.goalId))
    .where(inArray(offerGoals.offerId, offerIds))
    .orderBy(offerGoals.id);
}

export async function countriesOfOffers(db: DbOrTx, offerIds: number[]) {
  return db
    .select({ offerId: offerCountries.offerId, isoCode: offerCountries.isoCode })
    .from(offerCountries)
    .where(inArray(offerCountries.offerId, offerIds))
    .orderBy(offerCountries.offerId, offerCountries.isoCode);
}

/** The token of the first enabled advertiser. */
export async function anyAdvertiserToken(db: DbOrTx): Promise<string | null> {
  const [any] = await db
    .select({ token: advertisers.securityToken })
    .from(advertisers)
    .where(eq(advertisers.enabled, true))
    .orderBy(advertisers.id)
    .limit(1);
  return any?.token ?? null;
}

/** Marks an offer's goal (by identifier) as validated by hand. */
export async function setManualValidation(db: DbOrTx, offerId: number, goalIdentifier: string): Promise<void> {
  await db
    .update(offerGoals)
    .set({ manualValidation: true })
    .where(
      and(
        eq(offerGoals.offerId, offerId),
        eq(offerGoals.goalId, sql`(select ${goals.id} from ${goals} where ${goals.identifier} = ${goalIdentifier})`),
      ),
    );
}

export async function clickCountOf(db: DbOrTx, partnerIds: number[]): Promise<number> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(clicks)
    .where(inArray(clicks.partnerId, partnerIds));
  return existing?.n ?? 0;
}
