// The date-time fields' format (decision 099), apart from lib/dates.ts: the offer editor's fields draw with it at
// first paint, and lib/dates.ts brings the contracts' time zones and formatting with it (decision 133).

/** How a date-time field shows its value: a dayjs format and the clock of its time picker. */
export type DateTimeInputFormat = { valueFormat: string; clock: '12h' | '24h' };

const DAYJS_TOKENS: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
  year: 'YYYY',
  month: 'MM',
  day: 'DD',
  minute: 'mm',
  dayPeriod: 'A',
};

/**
 * A locale's date-time field (decision 099): its parts in the locale's order and separators ('DD/MM/YYYY HH:mm' for
 * en-GB, 'MM/DD/YYYY hh:mm A' for en-US), and a 12-hour picker only where the locale's clock is one.
 */
export function dateTimeInputFormat(locale: string): DateTimeInputFormat {
  const formatter = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const { hourCycle } = formatter.resolvedOptions();
  const twelve = hourCycle === 'h11' || hourCycle === 'h12';
  const valueFormat = formatter
    .formatToParts(new Date(Date.UTC(2026, 10, 27, 15, 4)))
    .map((part) => {
      if (part.type === 'hour') return twelve ? 'hh' : 'HH';
      if (part.type !== 'literal') return DAYJS_TOKENS[part.type] ?? '';
      // 'dd/MM/yyyy, HH:mm': the comma between date and time goes, a narrow space before 'PM' is a space; letters in
      // a separator are kept as text.
      const literal = part.value.replace(/,\s*/, ' ').replace(/\s+/gu, ' ');
      return /\p{L}/u.test(literal) ? `[${literal}]` : literal;
    })
    .join('');
  return { valueFormat, clock: twelve ? '12h' : '24h' };
}
