/**
 * The ECB's reference rates file (eurofxref-daily.xml, and its 90-day and historical twins): a gesmes envelope whose
 * `Cube time="yyyy-MM-dd"` elements hold `Cube currency="USD" rate="1.0823"` ones (decision 111). Read with patterns,
 * not an XML library: the format is fixed and flat, and a file that does not match yields no day, never a wrong rate.
 */
import { FX_QUOTE_CURRENCY, FX_RATE_PATTERN } from '@portal/contracts';

export type EcbDay = { day: string; rates: { currency: string; rate: string }[] };

const DAY = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]\s*>([\s\S]*?)<\/Cube>/g;
const RATE = /<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([0-9.]+)['"]\s*\/>/g;

/** The days of an ECB file, each with its rates; a rate out of the stored pattern is left out. */
export function parseEcbRates(xml: string): EcbDay[] {
  if (!/gesmes:Envelope/.test(xml)) return [];
  const days: EcbDay[] = [];
  for (const [, day, body] of xml.matchAll(DAY)) {
    const rates = [...body!.matchAll(RATE)]
      .map(([, currency, rate]) => ({ currency: currency!, rate: rate! }))
      .filter((r) => r.currency !== FX_QUOTE_CURRENCY && FX_RATE_PATTERN.test(r.rate) && Number(r.rate) > 0);
    if (rates.length > 0) days.push({ day: day!, rates });
  }
  return days;
}
