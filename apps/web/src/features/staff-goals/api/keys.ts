/** The query keys of the goals screen; every change reloads everything under `all`. */
export const staffGoalKeys = {
  all: ['staff-goals'] as const,
  list: () => [...staffGoalKeys.all, 'list'] as const,
};
