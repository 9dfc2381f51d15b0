import {
  CONVERSION_REJECTION_REASONS,
  CONVERSION_STATUSES,
  STAFF_CONVERSION_SORTS,
  type ConversionRejectionReason,
  type ConversionStatus,
  type StaffConversionSort,
  type StaffConversionsQuery,
} from '@portal/contracts';
import { useAddressParams, withChanges } from '@/lib/use-address-params';
import { isIsoDate } from '@/lib/dates';

export const PAGE_SIZE = 50;

/** The queue's ages the filter offers (decision 079): recorded at least this many days ago. */
export const CONVERSION_AGES = ['1', '3', '7', '14', '30'] as const;

/** The search's parameters as the address names them; `/staff/conversions?q=TX123` opens that transaction. */
export const TEXT_FILTERS = ['q', 'goal', 'partnerId', 'offerId', 'advertiserId'] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

/** The search's filters as the address holds them: what the list and its export are both sent. */
export type ConversionFilterValues = {
  q?: string;
  status?: ConversionStatus;
  reason?: ConversionRejectionReason;
  partnerId?: number;
  offerId?: number;
  advertiserId?: number;
  goal?: string;
  from?: string;
  to?: string;
  olderThanDays?: number;
  sort?: StaffConversionSort;
  order?: 'asc' | 'desc';
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
const positive = (value: string | null) => (/^\d{1,10}$/.test(value ?? '') && Number(value) > 0 ? Number(value) : undefined); // prettier-ignore
const day = (value: string | null) => (value && isIsoDate(value) ? value : undefined);
const defined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;

/**
 * The search lives in the address (react-admin's way: a search can be shared, the back button works): filters, sort
 * and page; any change but the page's goes back to page 1. Values the API would refuse are left out.
 */
export function useConversionSearch() {
  const [params, setParams] = useAddressParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sort: StaffConversionSort = oneOf(STAFF_CONVERSION_SORTS, params.get('sort')) ?? 'time';
  const order: 'asc' | 'desc' = params.get('order') === 'asc' ? 'asc' : 'desc';
  const filters: ConversionFilterValues = defined({
    q: params.get('q')?.trim() || undefined,
    status: oneOf<ConversionStatus>(CONVERSION_STATUSES, params.get('status')),
    reason: oneOf<ConversionRejectionReason>(CONVERSION_REJECTION_REASONS, params.get('reason')),
    partnerId: positive(params.get('partnerId')),
    offerId: positive(params.get('offerId')),
    advertiserId: positive(params.get('advertiserId')),
    goal: params.get('goal')?.trim() || undefined,
    from: day(params.get('from')),
    to: day(params.get('to')),
    olderThanDays: oneOf(CONVERSION_AGES, params.get('olderThanDays'))
      ? Number(params.get('olderThanDays'))
      : undefined,
    ...(sort !== 'time' ? { sort } : {}),
    ...(order !== 'desc' ? { order } : {}),
  });
  const query: StaffConversionsQuery = { ...filters, page, count: PAGE_SIZE };
  /** The raw text of a parameter, as a field shows it. */
  const raw = (name: string) => params.get(name) ?? '';
  // Changes start from the address as the router holds it when they are made (useAddressParams): a Clear then a status
  // quickly after it must not bring the cleared text back while the screen still renders the old address.
  const set = (changes: Record<string, string | null>) => setParams(withChanges(changes));
  const clear = () => setParams(() => new URLSearchParams());
  const hasFilters = [...params.keys()].some((key) => key !== 'page' && key !== 'sort' && key !== 'order');
  return { query, filters, page, sort, order, raw, set, clear, hasFilters };
}

export type ConversionSearchState = ReturnType<typeof useConversionSearch>;
