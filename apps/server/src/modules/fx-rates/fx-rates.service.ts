import { FX_QUOTE_CURRENCY, type FxRateSource, type FxRates, type FxRatesBody } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { lockConvertedWeeks, refreshConvertedWeeks } from '../rollups/index.js';
import { parseEcbRates } from './ecb.js';
import { FxConverter, type FxAmount, type FxFactorTable } from './fx-convert.js';
import * as repo from './fx-rates.repository.js';

/** The rates that apply to a day, each currency's own or its last known before (decision 111). */
export async function fxRatesOn(db: DbOrTx, base: string, date: string): Promise<FxRates> {
  return { date, base, rates: await repo.ratesOn(db, date) };
}

/** Finance sets a day's rates: written and audited in one transaction, one audit line per day with each change. */
export async function setFxRates(
  db: Db,
  actor: AuditActor & { actorId: number },
  base: string,
  body: FxRatesBody,
  now: Date,
): Promise<FxRates> {
  await db.transaction(async (tx) => {
    await lockConvertedWeeks(tx);
    const before = new Map((await repo.ratesOfDay(tx, body.date, body.rates.map((r) => r.currency))).map((r) => [r.currency, r.rate])); // prettier-ignore
    const rates = body.rates.map((r) => ({ currency: r.currency, rate: tidyRate(r.rate) }));
    await repo.upsertRates(tx, body.date, rates, 'finance', actor.actorId, now);
    await convertedAgain(
      tx,
      body.date,
      rates.map((r) => r.currency),
    );
    const changes = rates
      .filter((r) => before.get(r.currency) !== r.rate)
      .map((r) => ({ field: r.currency, before: before.get(r.currency) ?? null, after: r.rate }));
    await recordAudit(tx, actor, [{ action: 'update', entityType: 'fx_rate', entityId: body.date, changes }], now);
  });
  return fxRatesOn(db, base, body.date);
}

/** '1.08230' → '1.0823', '2.' never reaches here (the pattern refuses it). */
const tidyRate = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);

/**
 * An ECB file's days written as the ECB's rates; a currency finance set by hand on a day keeps finance's rate.
 * Returns the days written.
 */
export async function importEcbRates(db: Db, xml: string, now: Date): Promise<string[]> {
  const days = parseEcbRates(xml);
  for (const { day, rates } of days) {
    await storeRates(db, day, rates, 'ecb', null, now);
  }
  return days.map((d) => d.day);
}

/**
 * A day's rates written (never over a currency finance set by hand, unless finance writes it) and the weekly grains in
 * the base currency taken again over the days they reach (decision 142), in one transaction under the rates' lock:
 * the ECB's job and the demo's seed.
 */
export async function storeRates(
  db: DbOrTx,
  day: string,
  given: { currency: string; rate: string }[],
  source: FxRateSource,
  updatedBy: number | null,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockConvertedWeeks(tx);
    await convertedAgain(tx, day, await writeDay(tx, day, given, source, updatedBy, now));
  });
}

/** One day's rates written, never over a currency finance set by hand unless finance writes it: the currencies written. */
async function writeDay(
  tx: DbOrTx,
  day: string,
  given: { currency: string; rate: string }[],
  source: FxRateSource,
  updatedBy: number | null,
  now: Date,
): Promise<string[]> {
  const edited = source === 'finance' ? new Set<string>() : await repo.editedCurrencies(tx, day);
  const rates = given.filter((r) => !edited.has(r.currency)).map((r) => ({ ...r, rate: tidyRate(r.rate) }));
  await repo.upsertRates(tx, day, rates, source, updatedBy, now);
  return rates.map((r) => r.currency);
}

/**
 * Days of rates written as `storeRates` writes each, in one transaction under the rates' lock, and the weeks in the base
 * currency taken again once, from the first day written on (decision 150): the demo's seed. A year of days each taking
 * every later week again was quadratic in its days, and each weekly grain in the base currency added to it.
 */
export async function storeRatesOfDays(
  db: DbOrTx,
  days: { day: string; rates: { currency: string; rate: string }[] }[],
  source: FxRateSource,
  updatedBy: number | null,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockConvertedWeeks(tx);
    let first: string | null = null;
    for (const { day, rates } of days) {
      const written = await writeDay(tx, day, rates, source, updatedBy, now);
      if (written.length > 0 && (first === null || day < first)) first = day;
    }
    if (first !== null) await refreshConvertedWeeks(tx, first, null);
  });
}

/**
 * A day's rates of some currencies changed: that day and each later one that reads them (until each currency's next
 * own rate) convert at another factor, so their weeks in the base currency are taken again (decision 142). A rate of
 * the base changes every currency's factor, which the weeks taken again (all their keys) cover.
 */
async function convertedAgain(tx: DbOrTx, day: string, currencies: string[]): Promise<void> {
  if (currencies.length === 0) return;
  await refreshConvertedWeeks(tx, day, await repo.nextOwnRateDay(tx, day, currencies));
}

/** The converter for a report's amounts: the rates of their currencies (and the base's) over their days. */
export async function fxConverterFor(db: DbOrTx, base: string, amounts: readonly FxAmount[]): Promise<FxConverter> {
  const foreign = amounts.filter((a) => a.currency !== base);
  const currencies = new Set(foreign.map((a) => a.currency));
  if (foreign.length > 0) currencies.add(base);
  currencies.delete(FX_QUOTE_CURRENCY);
  const days = foreign.map((a) => a.day).sort();
  const rows = days.length > 0 ? await repo.ratesFor(db, [...currencies], days[0]!, days.at(-1)!) : [];
  return new FxConverter(base, byCurrencyOf(rows));
}

/** Stored rates by currency, in the order read (each currency's days ascending); the euro (the quote) has none. */
function byCurrencyOf(rates: readonly repo.StoredRate[]): Map<string, repo.StoredRate[]> {
  const byCurrency = new Map<string, repo.StoredRate[]>();
  for (const r of rates) {
    if (r.currency === FX_QUOTE_CURRENCY) continue;
    const list = byCurrency.get(r.currency);
    if (list) list.push(r);
    else byCurrency.set(r.currency, [r]);
  }
  return byCurrency;
}

/**
 * A converter and its factors for every currency with a rate (and the euro and the base) over some days, in order: a
 * report converts its amounts in SQL with them (decision 123), before it knows which currencies it holds.
 */
export async function fxFactorsFor(
  db: DbOrTx,
  base: string,
  days: readonly string[],
): Promise<{ converter: FxConverter; factors: FxFactorTable }> {
  const { currencies: stored, rates } =
    days.length > 0
      ? await repo.storedRatesFor(db, days[0]!, days.at(-1)!)
      : { currencies: await repo.rateCurrencies(db), rates: [] };
  const currencies = [...new Set([...stored, base])].filter((c) => c !== FX_QUOTE_CURRENCY);
  const converter = new FxConverter(base, byCurrencyOf(rates));
  return { converter, factors: converter.factorTable([...currencies, FX_QUOTE_CURRENCY], days) };
}
