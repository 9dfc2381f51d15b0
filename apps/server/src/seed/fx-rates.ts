import type { DbOrTx } from '../db/client.js';
import { storeFxRatesOfDays } from '../modules/fx-rates/index.js';

/** Each currency's level (units for one euro, late 2025) and the decimals the ECB quotes it with. */
const LEVELS: [currency: string, level: number, decimals: number][] = [
  ['USD', 1.1642, 4], ['JPY', 181.92, 2], ['CZK', 24.183, 3], ['DKK', 7.4691, 4], ['GBP', 0.87905, 5],
  ['HUF', 384.58, 2], ['PLN', 4.2245, 4], ['RON', 5.0918, 4], ['SEK', 10.9395, 4], ['CHF', 0.9331, 4],
  ['ISK', 148.1, 2], ['NOK', 11.7315, 4], ['TRY', 49.5621, 4], ['AUD', 1.7689, 4], ['BRL', 6.2387, 4],
  ['CAD', 1.6248, 4], ['CNY', 8.2316, 4], ['HKD', 9.0587, 4], ['IDR', 19403.27, 2], ['ILS', 3.7912, 4],
  ['INR', 104.2415, 4], ['KRW', 1712.56, 2], ['MXN', 21.2094, 4], ['MYR', 4.8043, 4], ['NZD', 2.0371, 4],
  ['PHP', 68.482, 3], ['SGD', 1.5117, 4], ['THB', 37.458, 3], ['ZAR', 19.9104, 4],
]; // prettier-ignore

const DAY_MS = 86_400_000;

/**
 * A year of daily reference rates up to `now` (decision 111), on the days the ECB publishes (weekdays): each a slow
 * swing of a few percent around its level, a function of the date alone, so that the same day always has the same
 * rate and the demo's reports convert the same way on every machine. Weekends read Friday's, as with the ECB.
 */
export async function seedFxRates(db: DbOrTx, now: Date): Promise<void> {
  const today = Math.floor(now.getTime() / DAY_MS);
  const days: { day: string; rates: { currency: string; rate: string }[] }[] = [];
  for (let day = today - 365; day <= today; day += 1) {
    const weekday = new Date(day * DAY_MS).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const rates = LEVELS.map(([currency, level, decimals], i) => {
      const swing = 0.03 * Math.sin((2 * Math.PI * day) / 365 + i) + 0.006 * Math.sin((2 * Math.PI * day) / 23 + 2 * i);
      return { currency, rate: (level * (1 + swing)).toFixed(decimals) };
    });
    days.push({ day: new Date(day * DAY_MS).toISOString().slice(0, 10), rates });
  }
  // One transaction, the weeks in the base currency taken again once (decision 150).
  await storeFxRatesOfDays(db, days, 'seed', null, now);
}
