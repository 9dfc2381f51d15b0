import { useQuery } from '@tanstack/react-query';
import { creativesEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffOfferKeys } from './keys';

export type StaffLandingPageRow = RevivedDates<EndpointData<typeof creativesEndpoints.staffLandingPages>>[number];

export const useStaffLandingPages = (offerId: number) =>
  useQuery({
    queryKey: staffOfferKeys.landingPages(offerId),
    queryFn: async () => (await api.call(creativesEndpoints.staffLandingPages, { params: { id: offerId } })).data ?? [],
  });
