/** The query keys of the scrub files screens; every upload or apply reloads everything under `all`. */
export const scrubKeys = {
  all: ['staff-scrubs'] as const,
  list: (page: number, count: number) => [...scrubKeys.all, 'list', page, count] as const,
  detail: (id: number) => [...scrubKeys.all, 'one', id] as const,
  advertisers: () => [...scrubKeys.all, 'advertisers'] as const,
};
