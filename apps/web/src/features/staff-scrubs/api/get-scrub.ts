import { useQuery } from '@tanstack/react-query';
import { conversionScrubsEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { scrubKeys } from './keys';

export type ScrubData = RevivedDates<EndpointData<typeof conversionScrubsEndpoints.get>>;

/** GET /staff/conversion-scrubs/{id}: one scrub file with its preview, and its result once applied. */
export const useScrub = (id: number) =>
  useQuery({
    queryKey: scrubKeys.detail(id),
    queryFn: async () => (await api.call(conversionScrubsEndpoints.get, { params: { id } })).data,
  });
