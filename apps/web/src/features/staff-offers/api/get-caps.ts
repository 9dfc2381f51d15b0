import { useQuery } from '@tanstack/react-query';
import { capsEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffOfferKeys } from './keys';

export type CapRow = RevivedDates<EndpointData<typeof capsEndpoints.list>>[number];

export const useCaps = (offerId: number) =>
  useQuery({
    queryKey: staffOfferKeys.caps(offerId),
    queryFn: async () => (await api.call(capsEndpoints.list, { params: { id: offerId } })).data ?? [],
  });
