// The books of a Paris month per currency (decision 073): what each side was invoiced and paid, the ledger lines and
// the margin, read from the rows the billing runs and the advertiser invoice runs wrote.
import { parisMidnightOf, type LedgerCurrency, type LedgerSummary } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { adjustmentsOf, advertiserSide, approvedOf, partnerSide, type SideRow } from './ledger.repository.js';

const NO_SIDE = { invoiced: 0, vat: 0, paid: 0, unpaid: 0, invoices: 0 };

/** The first day of the month after `month` (yyyy-MM). */
function nextMonthDay(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
}

export async function ledgerSummary(db: DbOrTx, month: string): Promise<LedgerSummary> {
  const startDay = `${month}-01`;
  const endDay = nextMonthDay(month);
  const window = { start: parisMidnightOf(startDay), end: parisMidnightOf(endDay), startDay, endDay };
  const [advertisers, partners, adjustments, approved] = await Promise.all([
    advertiserSide(db, window),
    partnerSide(db, window),
    adjustmentsOf(db, window),
    approvedOf(db, window),
  ]);
  const currencies = [
    ...new Set([...advertisers, ...partners, ...adjustments, ...approved].map((row) => row.currency)),
  ].sort();
  const sideOf = (rows: SideRow[], currency: string) => {
    const row = rows.find((r) => r.currency === currency);
    return row ? { invoiced: row.invoiced, vat: row.vat, paid: row.paid, unpaid: row.unpaid, invoices: row.invoices } : NO_SIDE; // prettier-ignore
  };
  return {
    month,
    currencies: currencies.map((currency): LedgerCurrency => {
      const advertiser = sideOf(advertisers, currency);
      const partner = sideOf(partners, currency);
      const lines = adjustments.find((r) => r.currency === currency);
      const approvedRow = approved.find((r) => r.currency === currency) ?? { revenue: 0, payout: 0 };
      return {
        currency,
        advertisers: advertiser,
        partners: partner,
        adjustments: {
          lines: lines?.lines ?? 0,
          payoutDelta: lines?.payoutDelta ?? 0,
          revenueDelta: lines?.revenueDelta ?? 0,
        },
        approved: {
          revenue: approvedRow.revenue,
          payout: approvedRow.payout,
          margin: approvedRow.revenue - approvedRow.payout,
        },
        invoicedMargin: advertiser.invoiced - partner.invoiced,
      };
    }),
  };
}
