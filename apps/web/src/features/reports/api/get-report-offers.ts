import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, offersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

export type ReportOfferOption = { value: string; label: string };

/** The partner's offers for the report filter's offer select, by name. */
export async function getReportOffers(): Promise<ReportOfferOption[]> {
  const { data } = await api.call(offersEndpoints.list, { query: { page: 1, count: MAX_PAGE_SIZE } });
  return (data?.list ?? [])
    .map((offer) => ({ value: String(offer.id), label: `${offer.name} (#${offer.id})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export function useReportOffers() {
  return useQuery(queryOptions({ queryKey: reportKeys.offers(), queryFn: getReportOffers, staleTime: 5 * 60_000 }));
}
