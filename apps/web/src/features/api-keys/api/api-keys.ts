import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@portal/contracts';
import { api } from '@/lib/api-client';

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: ['api-keys'],
    queryFn: async () => (await api.get<ApiKey[]>('/api-keys')).data,
  });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

function useKeyChange<V, R>(run: (value: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}

/** The answer carries the key itself, the only time it is ever shown. */
export const useCreateApiKey = () =>
  useKeyChange((body: CreateApiKeyBody) =>
    api.post<CreatedApiKey>('/api-keys', body, { skipBadRequestHandling: true }),
  );

export const useRevokeApiKey = () => useKeyChange((id: number) => api.delete<ApiKey>(`/api-keys/${id}`));
