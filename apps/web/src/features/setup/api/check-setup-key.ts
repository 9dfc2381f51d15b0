import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CheckKeyResultSchema } from '@portal/contracts';
import { api } from '@/lib/api-client';

export async function checkSetupKey(key: string) {
  const { data } = await api.get<z.infer<typeof CheckKeyResultSchema>>(`/setup/check-key/${encodeURIComponent(key)}`);
  return data?.valid === true;
}

export function useCheckSetupKey(key: string) {
  return useQuery(
    queryOptions({
      queryKey: ['setup', 'check-key', key],
      queryFn: () => checkSetupKey(key),
      staleTime: 0,
      gcTime: 0,
    }),
  );
}
