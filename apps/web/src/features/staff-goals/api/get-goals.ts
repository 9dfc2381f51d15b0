import { useQuery } from '@tanstack/react-query';
import { type EndpointData, type RevivedDates, goalsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffGoalKeys } from './keys';

export type GoalRow = RevivedDates<EndpointData<typeof goalsEndpoints.list>>[number];

export const useGoals = () =>
  useQuery({
    queryKey: staffGoalKeys.list(),
    queryFn: async () => (await api.call(goalsEndpoints.list, {})).data ?? [],
  });
