import type { ListOffersQueryInput } from '@portal/contracts';

/** The query keys of the partner's offers: lists, details and an offer's creatives all sit under `all`. */
export const offerKeys = {
  all: ['offers'] as const,
  list: (query: ListOffersQueryInput) => [...offerKeys.all, 'list', query] as const,
  detail: (id: number) => [...offerKeys.all, 'detail', id] as const,
  creatives: (offerId: number) => [...offerKeys.all, 'creatives', offerId] as const,
  landingPages: (offerId: number) => [...offerKeys.all, 'landing-pages', offerId] as const,
};
