import {
  DEFAULT_PAGE_SIZE,
  INVOICE_STATUSES,
  type InvoiceStatusBody,
  type ListBillingRequestsQueryInput,
} from '@portal/contracts';
import { isIsoDate } from '@/lib/dates';

type InvoiceStatus = InvoiceStatusBody['status'];

/** The Payments filter (spec section 2) as the form edits it and the address keeps it; '' is unset. */
export type PaymentFilters = {
  /** yyyy-MM-dd, Paris days (the billing reference). */
  startDate: string;
  endDate: string;
  status: InvoiceStatus[];
  deferred: '' | 'yes' | 'no';
};

export const NO_PAYMENT_FILTERS: PaymentFilters = { startDate: '', endDate: '', status: [], deferred: '' };

/** How many filters are set (the range counts once), for the "Filters (n)" button of a phone (decision 095). */
export const paymentFilterCount = (filters: PaymentFilters) =>
  [filters.startDate !== '' || filters.endDate !== '', filters.status.length > 0, filters.deferred !== ''].filter(
    Boolean,
  ).length;

const isStatus = (value: string): value is InvoiceStatus => (INVOICE_STATUSES as readonly string[]).includes(value);

/** The filter and page an address holds; anything malformed is dropped rather than sent. */
export function parsePaymentSearch(params: URLSearchParams): { filters: PaymentFilters; page: number } {
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return isIsoDate(value) ? value : '';
  };
  const deferred = params.get('deferred');
  const page = Number(params.get('page'));
  return {
    filters: {
      startDate: date('startDate'),
      endDate: date('endDate'),
      status: [...new Set((params.get('status') ?? '').split(',').filter(isStatus))],
      deferred: deferred === 'yes' || deferred === 'no' ? deferred : '',
    },
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a filter and page; empty values and the first page are left out. */
export function paymentSearchParams(filters: PaymentFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  if (filters.status.length > 0) params.set('status', filters.status.join(','));
  if (filters.deferred) params.set('deferred', filters.deferred);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** GET /billing-request's query: the spec's page, count, sort and order, plus the filter the server applies. */
export function billingRequestQueryOf(filters: PaymentFilters, page: number): ListBillingRequestsQueryInput {
  const query: ListBillingRequestsQueryInput = { page, count: DEFAULT_PAGE_SIZE, sort: 'startingAt', order: 'desc' };
  if (filters.startDate) query.startDate = filters.startDate;
  if (filters.endDate) query.endDate = filters.endDate;
  if (filters.status.length > 0) query.status = filters.status.join(',');
  if (filters.deferred) query.deferred = filters.deferred === 'yes' ? 'true' : 'false';
  return query;
}

/** The end date is before the start date. */
export const rangeIsInverted = (filters: PaymentFilters) =>
  Boolean(filters.startDate && filters.endDate && filters.endDate < filters.startDate);

// The colours are the partner's and finance's alike (lib/invoice-status.ts).
export { invoiceStatusColor } from '@/lib/invoice-status';
