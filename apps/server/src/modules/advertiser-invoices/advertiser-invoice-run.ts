import {
  addDays,
  advertiserVatOf,
  dueOn,
  parisDayOf,
  parisMidnightOf,
  periodKindOf,
  periodsOver,
  vatOn,
  type AdvertiserInvoice,
  type BillingPeriod,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, isUniqueViolation } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import { nextReference } from '../numbering/index.js';
import { advertiserInvoiceDto } from './advertiser-invoice-dto.js';
import { attachAdvertiserInvoicePdf } from './advertiser-invoice-pdf.js';
import {
  advertiserInvoiceById,
  advertiserRow,
  carryLines,
  countryNameOf,
  insertAdvertiserInvoice,
  lockAdvertiserInvoiceRuns,
  markConversionsInvoiced,
  periodInvoiced,
  uninvoicedDue,
  uninvoicedPairs,
  updateAdvertiserInvoice,
  type UninvoicedPair,
} from './advertiser-invoices.repository.js';

/** Writes of no person (the daily job, the demo seed's replay). */
export const SYSTEM_ACTOR: AuditActor = { actorId: null, ip: null, requestId: null };

export type AdvertiserInvoiceContext = {
  db: Db;
  storage: FileStorage;
  now: Date;
  /** The seller on every invoice (NETWORK_NAME, NETWORK_ADDRESS, NETWORK_IBAN, NETWORK_BIC). */
  network: { name: string; address: string[]; iban?: string | undefined; bic?: string | undefined };
  /** Who ran it, for the audit log; the system when absent. */
  actor?: AuditActor;
};

/** What to invoice: the periods ending in one Paris month, or every period over by the end of a Paris day. */
export type AdvertiserInvoiceScope = { month: string } | { until: string };

export type AdvertiserInvoiceRunOutcome = { issued: AdvertiserInvoice[]; skipped: number };

/** A Paris month's bounds as instants: its first midnight and the next month's. */
export function parisMonthWindow(month: string): { start: Date; end: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return { start: parisMidnightOf(`${month}-01`), end: parisMidnightOf(`${next}-01`) };
}

/** The periods of a pair to invoice: those ending in the month, or every one over by `until` after its last invoice. */
function periodsToInvoice(pair: UninvoicedPair, window: { start: Date; end: Date } | { until: Date }): BillingPeriod[] {
  const kind = periodKindOf(pair.billingTerms);
  if ('start' in window) return periodsOver(kind, window.start, window.end);
  // What was recorded before the last invoiced period's end rides along with the first period after it.
  const from =
    pair.invoicedUntil && pair.invoicedUntil.getTime() > pair.firstAt.getTime() ? pair.invoicedUntil : pair.firstAt;
  return periodsOver(kind, from, window.until, pair.invoicedUntil ?? undefined);
}

/**
 * Invoices advertisers by their billing terms (decision 073). `{month}` invoices the periods ending in that Paris month
 * (which must be over); `{until}` every period over by the end of that Paris day and after the pair's last invoiced
 * period (the daily job). For each advertiser, period and currency: the revenue of approved conversions recorded
 * before the period's end that no live invoice bills, plus the revenue deltas of advertiser-billable ledger lines
 * made before now that no invoice carried. Nothing, or a net of zero or less: no invoice, and what there is waits for
 * the next period. Each invoice is one transaction under the runs' advisory lock (its number too, gap-free); a period
 * already invoiced is left alone, so a run can be repeated or run twice at once without invoicing anything twice.
 */
export async function runAdvertiserInvoices(
  ctx: AdvertiserInvoiceContext,
  scope: AdvertiserInvoiceScope,
): Promise<AdvertiserInvoiceRunOutcome> {
  const { db } = ctx;
  let window: { start: Date; end: Date } | { until: Date };
  let end: Date;
  if ('month' in scope) {
    window = parisMonthWindow(scope.month);
    end = window.end;
    if (end.getTime() > ctx.now.getTime())
      throw badRequest('The month is not over yet.', { month: 'The month is not over yet.' });
  } else {
    end = parisMidnightOf(addDays(scope.until, 1));
    window = { until: end };
    if (end.getTime() > ctx.now.getTime())
      throw badRequest('The day is not over yet.', { until: 'The day is not over yet.' });
  }

  const issuedIds: number[] = [];
  let skipped = 0;
  for (const pair of await uninvoicedPairs(db, end)) {
    for (const period of periodsToInvoice(pair, window)) {
      const outcome = await db
        .transaction((tx) =>
          invoicePeriod(tx, ctx, { period, advertiserId: pair.advertiserId, currency: pair.currency }),
        )
        .catch((error: unknown) => {
          // Another run invoiced it between the check and the insert (the advisory lock makes this a backstop).
          if (isUniqueViolation(error)) return 'already invoiced' as const;
          throw error;
        });
      if (typeof outcome === 'number') issuedIds.push(outcome);
      else if (outcome === 'nothing') skipped += 1;
    }
  }
  const today = parisDayOf(ctx.now);
  const issued: AdvertiserInvoice[] = [];
  for (const id of issuedIds) {
    const row = await advertiserInvoiceById(db, id);
    if (row) issued.push(advertiserInvoiceDto(row, today));
  }
  const [field, value] = 'month' in scope ? ['month', scope.month] : ['until', scope.until];
  await recordAudit(
    db,
    ctx.actor ?? SYSTEM_ACTOR,
    [
      {
        action: 'create',
        entityType: 'advertiser_invoice_run',
        entityId: value,
        changes: [
          { field, before: null, after: value },
          { field: 'invoices', before: null, after: issued.map((invoice) => invoice.reference) },
          { field: 'skipped', before: null, after: skipped },
        ],
      },
    ],
    ctx.now,
  );
  return { issued, skipped };
}

/** One advertiser's period in one currency: its invoice's id, or why there is none. */
async function invoicePeriod(
  tx: DbOrTx,
  ctx: AdvertiserInvoiceContext,
  job: { period: BillingPeriod; advertiserId: number; currency: string },
): Promise<number | 'already invoiced' | 'nothing'> {
  const { period, advertiserId, currency } = job;
  await lockAdvertiserInvoiceRuns(tx);
  if (await periodInvoiced(tx, advertiserId, period.start, currency)) return 'already invoiced';
  const advertiser = await advertiserRow(tx, advertiserId);
  if (!advertiser) return 'nothing';
  const scope = { advertiserId, currency, end: period.end };
  const due = await uninvoicedDue(tx, { ...scope, linesUntil: ctx.now });
  if (due.conversionCount === 0 && due.lineCount === 0) return 'nothing';
  // A net of zero or less (reversals of conversions invoiced earlier, no new revenue) is not invoiced: it waits.
  if (due.conversionsAmount + due.linesAmount <= 0) return 'nothing';

  const issuedOn = parisDayOf(ctx.now);
  const vat = advertiserVatOf(advertiser.country, advertiser.vatNumber);
  const reference = await nextReference(tx, 'advertiserInvoice', Number(issuedOn.slice(0, 4)));
  const snapshot = {
    advertiserName: advertiser.name,
    advertiserAddress: advertiser.billingAddress,
    advertiserCountry: advertiser.country,
    advertiserVatNumber: advertiser.vatNumber,
  };
  const inserted = await insertAdvertiserInvoice(tx, {
    reference,
    kind: 'invoice',
    advertiserId,
    currency,
    periodKind: period.kind,
    periodStart: period.start,
    periodEnd: period.end,
    startDate: period.startDate,
    endDate: period.endDate,
    issuedOn,
    dueOn: dueOn(advertiser.billingTerms, issuedOn),
    billingTerms: advertiser.billingTerms,
    conversionsAmount: 0,
    conversionCount: 0,
    netAmount: 0,
    vatTreatment: vat.treatment,
    vatRatePercent: vat.ratePercent,
    vatAmount: 0,
    totalAmount: 0,
    ...snapshot,
    status: 'issued',
    createdById: ctx.actor?.actorId ?? null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  // What it bills, marked in one statement each; the amounts are theirs (a change since the sums above is in both).
  const billed = await markConversionsInvoiced(tx, inserted.id, scope);
  const carried = await carryLines(tx, inserted.id, { advertiserId, currency, end: ctx.now });
  const conversionsAmount = billed.reduce((sum, row) => sum + row.amount, 0);
  const adjustmentsAmount = carried.reduce((sum, line) => sum + line.revenueDelta, 0);
  const netAmount = conversionsAmount + adjustmentsAmount;
  const vatAmount = vatOn(netAmount, vat.ratePercent);
  const invoice = await updateAdvertiserInvoice(tx, inserted.id, {
    conversionsAmount,
    conversionCount: billed.length,
    adjustmentsAmount,
    netAmount,
    vatAmount,
    totalAmount: netAmount + vatAmount,
  });
  await attachAdvertiserInvoicePdf(tx, ctx.storage, invoice, await documentOf(tx, ctx, invoice, null));
  await recordAudit(
    tx,
    ctx.actor ?? SYSTEM_ACTOR,
    [
      {
        action: 'create',
        entityType: 'advertiser_invoice',
        entityId: invoice.id,
        changes: diffFields(null, {
          reference,
          kind: 'invoice',
          status: 'issued',
          advertiserId,
          period: `${period.startDate}/${period.endDate}`,
          currency,
          conversions: billed.length,
          conversionsAmount,
          adjustments: carried.length,
          adjustmentsAmount,
          vatTreatment: vat.treatment,
          vatAmount,
          totalAmount: netAmount + vatAmount,
          dueOn: invoice.dueOn,
        }),
      },
    ],
    ctx.now,
  );
  return invoice.id;
}

/** What the PDF of an invoice or credit note says, from its frozen snapshot of the advertiser. */
export async function documentOf(
  tx: DbOrTx,
  ctx: Pick<AdvertiserInvoiceContext, 'network'>,
  invoice: Awaited<ReturnType<typeof updateAdvertiserInvoice>>,
  creditNoteFor: string | null,
) {
  const country = invoice.advertiserCountry ? await countryNameOf(tx, invoice.advertiserCountry) : undefined;
  const address = [
    ...(invoice.advertiserAddress ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    ...((country ?? invoice.advertiserCountry) ? [country ?? invoice.advertiserCountry ?? ''] : []),
  ];
  return {
    kind: invoice.kind as 'invoice' | 'credit_note',
    reference: invoice.reference,
    creditNoteFor,
    issuedOn: invoice.issuedOn,
    dueOn: invoice.kind === 'invoice' ? invoice.dueOn : null,
    period: { startDate: invoice.startDate, endDate: invoice.endDate },
    seller: ctx.network,
    buyer: { name: invoice.advertiserName, address, vatNumber: invoice.advertiserVatNumber },
    currency: invoice.currency,
    conversionCount: invoice.conversionCount,
    conversionsAmount: invoice.conversionsAmount,
    adjustmentsAmount: invoice.adjustmentsAmount,
    netAmount: invoice.netAmount,
    vatTreatment: invoice.vatTreatment as 'domestic' | 'reverse_charge' | 'outside_eu',
    vatRatePercent: invoice.vatRatePercent,
    vatAmount: invoice.vatAmount,
    totalAmount: invoice.totalAmount,
    billingTerms: invoice.billingTerms,
  };
}
