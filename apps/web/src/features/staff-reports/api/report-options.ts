import { useQuery } from '@tanstack/react-query';
import { type ReportOption, type ReportOptionFilter, reportOptionsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { networkReportKeys } from './keys';

const options = async (filter: ReportOptionFilter, query: { q?: string; value?: string[] }): Promise<ReportOption[]> =>
  (await api.call(reportOptionsEndpoints.list, { params: { filter }, query })).data ?? [];

/**
 * A report filter's options as the server finds them for typed text (decision 113), within the reader's scope; read
 * once the picker is wanted (`enabled`), not on the screen's load.
 */
export const useReportOptions = (filter: ReportOptionFilter, q: string, enabled: boolean) =>
  useQuery({
    queryKey: [...networkReportKeys.options(filter), 'found', q],
    queryFn: () => options(filter, q ? { q } : {}),
    enabled,
    staleTime: 60_000,
  });

/** The names of the values in the address (a bookmark, a drill-down): those the reader reaches, by name. */
export const useReportOptionNames = (filter: ReportOptionFilter, values: string[]) =>
  useQuery({
    queryKey: [...networkReportKeys.options(filter), 'named', [...values].sort()],
    queryFn: () => options(filter, { value: values }),
    enabled: values.length > 0,
    staleTime: 60_000,
  });
