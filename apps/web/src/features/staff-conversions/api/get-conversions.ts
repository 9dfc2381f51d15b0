import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { conversionReviewEndpoints, type StaffConversionsQuery } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffConversionKeys } from './keys';

/** GET /staff/conversions: one page of the search within the reader's reach, and how many it finds (decision 071). */
export const useStaffConversions = (query: StaffConversionsQuery) =>
  useQuery({
    queryKey: staffConversionKeys.search(query),
    queryFn: async () => {
      const answer = await api.call(conversionReviewEndpoints.list, { query });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });

export type StaffConversionListRow = NonNullable<ReturnType<typeof useStaffConversions>['data']>['list'][number];
