// The books of a Paris month (decision 073): one grouped read per side, each per currency, on both databases.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/bulk.js';

type Window = { start: Date; end: Date; startDay: string; endDay: string };

export type SideRow = {
  currency: string;
  invoiced: number;
  vat: number;
  paid: number;
  unpaid: number;
  invoices: number;
};
export type AdjustmentsRow = { currency: string; lines: number; payoutDelta: number; revenueDelta: number };
export type ApprovedRow = { currency: string; revenue: number; payout: number };

const num = (value: unknown) => Number(value ?? 0);
const side = (rows: Record<string, unknown>[]): SideRow[] =>
  rows.map((r) => ({
    currency: String(r.currency),
    invoiced: num(r.invoiced),
    vat: num(r.vat),
    paid: num(r.paid),
    unpaid: num(r.unpaid),
    invoices: num(r.invoices),
  }));

/**
 * Advertiser invoices and credit notes issued in the month (by their Paris issue day): amounts netted, credit notes
 * negative. Paid and unpaid (VAT included) are the invoices' as of today; a cancelled invoice and its credit note are
 * neither.
 */
export async function advertiserSide(db: DbOrTx, w: Window): Promise<SideRow[]> {
  const result = await db.execute(sql`
    select currency,
      sum(net_amount) as invoiced,
      sum(vat_amount) as vat,
      sum(case when kind = 'invoice' and status = 'paid' then total_amount else 0 end) as paid,
      sum(case when kind = 'invoice' and status = 'issued' then total_amount else 0 end) as unpaid,
      count(*) filter (where kind = 'invoice') as invoices
    from advertiser_invoices
    where issued_on >= ${w.startDay}::date and issued_on < ${w.endDay}::date
    group by currency`);
  return side(rowsOf(result));
}

/**
 * Partners' invoices issued in the month (the invoice's creation, Paris): their billing requests' totals before VAT
 * (a request's `total_amount` includes its VAT) and VAT; paid as of today, and unpaid (waiting, validated, in
 * payment), VAT included. Deferred requests issue no invoice.
 */
export async function partnerSide(db: DbOrTx, w: Window): Promise<SideRow[]> {
  const result = await db.execute(sql`
    select r.payment_currency as currency,
      sum(r.total_amount - r.total_vat_amount) as invoiced,
      sum(r.total_vat_amount) as vat,
      sum(case when i.status = 'paid' then r.total_amount else 0 end) as paid,
      sum(case when i.status <> 'paid' then r.total_amount else 0 end) as unpaid,
      count(*) as invoices
    from invoices i join billing_requests r on r.id = i.billing_request_id
    where i.created_at >= ${w.start.toISOString()}::timestamptz and i.created_at < ${w.end.toISOString()}::timestamptz
    group by r.payment_currency`);
  return side(rowsOf(result));
}

/** Ledger lines written in the month, whatever their kind. */
export async function adjustmentsOf(db: DbOrTx, w: Window): Promise<AdjustmentsRow[]> {
  const result = await db.execute(sql`
    select currency, count(*) as lines, sum(payout_delta) as payout_delta, sum(revenue_delta) as revenue_delta
    from conversion_adjustments
    where created_at >= ${w.start.toISOString()}::timestamptz and created_at < ${w.end.toISOString()}::timestamptz
    group by currency`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    currency: String(r.currency),
    lines: num(r.lines),
    payoutDelta: num(r.payout_delta),
    revenueDelta: num(r.revenue_delta),
  }));
}

/** Conversions recorded in the month and approved today: their revenue and payout. */
export async function approvedOf(db: DbOrTx, w: Window): Promise<ApprovedRow[]> {
  const result = await db.execute(sql`
    select currency, sum(revenue) as revenue, sum(payout) as payout
    from conversions
    where status = 'approved'
      and created_at >= ${w.start.toISOString()}::timestamptz and created_at < ${w.end.toISOString()}::timestamptz
    group by currency`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    currency: String(r.currency),
    revenue: num(r.revenue),
    payout: num(r.payout),
  }));
}
