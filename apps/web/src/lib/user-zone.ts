import { useQuery } from '@tanstack/react-query';
import { formatDayIn, formatMomentIn, zoneName } from '@portal/contracts';
import { configQueryOptions } from './config';

/** How a screen writes the moments it shows: on the user's wall clock, the zone named (decision 112). */
export type UserZone = {
  /** The stored offset ('+01:00'); null is UTC. */
  offset: string | null;
  /** 'GMT+01:00', for a column header or beside a time. */
  name: string;
  /** dd/MM/yyyy HH:mm in the user's zone; '' for none. */
  moment: (date: Date | null | undefined) => string;
  /** dd/MM/yyyy of the moment's day in the user's zone; '' for none. */
  day: (date: Date | null | undefined) => string;
  /** 'dd/MM/yyyy HH:mm (GMT+01:00)': a moment alone in a sentence; '' for none. */
  named: (date: Date | null | undefined) => string;
};

export function userZone(offset: string | null | undefined): UserZone {
  const zone = offset ?? null;
  const name = zoneName(zone);
  return {
    offset: zone,
    name,
    moment: (date) => (date ? formatMomentIn(date, zone) : ''),
    day: (date) => (date ? formatDayIn(date, zone) : ''),
    named: (date) => (date ? `${formatMomentIn(date, zone)} (${name})` : ''),
  };
}

/**
 * The signed-in user's zone (users.timezone through GET /config), never the browser's: the guarded layout loads the
 * configuration before any screen, so this reads it without asking again (UTC until it is there, as the API's null).
 */
export function useUserZone(): UserZone {
  const config = useQuery({ ...configQueryOptions(), enabled: false });
  return userZone(config.data?.user.timezone);
}
