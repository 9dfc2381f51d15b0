import { and, eq, gte, inArray, lte, max, sql } from 'drizzle-orm';
import type { FxRateSource } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { fxRates } from '../../db/schema.js';
import { rowsOf } from '../../db/bulk.js';

export type StoredRate = { currency: string; day: string; rate: string; source: FxRateSource };

const columns = { currency: fxRates.currency, day: fxRates.day, rate: fxRates.rate, source: fxRates.source };

/** numeric(15,6) reads back as '1.082300': the trailing zeros dropped, as the ECB writes it. */
const tidy = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);
const asRate = (row: { currency: string; day: string; rate: string; source: string }): StoredRate => ({
  ...row,
  rate: tidy(row.rate),
  source: row.source as FxRateSource,
});

/**
 * Every currency with a stored rate, and the rates a conversion over [from, to] reads: each currency's days in it and
 * its last one on or before `from` (decision 111). One statement (decision 134): `rateCurrencies` then `ratesFor` were
 * three round trips in sequence before a converted report could start.
 */
export async function storedRatesFor(
  db: DbOrTx,
  from: string,
  to: string,
): Promise<{ currencies: string[]; rates: StoredRate[] }> {
  const rows = rowsOf<{ currency: string; day: string | null; rate: string | null; source: string | null }>(
    await db.execute(sql`with f as (
        select ${fxRates.currency} as currency, coalesce(max(${fxRates.day}) filter (where ${fxRates.day} <= ${from}::date), ${from}::date) as first
        from ${fxRates} group by ${fxRates.currency})
      select f.currency, to_char(r.day, 'YYYY-MM-DD') as day, r.rate::text as rate, r.source
      from f left join ${fxRates} r on r.currency = f.currency and r.day >= f.first and r.day <= ${to}::date
      order by f.currency, r.day`),
  );
  const currencies = [...new Set(rows.map((r) => r.currency))];
  const rates = rows.flatMap((r) => (r.day !== null && r.rate !== null && r.source !== null ? [asRate({ currency: r.currency, day: r.day, rate: r.rate, source: r.source })] : [])); // prettier-ignore
  return { currencies, rates };
}

/** Each currency's rate that applies to a day: that day's, else the last one before it. */
export async function ratesOn(db: DbOrTx, day: string): Promise<StoredRate[]> {
  const last = db
    .select({ currency: fxRates.currency, day: max(fxRates.day).as('last_day') })
    .from(fxRates)
    .where(lte(fxRates.day, day))
    .groupBy(fxRates.currency)
    .as('last');
  const rows = await db
    .select(columns)
    .from(fxRates)
    .innerJoin(last, and(eq(last.currency, fxRates.currency), eq(last.day, fxRates.day)))
    .orderBy(fxRates.currency);
  return rows.map(asRate);
}

/** One day's stored rates of some currencies (what an edit replaces). */
export async function ratesOfDay(db: DbOrTx, day: string, currencies: string[]): Promise<StoredRate[]> {
  if (currencies.length === 0) return [];
  const rows = await db.select(columns).from(fxRates).where(and(eq(fxRates.day, day), inArray(fxRates.currency, currencies))); // prettier-ignore
  return rows.map(asRate);
}

/**
 * The rates a conversion of these currencies over [from, to] reads: every day's in it, and each currency's last one
 * on or before `from` (a day without its own rate uses the last known, decision 111).
 */
export async function ratesFor(db: DbOrTx, currencies: string[], from: string, to: string): Promise<StoredRate[]> {
  if (currencies.length === 0) return [];
  const lasts = await db
    .select({ day: max(fxRates.day) })
    .from(fxRates)
    .where(and(inArray(fxRates.currency, currencies), lte(fxRates.day, from)))
    .groupBy(fxRates.currency);
  const first = lasts.reduce<string>((min, r) => (r.day !== null && r.day < min ? r.day : min), from);
  const rows = await db
    .select(columns)
    .from(fxRates)
    .where(and(inArray(fxRates.currency, currencies), gte(fxRates.day, first), lte(fxRates.day, to)))
    .orderBy(fxRates.currency, fxRates.day);
  return rows.map(asRate);
}

/** Writes a day's rates, replacing those of the same day and currency. */
export async function upsertRates(
  db: DbOrTx,
  day: string,
  rates: { currency: string; rate: string }[],
  source: FxRateSource,
  updatedBy: number | null,
  now: Date,
): Promise<void> {
  if (rates.length === 0) return;
  await db
    .insert(fxRates)
    .values(rates.map((r) => ({ day, currency: r.currency, rate: r.rate, source, updatedBy, updatedAt: now })))
    .onConflictDoUpdate({
      target: [fxRates.currency, fxRates.day],
      set: { rate: sql`excluded.rate`, source: sql`excluded.source`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` }, // prettier-ignore
    });
}

/** A day's currencies finance has set by hand: the job does not overwrite them with the ECB's file. */
export async function editedCurrencies(db: DbOrTx, day: string): Promise<Set<string>> {
  const rows = await db.select({ currency: fxRates.currency }).from(fxRates).where(and(eq(fxRates.day, day), eq(fxRates.source, 'finance'))); // prettier-ignore
  return new Set(rows.map((r) => r.currency));
}

/** Every currency the table has a rate of (decision 123: a report's conversion in SQL reads their factors). */
export async function rateCurrencies(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ currency: fxRates.currency }).from(fxRates).orderBy(fxRates.currency);
  return rows.map((r) => r.currency);
}

/**
 * The first day after `day` with its own rate for each of these currencies, the latest of them; null when one has
 * none yet (its rate of `day` is read by every later day). A change of `day`'s rates reaches the days [day, that one).
 */
export async function nextOwnRateDay(db: DbOrTx, day: string, currencies: string[]): Promise<string | null> {
  if (currencies.length === 0) return day;
  const rows = await db
    .select({ currency: fxRates.currency, next: sql<string | null>`to_char(min(${fxRates.day}), 'YYYY-MM-DD')` })
    .from(fxRates)
    .where(and(inArray(fxRates.currency, currencies), sql`${fxRates.day} > ${day}::date`))
    .groupBy(fxRates.currency);
  if (rows.length < new Set(currencies).size || rows.some((r) => r.next === null)) return null;
  return rows.reduce((max, r) => (r.next! > max ? r.next! : max), day);
}
