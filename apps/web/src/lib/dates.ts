const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as yyyy-MM-dd ('2025-02-30' is not one). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  // '2026-13-01' does not parse at all; '2025-02-30' parses as 2 March.
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** What a date field accepts as typed: dd/MM/yyyy (as dates are shown) or yyyy-MM-dd; null unless a real date. */
export function parseDayInput(input: string): string | null {
  const text = input.trim();
  const dayFirst = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = dayFirst ? `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}` : text;
  return isIsoDate(iso) ? iso : null;
}
