import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnerCapsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { statisticsKeys } from './keys';

/** GET /caps/warnings: the caps the partner is under at 80 % or more in their current period (decision 105). */
export async function getCapWarnings() {
  const { data } = await api.call(partnerCapsEndpoints.warnings);
  return data;
}

export function capWarningsQueryOptions() {
  return queryOptions({ queryKey: [...statisticsKeys.all, 'cap-warnings'] as const, queryFn: getCapWarnings });
}

export function useCapWarnings() {
  return useQuery(capWarningsQueryOptions());
}
