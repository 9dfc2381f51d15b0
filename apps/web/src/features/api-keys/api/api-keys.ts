import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeysEndpoints, type CreateApiKeyBody } from '@portal/contracts';
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

function useKeyChange<V, R>(run: (value: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** The answer carries the key itself, the only time it is ever shown. */
export const useCreateApiKey = () =>
  useKeyChange((body: CreateApiKeyBody) =>
    api.call(apiKeysEndpoints.create, { body }, { skipBadRequestHandling: true }),
  );

export const useRevokeApiKey = () =>
  useKeyChange((id: number) => api.call(apiKeysEndpoints.revoke, { params: { id } }));
