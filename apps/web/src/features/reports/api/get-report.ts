import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  statisticsEndpoints,
  type BasicReportQuery,
  type BasicReportType,
  type ClickRow,
  type ConversionReportQuery,
  type ConversionRow,
  type ConversionTotalsQuery,
  type PagedReportQuery,
  type RefusedTrafficQuery,
  type SubidReportQuery,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

/** GET /statistics/{daily,subid}: the rows, the totals row last. */
export async function getBasicReport(type: BasicReportType, query: BasicReportQuery) {
  const { data } = await api.call(statisticsEndpoints[type], { query });
  return data ?? [];
}

/**
 * `enabled` is false while neither date is set: the spec wants an empty result and no call then.
 * No placeholder data: the table is shown only once its own answer has arrived.
 */
export function basicReportQueryOptions(type: BasicReportType, query: BasicReportQuery, enabled: boolean) {
  return queryOptions({
    queryKey: reportKeys.basic(type, query),
    queryFn: () => getBasicReport(type, query),
    enabled,
  });
}

export function useBasicReport(type: BasicReportType, query: BasicReportQuery, enabled: boolean) {
  return useQuery(basicReportQueryOptions(type, query, enabled));
}

/** GET /statistics/subid grouped, sorted and paged: the page's rows, the totals row last, and how many rows in all. */
export async function getSubidReport(query: SubidReportQuery) {
  const { data, total } = await api.call(statisticsEndpoints.subid, { query });
  const list = data ?? [];
  return { list, total: total ?? Math.max(list.length - 1, 0) };
}

export function useSubidReport(query: SubidReportQuery, enabled: boolean) {
  return useQuery(queryOptions({ queryKey: reportKeys.subid(query), queryFn: () => getSubidReport(query), enabled }));
}

export type PagedRows = { conversion: ConversionRow; click: ClickRow };
export type PagedReportType = keyof PagedRows;
type PagedQueries = { conversion: ConversionReportQuery; click: PagedReportQuery };

/** GET /statistics/{conversion,click}: one page, newest first, and how many rows match in all. */
export async function getPagedReport<T extends PagedReportType>(type: T, query: PagedQueries[T]) {
  const endpoint: typeof statisticsEndpoints.conversion | typeof statisticsEndpoints.click = statisticsEndpoints[type];
  const { data, total, message } = await api.call(endpoint, { query });
  // The endpoint is the one of `type`, so its rows are those of `type`.
  const list = (data ?? []) as PagedRows[T][];
  // The server's note on the rows, such as a range that reaches past the raw clicks kept (decision 054).
  return { list, total: total ?? list.length, notice: message ?? null };
}

export function pagedReportQueryOptions<T extends PagedReportType>(type: T, query: PagedQueries[T], enabled: boolean) {
  return queryOptions({
    queryKey: reportKeys.paged(type, query),
    queryFn: () => getPagedReport(type, query),
    enabled,
  });
}

export function usePagedReport<T extends PagedReportType>(type: T, query: PagedQueries[T], enabled: boolean) {
  return useQuery(pagedReportQueryOptions(type, query, enabled));
}

/** GET /statistics/conversion/totals: the conversion report's totals row, per currency, over every page. */
export async function getConversionTotals(query: ConversionTotalsQuery) {
  const { data } = await api.call(statisticsEndpoints.conversionTotals, { query });
  return data ?? [];
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

/** GET /statistics/refused: the partner's clicks /click refused in the range, per reason and offer (decision 024). */
export async function getRefusedTraffic(query: RefusedTrafficQuery) {
  const { data } = await api.call(statisticsEndpoints.refused, { query });
  return data ?? [];
}

export function useRefusedTraffic(query: RefusedTrafficQuery, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: reportKeys.refused(query), queryFn: () => getRefusedTraffic(query), enabled }),
  );
}
