import { useQuery } from '@tanstack/react-query';
import { advertisersEndpoints, type PostbackLogOutcome } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

export const usePostbackLog = (id: number, outcome: PostbackLogOutcome | null, page: number, count: number) =>
  useQuery({
    queryKey: advertiserKeys.postbackLog(id, outcome, page, count),
    queryFn: async () => {
      const answer = await api.call(advertisersEndpoints.postbacks, {
        params: { id },
        query: { page, count, ...(outcome ? { outcome } : {}) },
      });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });
