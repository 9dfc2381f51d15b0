import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TopOfferRow, TopOffersQuery } from '@portal/contracts';
import { api } from '@/lib/api-client';

/** GET /statistics/home/top-offers?country=&date=: the best offers of a period, ranked. */
export async function getTopOffers(query: TopOffersQuery) {
  const { data } = await api.get<TopOfferRow[]>('/statistics/home/top-offers', { query });
  return data;
}

export function topOffersQueryOptions(query: TopOffersQuery) {
  return queryOptions({ queryKey: ['statistics', 'top-offers', query], queryFn: () => getTopOffers(query) });
}

/** The previous table stays on screen while another filter loads, instead of a blank block. */
export function useTopOffers(query: TopOffersQuery) {
  return useQuery({ ...topOffersQueryOptions(query), placeholderData: keepPreviousData });
}
