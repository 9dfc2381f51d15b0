import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { BILLING_TIMEZONE } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { billingRequests, conversions, countries, partners } from '../../db/schema.js';

/**
 * The monthly billing run's queries (billing-run.ts, decision 027): the month's bounds in Paris time, the partners and
 * currencies with unbilled approved conversions, the billing request and its conversions, the partner's country.
 */

/** Serialises billing runs (and so invoice numbering) across connections and servers. */
const BILLING_RUN_LOCK = 727_001;

export type PartnerRow = typeof partners.$inferSelect;

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

/** A month's first and next month's first moment, Paris time, as instants ('2026-02' → Feb 1st and Mar 1st). */
export async function parisMonthBounds(db: DbOrTx, month: string): Promise<{ start: Date; end: Date }> {
  const [bounds] = await db
    .select({
      start: sql<Date>`(${`${month}-01`}::date)::timestamp at time zone ${BILLING_TIMEZONE}`.mapWith(toDate),
      end: sql<Date>`(${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${BILLING_TIMEZONE}`.mapWith(
        toDate,
      ),
    })
    .from(sql`(select 1) as one`);
  if (!bounds) throw new Error('no month bounds');
  return bounds;
}

/** Approved conversions recorded before `end` that no request has billed yet. */
const unbilledBefore = (end: Date) =>
  and(eq(conversions.status, 'approved'), isNull(conversions.billingRequestId), lt(conversions.createdAt, end));

/** The same, for one partner in one currency. */
const unbilled = (partnerId: number, currency: string, end: Date) =>
  and(eq(conversions.partnerId, partnerId), eq(conversions.currency, currency), unbilledBefore(end));

/** Each partner and currency with approved conversions recorded before `end` and not billed yet, in order. */
export async function unbilledPairs(db: DbOrTx, end: Date): Promise<{ partnerId: number; currency: string }[]> {
  return db
    .selectDistinct({
      partnerId: sql<number>`${conversions.partnerId}`.mapWith(Number),
      currency: conversions.currency,
    })
    .from(conversions)
    .where(and(isNotNull(conversions.partnerId), unbilledBefore(end)))
    .orderBy(conversions.partnerId, conversions.currency);
}

/** Waits for any other billing run's transaction to end (an advisory lock released at commit or rollback). */
export async function lockBillingRuns(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BILLING_RUN_LOCK})`);
}

/** The id of the partner's billing request for the period starting at `start`, in the currency, if any. */
export async function billingRequestIdFor(
  tx: DbOrTx,
  partnerId: number,
  start: Date,
  currency: string,
): Promise<number | null> {
  const [existing] = await tx
    .select({ id: billingRequests.id })
    .from(billingRequests)
    .where(
      and(
        eq(billingRequests.partnerId, partnerId),
        eq(billingRequests.startingAt, start),
        eq(billingRequests.paymentCurrency, currency),
      ),
    );
  return existing?.id ?? null;
}

export async function partnerRow(tx: DbOrTx, partnerId: number): Promise<PartnerRow | null> {
  const [partner] = await tx.select().from(partners).where(eq(partners.id, partnerId));
  return partner ?? null;
}

/** The payouts and count of the partner's unbilled approved conversions in the currency, recorded before `end`. */
export async function unbilledDue(
  tx: DbOrTx,
  partnerId: number,
  currency: string,
  end: Date,
): Promise<{ payout: number; count: number } | undefined> {
  const [due] = await tx
    .select({
      payout: sql<number>`coalesce(sum(${conversions.payout}), 0)`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(conversions)
    .where(unbilled(partnerId, currency, end));
  return due;
}

/** Records a billing request; answers its id. */
export async function insertBillingRequest(tx: DbOrTx, values: typeof billingRequests.$inferInsert): Promise<number> {
  const [request] = await tx.insert(billingRequests).values(values).returning({ id: billingRequests.id });
  if (!request) throw new Error('billing request insert returned nothing');
  return request.id;
}

/**
 * Marks the partner's unbilled approved conversions in the currency, recorded before `end`, as billed by the request,
 * in one statement; answers their payouts.
 */
export async function markConversionsBilled(
  tx: DbOrTx,
  billingRequestId: number,
  job: { partnerId: number; currency: string; end: Date },
): Promise<{ payout: number }[]> {
  return tx
    .update(conversions)
    .set({ billingRequestId })
    .where(unbilled(job.partnerId, job.currency, job.end))
    .returning({ payout: conversions.payout });
}

export async function setBillingRequestTotals(
  tx: DbOrTx,
  billingRequestId: number,
  totals: { totalAmount: number; totalVatAmount: number },
): Promise<void> {
  await tx.update(billingRequests).set(totals).where(eq(billingRequests.id, billingRequestId));
}

/** A country's name by its ISO code, if known. */
export async function countryName(tx: DbOrTx, isoCode: string): Promise<string | undefined> {
  const [country] = await tx.select({ name: countries.name }).from(countries).where(eq(countries.isoCode, isoCode));
  return country?.name;
}
