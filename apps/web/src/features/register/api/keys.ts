/** The query keys of the registration screen. */
export const registerKeys = {
  all: ['register'] as const,
  options: () => [...registerKeys.all, 'options'] as const,
};
