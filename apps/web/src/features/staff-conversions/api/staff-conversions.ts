import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { conversionReviewEndpoints, type ConversionReview } from '@portal/contracts';
import { api } from '@/lib/api-client';

const key = ['staff-conversions'] as const;

/** GET /staff/conversions: the pending conversions this staff member reviews, newest first, paged. */
export const usePendingConversions = (page: number, count: number) =>
  useQuery({
    queryKey: [...key, page, count],
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
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: ['staff-home'] });
    },
  });
}
