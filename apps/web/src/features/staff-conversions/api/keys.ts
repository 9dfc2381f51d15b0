import type { StaffConversionsQuery } from '@portal/contracts';

/** The query keys of the staff's conversion search. */
export const staffConversionKeys = {
  all: ['staff-conversions'] as const,
  search: (query: StaffConversionsQuery) => [...staffConversionKeys.all, query] as const,
  /** The names a filter offers, searched as one types; apart from `all`, which a decision refreshes. */
  names: (kind: 'partner' | 'offer' | 'advertiser') => ['staff-conversion-names', kind] as const,
};
