import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BlocklistInput,
  type EndpointData,
  type RevivedDates,
  type TrafficRulesBody,
  trafficEndpoints,
} from '@portal/contracts';
import { api } from '@/lib/api-client';

/** The query keys of the traffic screen; every change reloads everything under `all`. */
export const staffTrafficKeys = {
  all: ['staff-traffic'] as const,
  rules: () => [...staffTrafficKeys.all, 'rules'] as const,
  blocklists: () => [...staffTrafficKeys.all, 'blocklists'] as const,
};

export type TrafficRulesData = EndpointData<typeof trafficEndpoints.rules>;
export type BlockRow = RevivedDates<EndpointData<typeof trafficEndpoints.blocklists>>[number];

/** The forms show their own refusals (field errors). */
const formCall = { skipBadRequestHandling: true } as const;

export const useTrafficRules = () =>
  useQuery({
    queryKey: staffTrafficKeys.rules(),
    queryFn: async () => (await api.call(trafficEndpoints.rules, {})).data,
  });

export const useBlocklists = () =>
  useQuery({
    queryKey: staffTrafficKeys.blocklists(),
    queryFn: async () => (await api.call(trafficEndpoints.blocklists, { query: {} })).data ?? [],
  });

export function useSaveTrafficRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrafficRulesBody) => api.call(trafficEndpoints.setRules, { body }, formCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffTrafficKeys.all }),
  });
}

export function useAddBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlocklistInput) => api.call(trafficEndpoints.addBlock, { body }, formCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffTrafficKeys.all }),
  });
}

export function useRemoveBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(trafficEndpoints.removeBlock, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffTrafficKeys.all }),
  });
}
