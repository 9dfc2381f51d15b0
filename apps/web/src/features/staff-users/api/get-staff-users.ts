import { useQuery } from '@tanstack/react-query';
import { type EndpointData, type RevivedDates, staffUserEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffUserKeys } from './keys';

/** A staff member as the web reads it (dates revived). */
export type StaffUserRow = RevivedDates<EndpointData<typeof staffUserEndpoints.list>>[number];

export const useStaffUsers = () =>
  useQuery({
    queryKey: staffUserKeys.users(),
    queryFn: async () => (await api.call(staffUserEndpoints.list, {})).data ?? [],
  });
