import type { QueryClient } from '@tanstack/react-query';
import { offersQueryOf, parseOfferSearch, parseOfferSort } from '../offer-filters';
import { getOffers, offersQueryOptions } from './get-offers';

/**
 * The offer list's page for an address, asked for as the navigation starts, beside the configuration and the screen's
 * scripts rather than once the list is drawn (decision 144): the list's rows are a phone's largest element, and their
 * request waited for the frame's and the screen's scripts and a render. The same query as the list's (its key, its
 * page, filters and sort read from the address the same way), so the list takes the answer as it mounts. Silent: if
 * it fails, the list asks again when it is drawn, and that call says what went wrong.
 */
export function prefetchOffers(queryClient: QueryClient, search: URLSearchParams): void {
  const { filters, page } = parseOfferSearch(search);
  const query = offersQueryOf(filters, page, parseOfferSort(search));
  void queryClient
    .fetchQuery({ ...offersQueryOptions(query), queryFn: () => getOffers(query, { silent: true }) })
    .catch(() => undefined);
}
