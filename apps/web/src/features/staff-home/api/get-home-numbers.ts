import { useQuery } from '@tanstack/react-query';
import { networkReportsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffHomeKeys } from './keys';

/**
 * GET /staff/home/numbers: today's, 7 days' and month-to-date figures, the week's top partners and offers (decision
 * 046), and how old they may be when a lagging reports replica answered (decision 107).
 */
export const useHomeNumbers = () =>
  useQuery({
    queryKey: staffHomeKeys.numbers(),
    queryFn: async () => {
      const answer = await api.call(networkReportsEndpoints.homeNumbers, {});
      return { numbers: answer.data, lagSeconds: answer.dataLagSeconds };
    },
  });
