import { addDays, billingMonth, dueOn, formatIsoDate, BILLING_TIMEZONE } from '@portal/contracts';
import type { AppContext } from '../context.js';
import * as repo from './seed.repository.js';
import { changeInvoiceStatus, lockInvoice, runBilling } from '../modules/billing/index.js';

/** A Paris day's moment at an hour of its wall clock (10:00 on the 3rd, say), as the billing reference reads it. */
const parisMoment = (db: AppContext['db'], day: string, hour: number): Promise<Date> =>
  repo.zonedMoment(db, day, hour, BILLING_TIMEZONE);

/**
 * The demo's billing history (decision 052): the real billing run (decision 027) over the replayed traffic, for each
 * Paris month that is over and has traffic, run on the third of the next month at 10:00 Paris, as an admin would;
 * then finance moves the invoices along through the same module function as the staff screen: validated two days
 * after they are issued, in payment three days before they fall due (issue day plus the partner's payment terms),
 * paid on that day. The latest month's invoices stay waiting for approval. Amounts are the approved payouts the
 * reports show, with what a month under the threshold deferred carried over; nothing is made up. No notification
 * or e-mail: it is history. Nothing to do without traffic. The run is no person's (no actor), so its invoices have no
 * creator and finance validates them: nobody approves a payable they created (decision 064).
 */
export async function seedBilling(ctx: AppContext, now: Date, staff: { finance: string }): Promise<void> {
  const { db } = ctx;
  const first = await repo.firstConversionAt(db);
  if (!first) return;
  const actor = { actorId: await repo.userIdByEmail(db, staff.finance), ip: null, requestId: null };
  const latest = billingMonth(now, 1);
  const months: string[] = [];
  for (let back = 1; billingMonth(now, back) >= billingMonth(first); back++) months.unshift(billingMonth(now, back));

  for (const month of months) {
    const runAt = await parisMoment(db, `${billingMonth(new Date(`${month}-15T12:00:00Z`), -1)}-03`, 10);
    const ranAt = runAt.getTime() < now.getTime() ? runAt : now;
    const result = await runBilling(
      {
        db,
        storage: ctx.storage,
        now: ranAt,
        publicUrl: ctx.config.publicUrl,
        network: ctx.config.network,
        notify: false,
      },
      month,
    );
    if (month === latest) continue;
    for (const created of result.created) {
      if (!created.invoice) continue;
      const terms = await repo.paymentTermsOf(db, created.billingRequestId);
      const issued = formatIsoDate(ranAt, BILLING_TIMEZONE);
      const due = dueOn(terms ?? 'net30', issued);
      const steps = [
        { status: 'invoice_validated' as const, at: await parisMoment(db, addDays(issued, 2), 11) },
        { status: 'payment_in_progress' as const, at: await parisMoment(db, addDays(due, -3), 15) },
        { status: 'paid' as const, at: await parisMoment(db, due, 14) },
      ];
      for (const step of steps) {
        // A step still in the future has not happened; with short terms, in payment is the day it is validated.
        if (step.at.getTime() > now.getTime()) break;
        await db.transaction(async (tx) => {
          const invoice = await lockInvoice(tx, { billingRequestId: created.billingRequestId });
          if (!invoice) return;
          await changeInvoiceStatus(
            tx,
            {
              now: new Date(Math.max(step.at.getTime(), invoice.updatedAt.getTime())),
              publicUrl: ctx.config.publicUrl,
              actor,
              roles: ['ROLE_FINANCE'],
              notify: false,
              payoutHoldDays: ctx.config.payoutHoldDays,
            },
            invoice,
            { status: step.status },
          );
        });
      }
    }
  }
}
