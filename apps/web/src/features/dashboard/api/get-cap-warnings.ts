import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { partnerCapsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { statisticsKeys } from './keys';

/** GET /caps/warnings: the caps the partner is under at 80 % or more in their current period (decision 105). */
export async function getCapWarnings(options: { silent?: boolean } = {}) {
  const { data } = await api.call(partnerCapsEndpoints.warnings, {}, options);
  return data;
}

/**
 * Fresh for 30 s: the dashboard's loader asks for them before the first render (decision 135), and the alert drawn
 * with that answer does not ask again as it mounts.
 */
export function capWarningsQueryOptions() {
  return queryOptions({
    queryKey: [...statisticsKeys.all, 'cap-warnings'] as const,
    queryFn: () => getCapWarnings(),
    staleTime: 30_000,
  });
}

export function useCapWarnings() {
  return useQuery(capWarningsQueryOptions());
}

/**
 * The warnings for the dashboard's first render (decision 135): the alert sits above the quick stats, and drawn after
 * them it pushed them down (a layout shift of 0.12). What is cached is taken as it is; otherwise asked for silently
 * (if it fails, the alert asks again when drawn, and that call says what went wrong). Never rejects.
 */
export function prefetchCapWarnings(queryClient: QueryClient): Promise<void> {
  return queryClient
    .ensureQueryData({ ...capWarningsQueryOptions(), queryFn: () => getCapWarnings({ silent: true }) })
    .then(
      () => undefined,
      () => undefined,
    );
}
