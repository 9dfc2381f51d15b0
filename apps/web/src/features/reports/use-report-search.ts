import { useSearchParams } from 'react-router';
import { DEFAULT_CURRENCY } from '@portal/contracts';
import { useConfig } from '@/lib/config';
import {
  parsePagination,
  parseReportSearch,
  reportSearchParams,
  type Clock,
  type ReportFilters,
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
  const currency = config.partner?.paymentCurrency || DEFAULT_CURRENCY;

  /** A new filter starts again from the first page, keeping the page size. */
  const applyFilters = (next: ReportFilters) =>
    setSearchParams(reportSearchParams(next, { page: 1, count: pagination.count }));
  const goToPage = (page: number) => {
    setSearchParams(reportSearchParams(filters, { ...pagination, page }));
    window.scrollTo({ top: 0 });
  };

  return { filters, pagination, clock, currency, applyFilters, goToPage };
}
