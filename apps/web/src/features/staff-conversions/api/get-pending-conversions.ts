import { useQuery } from '@tanstack/react-query';
import { conversionReviewEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
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
