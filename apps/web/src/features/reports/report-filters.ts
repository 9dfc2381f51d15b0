import {
  CONVERSION_STATUSES,
  DEFAULT_PAGE_SIZE,
  DEFAULT_REPORT_DATE_PRESET,
  DEFAULT_SUBID_SORT,
  SORT_ORDERS,
  SUBID_GROUPINGS,
  SUBID_SORTS,
  MAX_PAGE_SIZE,
  MAX_REPORT_COUNTRIES,
  MAX_REPORT_RANGE_DAYS,
  REPORT_DATE_PRESETS,
  TRACKING_VALUE_MAX_LENGTH,
  daysBetween,
  presetRange,
  type BasicReportQuery,
  type ChangedFilter,
  type ConversionReportQuery,
  type ConversionStatus,
  type PagedReportQuery,
  type ReportDatePreset,
  type SortOrder,
  type SubidGrouping,
  type SubidReportQuery,
  type SubidSort,
} from '@portal/contracts';
import { isIsoDate } from '@/lib/dates';

export const TRACKING_FILTERS = ['subid', 'tc1', 'tc2', 'tc3', 'tc4'] as const;
export type TrackingFilter = (typeof TRACKING_FILTERS)[number];

/**
 * The shared report filter (spec section 2) as the form edits it and the address keeps it.
 * Unset values are '' so inputs stay controlled; they are dropped before any call.
 */
export type ReportFilters = {
  preset: ReportDatePreset;
  /** yyyy-MM-dd in the partner's time zone, or ''. */
  startDate: string;
  endDate: string;
  /** The offer's id as digits, or ''. */
  offerId: string;
  /** The visitors' countries (ISO 3166-1 alpha-2), any of them; empty for every country (decision 110). */
  country: string[];
} & Record<TrackingFilter, string>;

export type Pagination = { page: number; count: number };

/** What a preset means depends on when and where: "now" and the partner's offset (null = UTC). */
export type Clock = { now: Date; offset: string | null | undefined };

const isPreset = (value: string | null): value is ReportDatePreset =>
  (REPORT_DATE_PRESETS as readonly (string | null)[]).includes(value);

/** The filter with every value unset but the dates of a preset (custom leaves them empty). */
export function filtersForPreset(preset: ReportDatePreset, clock: Clock): ReportFilters {
  const range = presetRange(preset, clock.now, clock.offset);
  return {
    preset,
    startDate: range?.startDate ?? '',
    endDate: range?.endDate ?? '',
    offerId: '',
    country: [],
    subid: '',
    tc1: '',
    tc2: '',
    tc3: '',
    tc4: '',
  };
}

/** The preset whose range these dates are now, keeping a preferred one when it still fits; else custom. */
export function matchingPreset(
  startDate: string,
  endDate: string,
  clock: Clock,
  preferred?: ReportDatePreset | null,
): ReportDatePreset {
  const fits = (preset: ReportDatePreset) => {
    const range = presetRange(preset, clock.now, clock.offset);
    return range !== null && range.startDate === startDate && range.endDate === endDate;
  };
  if (preferred && fits(preferred)) return preferred;
  return REPORT_DATE_PRESETS.find(fits) ?? 'custom';
}

const text = (value: string | null) => (value ?? '').trim().slice(0, TRACKING_VALUE_MAX_LENGTH);

/** The repeated `country` of the address: codes only, upper case, each once, at most as many as the API takes. */
function countriesOf(params: URLSearchParams): string[] {
  const codes = params
    .getAll('country')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => /^[A-Z]{2}$/.test(code));
  return [...new Set(codes)].slice(0, MAX_REPORT_COUNTRIES);
}

/**
 * Reads the filter from the address. Explicit dates win (a shared link shows the very same days);
 * a preset alone is resolved now (`?preset=this_week`); `preset=custom` without dates is a range the
 * partner emptied (no call); no date information at all is the default, the previous month.
 * Malformed values (a hand-edited link) are dropped rather than sent.
 */
export function parseReportSearch(params: URLSearchParams, clock: Clock): ReportFilters {
  const presetParam = params.get('preset');
  const preset = isPreset(presetParam) ? presetParam : null;
  const startParam = params.get('startDate') ?? '';
  const endParam = params.get('endDate') ?? '';
  const startDate = isIsoDate(startParam) ? startParam : '';
  const endDate = isIsoDate(endParam) ? endParam : '';
  const offerParam = params.get('offerId') ?? '';
  const rest = {
    offerId: /^[1-9]\d{0,8}$/.test(offerParam) ? offerParam : '',
    country: countriesOf(params),
    subid: text(params.get('subid')),
    tc1: text(params.get('tc1')),
    tc2: text(params.get('tc2')),
    tc3: text(params.get('tc3')),
    tc4: text(params.get('tc4')),
  };
  if (startDate || endDate) {
    const matched = startDate && endDate ? matchingPreset(startDate, endDate, clock, preset) : 'custom';
    return { ...rest, preset: matched, startDate, endDate };
  }
  // A link to the changed conversions (the daily digest's) names the days of the changes, not of the conversions: a
  // change today may touch a conversion of any month, so no range is set (decision 069).
  if (!preset && (hasChangedView(parseReportView(params)) || parseReportView(params).find))
    return { ...rest, preset: 'custom', startDate: '', endDate: '' };
  const dates = filtersForPreset(preset ?? DEFAULT_REPORT_DATE_PRESET, clock);
  return { ...rest, preset: dates.preset, startDate: dates.startDate, endDate: dates.endDate };
}

/**
 * How one report shows its rows, beside the shared filter (decision 033): the conversion report's status, the sub-ID
 * report's grouping and sort. Each applies at once and is kept in the address, only when not the default.
 */
export type ReportView = {
  /** '' is every status. */
  status: ConversionStatus | '';
  /** Only conversions changed after they were recorded (a reversal, an adjustment…). */
  changed: boolean;
  /** Only conversions whose latest change fell on these days (yyyy-MM-dd, both included), or ''. */
  changedFrom: string;
  changedTo: string;
  /** "Find a click" (issue 47): a click id or a transaction id, conversions of every date unless dates are set. */
  find: string;
  groupBy: SubidGrouping;
  /** The sub-ID report's second grouping (decision 110), or '' for one level. */
  then: SubidGrouping | '';
  sort: SubidSort;
  order: SortOrder;
};
export const DEFAULT_REPORT_VIEW: ReportView = {
  status: '',
  changed: false,
  changedFrom: '',
  changedTo: '',
  find: '',
  groupBy: 'subid',
  then: '',
  sort: DEFAULT_SUBID_SORT,
  order: 'desc',
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  (list as readonly (string | null)[]).includes(value) ? (value as T) : null;

/** The view in the address; unknown values fall back to the defaults. The label sorts ascending unless told. */
export function parseReportView(params: URLSearchParams): ReportView {
  const sort = oneOf(SUBID_SORTS, params.get('sort')) ?? DEFAULT_REPORT_VIEW.sort;
  const groupBy = oneOf(SUBID_GROUPINGS, params.get('groupBy')) ?? DEFAULT_REPORT_VIEW.groupBy;
  const then = oneOf(SUBID_GROUPINGS, params.get('then'));
  return {
    status: oneOf(CONVERSION_STATUSES, params.get('status')) ?? '',
    changed: params.get('changed') === 'true',
    changedFrom: isIsoDate(params.get('changedFrom') ?? '') ? params.get('changedFrom')! : '',
    changedTo: isIsoDate(params.get('changedTo') ?? '') ? params.get('changedTo')! : '',
    find: (params.get('find') ?? '').trim().slice(0, 255),
    groupBy,
    // A second level equal to the first (a hand-edited link) is no second level.
    then: then && then !== groupBy ? then : '',
    sort,
    order: oneOf(SORT_ORDERS, params.get('order')) ?? defaultOrder(sort),
  };
}

/** Figures sort largest first, labels from A. */
export const defaultOrder = (sort: SubidSort): SortOrder => (sort === 'label' ? 'asc' : 'desc');

/** page and count of a paginated report; anything out of range falls back to the first page of 50. */
export function parsePagination(params: URLSearchParams): Pagination {
  const page = Number(params.get('page') ?? '1');
  const count = Number(params.get('count') ?? String(DEFAULT_PAGE_SIZE));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    count: Number.isInteger(count) && count >= 1 && count <= MAX_PAGE_SIZE ? count : DEFAULT_PAGE_SIZE,
  };
}

/**
 * The address of a filtered report: the preset and both dates (so the link keeps its days), the
 * values that are set, and the page and count only when they differ from the defaults.
 */
export function reportSearchParams(
  filters: ReportFilters,
  pagination?: Pagination,
  view: ReportView = DEFAULT_REPORT_VIEW,
): URLSearchParams {
  const params = new URLSearchParams();
  params.set('preset', filters.preset);
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  if (filters.offerId) params.set('offerId', filters.offerId);
  for (const code of filters.country) params.append('country', code);
  for (const key of TRACKING_FILTERS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (pagination && pagination.page > 1) params.set('page', String(pagination.page));
  if (pagination && pagination.count !== DEFAULT_PAGE_SIZE) params.set('count', String(pagination.count));
  if (view.status) params.set('status', view.status);
  if (view.changed) params.set('changed', 'true');
  if (view.changedFrom) params.set('changedFrom', view.changedFrom);
  if (view.changedTo) params.set('changedTo', view.changedTo);
  if (view.find) params.set('find', view.find);
  if (view.groupBy !== DEFAULT_REPORT_VIEW.groupBy) params.set('groupBy', view.groupBy);
  if (view.then && view.then !== view.groupBy) params.set('then', view.then);
  if (view.sort !== DEFAULT_REPORT_VIEW.sort || view.order !== defaultOrder(view.sort)) {
    params.set('sort', view.sort);
    params.set('order', view.order);
  }
  return params;
}

/** Without either date the reports show an empty result and make no call (spec section 5). */
export function hasDateRange(filters: ReportFilters): boolean {
  return Boolean(filters.startDate || filters.endDate);
}

/** The conversion report keeps only the conversions changed after the fact. */
export function hasChangedView(view: Pick<ReportView, 'changed' | 'changedFrom' | 'changedTo'>): boolean {
  return view.changed || Boolean(view.changedFrom) || Boolean(view.changedTo);
}

/**
 * Whether a report has what it needs to run: a date, or for the conversion report a filter on changes, which without
 * dates reads conversions of every date.
 */
export function canRunReport(type: string, filters: ReportFilters, view: ReportView): boolean {
  return hasDateRange(filters) || (type === 'conversion' && (hasChangedView(view) || Boolean(view.find)));
}

/** The conversion report's query beyond the shared filter: its status and the filter on changes, when set. */
export function conversionViewQueryOf(view: ReportView): { status?: ConversionStatus } & ChangedFilter {
  return {
    ...(view.status ? { status: view.status } : {}),
    ...(view.changed && !view.changedFrom && !view.changedTo ? { changed: true } : {}),
    ...(view.changedFrom ? { changedFrom: view.changedFrom } : {}),
    ...(view.changedTo ? { changedTo: view.changedTo } : {}),
    ...(view.find ? { find: view.find } : {}),
  };
}

/** Why a range cannot be sent, as a formError key ('min': ends before it starts; 'max': too long). */
export function rangeError(filters: Pick<ReportFilters, 'startDate' | 'endDate'>): 'min' | 'max' | null {
  if (!filters.startDate || !filters.endDate) return null;
  const days = daysBetween(filters.startDate, filters.endDate);
  if (days < 1) return 'min';
  if (days > MAX_REPORT_RANGE_DAYS) return 'max';
  return null;
}

/** The query of GET /statistics/{daily,subid} and of the export: empty values dropped, dates as yyyy-MM-dd. */
export function reportQueryOf(filters: ReportFilters): BasicReportQuery {
  const query: BasicReportQuery = {};
  if (filters.startDate) query.startDate = filters.startDate;
  if (filters.endDate) query.endDate = filters.endDate;
  if (filters.offerId) query.offerId = Number(filters.offerId);
  if (filters.country.length > 0) query.country = [...filters.country];
  for (const key of TRACKING_FILTERS) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  return query;
}

/** The query of GET /statistics/{conversion,click}: the filter plus the page. */
export function pagedReportQueryOf(filters: ReportFilters, pagination: Pagination): PagedReportQuery {
  return { ...reportQueryOf(filters), page: pagination.page, count: pagination.count };
}

/** The query of GET /statistics/conversion: the filter, the status when one is chosen, and the page. */
export function conversionReportQueryOf(
  filters: ReportFilters,
  pagination: Pagination,
  view: ReportView,
): ConversionReportQuery {
  return { ...pagedReportQueryOf(filters, pagination), ...conversionViewQueryOf(view) };
}

/** The query of GET /statistics/subid as the screen asks it: grouped, sorted and one page. */
export function subidReportQueryOf(filters: ReportFilters, pagination: Pagination, view: ReportView): SubidReportQuery {
  return {
    ...reportQueryOf(filters),
    groupBy: view.groupBy,
    ...(view.then && view.then !== view.groupBy ? { then: view.then } : {}),
    sort: view.sort,
    order: view.order,
    page: pagination.page,
    count: pagination.count,
  };
}

/** The address to carry to another report tab: the same filter, back to its first page. */
export function searchForTab(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  next.delete('count');
  // The filter on changes is the conversion report's alone.
  next.delete('changed');
  next.delete('changedFrom');
  next.delete('changedTo');
  next.delete('find');
  const search = next.toString();
  return search ? `?${search}` : '';
}
