import {
  VAT_RATE_PERCENT_BY_COUNTRY,
  addDays,
  billingPeriodLabel,
  dueOn,
  formatMoneyMinor,
  parisDayOf,
  parisMidnightOf,
  partnerDisplayName,
  periodKindOf,
  periodsOver,
  vatOn,
  vatRateOfTotals,
  type BillingPeriod,
  type BillingRunRequest,
  type BillingRunResult,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, isUniqueViolation } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { notifyPartner } from '../notifications/index.js';
import { attachInvoicePdf, invoiceParty, type InvoiceCorrection } from './invoice-pdf.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import { insertInvoice } from './billing.repository.js';
import {
  billingRequestIdFor,
  carryLines,
  countryName,
  insertBillingRequest,
  lockBillingRuns,
  markConversionsBilled,
  originalRequests,
  parisMonthBounds,
  partnerRow,
  setBillingRequestTotals,
  unbilledDue,
  unbilledPairs,
  uncarriedLines,
  type LedgerLine,
  type OriginalRequest,
  type PartnerRow,
  type UnbilledPair,
} from './billing-run.repository.js';

/** Under every billing notification: its period and dates are Paris days (decision 112). */
const PARIS_PERIODS = 'Billing periods and invoice dates are in Paris time, the billing reference.';

/** Writes of no person (the demo seed's run, the daily job). */
const SYSTEM_ACTOR: AuditActor = { actorId: null, ip: null, requestId: null };

export type BillingRunContext = {
  db: Db;
  storage: FileStorage;
  now: Date;
  publicUrl: string;
  network: { name: string; address: string[] };
  /** Who ran it, for the audit log (decision 036); the system when absent (the demo seed, the daily job). */
  actor?: AuditActor;
  /** False for replayed history (the demo seed, decision 052): no notification, no e-mail. */
  notify?: boolean;
};

/** What to bill: the periods ending in one Paris month, or every period over by the end of a Paris day. */
export type BillingRunScope = { month: string } | { until: string };

/** The VAT rate of a carried line: its original request's (read back from its totals), else the partner's today. */
function lineRate(line: LedgerLine, originals: Map<number, OriginalRequest>, partnerRate: number): number {
  const original = line.originalBillingRequestId === null ? undefined : originals.get(line.originalBillingRequestId);
  return original ? vatRateOfTotals(original.totalAmount, original.totalVatAmount) : partnerRate;
}

/**
 * A request's amounts (decision 070): its conversions at the partner's VAT rate, and each carried line at its original
 * invoice's rate, rounded per line (a correction of −x takes back exactly the VAT x carried).
 */
function totalsOf(
  payout: number,
  lines: LedgerLine[],
  originals: Map<number, OriginalRequest>,
  partnerRate: number,
): { excluding: number; vat: number; adjustmentsAmount: number } {
  const adjustmentsAmount = lines.reduce((sum, line) => sum + line.payoutDelta, 0);
  const vat =
    vatOn(payout, partnerRate) +
    lines.reduce((sum, line) => sum + vatOn(line.payoutDelta, lineRate(line, originals, partnerRate)), 0);
  return { excluding: payout + adjustmentsAmount, vat, adjustmentsAmount };
}

/** The periods of a pair to bill: those ending in the month, or every one over by `until` after its last request. */
function periodsToBill(pair: UnbilledPair, window: { start: Date; end: Date } | { until: Date }): BillingPeriod[] {
  const kind = periodKindOf(pair.paymentTerms);
  if ('start' in window) return periodsOver(kind, window.start, window.end);
  // Nothing before the last request's end is billed again: what was recorded earlier (a late approval, a deferred
  // period's) rides along with the first period after it.
  const from =
    pair.billedUntil && pair.billedUntil.getTime() > pair.firstAt.getTime() ? pair.billedUntil : pair.firstAt;
  return periodsOver(kind, from, window.until, pair.billedUntil ?? undefined);
}

/**
 * Bills each partner by its payment terms (decisions 027 and 070). `{month}` bills the periods that end in that Paris
 * month (the month itself for netN terms, its half months, its weeks ending in it, its days); `{until}` every period
 * over by the end of that Paris day that ends after the pair's last billing request (the daily job's catch-up). For
 * each partner, period and currency with approved conversions not billed yet or billable ledger lines not carried yet,
 * recorded before the period's end, one billing request: the payouts and the lines, with VAT where the network charges
 * it. Under the partner's payment threshold, or at zero or less, the request is deferred: no invoice, and its
 * conversions and lines stay for the next period. Otherwise they are marked as billed by it, and it gets an invoice
 * (waiting for approval) with its PDF, and the partner is notified. Each partner, period and currency is one
 * transaction under the run's advisory lock; a period already billed is left alone, so a run can be repeated, run
 * twice at once, or resumed after a failure, without billing anything twice.
 */
export async function runBilling(ctx: BillingRunContext, scope: BillingRunScope | string): Promise<BillingRunResult> {
  const { db } = ctx;
  const asked = typeof scope === 'string' ? { month: scope } : scope;
  let window: { start: Date; end: Date } | { until: Date };
  let end: Date;
  if ('month' in asked) {
    window = await parisMonthBounds(db, asked.month);
    end = window.end;
    if (end.getTime() > ctx.now.getTime())
      throw badRequest('The month is not over yet.', { month: 'The month is not over yet.' });
  } else {
    end = parisMidnightOf(addDays(asked.until, 1));
    window = { until: end };
    if (end.getTime() > ctx.now.getTime())
      throw badRequest('The day is not over yet.', { until: 'The day is not over yet.' });
  }

  const pairs = await unbilledPairs(db, end);

  const result: BillingRunResult = { ...asked, created: [], alreadyBilled: [] };
  for (const pair of pairs) {
    const { partnerId, currency } = pair;
    for (const period of periodsToBill(pair, window)) {
      const outcome = await db
        .transaction((tx) => billPartner(tx, ctx, { period, partnerId, currency }))
        .catch((error: unknown) => {
          // Another run billed it between the check and the insert (the advisory lock makes this a backstop).
          if (isUniqueViolation(error)) return 'already billed' as const;
          throw error;
        });
      if (outcome === 'already billed') result.alreadyBilled.push({ partnerId, currency });
      else if (outcome) result.created.push(outcome);
    }
  }
  // The run itself, once, sharing the request id of the invoices it created.
  const [field, value] = 'month' in asked ? ['month', asked.month] : ['until', asked.until];
  await recordAudit(
    db,
    ctx.actor ?? SYSTEM_ACTOR,
    [
      {
        action: 'create',
        entityType: 'billing_run',
        entityId: value,
        changes: [
          { field, before: null, after: value },
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
  job: { period: BillingPeriod; partnerId: number; currency: string },
): Promise<BillingRunRequest | 'already billed' | null> {
  const { period, partnerId, currency } = job;
  const { start, end } = period;
  await lockBillingRuns(tx);
  if ((await billingRequestIdFor(tx, partnerId, start, currency)) !== null) return 'already billed';
  const partner = await partnerRow(tx, partnerId);
  if (!partner) return null;
  const due = await unbilledDue(tx, partnerId, currency, end);
  // A correction rides on the next request issued after it, whichever period that request bills (decision 070).
  const dueLines = await uncarriedLines(tx, partnerId, currency, ctx.now);
  if ((!due || due.count === 0) && dueLines.length === 0) return null;
  const payout = due?.payout ?? 0;

  const vatPercent = VAT_RATE_PERCENT_BY_COUNTRY[partner.country ?? ''] ?? 0;
  const originals = await originalRequests(
    tx,
    dueLines.flatMap((line) => (line.originalBillingRequestId === null ? [] : [line.originalBillingRequestId])),
  );
  const planned = totalsOf(payout, dueLines, originals, vatPercent);
  // Nothing to pay, or less than the threshold: deferred, its balance carried to the next period (decisions 027, 070).
  const netsToNothing = planned.excluding <= 0;
  const deferred = netsToNothing || (partner.paymentThreshold !== null && planned.excluding < partner.paymentThreshold);
  const issuedOn = parisDayOf(ctx.now);
  const dueDay = deferred ? null : dueOn(partner.paymentTerms, issuedOn);
  const requestId = await insertBillingRequest(tx, {
    partnerId,
    startingAt: start,
    // The period's last moment, included.
    endingAt: new Date(end.getTime() - 1000),
    totalAmount: planned.excluding + planned.vat,
    totalVatAmount: planned.vat,
    adjustmentsAmount: planned.adjustmentsAmount,
    periodKind: period.kind,
    dueOn: dueDay,
    partnerAccountType: partner.accountType,
    partnerName: partner.companyName,
    paymentThreshold: partner.paymentThreshold,
    paymentTerms: partner.paymentTerms,
    paymentCurrency: currency,
    deferred,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  const label = billingPeriodLabel(period);
  const notify = async (title: string) => {
    if (ctx.notify === false) return;
    await notifyPartner(
      tx,
      // The period is of Paris days, said so: every other time the partner reads is in its own zone (decision 112).
      { partnerId, kind: 'invoice_status_changed', title, body: PARIS_PERIODS, link: '/payments' },
      { publicUrl: ctx.publicUrl },
    );
  };
  const outcome = (
    totals: { excluding: number; vat: number; adjustmentsAmount: number },
    counts: { conversions: number; adjustments: number },
    invoice: string | null,
  ): BillingRunRequest => ({
    billingRequestId: requestId,
    partnerId,
    partnerName: partnerDisplayName(partner.companyName, partner.id),
    currency,
    totalAmount: totals.excluding + totals.vat,
    totalVatAmount: totals.vat,
    conversions: counts.conversions,
    deferred: invoice === null,
    invoice,
    period: { kind: period.kind, startDate: period.startDate, endDate: period.endDate },
    adjustments: counts.adjustments,
    adjustmentsAmount: totals.adjustmentsAmount,
    dueOn: invoice === null ? null : dueDay,
  });
  const counts = { conversions: due?.count ?? 0, adjustments: dueLines.length };

  if (netsToNothing) {
    await notify(
      `Your earnings for ${label} come to ${formatMoneyMinor(planned.excluding, currency)} after corrections of earlier invoices: nothing is invoiced, and the balance is carried to your next billing.`,
    );
    return outcome(planned, counts, null);
  }
  if (deferred) {
    await notify(
      `Your ${label} earnings of ${formatMoneyMinor(planned.excluding, currency)} are below your payment threshold: they are carried to your next billing.`,
    );
    return outcome(planned, counts, null);
  }

  // The conversions and lines this request pays, marked in one statement each; the totals are theirs (a conversion
  // approved since the sums above is in both).
  const billed = await markConversionsBilled(tx, requestId, { partnerId, currency, end });
  const carried = await carryLines(tx, requestId, { partnerId, currency, end: ctx.now });
  const carriedOriginals = await originalRequests(
    tx,
    carried.flatMap((line) => (line.originalBillingRequestId === null ? [] : [line.originalBillingRequestId])),
  );
  const totals = totalsOf(
    billed.reduce((sum, row) => sum + row.payout, 0),
    carried,
    carriedOriginals,
    vatPercent,
  );
  const total = totals.excluding + totals.vat;
  await setBillingRequestTotals(tx, requestId, {
    totalAmount: total,
    totalVatAmount: totals.vat,
    adjustmentsAmount: totals.adjustmentsAmount,
  });

  const reference = await issueInvoice(tx, ctx, {
    requestId,
    partner,
    period,
    currency,
    issuedOn,
    dueDay,
    totals,
    carried,
    originals: carriedOriginals,
    vatPercent,
    conversions: billed.length,
  });
  await notify(`Invoice ${reference} for ${label} (${formatMoneyMinor(total, currency)}) is waiting for approval.`);
  return outcome(totals, { conversions: billed.length, adjustments: carried.length }, reference);
}

/** The invoice of a request that pays: numbered, its PDF stored for the partner, and audited (decisions 027, 064). */
async function issueInvoice(
  tx: DbOrTx,
  ctx: BillingRunContext,
  job: {
    requestId: number;
    partner: PartnerRow;
    period: BillingPeriod;
    currency: string;
    issuedOn: string;
    dueDay: string | null;
    totals: { excluding: number; vat: number; adjustmentsAmount: number };
    carried: LedgerLine[];
    originals: Map<number, OriginalRequest>;
    vatPercent: number;
    conversions: number;
  },
): Promise<string> {
  const { requestId, partner, period, currency, issuedOn, dueDay, totals, carried, vatPercent } = job;
  const partnerId = partner.id;
  const carriedOriginals = job.originals;
  const total = totals.excluding + totals.vat;
  // Who started the run created the invoice, and may not validate it (decision 064); the system's run, nobody.
  const invoice = await insertInvoice(tx, {
    billingRequestId: requestId,
    year: period.endDate.slice(0, 4),
    createdById: ctx.actor?.actorId ?? null,
    now: ctx.now,
  });
  const { reference } = invoice;
  const country = partner.country ? await countryName(tx, partner.country) : undefined;
  const corrections: InvoiceCorrection[] = carried.map((line) => {
    const rate = lineRate(line, carriedOriginals, vatPercent);
    const original =
      line.originalBillingRequestId === null ? undefined : carriedOriginals.get(line.originalBillingRequestId);
    return { originalInvoice: original?.reference ?? null, vatRatePercent: rate, payoutDelta: line.payoutDelta };
  });
  await attachInvoicePdf(
    tx,
    ctx.storage,
    { id: invoice.id, partnerId, createdAt: ctx.now },
    {
      reference,
      issuedOn,
      dueOn: dueDay,
      period: { startDate: period.startDate, endDate: period.endDate },
      partner: invoiceParty(partner, country),
      network: ctx.network,
      totalAmount: total,
      totalVatAmount: totals.vat,
      conversionsAmount: totals.excluding - totals.adjustmentsAmount,
      corrections,
      currency,
      paymentTerms: partner.paymentTerms,
    },
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
          period: `${period.startDate}/${period.endDate}`,
          currency,
          totalAmount: total,
          totalVatAmount: totals.vat,
          conversions: job.conversions,
          adjustments: carried.length,
          adjustmentsAmount: totals.adjustmentsAmount,
          dueOn: dueDay,
        }),
      },
    ],
    ctx.now,
  );
  return reference;
}
