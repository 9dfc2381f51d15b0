import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsEndpoints, type TopOffersQuery } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { statisticsKeys } from './keys';

/** GET /statistics/home/top-offers?country=&date=: the best offers of a period, ranked. */
export async function getTopOffers(query: TopOffersQuery) {
  const { data } = await api.call(statisticsEndpoints.topOffers, { query });
  return data;
}

export function topOffersQueryOptions(query: TopOffersQuery) {
  return queryOptions({ queryKey: statisticsKeys.topOffers(query), queryFn: () => getTopOffers(query) });
}

/** The previous table stays on screen while another filter loads, instead of a blank block. */
export function useTopOffers(query: TopOffersQuery) {
  return useQuery({ ...topOffersQueryOptions(query), placeholderData: keepPreviousData });
}
