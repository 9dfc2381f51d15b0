import { useQuery } from '@tanstack/react-query';
import { clientTagEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

/** Each offer's snippets and latest tag hit (decision 085); `watching` polls for the next hit. */
export const useTagSetup = (id: number, watching: boolean) =>
  useQuery({
    queryKey: advertiserKeys.tagSetup(id),
    queryFn: async () => {
      const answer = await api.call(clientTagEndpoints.setup, { params: { id } });
      return Array.isArray(answer.data) ? answer.data : [];
    },
    refetchInterval: watching ? 3000 : false,
  });
