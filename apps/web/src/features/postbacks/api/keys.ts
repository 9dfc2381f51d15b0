/**
 * The query keys of the postbacks screen. The signing secret has a root of its own: a change to a postback
 * reloads everything under `all`, never the secret.
 */
export const postbackKeys = {
  all: ['postbacks'] as const,
  list: () => [...postbackKeys.all, 'list'] as const,
  offers: () => [...postbackKeys.all, 'offers'] as const,
  stats: (id: number, page: number) => [...postbackKeys.all, 'stats', id, page] as const,
  secret: () => ['postback-secret'] as const,
};
