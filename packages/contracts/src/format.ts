import { DEFAULT_CURRENCY } from './constants.js';

const MONEY_LOCALE = 'fr-FR';
const moneyFormatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(currency: string): Intl.NumberFormat {
  const code = currency.toUpperCase();
  let formatter = moneyFormatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat(MONEY_LOCALE, { style: 'currency', currency: code });
    moneyFormatters.set(code, formatter);
  }
  return formatter;
}

/** How many decimals a currency's minor unit has (2 for EUR, 0 for JPY, 3 for KWD). */
export function minorUnitDigits(currency: string = DEFAULT_CURRENCY): number {
  return moneyFormatter(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Formats an amount in minor units (cents) in French locale with the currency's ISO code. */
export function formatMoneyMinor(amountMinor: number, currency: string = DEFAULT_CURRENCY): string {
  return moneyFormatter(currency).format(amountMinor / 10 ** minorUnitDigits(currency));
}

/** Formats an amount in major units (euros) in French locale with the currency's ISO code. */
export function formatMoney(amount: number, currency: string = DEFAULT_CURRENCY): string {
  return moneyFormatter(currency).format(amount);
}

const countFormatter = new Intl.NumberFormat(MONEY_LOCALE, { maximumFractionDigits: 0 });

/**
 * Clicks, conversions and every other count, grouped as the money figures beside them are (French locale: '2 963',
 * with a narrow no-break space): the one number format of every screen.
 */
export function formatCount(value: number | null | undefined): string {
  return countFormatter.format(Number.isFinite(value) ? Number(value) : 0);
}

const percentFormatter = new Intl.NumberFormat(MONEY_LOCALE, {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A ratio (0.1234) as a French percentage with a comma decimal ('12,34 %'). */
export function formatPercent(ratio: number): string {
  return percentFormatter.format(Number.isFinite(ratio) ? ratio : 0);
}

/** Basis points (1250) as a percentage ('12,50 %'): how offer goals store revenue shares. */
export function formatBasisPoints(basisPoints: number): string {
  return formatPercent(basisPoints / 10_000);
}

/**
 * An offer's registration payout as the offer screens show it: a fixed amount in the offer's
 * currency, a revenue share, or both ('10,00 € + 5,00 %'); '' when the offer pays nothing on it.
 */
export function formatPayout(
  payout: { amount: number | null; percent: number | null; currency?: string | null } | null | undefined,
): string {
  if (!payout) return '';
  const parts: string[] = [];
  if (payout.amount !== null) parts.push(formatMoneyMinor(payout.amount, payout.currency || DEFAULT_CURRENCY));
  if (payout.percent !== null) parts.push(formatBasisPoints(payout.percent));
  return parts.join(' + ');
}

/** The flag emoji of an ISO 3166-1 alpha-2 code, from its regional indicator symbols. */
export function flagEmoji(isoCode: string): string {
  const code = isoCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/**
 * The locale dates and times are written in, everywhere (spec section 9: dd/MM/yyyy, HH:mm on a 24-hour clock): the
 * formatters below, and the web's date-time fields, which take their order and clock from it (decision 099).
 */
export const DATE_FORMAT_LOCALE = 'en-GB';

/** One formatter per time zone: making an Intl formatter costs far more than using one (a report formats thousands). */
const dateTimeFormatters = new Map<string | undefined, Intl.DateTimeFormat>();

function dateTimeFormatter(timeZone?: string): Intl.DateTimeFormat {
  let formatter = dateTimeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(DATE_FORMAT_LOCALE, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function parts(date: Date, timeZone?: string) {
  const formatted = dateTimeFormatter(timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => formatted.find((p) => p.type === type)?.value ?? '';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** dd/MM/yyyy (spec section 9). */
export function formatDate(date: Date, timeZone?: string): string {
  const p = parts(date, timeZone);
  return `${p.day}/${p.month}/${p.year}`;
}

/** HH:mm (spec section 9). */
export function formatHour(date: Date, timeZone?: string): string {
  const p = parts(date, timeZone);
  return `${p.hour}:${p.minute}`;
}

/** yyyy-MM-dd, as report calls send dates and documents show their expiry (UTC by default). */
export function formatIsoDate(date: Date, timeZone = 'UTC'): string {
  const p = parts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

export function personName(firstname: string | null | undefined, lastname: string | null | undefined): string {
  return [firstname, lastname].filter(Boolean).join(' ');
}

/** A partner's display name: company name followed by '#id' (spec section 3). */
export function partnerDisplayName(companyName: string, id: number): string {
  return `${companyName} #${id}`;
}

/**
 * An amount as typed ("12.50", "12,5", "12") in minor units of the currency (1250); '' is null; anything else
 * (a sign, letters, more decimals than the currency has) is NaN, which the schemas refuse as the wrong type.
 */
export function parseMinorUnits(text: string, currency: string = DEFAULT_CURRENCY): number | null {
  return parseDecimal(text, minorUnitDigits(currency));
}

/** A percent as typed ("12.5") in basis points (1250); '' is null; anything else NaN. */
export function parseBasisPoints(text: string): number | null {
  return parseDecimal(text, 2);
}

function parseDecimal(text: string, digits: number): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const match = /^(\d{1,9})(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[2] ?? '').length > digits) return Number.NaN;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0');
}

/** Minor units (or basis points, `digits` 2) as an input shows them: 1250 → "12.50"; null → "". */
export function decimalText(value: number | null, digits = 2): string {
  return value === null ? '' : (value / 10 ** digits).toFixed(digits);
}
