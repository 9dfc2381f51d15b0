import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ClickRow,
  type ConversionReportQuery,
  type ConversionRow,
  type PagedReportQuery,
  statisticsEndpoints,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

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
