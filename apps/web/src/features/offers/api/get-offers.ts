import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { OFFER_GROUPS_PARAM, offersEndpoints, type ListOffersQueryInput } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { offerKeys } from './keys';

/** The nested objects the offer screens ask for (spec section 7), as the pages' first answers name them (decision 151). */
export { OFFER_GROUPS_PARAM } from '@portal/contracts';

/** A list filter as one comma-separated parameter; anything else as it is. */
const commaJoined = (value: unknown) => (Array.isArray(value) ? value.join(',') : value);

/** GET /offer: one page of the offers the partner sees, with the nested objects the screens show. */
export async function getOffers(query: ListOffersQueryInput, options: { silent?: boolean } = {}) {
  const { data } = await api.call(
    offersEndpoints.list,
    {
      query: {
        ...query,
        // Comma lists keep the URL short; the server also accepts repeated parameters.
        verticals: commaJoined(query.verticals),
        countries: commaJoined(query.countries),
        groups: OFFER_GROUPS_PARAM,
      },
    },
    options,
  );
  return data;
}

/**
 * How long a page of offers is taken as it is when a list mounts: the answer asked for as the navigation started
 * (`prefetchOffers`, decision 144) is the list's, not asked again as the list is drawn a moment later.
 */
export const OFFERS_FRESH_MS = 10_000;

export function offersQueryOptions(query: ListOffersQueryInput) {
  return queryOptions({
    queryKey: offerKeys.list(query),
    queryFn: () => getOffers(query),
    staleTime: OFFERS_FRESH_MS,
    // The previous page stays on screen, under the loading overlay, while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useOffers(query: ListOffersQueryInput) {
  return useQuery(offersQueryOptions(query));
}
