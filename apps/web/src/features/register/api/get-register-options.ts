import { queryOptions, useQuery } from '@tanstack/react-query';
import { registerEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { registerKeys } from './keys';

export async function getRegisterOptions() {
  const { data } = await api.call(registerEndpoints.options);
  return data;
}

export function registerOptionsQueryOptions() {
  return queryOptions({ queryKey: registerKeys.options(), queryFn: getRegisterOptions, staleTime: 5 * 60_000 });
}

export function useRegisterOptions() {
  return useQuery(registerOptionsQueryOptions());
}
