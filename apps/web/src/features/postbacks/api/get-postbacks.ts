import { queryOptions, useQuery } from '@tanstack/react-query';
import { postbacksEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { postbackKeys } from './keys';

/** The nested objects the list shows (spec section 2: goal and offers columns). */
export const POSTBACK_LIST_GROUPS = 'goal,offers';

export function postbacksQueryOptions() {
  return queryOptions({
    queryKey: postbackKeys.list(),
    queryFn: async () => (await api.call(postbacksEndpoints.list, { query: { groups: POSTBACK_LIST_GROUPS } })).data,
  });
}

export const usePostbacks = () => useQuery(postbacksQueryOptions());
