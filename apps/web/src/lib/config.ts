import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { configEndpoint } from '@portal/contracts';
import { api } from './api-client';

export type PortalConfig = Awaited<ReturnType<typeof getConfig>>;

export async function getConfig(options: { silent?: boolean } = {}) {
  const { data } = await api.call(configEndpoint, {}, options);
  return data;
}

/**
 * Shared by every screen (countries, lists, the partner). Components never refetch it on their
 * own: the guarded layout's loader reloads it on every navigation (spec section 4).
 */
export function configQueryOptions() {
  return queryOptions({ queryKey: ['config'], queryFn: () => getConfig(), staleTime: Number.POSITIVE_INFINITY });
}

/** Forces a fresh GET /config; used at every navigation start. */
export function reloadConfig(queryClient: QueryClient, options: { silent?: boolean } = {}) {
  return queryClient.fetchQuery({ ...configQueryOptions(), queryFn: () => getConfig(options), staleTime: 0 });
}

export function useConfig(): PortalConfig {
  return useSuspenseQuery(configQueryOptions()).data;
}
