/** The query keys of the API keys screen. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
};
