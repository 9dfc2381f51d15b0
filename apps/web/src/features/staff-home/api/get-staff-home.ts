import { useQuery } from '@tanstack/react-query';
import { staffEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffHomeKeys } from './keys';

/** GET /staff/home: the work queues with their counts, within the staff member's scope. */
export async function getStaffHome() {
  return (await api.call(staffEndpoints.home, {})).data;
}

export const useStaffHome = () => useQuery({ queryKey: staffHomeKeys.summary(), queryFn: getStaffHome });
