import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  BILLING_TIMEZONE,
  DEFAULT_PAYMENT_TERM_DAYS,
  PAYMENT_TERM_DAYS,
  VAT_RATE_PERCENT_BY_COUNTRY,
  OPEN_INVOICE_STATUSES,
  addDays,
  expectedPaymentDate,
  dueOn,
  localToday,
  periodAt,
  periodKindOf,
  paymentTermDays,
  payoutHoldOf,
  vatOn,
  vatRateOfTotals,
  toLocalIso,
  type BillingPeriodKind,
  type BillingRequest,
  type CarriedAdjustment,
  type NextPayment,
  type OpenInvoiceStatus,
  type InvoiceStatusBody,
  type ListBillingRequestsQuery,
  type ListStaffInvoicesQuery,
  type StaffInvoice,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { billingReachSql, type StaffScope } from '../access/index.js';
import {
  billingRequests,
  conversions,
  files,
  invoices,
  partners,
  paymentBatchInvoices,
  paymentBatches,
} from '../../db/schema.js';
import { sepaRefusalOf } from './sepa-eligibility.js';
import { carriedLinesOf } from './billing-run.repository.js';

const invoiceColumns = {
  id: invoices.id,
  billingRequestId: invoices.billingRequestId,
  partnerId: billingRequests.partnerId,
  reference: invoices.reference,
  status: invoices.status,
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
  accountManagerId: partners.accountManagerId,
  createdById: invoices.createdById,
};

/** The invoice with its partner's account manager, locked until the transaction ends. */
export async function lockInvoice(db: DbOrTx, invoiceId: number | { billingRequestId: number }) {
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(billingRequests, eq(billingRequests.id, invoices.billingRequestId))
    .innerJoin(partners, eq(partners.id, billingRequests.partnerId))
    .where(
      typeof invoiceId === 'number'
        ? eq(invoices.id, invoiceId)
        : eq(invoices.billingRequestId, invoiceId.billingRequestId),
    )
    .for('update', { of: invoices })
    .limit(1);
  return rows[0] ?? null;
}

/**
 * When the partner's bank details last changed (null: never since the column exists), its row share-locked until the
 * transaction ends: a change in flight is waited for, so a payment never starts on a hold it did not see (decision 072).
 */
export async function bankDetailsChangedAtOf(tx: DbOrTx, partnerId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ changedAt: partners.bankDetailsChangedAt })
    .from(partners)
    .where(eq(partners.id, partnerId))
    .for('share');
  return row?.changedAt ?? null;
}

/** The hold's rule in SQL (decision 072): an unpaid invoice whose partner changed its bank details too recently. */
const heldSql = (hold: PayoutHoldClock) =>
  sql`(${invoices.status} <> 'paid' and ${partners.bankDetailsChangedAt} is not null and ${partners.bankDetailsChangedAt} + make_interval(days => ${hold.payoutHoldDays}::int) > ${hold.now.toISOString()}::timestamptz)`;

/** What decides a hold: now, and PAYOUT_HOLD_DAYS. */
export type PayoutHoldClock = { now: Date; payoutHoldDays: number };

/** The hold's end of one invoice (ISO in UTC, or on `offset`'s wall clock), or null: paid, or no hold at `now`. */
const invoiceHeldUntil = (
  status: string | null,
  changedAt: Date | null,
  hold: PayoutHoldClock,
  offset?: string | null,
) =>
  status === null || status === 'paid'
    ? null
    : (payoutHoldOf(changedAt, hold.payoutHoldDays, hold.now, offset)?.heldUntil ?? null);

/** The status, and the paid moment: now when it becomes paid, none when it moves back (decision 052). */
export async function setInvoiceStatus(db: DbOrTx, invoiceId: number, status: InvoiceStatusBody['status'], now: Date) {
  await db
    .update(invoices)
    .set({ status, paidAt: status === 'paid' ? now : null, updatedAt: now })
    .where(eq(invoices.id, invoiceId));
}

/**
 * A payment the bank returned (decision 073): the invoice keeps when and why (shown to its partner), and leaves its
 * open payment batch, whose link is closed with the same moment. Answers the batch it left, if any.
 */
export async function recordInvoiceReturn(
  tx: DbOrTx,
  invoiceId: number,
  reason: string,
  now: Date,
): Promise<{ batchId: number }[]> {
  await tx.update(invoices).set({ returnedAt: now, returnReason: reason }).where(eq(invoices.id, invoiceId));
  return tx
    .update(paymentBatchInvoices)
    .set({ open: false, returnedAt: now })
    .where(and(eq(paymentBatchInvoices.invoiceId, invoiceId), eq(paymentBatchInvoices.open, true)))
    .returning({ batchId: paymentBatchInvoices.batchId });
}

/** Count and Σ amount (VAT included, minor units) per payment currency of some invoices, sorted by currency. */
export async function invoiceTotalsByCurrency(
  tx: DbOrTx,
  invoiceIds: readonly number[],
): Promise<{ currency: string; count: number; amount: number }[]> {
  if (invoiceIds.length === 0) return [];
  return tx
    .select({
      currency: billingRequests.paymentCurrency,
      count: sql<number>`count(*)`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${billingRequests.totalAmount}), 0)`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(billingRequests, eq(billingRequests.id, invoices.billingRequestId))
    .where(inArray(invoices.id, [...invoiceIds]))
    .groupBy(billingRequests.paymentCurrency)
    .orderBy(billingRequests.paymentCurrency);
}

/** Links an invoice to its PDF's stored file. */
export async function setInvoiceFile(db: DbOrTx, invoiceId: number, fileId: number): Promise<void> {
  await db.update(invoices).set({ invoiceFileId: fileId }).where(eq(invoices.id, invoiceId));
}

/**
 * A billing request's invoice, numbered after the year's last one (INV-2026-0001 …; the run's advisory lock keeps
 * numbers unique), and who created it (decision 064).
 */
export async function insertInvoice(
  tx: DbOrTx,
  values: { billingRequestId: number; year: string; createdById: number | null; now: Date },
): Promise<{ id: number; reference: string }> {
  const [last] = await tx
    .select({
      n: sql<number>`coalesce(max(substring(${invoices.reference} from ${`^INV-${values.year}-(\\d+)$`})::int), 0)`.mapWith(
        Number,
      ),
    })
    .from(invoices);
  const reference = `INV-${values.year}-${String((last?.n ?? 0) + 1).padStart(4, '0')}`;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      billingRequestId: values.billingRequestId,
      reference,
      createdById: values.createdById,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: invoices.id });
  if (!invoice) throw new Error('invoice insert returned nothing');
  return { id: invoice.id, reference };
}

export function invoiceDto(row: NonNullable<Awaited<ReturnType<typeof lockInvoice>>>) {
  const { accountManagerId: _manager, createdById: _creator, ...invoice } = row;
  return {
    ...invoice,
    status: invoice.status as InvoiceStatusBody['status'],
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
  };
}

/** The Paris day of a moment, yyyy-MM-dd: billing follows the billing reference time zone (spec section 9). */
const parisDay = (moment: SQL | AnyPgColumn) =>
  sql<string>`to_char(${moment} at time zone ${BILLING_TIMEZONE}, 'YYYY-MM-DD')`;
/** The moment a Paris day (yyyy-MM-dd) starts. */
const parisMidnight = (day: string) => sql`(${day}::date)::timestamp at time zone ${BILLING_TIMEZONE}`;

const SORT_COLUMNS = {
  startingAt: billingRequests.startingAt,
  endingAt: billingRequests.endingAt,
  createdAt: billingRequests.createdAt,
  totalAmount: billingRequests.totalAmount,
} as const;

/**
 * One page of a partner's billing requests with their invoices, and how many match in all. The period filter keeps
 * the requests with a day in the range (ending_at is the period's last moment, included); the status filter reads the
 * invoice's status, so a request without an invoice yet never matches one.
 */
export async function listBillingRequests(
  db: DbOrTx,
  partnerId: number,
  query: ListBillingRequestsQuery,
  /** The partner user's time-zone offset, for the paid-on day. */
  offset: string | null,
  hold: PayoutHoldClock,
): Promise<{ list: BillingRequest[]; total: number }> {
  const where = and(
    eq(billingRequests.partnerId, partnerId),
    query.startDate ? gte(billingRequests.endingAt, parisMidnight(query.startDate)) : undefined,
    query.endDate ? lt(billingRequests.startingAt, sql`${parisMidnight(query.endDate)} + interval '1 day'`) : undefined,
    query.status ? inArray(invoices.status, query.status) : undefined,
    query.deferred === undefined ? undefined : eq(billingRequests.deferred, query.deferred),
  );
  const order = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({
      id: billingRequests.id,
      startingAt: billingRequests.startingAt,
      endingAt: billingRequests.endingAt,
      startDay: parisDay(billingRequests.startingAt),
      endDay: parisDay(billingRequests.endingAt),
      totalAmount: billingRequests.totalAmount,
      totalVatAmount: billingRequests.totalVatAmount,
      paymentCurrency: billingRequests.paymentCurrency,
      paymentTerms: billingRequests.paymentTerms,
      paymentThreshold: billingRequests.paymentThreshold,
      deferred: billingRequests.deferred,
      createdAt: billingRequests.createdAt,
      periodKind: billingRequests.periodKind,
      dueOn: billingRequests.dueOn,
      adjustmentsAmount: billingRequests.adjustmentsAmount,
      country: partners.country,
      invoiceId: invoices.id,
      reference: invoices.reference,
      status: invoices.status,
      invoiceDay: parisDay(invoices.createdAt),
      paidAt: invoices.paidAt,
      returnedAt: invoices.returnedAt,
      returnReason: invoices.returnReason,
      fileId: files.id,
      filename: files.filename,
      bankDetailsChangedAt: partners.bankDetailsChangedAt,
    })
    .from(billingRequests)
    .innerJoin(partners, eq(partners.id, billingRequests.partnerId))
    .leftJoin(invoices, eq(invoices.billingRequestId, billingRequests.id))
    // Only a file of the partner's own: a link the partner could not download is no link.
    .leftJoin(files, and(eq(files.id, invoices.invoiceFileId), eq(files.ownerPartnerId, partnerId)))
    .where(where)
    .orderBy(order(SORT_COLUMNS[query.sort]), order(billingRequests.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const counted = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(billingRequests)
    .leftJoin(invoices, eq(invoices.billingRequestId, billingRequests.id))
    .where(where);
  const lines = await carriedLinesOf(
    db,
    rows.map((row) => row.id),
  );
  const linesOf = (row: (typeof rows)[number]): CarriedAdjustment[] => {
    const partnerRate = VAT_RATE_PERCENT_BY_COUNTRY[row.country ?? ''] ?? 0;
    return lines
      .filter((line) => line.billingRequestId === row.id)
      .map((line) => {
        const rate =
          line.originalTotalAmount === null || line.originalTotalVatAmount === null
            ? partnerRate
            : vatRateOfTotals(line.originalTotalAmount, line.originalTotalVatAmount);
        return {
          id: line.id,
          conversionId: line.conversionId,
          kind: line.kind,
          reasonCode: line.reasonCode,
          note: line.note,
          payoutDelta: line.payoutDelta,
          vatAmount: vatOn(line.payoutDelta, rate),
          originalInvoice: line.originalInvoice,
          vatRatePercent: rate,
          createdAt: line.createdAt.toISOString(),
        };
      });
  };
  return {
    total: counted[0]?.n ?? 0,
    list: rows.map((row) => ({
      id: row.id,
      periodKind: row.periodKind as BillingPeriodKind,
      dueOn: row.dueOn,
      adjustmentsAmount: row.adjustmentsAmount,
      adjustments: linesOf(row),
      startingAt: row.startingAt.toISOString(),
      endingAt: row.endingAt.toISOString(),
      period: { startDate: row.startDay, endDate: row.endDay },
      totalAmount: row.totalAmount,
      totalVatAmount: row.totalVatAmount,
      paymentCurrency: row.paymentCurrency,
      paymentTerms: row.paymentTerms,
      paymentThreshold: row.paymentThreshold,
      deferred: row.deferred,
      createdAt: row.createdAt.toISOString(),
      invoice:
        row.invoiceId === null || row.reference === null || row.invoiceDay === null
          ? null
          : {
              id: row.invoiceId,
              reference: row.reference,
              status: row.status as InvoiceStatusBody['status'],
              date: row.invoiceDay,
              file: row.fileId === null || row.filename === null ? null : { id: row.fileId, filename: row.filename },
              paidOn: row.status === 'paid' && row.paidAt ? localToday(row.paidAt, offset) : null,
              heldUntil: invoiceHeldUntil(row.status, row.bankDetailsChangedAt, hold, offset),
              returnedAt: row.returnedAt ? toLocalIso(row.returnedAt, offset) : null,
              returnedOn: row.returnedAt ? localToday(row.returnedAt, offset) : null,
              returnReason: row.returnReason,
            },
    })),
  };
}

/**
 * The Paris day an invoice falls due: the day its run recorded by the payment terms (decision 070), or, for a request
 * billed before it, its day plus the terms of its request (spec section 9, decision 056).
 */
const dueDay = sql<string>`coalesce(to_char(${billingRequests.dueOn}, 'YYYY-MM-DD'), to_char(((${invoices.createdAt} at time zone ${BILLING_TIMEZONE})::date + (case ${billingRequests.paymentTerms}
  ${sql.join(
    Object.entries(PAYMENT_TERM_DAYS).map(([terms, days]) => sql`when ${terms} then ${days}::int`),
    sql` `,
  )} else ${DEFAULT_PAYMENT_TERM_DAYS}::int end)), 'YYYY-MM-DD'))`;

const STAFF_INVOICE_SORT = {
  date: invoices.createdAt,
  dueDate: dueDay,
  totalAmount: billingRequests.totalAmount,
} as const;

/**
 * The SQL condition "a SEPA batch could pay this invoice" (decision 073), exactly as sepaRefusalOf decides it: euros,
 * and a partner paid by wire whose IBAN sepaRefusalOf accepts. The IBAN test (length, the country's BBAN format and
 * its national check digits, mod 97, a SEPA country: ibantools) runs over the wire partners with an IBAN, in one
 * query, and the invoices are then filtered on their ids in SQL: the page and the total stay the database's, and the
 * filter cannot disagree with what a batch accepts or refuses.
 */
async function sepaPayableSql(db: DbOrTx): Promise<SQL> {
  const candidates = await db
    .select({ id: partners.id, paymentMethod: partners.paymentMethod, iban: partners.iban })
    .from(partners)
    .where(and(eq(partners.paymentMethod, 'wire'), isNotNull(partners.iban)));
  const payable = candidates
    .filter((partner) => sepaRefusalOf({ ...partner, currency: 'EUR' }) === null)
    .map((partner) => partner.id);
  return sql`(${billingRequests.paymentCurrency} = 'EUR' and ${payable.length === 0 ? sql`false` : inArray(partners.id, payable)})`;
}

/**
 * One page of the invoices within a staff member's billing reach (admins and finance every partner's, an account
 * manager its own partners'), with how many match: the Invoices screen, where finance moves them to paid.
 */
export async function listStaffInvoices(
  db: DbOrTx,
  scope: StaffScope,
  query: ListStaffInvoicesQuery,
  hold: PayoutHoldClock,
): Promise<{ list: StaffInvoice[]; total: number }> {
  // Payable by a batch now: SEPA-eligible and not held; the rest (held included) is to pay by hand, as its CSV lists.
  const sepa = query.sepa === undefined ? undefined : sql`(${await sepaPayableSql(db)} and not ${heldSql(hold)})`;
  const where = and(
    billingReachSql(scope, partners.accountManagerId, partners.status),
    query.status ? inArray(invoices.status, query.status) : undefined,
    query.partnerId ? eq(billingRequests.partnerId, query.partnerId) : undefined,
    query.held === undefined ? undefined : query.held ? heldSql(hold) : sql`not ${heldSql(hold)}`,
    query.currency ? eq(billingRequests.paymentCurrency, query.currency) : undefined,
    query.dueBefore ? sql`${dueDay} <= ${query.dueBefore}` : undefined,
    query.paymentMethod ? eq(partners.paymentMethod, query.paymentMethod) : undefined,
    sepa === undefined ? undefined : query.sepa ? sepa : sql`not ${sepa}`,
  );
  const order = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({
      id: invoices.id,
      reference: invoices.reference,
      status: invoices.status,
      partnerId: partners.id,
      partnerName: partners.companyName,
      startDay: parisDay(billingRequests.startingAt),
      endDay: parisDay(billingRequests.endingAt),
      date: parisDay(invoices.createdAt),
      dueDate: dueDay,
      paymentTerms: billingRequests.paymentTerms,
      totalAmount: billingRequests.totalAmount,
      totalVatAmount: billingRequests.totalVatAmount,
      paymentCurrency: billingRequests.paymentCurrency,
      // to_char of a null paid_at is null: an unpaid invoice has no day.
      paidOn: sql<string | null>`${parisDay(invoices.paidAt)}`,
      fileId: files.id,
      filename: files.filename,
      createdById: invoices.createdById,
      bankDetailsChangedAt: partners.bankDetailsChangedAt,
      paymentMethod: partners.paymentMethod,
      iban: partners.iban,
      returnedAt: invoices.returnedAt,
      returnReason: invoices.returnReason,
      batchId: paymentBatches.id,
      batchReference: paymentBatches.reference,
      batchStatus: paymentBatches.status,
    })
    .from(invoices)
    .innerJoin(billingRequests, eq(billingRequests.id, invoices.billingRequestId))
    .innerJoin(partners, eq(partners.id, billingRequests.partnerId))
    .leftJoin(files, eq(files.id, invoices.invoiceFileId))
    .leftJoin(
      paymentBatchInvoices,
      and(eq(paymentBatchInvoices.invoiceId, invoices.id), eq(paymentBatchInvoices.open, true)),
    )
    .leftJoin(paymentBatches, eq(paymentBatches.id, paymentBatchInvoices.batchId))
    .where(where)
    .orderBy(order(STAFF_INVOICE_SORT[query.sort]), order(invoices.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const counted = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(invoices)
    .innerJoin(billingRequests, eq(billingRequests.id, invoices.billingRequestId))
    .innerJoin(partners, eq(partners.id, billingRequests.partnerId))
    .where(where);
  return {
    total: counted[0]?.n ?? 0,
    list: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      status: row.status as StaffInvoice['status'],
      partner: { id: row.partnerId, name: row.partnerName },
      period: { startDate: row.startDay, endDate: row.endDay },
      date: row.date,
      dueDate: row.dueDate,
      paymentTerms: row.paymentTerms,
      totalAmount: row.totalAmount,
      totalVatAmount: row.totalVatAmount,
      paymentCurrency: row.paymentCurrency,
      paidOn: row.status === 'paid' ? row.paidOn : null,
      file: row.fileId === null || row.filename === null ? null : { id: row.fileId, filename: row.filename },
      createdById: row.createdById,
      heldUntil: invoiceHeldUntil(row.status, row.bankDetailsChangedAt, hold),
      paymentMethod: row.paymentMethod,
      sepaRefusal: sepaRefusalOf({ paymentMethod: row.paymentMethod, iban: row.iban, currency: row.paymentCurrency }),
      batch:
        row.batchId === null || row.batchReference === null || row.batchStatus === null
          ? null
          : { id: row.batchId, reference: row.batchReference, status: row.batchStatus },
      returnedAt: row.returnedAt?.toISOString() ?? null,
      returnReason: row.returnReason,
    })),
  };
}

/**
 * When the partner's next payment is expected, and roughly how much (decision 052). Invoices not paid yet fall due
 * on their day plus the payment terms they were issued under; the first due is the next payment. With every invoice
 * paid, it is this month's earnings, once billed at the month's end (the run of the next month's first day), if they
 * reach the threshold (a billing run defers what is below it, decision 027). Days are on the partner's offset.
 */
export async function nextPayment(
  db: DbOrTx,
  partnerId: number,
  now: Date,
  offset: string | null,
  payoutHoldDays: number,
): Promise<NextPayment | null> {
  const [partner] = await db
    .select({
      bankDetailsChangedAt: partners.bankDetailsChangedAt,
      paymentThreshold: partners.paymentThreshold,
      paymentTerms: partners.paymentTerms,
      paymentCurrency: partners.paymentCurrency,
      country: partners.country,
    })
    .from(partners)
    .where(eq(partners.id, partnerId));
  if (!partner) return null;
  const today = localToday(now, offset);

  const unpaid = await db
    .select({
      reference: invoices.reference,
      status: invoices.status,
      createdAt: invoices.createdAt,
      totalAmount: billingRequests.totalAmount,
      currency: billingRequests.paymentCurrency,
      paymentTerms: billingRequests.paymentTerms,
      dueOn: billingRequests.dueOn,
    })
    .from(invoices)
    .innerJoin(billingRequests, eq(billingRequests.id, invoices.billingRequestId))
    .where(and(eq(billingRequests.partnerId, partnerId), ne(invoices.status, 'paid')))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  const due = unpaid
    .map((row) => ({
      ...row,
      dueDate: row.dueOn ?? addDays(localToday(row.createdAt, offset), paymentTermDays(row.paymentTerms)),
    }))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const first = due[0];

  // Approved payouts no request has billed: this period's (by the payment terms, decision 070), and what deferred
  // requests carried over.
  const period = periodAt(periodKindOf(partner.paymentTerms), now);
  const periodStart = period.start.toISOString();
  const accrued = await db
    .select({
      currency: conversions.currency,
      amount: sql<number>`coalesce(sum(${conversions.payout}), 0)`.mapWith(Number),
      carriedOver:
        sql<number>`coalesce(sum(${conversions.payout}) filter (where ${conversions.createdAt} < ${periodStart}::timestamptz), 0)`.mapWith(
          Number,
        ),
    })
    .from(conversions)
    .where(
      and(
        eq(conversions.partnerId, partnerId),
        eq(conversions.status, 'approved'),
        isNull(conversions.billingRequestId),
      ),
    )
    .groupBy(conversions.currency)
    .orderBy(conversions.currency);
  // Billed by the daily job the day after the period ends, due by the terms from then.
  const billingDate = addDays(period.endDate, 1);
  const expectedDate = dueOn(partner.paymentTerms, billingDate);
  const thisMonth = accrued
    .filter((row) => row.amount > 0)
    .map((row) => ({
      currency: row.currency,
      amount: row.amount,
      carriedOver: row.carriedOver,
      overThreshold: partner.paymentThreshold === null || row.amount >= partner.paymentThreshold,
      billingDate,
      expectedDate,
    }));

  const byCurrency = (rows: { currency: string; amount: number }[]) =>
    [
      ...rows.reduce(
        (sums, row) => sums.set(row.currency, (sums.get(row.currency) ?? 0) + row.amount),
        new Map<string, number>(),
      ),
    ]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amount]) => ({ currency, amount }));
  let next: NextPayment['next'] = null;
  if (first) {
    const together = due.filter((row) => row.dueDate === first.dueDate);
    // The least advanced invoice of those due together decides the day (decision 092).
    const rank = (status: string) => Math.max(0, OPEN_INVOICE_STATUSES.indexOf(status as OpenInvoiceStatus));
    const invoiceStatus = OPEN_INVOICE_STATUSES[Math.min(...together.map((row) => rank(row.status)))]!;
    next = {
      source: 'invoices',
      invoiceStatus,
      date: expectedPaymentDate(invoiceStatus, first.dueDate, today),
      dueDate: first.dueDate,
      overdue: first.dueDate < today,
      amounts: byCurrency(together.map((row) => ({ currency: row.currency, amount: row.totalAmount }))),
      references: together.map((row) => row.reference),
    };
  } else {
    const vatPercent = VAT_RATE_PERCENT_BY_COUNTRY[partner.country ?? ''] ?? 0;
    const earning = thisMonth.filter((row) => row.overThreshold);
    if (earning.length > 0)
      next = {
        source: 'this_month',
        invoiceStatus: null,
        date: expectedDate,
        dueDate: expectedDate,
        overdue: false,
        amounts: byCurrency(
          earning.map((row) => ({ currency: row.currency, amount: row.amount + vatOn(row.amount, vatPercent) })),
        ),
        references: [],
      };
  }
  return {
    paymentTerms: partner.paymentTerms,
    paymentThreshold: partner.paymentThreshold,
    paymentCurrency: partner.paymentCurrency,
    next,
    thisMonth,
    payoutHold: payoutHoldOf(partner.bankDetailsChangedAt, payoutHoldDays, now, offset),
  };
}
