import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ConversionDecisions, conversionReviewEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { sharedQueryRoots } from '@/lib/query-keys';
import { staffConversionKeys } from './keys';

/** POST /staff/conversions/decisions: many pending conversions at once, all or none (decision 079). */
export function useDecideConversions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConversionDecisions) => api.call(conversionReviewEndpoints.decide, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffConversionKeys.all });
      await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.staffHome });
    },
  });
}
