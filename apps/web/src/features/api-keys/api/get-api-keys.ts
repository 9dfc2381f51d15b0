import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeysEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from './keys';

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeyKeys.all,
    queryFn: async () => (await api.call(apiKeysEndpoints.list)).data,
  });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
