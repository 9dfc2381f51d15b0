import { formatMoneyMinor } from '@portal/contracts';

type Priced = { totalAmount: number; paymentCurrency: string };
export type CurrencyTotal = { currency: string; count: number; amount: number };

/** Count and Σ amount (VAT included, minor units) per currency, sorted by currency: what a bulk step confirms. */
export function totalsOf(invoices: readonly Priced[]): CurrencyTotal[] {
  const sums = new Map<string, CurrencyTotal>();
  for (const invoice of invoices) {
    const at = sums.get(invoice.paymentCurrency) ?? { currency: invoice.paymentCurrency, count: 0, amount: 0 };
    sums.set(invoice.paymentCurrency, { ...at, count: at.count + 1, amount: at.amount + invoice.totalAmount });
  }
  return [...sums.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The totals in words, one per currency: '1 234,56 € · 80,00 $US'. */
export const totalsInWords = (totals: readonly CurrencyTotal[]): string =>
  totals.map((total) => formatMoneyMinor(total.amount, total.currency)).join(' · ');
