import type { MoneyAmount, NetworkLeafRow } from '@portal/contracts';

/**
 * A network report row as the raw-row comparisons read it (decisions 113, 117): the counts, and the money as
 * `revenue EUR` → minor units, zeros left out.
 */
export type Figures = Pick<NetworkLeafRow, 'clicks' | 'conversions' | 'pendingConversions' | 'rejectedConversions'> & {
  money: Record<string, number>;
};

export const noFigures = (): Figures => ({
  clicks: 0,
  conversions: 0,
  pendingConversions: 0,
  rejectedConversions: 0,
  money: {},
});

/** Money as comparable figures: `payout EUR` → minor units, zeros left out. */
export function moneyOf(
  row: Pick<NetworkLeafRow, 'advertiserRevenue' | 'payout' | 'pendingRevenue' | 'pendingPayout'>,
) {
  const out: Record<string, number> = {};
  const put = (name: string, list: MoneyAmount[]) => {
    for (const m of list) if (m.amount !== 0) out[`${name} ${m.currency}`] = m.amount;
  };
  put('revenue', row.advertiserRevenue);
  put('payout', row.payout);
  put('pendingRevenue', row.pendingRevenue);
  put('pendingPayout', row.pendingPayout);
  return out;
}

export const figuresOf = (row: NetworkLeafRow): Figures => ({
  clicks: row.clicks,
  conversions: row.conversions,
  pendingConversions: row.pendingConversions,
  rejectedConversions: row.rejectedConversions,
  money: moneyOf(row),
});

/** One raw conversion added to its row, as the rollups count it by status. */
export function addConversion(
  row: Figures,
  c: { status: string; currency: string; revenue: number; payout: number },
): void {
  const add = (name: string, amount: number) => {
    if (amount !== 0) row.money[name] = (row.money[name] ?? 0) + amount;
  };
  if (c.status === 'approved') {
    row.conversions += 1;
    add(`revenue ${c.currency}`, c.revenue);
    add(`payout ${c.currency}`, c.payout);
  } else if (c.status === 'pending') {
    row.pendingConversions += 1;
    add(`pendingRevenue ${c.currency}`, c.revenue);
    add(`pendingPayout ${c.currency}`, c.payout);
  } else row.rejectedConversions += 1;
}

/** The Totals of raw rows: their sum. */
export function totalOf(rows: Map<string, Figures>): Figures {
  const total = noFigures();
  for (const r of rows.values()) {
    total.clicks += r.clicks;
    total.conversions += r.conversions;
    total.pendingConversions += r.pendingConversions;
    total.rejectedConversions += r.rejectedConversions;
    for (const [name, amount] of Object.entries(r.money)) total.money[name] = (total.money[name] ?? 0) + amount;
  }
  return total;
}
