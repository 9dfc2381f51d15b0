import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ConversionReview, conversionReviewEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { sharedQueryRoots } from '@/lib/query-keys';
import { staffConversionKeys } from './keys';

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
