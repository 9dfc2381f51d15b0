import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ConversionTotalsQuery, statisticsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

/**
 * GET /statistics/conversion/totals: the conversion report's totals row, per currency, over every page, and the
 * payouts as one amount in the payment currency at the day's rate (decision 118; null without one).
 */
export async function getConversionTotals(query: ConversionTotalsQuery) {
  const { data, extra } = await api.call(statisticsEndpoints.conversionTotals, { query });
  return { totals: data ?? [], converted: extra.converted ?? null };
}

export function useConversionTotals(query: ConversionTotalsQuery, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: reportKeys.conversionTotals(query),
      queryFn: () => getConversionTotals(query),
      enabled,
    }),
  );
}
