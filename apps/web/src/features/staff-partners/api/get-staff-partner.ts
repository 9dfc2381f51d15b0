import { useQuery } from '@tanstack/react-query';
import { type EndpointData, type RevivedDates, staffEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffPartnerKeys } from './keys';

/** GET /staff/partners/{id} as the web reads it. */
export type StaffPartnerProfileData = RevivedDates<EndpointData<typeof staffEndpoints.partner>>;

/** GET /staff/partners/{id}: everything staff see of one partner. */
export const useStaffPartner = (id: number) =>
  useQuery({
    queryKey: staffPartnerKeys.detail(id),
    queryFn: async () => (await api.call(staffEndpoints.partner, { params: { id } })).data,
  });
