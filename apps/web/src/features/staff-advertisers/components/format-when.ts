import { formatDate, formatHour } from '@portal/contracts';

/** A moment as the advertiser's page shows it: its date and hour, or a dash. */
export const when = (date: Date | null | undefined) => (date ? `${formatDate(date)} ${formatHour(date)}` : '—');
