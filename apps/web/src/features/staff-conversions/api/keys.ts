import type { StaffConversionsQuery } from '@portal/contracts';

/** The query keys of the staff's conversion search. */
export const staffConversionKeys = {
  all: ['staff-conversions'] as const,
  search: (query: StaffConversionsQuery) => [...staffConversionKeys.all, query] as const,
};
