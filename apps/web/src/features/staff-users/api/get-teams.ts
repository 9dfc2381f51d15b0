import { useQuery } from '@tanstack/react-query';
import { type EndpointData, type RevivedDates, staffUserEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffUserKeys } from './keys';

export type TeamRow = RevivedDates<EndpointData<typeof staffUserEndpoints.teams>>[number];

export const useTeams = () =>
  useQuery({
    queryKey: staffUserKeys.teams(),
    queryFn: async () => (await api.call(staffUserEndpoints.teams, {})).data ?? [],
  });
