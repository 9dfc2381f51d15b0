/** The query keys of the conversions review screen. */
export const staffConversionKeys = {
  all: ['staff-conversions'] as const,
  pending: (page: number, count: number) => [...staffConversionKeys.all, page, count] as const,
};
