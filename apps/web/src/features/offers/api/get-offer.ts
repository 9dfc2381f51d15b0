import { queryOptions, useQuery } from '@tanstack/react-query';
import { offersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { OFFER_GROUPS_PARAM } from './get-offers';
import { offerKeys } from './keys';

export async function getOffer(id: number) {
  const { data } = await api.call(offersEndpoints.get, { params: { id }, query: { groups: OFFER_GROUPS_PARAM } });
  return data;
}

export function offerQueryOptions(id: number) {
  return queryOptions({ queryKey: offerKeys.detail(id), queryFn: () => getOffer(id) });
}

export function useOffer(id: number | null) {
  return useQuery({ ...offerQueryOptions(id ?? 0), enabled: id !== null });
}
