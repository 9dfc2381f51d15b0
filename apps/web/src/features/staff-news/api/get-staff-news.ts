import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type EndpointData, type NewsState, type RevivedDates, staffNewsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffNewsKeys } from './keys';

export type StaffNewsRow = RevivedDates<EndpointData<typeof staffNewsEndpoints.list>>[number];

export const useStaffNews = (state: NewsState | null, page: number, count: number) =>
  useQuery({
    queryKey: staffNewsKeys.list(state, page, count),
    queryFn: async () => {
      const answer = await api.call(staffNewsEndpoints.list, { query: { page, count, ...(state ? { state } : {}) } });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
