import { useQuery } from '@tanstack/react-query';
import { creativesEndpoints, type EndpointData } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { offerKeys } from './keys';

export type PartnerLandingPage = EndpointData<typeof creativesEndpoints.partnerLandingPages>[number];

/** GET /offer/{id}/landing-pages: the pages the partner's link may land on (`lp`). */
export const useOfferLandingPages = (offerId: number, enabled: boolean) =>
  useQuery({
    queryKey: offerKeys.landingPages(offerId),
    enabled,
    queryFn: async () =>
      (await api.call(creativesEndpoints.partnerLandingPages, { params: { id: offerId } })).data ?? [],
  });
