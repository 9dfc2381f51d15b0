import type { NetworkBreakdown, NetworkReportQueryInput } from '@portal/contracts';

/** The query keys of the network reports. */
export const networkReportKeys = {
  all: ['staff-reports'] as const,
  views: ['staff-reports', 'views'] as const,
  report: (breakdown: NetworkBreakdown, query: NetworkReportQueryInput) =>
    [...networkReportKeys.all, breakdown, query] as const,
};
