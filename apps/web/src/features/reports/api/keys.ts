import type {
  BasicReportQuery,
  BasicReportType,
  ConversionTotalsQuery,
  RefusedTrafficQuery,
  SubidReportQuery,
} from '@portal/contracts';

/** The query keys of the partner's reports. */
export const reportKeys = {
  all: ['reports'] as const,
  basic: (type: BasicReportType, query: BasicReportQuery) => [...reportKeys.all, type, query] as const,
  subid: (query: SubidReportQuery) => [...reportKeys.all, 'subid', query] as const,
  /** The conversion and click reports: one page each. */
  paged: (type: 'conversion' | 'click', query: object) => [...reportKeys.all, type, query] as const,
  conversionTotals: (query: ConversionTotalsQuery) => [...reportKeys.all, 'conversion-totals', query] as const,
  refused: (query: RefusedTrafficQuery) => [...reportKeys.all, 'refused', query] as const,
  offers: () => [...reportKeys.all, 'offers'] as const,
};
