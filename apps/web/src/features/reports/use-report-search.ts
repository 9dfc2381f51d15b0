import { useSearchParams } from 'react-router';
import { DEFAULT_CURRENCY } from '@portal/contracts';
import { useConfig } from '@/lib/config';
import {
  parsePagination,
  parseReportSearch,
  parseReportView,
  reportSearchParams,
  type Clock,
  type ReportFilters,
  type ReportView,
} from './report-filters';

/**
 * The report filter and page as the address holds them, resolved in the partner's time zone
 * (users.timezone through GET /config, which every navigation reloads; null = UTC).
 */
export function useReportSearch() {
  const config = useConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const clock: Clock = { now: new Date(), offset: config.user.timezone };
  const filters = parseReportSearch(searchParams, clock);
  const pagination = parsePagination(searchParams);
  const view = parseReportView(searchParams);
  const currency = config.partner?.paymentCurrency || DEFAULT_CURRENCY;

  /** A new filter starts again from the first page, keeping the page size and the view. */
  const applyFilters = (next: ReportFilters) =>
    setSearchParams(reportSearchParams(next, { page: 1, count: pagination.count }, view));
  const goToPage = (page: number) => {
    setSearchParams(reportSearchParams(filters, { ...pagination, page }, view));
    window.scrollTo({ top: 0 });
  };
  /** Another status, grouping or sort applies at once, from the first page. */
  const applyView = (next: Partial<ReportView>) =>
    setSearchParams(reportSearchParams(filters, { page: 1, count: pagination.count }, { ...view, ...next }));

  /** Both at once, from the first page (the conversion report's filter on changes may bring dates back). */
  const applyFiltersAndView = (nextFilters: ReportFilters, next: Partial<ReportView>) =>
    setSearchParams(reportSearchParams(nextFilters, { page: 1, count: pagination.count }, { ...view, ...next }));

  return { filters, pagination, view, clock, currency, applyFilters, goToPage, applyView, applyFiltersAndView };
}
