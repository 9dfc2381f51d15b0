import { and, asc, eq, inArray, isNotNull, isNull, lt, min, sql } from 'drizzle-orm';
import { BILLING_TIMEZONE } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { billingRequests, conversionAdjustments, conversions, countries, invoices, partners } from '../../db/schema.js';

/**
 * The billing run's queries (billing-run.ts, decisions 027 and 070): the month's bounds in Paris time, the partners
 * and currencies with something to bill (unbilled approved conversions, billable ledger lines not carried), the
 * billing request, its conversions and carried lines, the partner's country.
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

/** Billable ledger lines (decision 069) made before `end` that no billing request has carried yet. */
const uncarriedBefore = (end: Date) =>
  and(
    eq(conversionAdjustments.billable, true),
    isNull(conversionAdjustments.billingRequestId),
    lt(conversionAdjustments.createdAt, end),
  );

/** The same, for one partner in one currency. */
const uncarried = (partnerId: number, currency: string, end: Date) =>
  and(
    eq(conversionAdjustments.partnerId, partnerId),
    eq(conversionAdjustments.currency, currency),
    uncarriedBefore(end),
  );

export type UnbilledPair = {
  partnerId: number;
  currency: string;
  paymentTerms: string;
  /** The earliest unbilled conversion or uncarried line. */
  firstAt: Date;
  /** The end of the pair's latest billing request (its period's first moment after), if any. */
  billedUntil: Date | null;
};

const toDateOrNull = (value: unknown) => (value === null || value === undefined ? null : toDate(value));

/**
 * Each partner and currency with something recorded before `end` to bill: approved conversions not billed yet, or
 * billable ledger lines not carried yet; with the partner's payment terms, the earliest such item, and where its
 * billing requests end. In order of partner and currency.
 */
export async function unbilledPairs(db: DbOrTx, end: Date): Promise<UnbilledPair[]> {
  const fromConversions = await db
    .select({
      partnerId: sql<number>`${conversions.partnerId}`.mapWith(Number),
      currency: conversions.currency,
      firstAt: min(conversions.createdAt).mapWith(toDate),
    })
    .from(conversions)
    .where(and(isNotNull(conversions.partnerId), unbilledBefore(end)))
    .groupBy(conversions.partnerId, conversions.currency);
  const fromLines = await db
    .select({
      partnerId: conversionAdjustments.partnerId,
      currency: conversionAdjustments.currency,
      firstAt: min(conversionAdjustments.createdAt).mapWith(toDate),
    })
    .from(conversionAdjustments)
    .where(uncarriedBefore(end))
    .groupBy(conversionAdjustments.partnerId, conversionAdjustments.currency);
  const pairs = new Map<string, { partnerId: number; currency: string; firstAt: Date }>();
  for (const row of [...fromConversions, ...fromLines]) {
    const key = `${row.partnerId}/${row.currency}`;
    const known = pairs.get(key);
    if (!known || row.firstAt < known.firstAt) pairs.set(key, row);
  }
  if (pairs.size === 0) return [];
  const partnerIds = [...new Set([...pairs.values()].map((pair) => pair.partnerId))];
  const terms = await db
    .select({ id: partners.id, paymentTerms: partners.paymentTerms })
    .from(partners)
    .where(inArray(partners.id, partnerIds));
  const billed = await db
    .select({
      partnerId: billingRequests.partnerId,
      currency: billingRequests.paymentCurrency,
      // ending_at is the period's last second, included.
      until: sql<Date | null>`max(${billingRequests.endingAt}) + interval '1 second'`.mapWith(toDateOrNull),
    })
    .from(billingRequests)
    .where(inArray(billingRequests.partnerId, partnerIds))
    .groupBy(billingRequests.partnerId, billingRequests.paymentCurrency);
  const termsOf = new Map(terms.map((row) => [row.id, row.paymentTerms]));
  const billedUntil = new Map(billed.map((row) => [`${row.partnerId}/${row.currency}`, row.until]));
  return [...pairs.entries()]
    .filter(([, pair]) => termsOf.has(pair.partnerId))
    .map(([key, pair]) => ({
      ...pair,
      paymentTerms: termsOf.get(pair.partnerId)!,
      billedUntil: billedUntil.get(key) ?? null,
    }))
    .sort((a, b) => a.partnerId - b.partnerId || a.currency.localeCompare(b.currency));
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
  totals: { totalAmount: number; totalVatAmount: number; adjustmentsAmount: number },
): Promise<void> {
  await tx.update(billingRequests).set(totals).where(eq(billingRequests.id, billingRequestId));
}

/** A country's name by its ISO code, if known. */
export async function countryName(tx: DbOrTx, isoCode: string): Promise<string | undefined> {
  const [country] = await tx.select({ name: countries.name }).from(countries).where(eq(countries.isoCode, isoCode));
  return country?.name;
}

export type LedgerLine = {
  id: number;
  payoutDelta: number;
  originalBillingRequestId: number | null;
};

/** The partner's billable ledger lines in the currency made before `end` and not carried yet, oldest first. */
export async function uncarriedLines(
  tx: DbOrTx,
  partnerId: number,
  currency: string,
  end: Date,
): Promise<LedgerLine[]> {
  return tx
    .select({
      id: conversionAdjustments.id,
      payoutDelta: conversionAdjustments.payoutDelta,
      originalBillingRequestId: conversionAdjustments.originalBillingRequestId,
    })
    .from(conversionAdjustments)
    .where(uncarried(partnerId, currency, end))
    .orderBy(asc(conversionAdjustments.createdAt), asc(conversionAdjustments.id));
}

/** Marks the same lines as carried by the request, in one statement; answers them. */
export async function carryLines(
  tx: DbOrTx,
  billingRequestId: number,
  job: { partnerId: number; currency: string; end: Date },
): Promise<LedgerLine[]> {
  return tx
    .update(conversionAdjustments)
    .set({ billingRequestId })
    .where(uncarried(job.partnerId, job.currency, job.end))
    .returning({
      id: conversionAdjustments.id,
      payoutDelta: conversionAdjustments.payoutDelta,
      originalBillingRequestId: conversionAdjustments.originalBillingRequestId,
    });
}

export type OriginalRequest = { id: number; totalAmount: number; totalVatAmount: number; reference: string | null };

/** The billing requests that billed conversions before their change, with their totals and invoice numbers. */
export async function originalRequests(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, OriginalRequest>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: billingRequests.id,
      totalAmount: billingRequests.totalAmount,
      totalVatAmount: billingRequests.totalVatAmount,
      reference: invoices.reference,
    })
    .from(billingRequests)
    .leftJoin(invoices, eq(invoices.billingRequestId, billingRequests.id))
    .where(inArray(billingRequests.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

export type CarriedLineRow = {
  id: number;
  billingRequestId: number;
  conversionId: number;
  kind: string;
  reasonCode: string | null;
  note: string | null;
  payoutDelta: number;
  createdAt: Date;
  originalBillingRequestId: number | null;
  originalTotalAmount: number | null;
  originalTotalVatAmount: number | null;
  originalInvoice: string | null;
};

/** The ledger lines the requests carried, with their original requests' totals and invoice numbers, oldest first. */
export async function carriedLinesOf(db: DbOrTx, billingRequestIds: readonly number[]): Promise<CarriedLineRow[]> {
  if (billingRequestIds.length === 0) return [];
  const rows = await db
    .select({
      id: conversionAdjustments.id,
      billingRequestId: sql<number>`${conversionAdjustments.billingRequestId}`.mapWith(Number),
      conversionId: conversionAdjustments.conversionId,
      kind: conversionAdjustments.kind,
      reasonCode: conversionAdjustments.reasonCode,
      note: conversionAdjustments.note,
      payoutDelta: conversionAdjustments.payoutDelta,
      createdAt: conversionAdjustments.createdAt,
      originalBillingRequestId: conversionAdjustments.originalBillingRequestId,
      originalTotalAmount: billingRequests.totalAmount,
      originalTotalVatAmount: billingRequests.totalVatAmount,
      originalInvoice: invoices.reference,
    })
    .from(conversionAdjustments)
    .leftJoin(billingRequests, eq(billingRequests.id, conversionAdjustments.originalBillingRequestId))
    .leftJoin(invoices, eq(invoices.billingRequestId, conversionAdjustments.originalBillingRequestId))
    .where(inArray(conversionAdjustments.billingRequestId, [...billingRequestIds]))
    .orderBy(asc(conversionAdjustments.createdAt), asc(conversionAdjustments.id));
  return rows;
}
