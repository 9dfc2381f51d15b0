import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { conversionReviewEndpoints, type ConversionReview } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { sharedQueryRoots } from '@/lib/query-keys';
import { staffConversionKeys } from './keys';

/** GET /staff/conversions: the pending conversions this staff member reviews, newest first, paged. */
export const usePendingConversions = (page: number, count: number) =>
  useQuery({
    queryKey: staffConversionKeys.pending(page, count),
    queryFn: async () => {
      const answer = await api.call(conversionReviewEndpoints.list, { query: { status: 'pending', page, count } });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });

/** PUT /staff/conversions/{id}: approve or decline; the list and the home's counts reload. */
export function useReviewConversion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ConversionReview }) =>
      api.call(conversionReviewEndpoints.review, { params: { id }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffConversionKeys.all });
      await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.staffHome });
    },
  });
}
