import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  BILLING_TIMEZONE,
  VAT_RATE_PERCENT_BY_COUNTRY,
  billingMonthLabel,
  formatMoneyMinor,
  partnerDisplayName,
  vatOn,
  type BillingRunRequest,
  type BillingRunResult,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { billingRequests, conversions, countries, partners } from '../../db/schema.js';
import { badRequest, isUniqueViolation } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { notifyPartner } from '../notifications/index.js';
import { attachInvoicePdf, invoiceParty } from './invoice-pdf.js';
import { insertInvoice } from './billing.repository.js';

/** Serialises billing runs (and so invoice numbering) across connections and servers. */
const BILLING_RUN_LOCK = 727_001;
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';

/** Writes of no person (the demo seed's run). */
const SYSTEM_ACTOR: AuditActor = { actorId: null, ip: null, requestId: null };

export type BillingRunContext = {
  db: Db;
  storage: FileStorage;
  now: Date;
  publicUrl: string;
  network: { name: string; address: string[] };
  /** Who ran it, for the audit log (decision 036); the system when absent (the demo seed). */
  actor?: AuditActor;
  /** False for replayed history (the demo seed, decision 052): no notification, no e-mail. */
  notify?: boolean;
};

/** A Paris day as yyyy-MM-dd. */
const parisDay = (moment: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: BILLING_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(moment)
    .slice(0, 10);

/** The month's last day as yyyy-MM-dd ('2026-02' → '2026-02-28'). */
function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, '0')}`;
}

/** Approved conversions recorded before `end` that no request has billed yet. */
const unbilledBefore = (end: Date) =>
  and(eq(conversions.status, 'approved'), isNull(conversions.billingRequestId), lt(conversions.createdAt, end));

/** The same, for one partner in one currency. */
const unbilled = (partnerId: number, currency: string, end: Date) =>
  and(eq(conversions.partnerId, partnerId), eq(conversions.currency, currency), unbilledBefore(end));

/**
 * Bills one Paris month that is over (decision 027). For each partner and currency with approved conversions not
 * billed yet and recorded before the month's end (late approvals and deferred amounts of earlier months included),
 * one billing request for the month: the payouts, plus VAT where the network charges it. Below the partner's payment
 * threshold the request is deferred: no invoice, and its conversions stay unbilled for the next month's run. Above,
 * the conversions are marked as billed by it, and it gets an invoice (waiting for approval) with its PDF, and the
 * partner is notified. Each partner and currency is one transaction; a month already billed for it is left alone, so
 * a run can be repeated, or resumed after a failure, without billing anything twice.
 */
export async function runBilling(ctx: BillingRunContext, month: string): Promise<BillingRunResult> {
  const { db } = ctx;
  const [bounds] = await db
    .select({
      start: sql<Date>`(${`${month}-01`}::date)::timestamp at time zone ${BILLING_TIMEZONE}`.mapWith(toDate),
      end: sql<Date>`(${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${BILLING_TIMEZONE}`.mapWith(
        toDate,
      ),
    })
    .from(sql`(select 1) as one`);
  if (!bounds) throw new Error('no month bounds');
  const { start, end } = bounds;
  if (end.getTime() > ctx.now.getTime()) {
    throw badRequest('The month is not over yet.', { month: 'The month is not over yet.' });
  }

  const pairs = await db
    .selectDistinct({
      partnerId: sql<number>`${conversions.partnerId}`.mapWith(Number),
      currency: conversions.currency,
    })
    .from(conversions)
    .where(and(isNotNull(conversions.partnerId), unbilledBefore(end)))
    .orderBy(conversions.partnerId, conversions.currency);

  const result: BillingRunResult = { month, created: [], alreadyBilled: [] };
  for (const { partnerId, currency } of pairs) {
    const outcome = await db
      .transaction((tx) => billPartner(tx, ctx, { month, start, end, partnerId, currency }))
      .catch((error: unknown) => {
        // Another run billed it between the check and the insert (the advisory lock makes this a backstop).
        if (isUniqueViolation(error)) return 'already billed' as const;
        throw error;
      });
    if (outcome === 'already billed') result.alreadyBilled.push({ partnerId, currency });
    else if (outcome) result.created.push(outcome);
  }
  // The run itself, once, sharing the request id of the invoices it created.
  await recordAudit(
    db,
    ctx.actor ?? SYSTEM_ACTOR,
    [
      {
        action: 'create',
        entityType: 'billing_run',
        entityId: month,
        changes: [
          { field: 'month', before: null, after: month },
          { field: 'invoices', before: null, after: result.created.filter((c) => c.invoice).map((c) => c.invoice) },
          { field: 'deferred', before: null, after: result.created.filter((c) => c.deferred).length },
          { field: 'alreadyBilled', before: null, after: result.alreadyBilled.length },
        ],
      },
    ],
    ctx.now,
  );
  return result;
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

async function billPartner(
  tx: DbOrTx,
  ctx: BillingRunContext,
  job: { month: string; start: Date; end: Date; partnerId: number; currency: string },
): Promise<BillingRunRequest | 'already billed' | null> {
  const { month, start, end, partnerId, currency } = job;
  await tx.execute(sql`select pg_advisory_xact_lock(${BILLING_RUN_LOCK})`);
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
  if (existing) return 'already billed';
  const [partner] = await tx.select().from(partners).where(eq(partners.id, partnerId));
  if (!partner) return null;
  const [due] = await tx
    .select({
      payout: sql<number>`coalesce(sum(${conversions.payout}), 0)`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(conversions)
    .where(unbilled(partnerId, currency, end));
  if (!due || due.count === 0 || due.payout <= 0) return null;

  const deferred = partner.paymentThreshold !== null && due.payout < partner.paymentThreshold;
  const vatPercent = VAT_RATE_PERCENT_BY_COUNTRY[partner.country ?? ''] ?? 0;
  const [request] = await tx
    .insert(billingRequests)
    .values({
      partnerId,
      startingAt: start,
      // The period's last moment, included.
      endingAt: new Date(end.getTime() - 1000),
      totalAmount: due.payout + vatOn(due.payout, vatPercent),
      totalVatAmount: vatOn(due.payout, vatPercent),
      partnerAccountType: partner.accountType,
      partnerName: partner.companyName,
      paymentThreshold: partner.paymentThreshold,
      paymentTerms: partner.paymentTerms,
      paymentCurrency: currency,
      deferred,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: billingRequests.id });
  if (!request) throw new Error('billing request insert returned nothing');
  const period = billingMonthLabel(month);
  const notify = async (title: string) => {
    if (ctx.notify === false) return;
    await notifyPartner(
      tx,
      { partnerId, kind: 'invoice_status_changed', title, link: '/payments' },
      { publicUrl: ctx.publicUrl },
    );
  };
  const outcome = (excluding: number, conversionCount: number, invoice: string | null): BillingRunRequest => ({
    billingRequestId: request.id,
    partnerId,
    partnerName: partnerDisplayName(partner.companyName, partner.id),
    currency,
    totalAmount: excluding + vatOn(excluding, vatPercent),
    totalVatAmount: vatOn(excluding, vatPercent),
    conversions: conversionCount,
    deferred: invoice === null,
    invoice,
  });

  if (deferred) {
    await notify(
      `Your ${period} earnings of ${formatMoneyMinor(due.payout, currency)} are below your payment threshold: they are carried to next month.`,
    );
    return outcome(due.payout, due.count, null);
  }

  // The conversions this request pays, marked in one statement; the totals are theirs (a conversion approved since
  // the sum above is in both).
  const billed = await tx
    .update(conversions)
    .set({ billingRequestId: request.id })
    .where(unbilled(partnerId, currency, end))
    .returning({ payout: conversions.payout });
  const excluding = billed.reduce((sum, row) => sum + row.payout, 0);
  const vat = vatOn(excluding, vatPercent);
  await tx
    .update(billingRequests)
    .set({ totalAmount: excluding + vat, totalVatAmount: vat })
    .where(eq(billingRequests.id, request.id));

  // Who started the run created the invoice, and may not validate it (decision 064); the system's run, nobody.
  const invoice = await insertInvoice(tx, {
    billingRequestId: request.id,
    year: month.slice(0, 4),
    createdById: ctx.actor?.actorId ?? null,
    now: ctx.now,
  });
  const { reference } = invoice;
  const [country] = partner.country
    ? await tx.select({ name: countries.name }).from(countries).where(eq(countries.isoCode, partner.country))
    : [];
  await attachInvoicePdf(
    tx,
    ctx.storage,
    { id: invoice.id, partnerId, createdAt: ctx.now },
    {
      reference,
      issuedOn: parisDay(ctx.now),
      period: { startDate: `${month}-01`, endDate: lastDayOf(month) },
      partner: invoiceParty(partner, country?.name),
      network: ctx.network,
      totalAmount: excluding + vat,
      totalVatAmount: vat,
      currency,
      paymentTerms: partner.paymentTerms,
    },
  );
  await notify(
    `Invoice ${reference} for ${period} (${formatMoneyMinor(excluding + vat, currency)}) is waiting for approval.`,
  );
  await recordAudit(
    tx,
    ctx.actor ?? SYSTEM_ACTOR,
    [
      {
        action: 'create',
        entityType: 'invoice',
        entityId: invoice.id,
        partnerId,
        changes: diffFields(null, {
          reference,
          status: 'waiting_for_approval',
          month,
          currency,
          totalAmount: excluding + vat,
          totalVatAmount: vat,
          conversions: billed.length,
        }),
      },
    ],
    ctx.now,
  );
  return outcome(excluding, billed.length, reference);
}
