import { useQuery } from '@tanstack/react-query';
import { conversionScrubsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { scrubKeys } from './keys';

/** GET /staff/conversion-scrubs/advertisers: the advertisers a scrub file may name. */
export const useScrubAdvertisers = () =>
  useQuery({
    queryKey: scrubKeys.advertisers(),
    queryFn: async () => (await api.call(conversionScrubsEndpoints.advertisers, {})).data,
  });
