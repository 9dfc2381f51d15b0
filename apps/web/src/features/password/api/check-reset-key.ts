import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { passwordKeys } from './keys';

export async function checkResetKey(key: string) {
  const { data } = await api.call(authEndpoints.checkResetKey, { params: { key } });
  return data?.valid === true;
}

export function checkResetKeyQueryOptions(key: string) {
  return queryOptions({
    queryKey: passwordKeys.checkKey(key),
    queryFn: () => checkResetKey(key),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useCheckResetKey(key: string) {
  return useQuery(checkResetKeyQueryOptions(key));
}
