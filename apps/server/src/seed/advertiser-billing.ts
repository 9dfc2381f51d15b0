import { addDays, billingMonth, formatIsoDate, BILLING_TIMEZONE } from '@portal/contracts';
import type { AppContext } from '../context.js';
import * as repo from './seed.repository.js';
import { runAdvertiserInvoices, updateAdvertiserInvoiceStatus } from '../modules/advertiser-invoices/index.js';

/** Advertisers that pay late in the demo: "Advertisers owe" shows them overdue (decision 073). */
const LATE_PAYERS = new Set(['Crown Leisure', 'CoinVault Exchange', 'PrizePanda']);

/**
 * The demo's advertiser invoicing history (decisions 052, 073): the real advertiser invoice run for each Paris month
 * of the replayed traffic that is over, on the third of the next month at 10:00 Paris as finance would; then most
 * advertisers pay two days before the due day (as finance records it that day), while a few late payers have paid
 * nothing, so that "Advertisers owe" shows current and overdue invoices. Nothing to do without traffic.
 */
export async function seedAdvertiserInvoices(ctx: AppContext, now: Date, staff: { finance: string }): Promise<void> {
  const { db } = ctx;
  const first = await repo.firstConversionAt(db);
  if (!first) return;
  const actor = { actorId: await repo.userIdByEmail(db, staff.finance), ip: null, requestId: null };
  const today = formatIsoDate(now, BILLING_TIMEZONE);
  const months: string[] = [];
  for (let back = 1; billingMonth(now, back) >= billingMonth(first); back++) months.unshift(billingMonth(now, back));

  for (const month of months) {
    const runAt = await repo.zonedMoment(db, `${billingMonth(new Date(`${month}-15T12:00:00Z`), -1)}-03`, 10, BILLING_TIMEZONE); // prettier-ignore
    const ranAt = runAt.getTime() < now.getTime() ? runAt : now;
    const { issued } = await runAdvertiserInvoices(
      { db, storage: ctx.storage, now: ranAt, network: ctx.config.network, actor },
      { month },
    );
    for (const invoice of issued) {
      if (LATE_PAYERS.has(invoice.advertiser.name)) continue;
      const paidOn = addDays(invoice.dueOn, -2);
      if (paidOn > today || paidOn < invoice.issuedOn) continue;
      await updateAdvertiserInvoiceStatus(
        { db, storage: ctx.storage, now: await repo.zonedMoment(db, paidOn, 16, BILLING_TIMEZONE), network: ctx.config.network, actor }, // prettier-ignore
        invoice.id,
        { status: 'paid', paidOn },
      );
    }
  }
}
