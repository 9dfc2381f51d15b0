import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_PAGE_SIZE,
  offersEndpoints,
  postbacksEndpoints,
  type PostbackBody,
  type PostbackPatch,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { postbackKeys } from './keys';

/** The nested objects the list shows (spec section 2: goal and offers columns). */
export const POSTBACK_LIST_GROUPS = 'goal,offers';
export const STATS_PAGE_SIZE = 20;

export function postbacksQueryOptions() {
  return queryOptions({
    queryKey: postbackKeys.list(),
    queryFn: async () => (await api.call(postbacksEndpoints.list, { query: { groups: POSTBACK_LIST_GROUPS } })).data,
  });
}

export const usePostbacks = () => useQuery(postbacksQueryOptions());

/**
 * The offers a postback may be bound to, with their goals: every offer the partner sees (one page of the maximum
 * size; the form keeps only those the partner may run).
 */
export function postbackOffersQueryOptions() {
  return queryOptions({
    queryKey: postbackKeys.offers(),
    queryFn: async () =>
      (
        await api.call(offersEndpoints.list, {
          query: { count: MAX_PAGE_SIZE, sortName: 'name', sortOrder: 'asc', groups: 'goals,goal' },
        })
      ).data,
    staleTime: 60_000,
  });
}

export const usePostbackOffers = () => useQuery(postbackOffersQueryOptions());

/** Every change reloads the list (and any open stats). */
function usePostbackChange<V, R>(run: (value: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postbackKeys.all }),
  });
}

/** Field errors are the form's to show (skipBadRequestHandling). */
export const useSavePostback = () =>
  usePostbackChange(({ id, body }: { id: number | null; body: PostbackBody }) =>
    id === null
      ? api.call(postbacksEndpoints.create, { body }, { skipBadRequestHandling: true })
      : api.call(postbacksEndpoints.update, { params: { id }, body }, { skipBadRequestHandling: true }),
  );

export const useUpdatePostback = () =>
  usePostbackChange(({ id, patch }: { id: number; patch: PostbackPatch }) =>
    api.call(postbacksEndpoints.update, { params: { id }, body: patch }),
  );

export const useDeletePostback = () =>
  usePostbackChange((id: number) => api.call(postbacksEndpoints.delete, { params: { id } }));

/** Fires the postback once with the sample values; the answer is the attempt made. */
export const useTestPostback = () =>
  usePostbackChange((id: number) => api.call(postbacksEndpoints.test, { params: { id } }));

export const useResendDelivery = () =>
  usePostbackChange((deliveryId: string) => api.call(postbacksEndpoints.resendDelivery, { params: { deliveryId } }));

export function postbackStatsQueryOptions(id: number, page: number) {
  return queryOptions({
    queryKey: postbackKeys.stats(id, page),
    queryFn: async () =>
      (await api.call(postbacksEndpoints.stats, { params: { id }, query: { page, count: STATS_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });
}

/** Deliveries happen in the background: the open stats view refreshes itself. */
export const usePostbackStats = (id: number, page: number) =>
  useQuery({ ...postbackStatsQueryOptions(id, page), refetchInterval: 3_000 });

export const usePostbackSecret = () =>
  useQuery({ queryKey: postbackKeys.secret(), queryFn: async () => (await api.call(postbacksEndpoints.secret)).data });

export function useRotatePostbackSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(postbacksEndpoints.rotateSecret),
    onSuccess: ({ data }) => queryClient.setQueryData(postbackKeys.secret(), data),
  });
}
