import {
  BILLING_TIMEZONE,
  DUTY_ROLES,
  INVOICE_STATUS_LABELS,
  INVOICE_TRANSITIONS,
  STAFF_ROLE_LABELS,
  invoiceMove,
  payoutHoldOf,
  performsDuty,
  type BulkInvoiceStatusBody,
  type BulkInvoiceStatusResult,
  type InvoiceStatus,
  type InvoiceStatusBody,
  type Role,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { reachesBilling, type StaffScope } from '../access/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { notifyPartner } from '../notifications/index.js';
import {
  bankDetailsChangedAtOf,
  invoiceDto,
  invoiceTotalsByCurrency,
  lockInvoice,
  recordInvoiceReturn,
  setInvoiceStatus,
} from './billing.repository.js';

export type LockedInvoice = NonNullable<Awaited<ReturnType<typeof lockInvoice>>>;

export type InvoiceStatusContext = {
  now: Date;
  publicUrl: string;
  actor: AuditActor;
  /** The mover's roles: the duty table decides which moves they make (decision 064). */
  roles: readonly Role[];
  /** False for replayed history (the demo seed, decision 052): no notification, no e-mail. */
  notify?: boolean;
  /** PAYOUT_HOLD_DAYS: no payment starts this long after the partner's bank details changed (decision 072). */
  payoutHoldDays: number;
};

/** "4 December 2026 at 11:00 (Paris time)": the moments of a hold as finance reads them, in the billing time zone. */
const parisMomentInWords = (moment: Date) =>
  `${new Intl.DateTimeFormat('en-GB', {
    timeZone: BILLING_TIMEZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(moment)} (Paris time)`;

/**
 * 409, nothing written, while the partner's payments are held after a change of its bank details (decision 072): the
 * partner row is share-locked first, so a change committing meanwhile is waited for and seen.
 */
async function assertNotHeld(tx: DbOrTx, ctx: InvoiceStatusContext, invoice: LockedInvoice): Promise<void> {
  const hold = payoutHoldOf(await bankDetailsChangedAtOf(tx, invoice.partnerId), ctx.payoutHoldDays, ctx.now);
  if (!hold) return;
  throw new AppError(
    409,
    `Payments to this partner are held until ${parisMomentInWords(new Date(hold.heldUntil))}: its bank details ` +
      `changed on ${parisMomentInWords(new Date(hold.heldFrom))}.`,
    null,
    { status: invoice.status, ...hold },
  );
}

const INVOICE_DUTIES = ['validate_invoice', 'start_invoice_payment', 'mark_invoice_paid', 'send_invoice_back'] as const;

/** The roles that move invoices, in words: 'Admin and Finance'. */
const moversInWords = () =>
  [...new Set(INVOICE_DUTIES.flatMap((duty) => DUTY_ROLES[duty]))].map((role) => STAFF_ROLE_LABELS[role]).join(' and ');

/**
 * Refuses (403) a staff member whose roles make no invoice move at all (account and team managers read invoices,
 * decision 064), before anything is looked up: the refusal depends on the role, not on the invoice.
 */
export function assertMovesInvoices(roles: readonly Role[]): void {
  if (INVOICE_DUTIES.some((duty) => performsDuty(roles, duty))) return;
  throw forbidden(`Invoices are moved by ${moversInWords()} only: your role reads them.`);
}

/** 409, nothing written: the move is not one of the transitions (decision 064). */
function notATransition(invoice: LockedInvoice, to: InvoiceStatus): AppError {
  const from = invoice.status as InvoiceStatus;
  const allowed = INVOICE_TRANSITIONS[from].map((move) => move.to);
  const message =
    allowed.length === 0
      ? `Invoice ${invoice.reference} is ${INVOICE_STATUS_LABELS[from]}: a paid invoice is final.`
      : `Invoice ${invoice.reference} is ${INVOICE_STATUS_LABELS[from]} and cannot become ${INVOICE_STATUS_LABELS[to]}: ` +
        `it can become ${allowed.map((status) => INVOICE_STATUS_LABELS[status]).join(' or ')}.`;
  return new AppError(409, message, null, { status: from, allowed });
}

/**
 * Moves a locked invoice along one of its transitions, as finance does (decision 064): the move must be in the table
 * (409 otherwise), the mover's roles must perform its duty (403), a bank return needs a reason (400), and nobody
 * validates an invoice they created (403). Then the paid moment is kept (decision 052), a bank return recorded on the
 * invoice and its batch link closed (decision 073), the change audited with its reason (decision 036) and the partner
 * notified (with the bank's reason for a return). The staff route and the demo seed both go through here; a refusal
 * writes nothing.
 */
export async function changeInvoiceStatus(
  tx: DbOrTx,
  ctx: InvoiceStatusContext,
  invoice: LockedInvoice,
  body: InvoiceStatusBody,
): Promise<LockedInvoice> {
  const { status } = body;
  const move = invoiceMove(invoice.status as InvoiceStatus, status);
  if (!move) throw notATransition(invoice, status);
  if (!performsDuty(ctx.roles, move.duty)) {
    throw forbidden(`Invoices are moved by ${moversInWords()} only: your role reads them.`);
  }
  if (move.duty === 'start_invoice_payment') await assertNotHeld(tx, ctx, invoice);
  const reason = body.reason?.trim() ?? '';
  if (move.duty === 'send_invoice_back' && !reason) {
    throw badRequest(`Say why the bank returned the payment of invoice ${invoice.reference}.`, { reason: 'required' });
  }
  // Four eyes (decision 064): whoever's billing run created the invoice does not approve it too.
  if (move.duty === 'validate_invoice' && invoice.createdById !== null && invoice.createdById === ctx.actor.actorId) {
    throw forbidden('You created this invoice: another person must validate it.');
  }
  await setInvoiceStatus(tx, invoice.id, status, ctx.now);
  // The bank returned the payment (decision 073): kept on the invoice for its partner, and the invoice leaves its batch.
  if (move.duty === 'send_invoice_back') await recordInvoiceReturn(tx, invoice.id, reason, ctx.now);
  await recordAudit(
    tx,
    ctx.actor,
    [
      {
        action: 'status',
        entityType: 'invoice',
        entityId: invoice.id,
        partnerId: invoice.partnerId,
        changes: [{ field: 'status', before: invoice.status, after: status }],
        reason: reason || null,
      },
    ],
    ctx.now,
  );
  if (ctx.notify !== false)
    await notifyPartner(
      tx,
      {
        partnerId: invoice.partnerId,
        kind: 'invoice_status_changed',
        title:
          move.duty === 'send_invoice_back'
            ? `The payment of invoice ${invoice.reference} was returned by the bank: ${reason.replace(/[.\s]+$/, '')}.`
            : `Invoice ${invoice.reference} is now ${INVOICE_STATUS_LABELS[status]}.`,
        link: '/payments',
      },
      { publicUrl: ctx.publicUrl },
    );
  return { ...invoice, status, updatedAt: ctx.now };
}

/**
 * The staff's move of one invoice (the route's service): the invoice locked in one transaction, a 404 outside the
 * mover's billing reach, then the move of changeInvoiceStatus; answers the invoice as the API shows it.
 */
export async function moveInvoice(
  db: Db,
  scope: StaffScope,
  invoiceId: number,
  body: InvoiceStatusBody,
  ctx: Omit<InvoiceStatusContext, 'roles'>,
) {
  const updated = await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice || !reachesBilling(scope, invoice.accountManagerId)) throw notFound('Invoice not found.');
    return changeInvoiceStatus(tx, { ...ctx, roles: scope.roles }, invoice, body);
  });
  return invoiceDto(updated);
}

/**
 * The staff's bulk move (decision 073): one transaction, all or nothing. The invoices are locked in id order (two bulk
 * moves over the same invoices wait for each other instead of deadlocking), each goes through changeInvoiceStatus
 * (same checks, audit entries and notifications), and the first refusal, named by its invoice, rolls everything back.
 * Answers the count and totals per currency.
 */
export async function moveInvoices(
  db: Db,
  scope: StaffScope,
  body: BulkInvoiceStatusBody,
  ctx: Omit<InvoiceStatusContext, 'roles'>,
): Promise<BulkInvoiceStatusResult> {
  const ids = [...new Set(body.invoiceIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    for (const id of ids) {
      const invoice = await lockInvoice(tx, id);
      if (!invoice || !reachesBilling(scope, invoice.accountManagerId))
        throw new AppError(404, `Invoice #${id} not found.`, null, { invoiceId: id });
      try {
        await changeInvoiceStatus(tx, { ...ctx, roles: scope.roles }, invoice, {
          status: body.status,
          reason: body.reason,
        });
      } catch (error) {
        throw namedRefusal(error, invoice);
      }
    }
    const totals = await invoiceTotalsByCurrency(tx, ids);
    return { status: body.status, count: ids.length, totals, invoiceIds: ids };
  });
}

/** A refusal of one invoice of a bulk move, said with the invoice's number (and its id and number in `data`). */
function namedRefusal(error: unknown, invoice: LockedInvoice): unknown {
  if (!(error instanceof AppError)) return error;
  const message = error.message.includes(invoice.reference)
    ? error.message
    : `Invoice ${invoice.reference}: ${error.message}`;
  const data = {
    ...(typeof error.data === 'object' && error.data !== null ? error.data : {}),
    invoiceId: invoice.id,
    reference: invoice.reference,
  };
  return new AppError(error.status, message, error.errors, data, error.headers);
}
