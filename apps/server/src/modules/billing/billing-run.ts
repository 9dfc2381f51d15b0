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
import { badRequest, isUniqueViolation } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { notifyPartner } from '../notifications/index.js';
import { attachInvoicePdf, invoiceParty } from './invoice-pdf.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import { insertInvoice } from './billing.repository.js';
import {
  billingRequestIdFor,
  countryName,
  insertBillingRequest,
  lockBillingRuns,
  markConversionsBilled,
  parisMonthBounds,
  partnerRow,
  setBillingRequestTotals,
  unbilledDue,
  unbilledPairs,
} from './billing-run.repository.js';

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
  const { start, end } = await parisMonthBounds(db, month);
  if (end.getTime() > ctx.now.getTime()) {
    throw badRequest('The month is not over yet.', { month: 'The month is not over yet.' });
  }

  const pairs = await unbilledPairs(db, end);

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

async function billPartner(
  tx: DbOrTx,
  ctx: BillingRunContext,
  job: { month: string; start: Date; end: Date; partnerId: number; currency: string },
): Promise<BillingRunRequest | 'already billed' | null> {
  const { month, start, end, partnerId, currency } = job;
  await lockBillingRuns(tx);
  if ((await billingRequestIdFor(tx, partnerId, start, currency)) !== null) return 'already billed';
  const partner = await partnerRow(tx, partnerId);
  if (!partner) return null;
  const due = await unbilledDue(tx, partnerId, currency, end);
  if (!due || due.count === 0 || due.payout <= 0) return null;

  const deferred = partner.paymentThreshold !== null && due.payout < partner.paymentThreshold;
  const vatPercent = VAT_RATE_PERCENT_BY_COUNTRY[partner.country ?? ''] ?? 0;
  const requestId = await insertBillingRequest(tx, {
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
  });
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
    billingRequestId: requestId,
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
  const billed = await markConversionsBilled(tx, requestId, { partnerId, currency, end });
  const excluding = billed.reduce((sum, row) => sum + row.payout, 0);
  const vat = vatOn(excluding, vatPercent);
  await setBillingRequestTotals(tx, requestId, { totalAmount: excluding + vat, totalVatAmount: vat });

  // Who started the run created the invoice, and may not validate it (decision 064); the system's run, nobody.
  const invoice = await insertInvoice(tx, {
    billingRequestId: requestId,
    year: month.slice(0, 4),
    createdById: ctx.actor?.actorId ?? null,
    now: ctx.now,
  });
  const { reference } = invoice;
  const country = partner.country ? await countryName(tx, partner.country) : undefined;
  await attachInvoicePdf(
    tx,
    ctx.storage,
    { id: invoice.id, partnerId, createdAt: ctx.now },
    {
      reference,
      issuedOn: parisDay(ctx.now),
      period: { startDate: `${month}-01`, endDate: lastDayOf(month) },
      partner: invoiceParty(partner, country),
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
