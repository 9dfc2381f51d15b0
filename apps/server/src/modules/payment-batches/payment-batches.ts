import { electronicFormatIBAN, isValidBIC } from 'ibantools';
import {
  BILLING_TIMEZONE,
  SEPA_REFUSAL_LABELS,
  addDays,
  formatIsoDate,
  payoutHoldOf,
  type PaymentBatch,
  type PaymentBatchCreate,
  type PaymentBatchDetail,
  type PaymentBatchRefusal,
  type PaymentBatchStatus,
  type PaymentBatchUpdate,
  type SepaRefusal,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { reachesBilling, type StaffScope } from '../access/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { changeInvoiceStatus, lockInvoice, sepaRefusalOf, type InvoiceStatusContext } from '../billing/index.js';
import { nextReference } from '../numbering/index.js';
import { EPC_LENGTHS, epcText, writePain001, type Pain001Transaction } from './pain001.js';
import { validatePain001 } from './pain001-validator.js';
import {
  batchById,
  batchTransactions,
  closeBatchLinks,
  insertBatch,
  invoicesToBatch,
  listBatches,
  lockBatch,
  updateBatch,
  validatedInvoicesWithBankDetails,
  type InvoiceToBatch,
} from './payment-batches.repository.js';

/** What a batch's writes need: the clock, who acts and what they reach, the debtor account and the payout hold. */
export type PaymentBatchContext = {
  now: Date;
  actor: AuditActor;
  scope: StaffScope;
  publicUrl: string;
  payoutHoldDays: number;
  network: { name: string; iban: string; bic: string | null };
  /** Told when a file we wrote fails the XSD: our bug, logged at error level. */
  onInvalidFile?: (details: { reference: string; errors: string[] }) => void;
};

// ------------------------------------------------------------------ days (Europe/Paris)

const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());

/** The next business day (Monday to Friday) after today in Paris: the execution day asked of the bank by default. */
export function nextBusinessDay(now: Date): string {
  let day = addDays(formatIsoDate(now, BILLING_TIMEZONE), 1);
  while (isWeekend(day)) day = addDays(day, 1);
  return day;
}

// ------------------------------------------------------------------ answers

const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

const filenameOf = (reference: string) => `${reference}.xml`;

type BatchRow = NonNullable<Awaited<ReturnType<typeof batchById>>>;

function batchDto(row: BatchRow): PaymentBatch {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as PaymentBatchStatus,
    currency: row.currency,
    transactionCount: row.transactionCount,
    totalAmount: row.totalAmount,
    requestedExecutionDate: row.requestedExecutionDate,
    debtor: { name: row.debtorName, iban: row.debtorIban, bic: row.debtorBic },
    createdBy: person(row.createdById, row.createdByName),
    createdAt: row.createdAt.toISOString(),
    approvedBy: person(row.approvedById, row.approvedByName),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    downloadedBy: person(row.downloadedById, row.downloadedByName),
    downloadedAt: row.downloadedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    filename: filenameOf(row.reference),
  };
}

async function batchDetail(db: DbOrTx, id: number): Promise<PaymentBatchDetail> {
  const row = await batchById(db, id);
  if (!row) throw notFound('Payment batch not found.');
  const transactions = await batchTransactions(db, id);
  return {
    ...batchDto(row),
    transactions: transactions.map((tx) => ({
      invoiceId: tx.invoiceId,
      reference: tx.reference,
      partner: { id: tx.partnerId, name: tx.partnerName },
      amount: tx.amount,
      creditorName: tx.creditorName,
      creditorIban: tx.creditorIban,
      creditorBic: tx.creditorBic,
      invoiceStatus: tx.invoiceStatus,
      returnedAt: tx.returnedAt?.toISOString() ?? null,
    })),
  };
}

export async function paymentBatchList(
  db: Db,
  query: { status?: PaymentBatchStatus | undefined; page: number; count: number },
) {
  const { rows, total } = await listBatches(db, query);
  return { items: rows.map(batchDto), total };
}

export const paymentBatchDetail = (db: Db, id: number) => batchDetail(db, id);

// ------------------------------------------------------------------ build

/** Why a SEPA batch cannot pay this invoice now, or null (decision 073). */
function refusalOf(invoice: InvoiceToBatch, ctx: PaymentBatchContext): SepaRefusal | null {
  if (invoice.status !== 'invoice_validated') return 'not_validated';
  if (payoutHoldOf(invoice.bankDetailsChangedAt, ctx.payoutHoldDays, ctx.now)) return 'held';
  const partner = sepaRefusalOf({
    paymentMethod: invoice.paymentMethod,
    iban: invoice.iban,
    currency: invoice.currency,
  });
  if (partner) return partner;
  if (invoice.openBatch !== null) return 'in_open_batch';
  return null;
}

const refusalMessage = (reference: string, reason: SepaRefusal, openBatch: string | null) =>
  `Invoice ${reference} ${SEPA_REFUSAL_LABELS[reason]}${reason === 'in_open_batch' && openBatch ? ` (${openBatch})` : ''}.`;

/** The BIC of a partner's SWIFT field when it is a valid one; null otherwise (an IBAN-only transfer, as SEPA allows). */
function bicOf(swift: string | null): string | null {
  const bic = swift?.replace(/\s+/g, '').toUpperCase() ?? '';
  return bic && isValidBIC(bic) ? bic : null;
}

/** The creditor as the file names it: the account holder, else the company, in the EPC character set (never empty). */
function creditorNameOf(invoice: InvoiceToBatch): string {
  return (
    epcText(invoice.accountHolder ?? '', EPC_LENGTHS.name) ||
    epcText(invoice.companyName, EPC_LENGTHS.name) ||
    `Partner ${invoice.partnerId}`
  );
}

function transactionOf(invoice: InvoiceToBatch): Pain001Transaction {
  return {
    endToEndId: invoice.reference,
    amount: invoice.totalAmount,
    creditorName: creditorNameOf(invoice),
    creditorIban: electronicFormatIBAN(invoice.iban ?? '') ?? '',
    creditorBic: bicOf(invoice.swift),
    remittance: `Invoice ${invoice.reference} ${invoice.companyName}`,
  };
}

function executionDateOf(body: PaymentBatchCreate, now: Date): string {
  const requested = body.requestedExecutionDate;
  if (requested === undefined) return nextBusinessDay(now);
  if (requested < formatIsoDate(now, BILLING_TIMEZONE)) {
    throw badRequest('The requested execution date is in the past (Paris time).', { requestedExecutionDate: 'min' });
  }
  return requested;
}

/** 409 naming each refused invoice and why, nothing written. */
function refused(refusals: PaymentBatchRefusal[]): AppError {
  const lines = refusals.map((refusal) => refusal.message.replace(/\.$/, '')).join('; ');
  const count = refusals.length === 1 ? 'One invoice' : `${refusals.length} invoices`;
  return new AppError(409, `${count} cannot be paid by a SEPA batch: ${lines}.`, null, { refusals });
}

/**
 * Builds a draft batch from the invoices asked for (decision 073): each within the builder's billing reach (404
 * otherwise), validated, not held, in euros, of a partner paid by wire to a valid SEPA IBAN, and in no other open
 * batch (409 naming each refused one, nothing written). The pain.001.001.09 file is written and validated against
 * the XSD before anything is stored (422 with the validator's words if it fails: a file we wrote wrong is refused,
 * never stored). Two builds racing for one invoice: the partial unique index lets one win, the other answers 409.
 */
export async function createPaymentBatch(
  db: Db,
  ctx: PaymentBatchContext,
  body: PaymentBatchCreate,
): Promise<PaymentBatchDetail> {
  const invoiceIds = [...new Set(body.invoiceIds)];
  const requestedExecutionDate = executionDateOf(body, ctx.now);
  try {
    const id = await db.transaction(async (tx) => {
      const found = (await invoicesToBatch(tx, invoiceIds)).filter((invoice) =>
        reachesBilling(ctx.scope, invoice.accountManagerId),
      );
      const missing = invoiceIds.filter((invoiceId) => !found.some((invoice) => invoice.id === invoiceId));
      if (missing.length > 0) {
        throw new AppError(404, `Invoice${missing.length > 1 ? 's' : ''} not found: ${missing.join(', ')}.`, null, {
          invoiceIds: missing,
        });
      }
      const refusals = found.flatMap((invoice) => {
        const reason = refusalOf(invoice, ctx);
        return reason
          ? [
              {
                invoiceId: invoice.id,
                reference: invoice.reference,
                reason,
                message: refusalMessage(invoice.reference, reason, invoice.openBatch),
              },
            ]
          : [];
      });
      if (refusals.length > 0) throw refused(refusals);

      const reference = await nextReference(
        tx,
        'paymentBatch',
        Number(formatIsoDate(ctx.now, BILLING_TIMEZONE).slice(0, 4)),
      );
      const transactions = found.map(transactionOf);
      const xml = writePain001({
        reference,
        createdAt: ctx.now,
        requestedExecutionDate,
        debtor: ctx.network,
        transactions,
      });
      const validation = await validatePain001(xml);
      if (!validation.valid) {
        ctx.onInvalidFile?.({ reference, errors: validation.errors });
        throw new AppError(
          422,
          `The payment file could not be written as a valid pain.001.001.09 document: ${validation.errors.slice(0, 3).join(' ')}`,
          null,
          { errors: validation.errors },
        );
      }
      const totalAmount = transactions.reduce((sum, tx) => sum + tx.amount, 0);
      const batchId = await insertBatch(
        tx,
        {
          reference,
          status: 'draft',
          currency: 'EUR',
          transactionCount: transactions.length,
          totalAmount,
          requestedExecutionDate,
          debtorName: ctx.network.name,
          debtorIban: ctx.network.iban,
          debtorBic: ctx.network.bic,
          xml,
          createdById: ctx.actor.actorId,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        },
        found.map((invoice, index) => {
          const line = transactions[index]!;
          return {
            invoiceId: invoice.id,
            amount: line.amount,
            creditorName: line.creditorName,
            creditorIban: line.creditorIban,
            creditorBic: line.creditorBic,
          };
        }),
      );
      await recordAudit(
        tx,
        ctx.actor,
        [
          {
            action: 'create',
            entityType: 'payment_batch',
            entityId: batchId,
            changes: [
              { field: 'reference', before: null, after: reference },
              { field: 'status', before: null, after: 'draft' },
              { field: 'invoiceIds', before: null, after: found.map((invoice) => invoice.id) },
              { field: 'totalAmount', before: null, after: totalAmount },
              { field: 'requestedExecutionDate', before: null, after: requestedExecutionDate },
            ],
          },
        ],
        ctx.now,
      );
      return batchId;
    });
    return await batchDetail(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(
        'An invoice of this batch was put in another open payment batch at the same time: nothing was written.',
      );
    }
    throw error;
  }
}

// ------------------------------------------------------------------ approve, download, paid, cancelled

type LockedBatch = NonNullable<Awaited<ReturnType<typeof lockBatch>>>;

async function lockedBatchOrNotFound(tx: DbOrTx, id: number): Promise<LockedBatch> {
  const batch = await lockBatch(tx, id);
  if (!batch) throw notFound('Payment batch not found.');
  return batch;
}

const STATUS_WORDS: Record<PaymentBatchStatus, string> = {
  draft: 'waiting for approval',
  approved: 'approved',
  paid: 'paid',
  cancelled: 'cancelled',
};

const invoiceContext = (ctx: PaymentBatchContext): InvoiceStatusContext => ({
  now: ctx.now,
  publicUrl: ctx.publicUrl,
  actor: ctx.actor,
  roles: ctx.scope.roles,
  payoutHoldDays: ctx.payoutHoldDays,
});

/**
 * Moves each invoice still open in the batch and in `from` to `to` through the billing module's one move (its checks,
 * audit entry and notification); a refusal names the invoice and rolls the whole change back.
 */
async function moveOpenInvoices(
  tx: DbOrTx,
  ctx: PaymentBatchContext,
  batchId: number,
  from: string,
  to: 'payment_in_progress' | 'paid' | 'invoice_validated',
  options: { reason?: string; othersRefused?: boolean } = {},
): Promise<void> {
  const lines = (await batchTransactions(tx, batchId)).filter((line) => line.open);
  for (const line of lines) {
    const invoice = await lockInvoice(tx, line.invoiceId);
    if (!invoice) continue;
    // An invoice moved by hand meanwhile: an approval refuses it (the move's 409 names it), paid or cancelled skip it.
    if (invoice.status !== from && !options.othersRefused) continue;
    try {
      await changeInvoiceStatus(tx, invoiceContext(ctx), invoice, {
        status: to,
        ...(options.reason ? { reason: options.reason } : {}),
      });
    } catch (error) {
      if (error instanceof AppError) {
        throw new AppError(error.status, `Invoice ${invoice.reference}: ${error.message}`, error.errors, error.data);
      }
      throw error;
    }
  }
}

async function recordStatus(
  tx: DbOrTx,
  ctx: PaymentBatchContext,
  batch: LockedBatch,
  status: PaymentBatchStatus,
  reason: string | null = null,
) {
  await recordAudit(
    tx,
    ctx.actor,
    [
      {
        action: 'status',
        entityType: 'payment_batch',
        entityId: batch.id,
        changes: [{ field: 'status', before: batch.status, after: status }],
        reason,
      },
    ],
    ctx.now,
  );
}

/**
 * Approves a draft batch (four eyes, decision 073): never by its creator (403); its invoices move to payment in
 * progress, each through the billing module's move (a hold started since the build refuses the approval, 409,
 * nothing written).
 */
export async function approvePaymentBatch(db: Db, ctx: PaymentBatchContext, id: number): Promise<PaymentBatchDetail> {
  await db.transaction(async (tx) => {
    const batch = await lockedBatchOrNotFound(tx, id);
    if (batch.createdById !== null && batch.createdById === ctx.actor.actorId) {
      throw forbidden('You built this payment batch: another person must approve it.');
    }
    if (batch.status !== 'draft') {
      throw conflict(
        `Payment batch ${batch.reference} is ${STATUS_WORDS[batch.status as PaymentBatchStatus]}: only a batch waiting for approval can be approved.`,
      );
    }
    await moveOpenInvoices(tx, ctx, id, 'invoice_validated', 'payment_in_progress', { othersRefused: true });
    await updateBatch(tx, id, { status: 'approved', approvedById: ctx.actor.actorId, approvedAt: ctx.now }, ctx.now);
    await recordStatus(tx, ctx, batch, 'approved');
  });
  return batchDetail(db, id);
}

/**
 * The batch's file, once approved (409 while a draft or once cancelled): every download audited; the first one is
 * kept on the batch (a downloaded batch can no longer be cancelled).
 */
export async function downloadPaymentBatchFile(
  db: Db,
  ctx: PaymentBatchContext,
  id: number,
): Promise<{ filename: string; xml: string }> {
  return db.transaction(async (tx) => {
    const batch = await lockedBatchOrNotFound(tx, id);
    if (batch.status !== 'approved' && batch.status !== 'paid') {
      throw conflict(
        `Payment batch ${batch.reference} is ${STATUS_WORDS[batch.status as PaymentBatchStatus]}: its file is downloaded once it is approved.`,
      );
    }
    if (batch.downloadedAt === null) {
      await updateBatch(tx, id, { downloadedAt: ctx.now, downloadedById: ctx.actor.actorId }, ctx.now);
    }
    await recordAudit(
      tx,
      ctx.actor,
      [
        {
          action: 'download',
          entityType: 'payment_batch',
          entityId: id,
          changes: [{ field: 'file', before: null, after: filenameOf(batch.reference) }],
        },
      ],
      ctx.now,
    );
    return { filename: filenameOf(batch.reference), xml: batch.xml };
  });
}

/**
 * `paid`: an approved batch's invoices still in it and in payment become paid (partners notified), its links closed.
 * `cancelled`: a draft, or an approved batch whose file was never downloaded; an approved one's invoices go back to
 * validated (the billing module's way back, with the cancellation as its reason). 409 otherwise, nothing written.
 */
export async function updatePaymentBatch(
  db: Db,
  ctx: PaymentBatchContext,
  id: number,
  body: PaymentBatchUpdate,
): Promise<PaymentBatchDetail> {
  await db.transaction(async (tx) => {
    const batch = await lockedBatchOrNotFound(tx, id);
    const words = STATUS_WORDS[batch.status as PaymentBatchStatus];
    if (body.status === 'paid') {
      if (batch.status !== 'approved') {
        throw conflict(`Payment batch ${batch.reference} is ${words}: only an approved batch can be marked paid.`);
      }
      await moveOpenInvoices(tx, ctx, id, 'payment_in_progress', 'paid');
      await closeBatchLinks(tx, id);
      await updateBatch(tx, id, { status: 'paid', paidAt: ctx.now }, ctx.now);
      await recordStatus(tx, ctx, batch, 'paid', body.reason?.trim() || null);
      return;
    }
    if (batch.status === 'approved' && batch.downloadedAt !== null) {
      throw conflict(
        `Payment batch ${batch.reference} was downloaded on ${batch.downloadedAt.toISOString()}: it may be at the bank ` +
          'and can no longer be cancelled; mark it paid, or send back the invoices the bank returns.',
      );
    }
    if (batch.status !== 'draft' && batch.status !== 'approved') {
      throw conflict(`Payment batch ${batch.reference} is ${words}: it can no longer be cancelled.`);
    }
    const why = body.reason?.trim() || 'cancelled before the file was downloaded';
    if (batch.status === 'approved') {
      await moveOpenInvoices(tx, ctx, id, 'payment_in_progress', 'invoice_validated', {
        reason: `Payment batch ${batch.reference} cancelled: ${why}`,
      });
    }
    await closeBatchLinks(tx, id);
    await updateBatch(tx, id, { status: 'cancelled', cancelledAt: ctx.now }, ctx.now);
    await recordStatus(tx, ctx, batch, 'cancelled', body.reason?.trim() || null);
  });
  return batchDetail(db, id);
}

// ------------------------------------------------------------------ to pay by hand

/** Minor units as a major-unit decimal with a dot: -1234 → '-12.34'. */
const majorUnits = (minor: number) =>
  `${minor < 0 ? '-' : ''}${Math.trunc(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

export const BY_HAND_CSV_HEADER = [
  'Invoice',
  'Partner',
  'Account holder',
  'IBAN or account number',
  'SWIFT/BIC',
  'Routing number',
  'Bank name',
  'Bank address',
  'Amount',
  'Currency',
  'Why not SEPA',
] as const;

/**
 * The validated invoices within the reader's billing reach that no SEPA batch can pay now (another currency, no or a
 * non-SEPA IBAN, another payment method, or held), with what a bank needs to pay them by hand and why; by reference.
 */
export async function byHandRows(db: Db, ctx: Pick<PaymentBatchContext, 'scope' | 'now' | 'payoutHoldDays'>) {
  const rows = await validatedInvoicesWithBankDetails(db, ctx.scope);
  return rows.flatMap((row) => {
    const hold = payoutHoldOf(row.bankDetailsChangedAt, ctx.payoutHoldDays, ctx.now);
    const reason: SepaRefusal | null = hold
      ? 'held'
      : sepaRefusalOf({ paymentMethod: row.paymentMethod, iban: row.iban, currency: row.currency });
    if (!reason) return [];
    const why = `${SEPA_REFUSAL_LABELS[reason]}${hold ? ` until ${hold.heldUntil}` : ''}`;
    return [
      [
        row.reference,
        row.companyName,
        row.accountHolder?.trim() || row.companyName,
        row.iban?.trim() ?? '',
        row.swift?.trim() ?? '',
        row.routingNumber?.trim() ?? '',
        row.bankName?.trim() ?? '',
        row.bankAddress?.trim() ?? '',
        majorUnits(row.totalAmount),
        row.currency,
        why,
      ],
    ];
  });
}
