import { useQuery } from '@tanstack/react-query';
import { creativesEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { offerKeys } from './keys';

export type PartnerCreative = RevivedDates<EndpointData<typeof creativesEndpoints.partnerList>>[number];

/** GET /offer/{id}/creatives: asked only for an offer the partner may run (else the server answers 403). */
export const useOfferCreatives = (offerId: number, enabled: boolean) =>
  useQuery({
    queryKey: offerKeys.creatives(offerId),
    enabled,
    queryFn: async () => (await api.call(creativesEndpoints.partnerList, { params: { id: offerId } })).data ?? [],
  });
