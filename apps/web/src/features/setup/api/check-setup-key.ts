import { queryOptions, useQuery } from '@tanstack/react-query';
import { setupEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { setupKeys } from './keys';

export async function checkSetupKey(key: string) {
  const { data } = await api.call(setupEndpoints.checkKey, { params: { key } });
  return data?.valid === true;
}

export function useCheckSetupKey(key: string) {
  return useQuery(
    queryOptions({
      queryKey: setupKeys.checkKey(key),
      queryFn: () => checkSetupKey(key),
      staleTime: 0,
      gcTime: 0,
    }),
  );
}
