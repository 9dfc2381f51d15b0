import { useQuery } from '@tanstack/react-query';
import { type EndpointData, staffOffersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffOfferKeys } from './keys';

export type CatalogueOptionsData = EndpointData<typeof staffOffersEndpoints.options>;

export const useCatalogueOptions = () =>
  useQuery({
    queryKey: staffOfferKeys.options(),
    queryFn: async () => (await api.call(staffOffersEndpoints.options, {})).data,
  });

/** The advertisers with products, for the list's filter: from the pickers, which every staff member may read. */
export function useAdvertiserOptions() {
  const options = useCatalogueOptions();
  const byId = new Map((options.data?.products ?? []).map((p) => [p.advertiser.id, p.advertiser.name]));
  return [...byId].map(([id, name]) => ({ value: String(id), label: name }));
}
