/** The query keys of the first-run setup. */
export const setupKeys = {
  all: ['setup'] as const,
  checkKey: (key: string) => [...setupKeys.all, 'check-key', key] as const,
};
