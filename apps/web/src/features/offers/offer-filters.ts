import { CONVERSION_TYPES, DEFAULT_PAGE_SIZE, type ConversionType } from '@portal/contracts';
import type { OffersQuery } from './api/get-offers';

export const OFFER_STATUS_FILTERS = ['public', 'apply_to_run'] as const;
export type OfferStatusFilter = (typeof OFFER_STATUS_FILTERS)[number];

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

/** The address of a filtered list: only the filters that are set, page only past the first. */
export function offerSearchParams(filters: OfferFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.name.trim()) params.set('name', filters.name.trim());
  if (filters.conversionType) params.set('conversionType', filters.conversionType);
  if (filters.verticals.length > 0) params.set('verticals', filters.verticals.join(','));
  if (filters.status) params.set('status', filters.status);
  if (filters.countries.length > 0) params.set('countries', filters.countries.join(','));
  if (page > 1) params.set('page', String(page));
  return params;
}

/** GET /offer's query for the filters: status Public / Apply to run is requireApproval false / true. */
export function offersQueryOf(filters: OfferFilters, page: number): OffersQuery {
  return {
    page,
    count: DEFAULT_PAGE_SIZE,
    ...(filters.name.trim() ? { name: filters.name.trim() } : {}),
    ...(filters.conversionType ? { conversionType: filters.conversionType } : {}),
    ...(filters.verticals.length > 0 ? { verticals: filters.verticals } : {}),
    ...(filters.countries.length > 0 ? { countries: filters.countries } : {}),
    ...(filters.status ? { requireApproval: filters.status === 'apply_to_run' } : {}),
  };
}
