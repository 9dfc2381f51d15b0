import type { NetworkBreakdown, NetworkReportQueryInput, ReportOptionFilter } from '@portal/contracts';

/** The query keys of the network reports. */
export const networkReportKeys = {
  all: ['staff-reports'] as const,
  views: ['staff-reports', 'views'] as const,
  options: (filter: ReportOptionFilter) => [...networkReportKeys.all, 'options', filter] as const,
  report: (breakdown: NetworkBreakdown, query: NetworkReportQueryInput) =>
    [...networkReportKeys.all, breakdown, query] as const,
};
