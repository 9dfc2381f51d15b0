/** The query keys of the password reset screens. */
export const passwordKeys = {
  all: ['password'] as const,
  checkKey: (key: string) => [...passwordKeys.all, 'check-key', key] as const,
};
