import { formatLocalDate, formatLocalHour } from '@portal/contracts';

/**
 * The payout hold's moments as the Payments screen shows them (decision 072): the server sends them on the partner's
 * wall clock with its offset ('2026-05-11T12:20:00+02:00'), so they read dd/MM/yyyy HH:mm with no conversion, like
 * the screen's other dates in the partner's time zone.
 */
export const formatHoldMoment = (localIso: string) => `${formatLocalDate(localIso)} ${formatLocalHour(localIso)}`;

/** The time zone a local ISO moment is on, in words: 'UTC' or 'UTC+02:00'. */
export function holdTimeZone(localIso: string): string {
  const offset = localIso.slice(19);
  return offset === '' || offset === 'Z' || offset === '+00:00' ? 'UTC' : `UTC${offset}`;
}
