import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trafficEndpoints, type TrafficRulesBody } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { staffOfferKeys } from './keys';

/** GET /staff/traffic-rules: the network's rules and this offer's overrides (all null when it has none). */
export const useOfferTrafficRules = (offerId: number) =>
  useQuery({
    queryKey: staffOfferKeys.trafficRules(offerId),
    queryFn: async () => {
      const view = (await api.call(trafficEndpoints.rules, {})).data;
      return { network: view.network, overrides: view.offers.find((o) => o.offerId === offerId)?.overrides ?? null };
    },
  });

/** PUT /staff/traffic-rules with `offerId`: the offer's overrides; every field null removes them (decision 083). */
export function useSaveOfferTrafficRules(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrafficRulesBody) => api.call(trafficEndpoints.setRules, { body }, formCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.trafficRules(offerId) }),
  });
}
