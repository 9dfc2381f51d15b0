import { and, asc, desc, eq, inArray, isNull, lt, max, min, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  advertiserInvoices,
  advertisers,
  conversionAdjustments,
  conversions,
  countries,
  files,
} from '../../db/schema.js';

/**
 * What advertiser invoicing reads and writes (decision 073): the advertisers and currencies with something to invoice,
 * the conversions and ledger lines an invoice takes, the invoices themselves and what "Advertisers owe" sums.
 */

/** Serialises advertiser invoice runs (the daily job, a staff run, a second server) across connections. */
const ADVERTISER_INVOICE_RUN_LOCK = 727_073;

export type AdvertiserInvoiceRow = typeof advertiserInvoices.$inferSelect;
export type AdvertiserRow = typeof advertisers.$inferSelect;

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}
const toDateOrNull = (value: unknown) => (value === null || value === undefined ? null : toDate(value));

/** Σ revenue deltas of a conversion's advertiser-billable lines: what changed since its revenue was first invoiced. */
const billableDeltas = sql`coalesce((select sum(a.revenue_delta) from conversion_adjustments a where a.conversion_id = "conversions"."id" and a.advertiser_billable), 0)`;

/**
 * What invoicing a conversion now bills: its counted revenue (approved) less the deltas its advertiser-billable lines
 * carry on their own. For a conversion never invoiced that is its revenue; for one freed by a credit note it is what
 * the cancelled invoice billed, so that its lines (carried or to carry) are not counted twice.
 */
const invoicedAmount = sql<number>`(case when "conversions"."status" = 'approved' then "conversions"."revenue" else 0 end) - ${billableDeltas}`;

/** Conversions recorded before `end` whose revenue no live invoice bills: approved ones, and those freed with lines. */
const uninvoicedBefore = (end: Date) =>
  and(
    isNull(conversions.advertiserInvoiceId),
    lt(conversions.createdAt, end),
    sql`("conversions"."status" = 'approved' or exists (select 1 from conversion_adjustments a where a.conversion_id = "conversions"."id" and a.advertiser_billable))`,
  );

const uninvoiced = (advertiserId: number, currency: string, end: Date) =>
  and(eq(conversions.advertiserId, advertiserId), eq(conversions.currency, currency), uninvoicedBefore(end));

/** Advertiser-billable ledger lines made before `end` that no advertiser invoice has carried yet. */
const uncarriedBefore = (end: Date) =>
  and(
    eq(conversionAdjustments.advertiserBillable, true),
    isNull(conversionAdjustments.advertiserInvoiceId),
    lt(conversionAdjustments.createdAt, end),
  );

const uncarried = (advertiserId: number, currency: string, end: Date) =>
  and(
    eq(conversionAdjustments.advertiserId, advertiserId),
    eq(conversionAdjustments.currency, currency),
    uncarriedBefore(end),
  );

export type UninvoicedPair = {
  advertiserId: number;
  currency: string;
  billingTerms: string;
  /** The earliest conversion or line to invoice. */
  firstAt: Date;
  /** The end of the pair's latest invoiced period (cancelled ones included), if any. */
  invoicedUntil: Date | null;
};

/** Each advertiser and currency with something recorded before `end` to invoice, in order of advertiser and currency. */
export async function uninvoicedPairs(db: DbOrTx, end: Date): Promise<UninvoicedPair[]> {
  const fromConversions = await db
    .select({
      advertiserId: conversions.advertiserId,
      currency: conversions.currency,
      firstAt: min(conversions.createdAt).mapWith(toDate),
    })
    .from(conversions)
    .where(uninvoicedBefore(end))
    .groupBy(conversions.advertiserId, conversions.currency);
  const fromLines = await db
    .select({
      advertiserId: conversionAdjustments.advertiserId,
      currency: conversionAdjustments.currency,
      firstAt: min(conversionAdjustments.createdAt).mapWith(toDate),
    })
    .from(conversionAdjustments)
    .where(uncarriedBefore(end))
    .groupBy(conversionAdjustments.advertiserId, conversionAdjustments.currency);
  const pairs = new Map<string, { advertiserId: number; currency: string; firstAt: Date }>();
  for (const row of [...fromConversions, ...fromLines]) {
    const key = `${row.advertiserId}/${row.currency}`;
    const known = pairs.get(key);
    if (!known || row.firstAt < known.firstAt) pairs.set(key, row);
  }
  if (pairs.size === 0) return [];
  const ids = [...new Set([...pairs.values()].map((pair) => pair.advertiserId))];
  const terms = await db
    .select({ id: advertisers.id, billingTerms: advertisers.billingTerms })
    .from(advertisers)
    .where(inArray(advertisers.id, ids));
  const invoiced = await db
    .select({
      advertiserId: advertiserInvoices.advertiserId,
      currency: advertiserInvoices.currency,
      until: max(advertiserInvoices.periodEnd).mapWith(toDateOrNull),
    })
    .from(advertiserInvoices)
    .where(and(inArray(advertiserInvoices.advertiserId, ids), eq(advertiserInvoices.kind, 'invoice')))
    .groupBy(advertiserInvoices.advertiserId, advertiserInvoices.currency);
  const termsOf = new Map(terms.map((row) => [row.id, row.billingTerms]));
  const until = new Map(invoiced.map((row) => [`${row.advertiserId}/${row.currency}`, row.until]));
  return [...pairs.entries()]
    .filter(([, pair]) => termsOf.has(pair.advertiserId))
    .map(([key, pair]) => ({
      ...pair,
      billingTerms: termsOf.get(pair.advertiserId)!,
      invoicedUntil: until.get(key) ?? null,
    }))
    .sort((a, b) => a.advertiserId - b.advertiserId || a.currency.localeCompare(b.currency));
}

/** Waits for any other advertiser invoice run's transaction to end (released at commit or rollback). */
export async function lockAdvertiserInvoiceRuns(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVERTISER_INVOICE_RUN_LOCK})`);
}

/** Whether a live invoice bills the advertiser's period starting at `start` in the currency. */
export async function periodInvoiced(tx: DbOrTx, advertiserId: number, start: Date, currency: string) {
  const [row] = await tx
    .select({ id: advertiserInvoices.id })
    .from(advertiserInvoices)
    .where(
      and(
        eq(advertiserInvoices.advertiserId, advertiserId),
        eq(advertiserInvoices.periodStart, start),
        eq(advertiserInvoices.currency, currency),
        eq(advertiserInvoices.kind, 'invoice'),
        ne(advertiserInvoices.status, 'cancelled'),
      ),
    );
  return row !== undefined;
}

export async function advertiserRow(tx: DbOrTx, id: number): Promise<AdvertiserRow | null> {
  const [row] = await tx.select().from(advertisers).where(eq(advertisers.id, id));
  return row ?? null;
}

/** What invoicing the pair now would bill: its conversions' amount and count, its lines' deltas and count. */
export async function uninvoicedDue(
  tx: DbOrTx,
  job: { advertiserId: number; currency: string; end: Date; linesUntil: Date },
): Promise<{ conversionsAmount: number; conversionCount: number; linesAmount: number; lineCount: number }> {
  const [due] = await tx
    .select({
      amount: sql<number>`coalesce(sum(${invoicedAmount}), 0)`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(conversions)
    .where(uninvoiced(job.advertiserId, job.currency, job.end));
  const [lines] = await tx
    .select({
      amount: sql<number>`coalesce(sum(${conversionAdjustments.revenueDelta}), 0)`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(conversionAdjustments)
    .where(uncarried(job.advertiserId, job.currency, job.linesUntil));
  return {
    conversionsAmount: due?.amount ?? 0,
    conversionCount: due?.count ?? 0,
    linesAmount: lines?.amount ?? 0,
    lineCount: lines?.count ?? 0,
  };
}

export async function insertAdvertiserInvoice(
  tx: DbOrTx,
  values: typeof advertiserInvoices.$inferInsert,
): Promise<AdvertiserInvoiceRow> {
  const [row] = await tx.insert(advertiserInvoices).values(values).returning();
  if (!row) throw new Error('advertiser invoice insert returned nothing');
  return row;
}

export async function updateAdvertiserInvoice(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof advertiserInvoices.$inferInsert>,
): Promise<AdvertiserInvoiceRow> {
  const [row] = await tx.update(advertiserInvoices).set(values).where(eq(advertiserInvoices.id, id)).returning();
  if (!row) throw new Error(`advertiser invoice ${id} vanished`);
  return row;
}

/** Marks the pair's conversions to invoice as invoiced by `invoiceId`, in one statement; answers what each bills. */
export async function markConversionsInvoiced(
  tx: DbOrTx,
  invoiceId: number,
  job: { advertiserId: number; currency: string; end: Date },
): Promise<{ amount: number }[]> {
  return tx
    .update(conversions)
    .set({ advertiserInvoiceId: invoiceId })
    .where(uninvoiced(job.advertiserId, job.currency, job.end))
    .returning({ amount: sql<number>`${invoicedAmount}`.mapWith(Number) });
}

/** Marks the pair's lines to carry as carried by `invoiceId`, in one statement; answers their revenue deltas. */
export async function carryLines(
  tx: DbOrTx,
  invoiceId: number,
  job: { advertiserId: number; currency: string; end: Date },
): Promise<{ revenueDelta: number }[]> {
  return tx
    .update(conversionAdjustments)
    .set({ advertiserInvoiceId: invoiceId })
    .where(uncarried(job.advertiserId, job.currency, job.end))
    .returning({ revenueDelta: conversionAdjustments.revenueDelta });
}

/** Frees what a cancelled invoice billed: its conversions and its lines wait for the next run. */
export async function freeInvoiced(tx: DbOrTx, invoiceId: number): Promise<{ conversions: number; lines: number }> {
  const freedConversions = await tx
    .update(conversions)
    .set({ advertiserInvoiceId: null })
    .where(eq(conversions.advertiserInvoiceId, invoiceId))
    .returning({ id: conversions.id });
  const freedLines = await tx
    .update(conversionAdjustments)
    .set({ advertiserInvoiceId: null })
    .where(eq(conversionAdjustments.advertiserInvoiceId, invoiceId))
    .returning({ id: conversionAdjustments.id });
  return { conversions: freedConversions.length, lines: freedLines.length };
}

export async function lockAdvertiserInvoice(tx: DbOrTx, id: number): Promise<AdvertiserInvoiceRow | null> {
  const [row] = await tx.select().from(advertiserInvoices).where(eq(advertiserInvoices.id, id)).for('update');
  return row ?? null;
}

// ---------------------------------------------------------------- reading

export type AdvertiserInvoiceFilters = {
  month?: string | undefined;
  advertiserId?: number | undefined;
  status?: string | undefined;
  currency?: string | undefined;
  /** Unpaid invoices due before this Paris day. */
  overdueOn?: string | undefined;
};

export type ListedAdvertiserInvoice = AdvertiserInvoiceRow & {
  filename: string | null;
  creditNoteFor: string | null;
  creditNote: string | null;
};

function whereOf(filters: AdvertiserInvoiceFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.month) where.push(sql`to_char(${advertiserInvoices.endDate}, 'YYYY-MM') = ${filters.month}`);
  if (filters.advertiserId) where.push(eq(advertiserInvoices.advertiserId, filters.advertiserId));
  if (filters.status) where.push(eq(advertiserInvoices.status, filters.status));
  if (filters.currency) where.push(eq(advertiserInvoices.currency, filters.currency));
  if (filters.overdueOn) {
    where.push(eq(advertiserInvoices.status, 'issued'));
    where.push(eq(advertiserInvoices.kind, 'invoice'));
    where.push(lt(advertiserInvoices.dueOn, filters.overdueOn));
  }
  return where.length > 0 ? and(...where) : undefined;
}

const creditNoteFor = sql<
  string | null
>`(select o.reference from advertiser_invoices o where o.id = "advertiser_invoices"."credit_note_for_id")`;
const creditNote = sql<
  string | null
>`(select c.reference from advertiser_invoices c where c.credit_note_for_id = "advertiser_invoices"."id" limit 1)`;

/** The invoices the filters keep, newest first; `page` absent: every one. */
export async function listAdvertiserInvoices(
  db: DbOrTx,
  filters: AdvertiserInvoiceFilters,
  page?: { offset: number; limit: number },
): Promise<{ rows: ListedAdvertiserInvoice[]; total: number }> {
  const where = whereOf(filters);
  const query = db
    .select({ invoice: advertiserInvoices, filename: files.filename, creditNoteFor, creditNote })
    .from(advertiserInvoices)
    .leftJoin(files, eq(files.id, advertiserInvoices.fileId))
    .where(where)
    .orderBy(desc(advertiserInvoices.issuedOn), desc(advertiserInvoices.id));
  const found = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(advertiserInvoices)
    .where(where);
  return {
    rows: found.map((row) => ({
      ...row.invoice,
      filename: row.filename,
      creditNoteFor: row.creditNoteFor,
      creditNote: row.creditNote,
    })),
    total: counted?.n ?? 0,
  };
}

export async function advertiserInvoiceById(db: DbOrTx, id: number): Promise<ListedAdvertiserInvoice | null> {
  const [row] = await db
    .select({ invoice: advertiserInvoices, filename: files.filename, creditNoteFor, creditNote })
    .from(advertiserInvoices)
    .leftJoin(files, eq(files.id, advertiserInvoices.fileId))
    .where(eq(advertiserInvoices.id, id));
  return row
    ? { ...row.invoice, filename: row.filename, creditNoteFor: row.creditNoteFor, creditNote: row.creditNote }
    : null;
}

/** The PDF of one invoice of one advertiser (decision 100): null when the invoice is another's or has no PDF. */
export async function advertiserInvoicePdfFile(db: DbOrTx, advertiserId: number, invoiceId: number) {
  const [row] = await db
    .select({ filename: files.filename, storageKey: files.storageKey, mimeType: files.mimeType })
    .from(advertiserInvoices)
    .innerJoin(files, eq(files.id, advertiserInvoices.fileId))
    .where(and(eq(advertiserInvoices.id, invoiceId), eq(advertiserInvoices.advertiserId, advertiserId)));
  return row ?? null;
}

/** Unpaid issued invoices (credit notes of cancelled ones are not owed), oldest due first. */
export async function unpaidInvoices(db: DbOrTx) {
  return db
    .select({
      advertiserId: advertiserInvoices.advertiserId,
      advertiserName: advertisers.name,
      currency: advertiserInvoices.currency,
      dueOn: advertiserInvoices.dueOn,
      totalAmount: advertiserInvoices.totalAmount,
    })
    .from(advertiserInvoices)
    .innerJoin(advertisers, eq(advertisers.id, advertiserInvoices.advertiserId))
    .where(and(eq(advertiserInvoices.kind, 'invoice'), eq(advertiserInvoices.status, 'issued')))
    .orderBy(asc(advertisers.name), asc(advertiserInvoices.advertiserId), asc(advertiserInvoices.dueOn));
}

/** Per currency, what no live invoice bills yet: conversions to invoice and lines to carry, every advertiser. */
export async function notYetInvoiced(db: DbOrTx, now: Date): Promise<{ currency: string; amount: number }[]> {
  const fromConversions = await db
    .select({
      currency: conversions.currency,
      amount: sql<number>`coalesce(sum(${invoicedAmount}), 0)`.mapWith(Number),
    })
    .from(conversions)
    .where(uninvoicedBefore(now))
    .groupBy(conversions.currency);
  const fromLines = await db
    .select({
      currency: conversionAdjustments.currency,
      amount: sql<number>`coalesce(sum(${conversionAdjustments.revenueDelta}), 0)`.mapWith(Number),
    })
    .from(conversionAdjustments)
    .where(uncarriedBefore(now))
    .groupBy(conversionAdjustments.currency);
  const sums = new Map<string, number>();
  for (const row of [...fromConversions, ...fromLines])
    sums.set(row.currency, (sums.get(row.currency) ?? 0) + row.amount);
  return [...sums.entries()]
    .map(([currency, amount]) => ({ currency, amount }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** A country's name by its ISO code, if known (the PDF's address). */
export async function countryNameOf(tx: DbOrTx, isoCode: string): Promise<string | undefined> {
  const [country] = await tx.select({ name: countries.name }).from(countries).where(eq(countries.isoCode, isoCode));
  return country?.name;
}
