import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversionType, OfferPage, OfferPartnerStatus, OfferSortName } from '@portal/contracts';
import { api } from '@/lib/api-client';

/** The nested objects the offer screens ask for (spec section 7). */
export const OFFER_GROUPS_PARAM = 'product,goals,goal,goalTypes,goalType';

/** GET /offer's filters and pagination, as the list screen sends them. */
export type OffersQuery = {
  page: number;
  count: number;
  name?: string;
  conversionType?: ConversionType;
  /** Vertical identifiers (the configuration's verticalList values). */
  verticals?: string[];
  /** ISO codes. */
  countries?: string[];
  requireApproval?: boolean;
  /** The viewing partner's status (the badge). */
  partnerStatus?: OfferPartnerStatus;
  sortName?: OfferSortName;
  sortOrder?: 'asc' | 'desc';
};

export async function getOffers(query: OffersQuery) {
  const { data } = await api.get<OfferPage>('/offer', {
    query: {
      ...query,
      // Comma lists keep the URL short; the server also accepts repeated parameters.
      verticals: query.verticals?.join(','),
      countries: query.countries?.join(','),
      groups: OFFER_GROUPS_PARAM,
    },
  });
  return data;
}

export function offersQueryOptions(query: OffersQuery) {
  return queryOptions({
    queryKey: ['offers', 'list', query],
    queryFn: () => getOffers(query),
    // The previous page stays on screen, under the loading overlay, while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useOffers(query: OffersQuery) {
  return useQuery(offersQueryOptions(query));
}
