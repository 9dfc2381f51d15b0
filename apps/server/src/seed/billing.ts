import { asc, sql } from 'drizzle-orm';
import { BILLING_TIMEZONE, VAT_RATE_PERCENT_BY_COUNTRY, billingMonth } from '@portal/contracts';
import type { FileStorage } from '../lib/storage.js';
import { attachInvoicePdf, invoiceParty } from '../modules/billing/index.js';
import type { DbOrTx } from '../db/client.js';
import { billingRequests, countries, invoices, partners } from '../db/schema.js';

/** How many whole months back each seeded partner has been billed. */
const MONTHS = 12;
/** A month's total per partner, in minor units, before a deterministic ±35 % swing: a feel for each partner's size. */
const BASE_TOTAL = [420_000, 1_350_000, 180_000];

/** The invoice status a month's invoice has reached, by how many months ago it was (1 = last month). */
function statusFor(monthsAgo: number): string {
  if (monthsAgo === 1) return 'waiting_for_approval';
  if (monthsAgo === 2) return 'invoice_validated';
  if (monthsAgo === 3) return 'payment_in_progress';
  return 'paid';
}

/** A Paris month's first day as yyyy-MM-dd, `back` months before the month of `now` (Paris). */
export const parisMonth = (now: Date, back: number): string => `${billingMonth(now, back)}-01`;

/**
 * The demo's billing history for the Payments screen: one billing request per partner and Paris month for the last
 * twelve months, invoiced a few days after the month ends and moved along by age (paid, in payment, validated,
 * waiting), one month of Northwind's deferred for falling under its payment threshold. Billing periods and dates are
 * Paris time (spec section 9). The billing run that would compute these from approved payouts is staff work not built
 * yet, so the amounts are made up, deterministically. Each invoice has its PDF, as the partner would have sent it.
 */
export async function seedBilling(
  db: DbOrTx,
  storage: FileStorage,
  now: Date,
  network: { name: string; address: string[] },
): Promise<void> {
  const all = await db.select().from(partners).orderBy(asc(partners.id));
  const countryNames = new Map((await db.select().from(countries)).map((c) => [c.isoCode, c.name]));
  let sequence = 0;
  for (let back = MONTHS; back >= 1; back--) {
    const first = parisMonth(now, back);
    const next = parisMonth(now, back - 1);
    for (const [index, partner] of all.entries()) {
      const base = BASE_TOTAL[index % BASE_TOTAL.length]!;
      const swing = ((((partner.id * 7919 + back * 104_729) % 1000) - 500) / 500) * 0.35;
      const deferred = index === 0 && back === 6;
      const total = deferred
        ? Math.min(7_420, (partner.paymentThreshold ?? 10_000) - 1)
        : Math.round(base * (1 + swing));
      // VAT included where the network charges it (a French partner); reverse charge elsewhere.
      const vatRate = (VAT_RATE_PERCENT_BY_COUNTRY[partner.country ?? ''] ?? 0) / 100;
      const vat = Math.round((total * vatRate) / (1 + vatRate));
      const [request] = await db
        .insert(billingRequests)
        .values({
          partnerId: partner.id,
          startingAt: sql`(${first}::date)::timestamp at time zone ${BILLING_TIMEZONE}`,
          // The period's last moment, included.
          endingAt: sql`(${next}::date)::timestamp at time zone ${BILLING_TIMEZONE} - interval '1 second'`,
          totalAmount: total,
          totalVatAmount: vat,
          partnerAccountType: partner.accountType,
          partnerName: partner.companyName,
          paymentThreshold: partner.paymentThreshold,
          paymentTerms: partner.paymentTerms,
          paymentCurrency: partner.paymentCurrency,
          deferred,
          createdAt: sql`(${next}::date)::timestamp at time zone ${BILLING_TIMEZONE} + interval '2 hours'`,
          updatedAt: sql`(${next}::date)::timestamp at time zone ${BILLING_TIMEZONE} + interval '2 hours'`,
        })
        .returning({
          id: billingRequests.id,
          startDate: sql<string>`to_char(${billingRequests.startingAt} at time zone ${BILLING_TIMEZONE}, 'YYYY-MM-DD')`,
          endDate: sql<string>`to_char(${billingRequests.endingAt} at time zone ${BILLING_TIMEZONE}, 'YYYY-MM-DD')`,
        });
      if (!request) throw new Error('billing request insert returned nothing');
      sequence += 1;
      const invoicedAfterDays = 2 + (partner.id % 3);
      const issuedAt = sql`(${next}::date + ${invoicedAfterDays}::int)::timestamp at time zone ${BILLING_TIMEZONE} + interval '10 hours'`;
      const [invoice] = await db
        .insert(invoices)
        .values({
          billingRequestId: request.id,
          reference: `INV-${first.slice(0, 4)}-${String(sequence).padStart(4, '0')}`,
          status: deferred ? 'waiting_for_approval' : statusFor(back),
          createdAt: issuedAt,
          updatedAt: issuedAt,
        })
        .returning({
          id: invoices.id,
          reference: invoices.reference,
          issuedOn: sql<string>`to_char(${invoices.createdAt} at time zone ${BILLING_TIMEZONE}, 'YYYY-MM-DD')`,
        });
      if (!invoice) throw new Error('invoice insert returned nothing');
      await attachInvoicePdf(
        db,
        storage,
        { id: invoice.id, partnerId: partner.id, createdAt: issuedAt },
        {
          reference: invoice.reference,
          issuedOn: invoice.issuedOn,
          period: { startDate: request.startDate, endDate: request.endDate },
          partner: invoiceParty(partner, countryNames.get(partner.country ?? '')),
          network,
          totalAmount: total,
          totalVatAmount: vat,
          currency: partner.paymentCurrency,
          paymentTerms: partner.paymentTerms,
        },
      );
    }
  }
}

/**
 * The replayed traffic's approved conversions of the months the demo billed, marked as billed by that month's
 * (invoiced) request, so that a billing run (decision 027) does not bill the demo's history a second time. The seeded
 * amounts stay made up; the current month's conversions, and a deferred month's, stay for the next run.
 */
export async function markSeededHistoryBilled(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    update conversions c set billing_request_id = br.id
    from billing_requests br
    where br.partner_id = c.partner_id
      and not br.deferred
      and c.created_at between br.starting_at and br.ending_at
      and c.status = 'approved'
      and c.billing_request_id is null`);
}
