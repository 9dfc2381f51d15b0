import { useMutation, useQuery } from '@tanstack/react-query';
import { creativesEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/download';
import { offerKeys } from './keys';

export type PartnerCreative = RevivedDates<EndpointData<typeof creativesEndpoints.partnerList>>[number];
export type PartnerLandingPage = EndpointData<typeof creativesEndpoints.partnerLandingPages>[number];

/** GET /offer/{id}/creatives: asked only for an offer the partner may run (else the server answers 403). */
export const useOfferCreatives = (offerId: number, enabled: boolean) =>
  useQuery({
    queryKey: offerKeys.creatives(offerId),
    enabled,
    queryFn: async () => (await api.call(creativesEndpoints.partnerList, { params: { id: offerId } })).data ?? [],
  });

/** GET /offer/{id}/landing-pages: the pages the partner's link may land on (`lp`). */
export const useOfferLandingPages = (offerId: number, enabled: boolean) =>
  useQuery({
    queryKey: offerKeys.landingPages(offerId),
    enabled,
    queryFn: async () =>
      (await api.call(creativesEndpoints.partnerLandingPages, { params: { id: offerId } })).data ?? [],
  });

/** The creative as a file, the partner's own link inside. */
export function useDownloadCreative(offerId: number) {
  return useMutation({
    mutationFn: async (creativeId: number) => {
      const { blob, disposition } = await api.downloadFrom(creativesEndpoints.download, { params: { id: offerId, childId: creativeId } }); // prettier-ignore
      return { blob, filename: filenameFromDisposition(disposition, `creative-${creativeId}`) };
    },
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
