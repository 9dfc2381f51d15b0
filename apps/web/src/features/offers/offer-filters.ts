import {
  CONVERSION_TYPES,
  DEFAULT_PAGE_SIZE,
  OFFER_SORT_NAMES,
  type ConversionType,
  type ListOffersQueryInput,
  type OfferSortName,
} from '@portal/contracts';

/** Every status a badge shows (spec section 4), so that "my approved offers" (active) is one choice. */
export const OFFER_STATUS_FILTERS = ['public', 'apply_to_run', 'pending', 'active', 'refused'] as const;
export type OfferStatusFilter = (typeof OFFER_STATUS_FILTERS)[number];

/** The list's order; none in the address is the server's default, newest id first. */
export type OfferSort = { name: OfferSortName; order: 'asc' | 'desc' };
export const DEFAULT_OFFER_SORT: OfferSort = { name: 'id', order: 'desc' };

/** The offer list's filters, as the form edits them and the URL keeps them. */
export type OfferFilters = {
  name: string;
  conversionType: ConversionType | null;
  verticals: string[];
  status: OfferStatusFilter | null;
  countries: string[];
};

export const EMPTY_FILTERS: OfferFilters = {
  name: '',
  conversionType: null,
  verticals: [],
  status: null,
  countries: [],
};

const list = (value: string | null, pattern: RegExp) => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => pattern.test(item)),
  ),
];

const isConversionType = (value: string | null): value is ConversionType =>
  (CONVERSION_TYPES as readonly (string | null)[]).includes(value);
const isStatus = (value: string | null): value is OfferStatusFilter =>
  (OFFER_STATUS_FILTERS as readonly (string | null)[]).includes(value);
const isSortName = (value: string | null): value is OfferSortName =>
  (OFFER_SORT_NAMES as readonly (string | null)[]).includes(value);

/** The order in the address (`sort`, `order`); anything malformed is the default order. */
export function parseOfferSort(params: URLSearchParams): OfferSort {
  const name = params.get('sort');
  const order = params.get('order');
  if (!isSortName(name)) return DEFAULT_OFFER_SORT;
  return { name, order: order === 'asc' ? 'asc' : 'desc' };
}

/**
 * The order after a click on a column's header: the same column flips; another starts with the best first (highest
 * payout or EPC, newest id), or A to Z for names.
 */
export function nextOfferSort(current: OfferSort, name: OfferSortName): OfferSort {
  if (current.name === name) return { name, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { name, order: name === 'name' ? 'asc' : 'desc' };
}

/**
 * Reads the filters and the page from the address. Anything malformed (a hand-edited link) is
 * dropped rather than sent, so a shared link never ends on an error.
 */
export function parseOfferSearch(params: URLSearchParams): { filters: OfferFilters; page: number } {
  const conversionType = params.get('conversionType');
  const status = params.get('status');
  const page = Number(params.get('page') ?? '1');
  return {
    filters: {
      name: (params.get('name') ?? '').trim().slice(0, 100),
      conversionType: isConversionType(conversionType) ? conversionType : null,
      verticals: list(params.get('verticals'), /^[a-z0-9_]{1,64}$/),
      status: isStatus(status) ? status : null,
      countries: list(params.get('countries')?.toUpperCase() ?? null, /^[A-Z]{2}$/),
    },
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/**
 * The address of a filtered list: only the filters that are set, the order when it is not the default, page only
 * past the first.
 */
export function offerSearchParams(
  filters: OfferFilters,
  page = 1,
  sort: OfferSort = DEFAULT_OFFER_SORT,
): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.name.trim()) params.set('name', filters.name.trim());
  if (filters.conversionType) params.set('conversionType', filters.conversionType);
  if (filters.verticals.length > 0) params.set('verticals', filters.verticals.join(','));
  if (filters.status) params.set('status', filters.status);
  if (filters.countries.length > 0) params.set('countries', filters.countries.join(','));
  if (sort.name !== DEFAULT_OFFER_SORT.name || sort.order !== DEFAULT_OFFER_SORT.order) {
    params.set('sort', sort.name);
    params.set('order', sort.order);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

/** How many filters are set, for the "Filters (n)" button of a phone (decision 095). */
export const offerFilterCount = (filters: OfferFilters) =>
  [
    filters.name.trim() !== '',
    filters.conversionType !== null,
    filters.verticals.length > 0,
    filters.status !== null,
    filters.countries.length > 0,
  ].filter(Boolean).length;

export const hasOfferFilters = (filters: OfferFilters) =>
  offerSearchParams(filters).toString() !== offerSearchParams(EMPTY_FILTERS).toString();

/** GET /offer's query for the filters: the status is the viewing partner's (`partnerStatus`). */
export function offersQueryOf(
  filters: OfferFilters,
  page: number,
  sort: OfferSort = DEFAULT_OFFER_SORT,
): ListOffersQueryInput {
  return {
    page,
    count: DEFAULT_PAGE_SIZE,
    ...(sort.name !== DEFAULT_OFFER_SORT.name || sort.order !== DEFAULT_OFFER_SORT.order
      ? { sortName: sort.name, sortOrder: sort.order }
      : {}),
    ...(filters.name.trim() ? { name: filters.name.trim() } : {}),
    ...(filters.conversionType ? { conversionType: filters.conversionType } : {}),
    ...(filters.verticals.length > 0 ? { verticals: filters.verticals } : {}),
    ...(filters.countries.length > 0 ? { countries: filters.countries } : {}),
    ...(filters.status ? { partnerStatus: filters.status } : {}),
  };
}
