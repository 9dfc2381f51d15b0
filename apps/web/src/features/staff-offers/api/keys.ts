import type { StaffOffersQuery } from '@portal/contracts';

/** The query keys of the staff offers screens; saving an offer or a creative reloads everything under `all`. */
export const staffOfferKeys = {
  all: ['staff-offers'] as const,
  list: (query: StaffOffersQuery) => [...staffOfferKeys.all, 'list', query] as const,
  detail: (id: number | null) => [...staffOfferKeys.all, 'one', id] as const,
  options: () => [...staffOfferKeys.all, 'options'] as const,
  /** An offer's overrides; its override requests sit under it, so a change to the overrides reloads both. */
  overrides: (offerId: number) => [...staffOfferKeys.all, 'overrides', offerId] as const,
  overrideRequests: (offerId: number) => [...staffOfferKeys.overrides(offerId), 'requests'] as const,
  caps: (offerId: number) => [...staffOfferKeys.all, 'caps', offerId] as const,
  creatives: (offerId: number) => [...staffOfferKeys.all, 'creatives', offerId] as const,
  landingPages: (offerId: number) => [...staffOfferKeys.all, 'landing-pages', offerId] as const,
  /** The network's traffic rules and the offer's overrides (decision 083). */
  trafficRules: (offerId: number) => [...staffOfferKeys.all, 'traffic-rules', offerId] as const,
  scheduledChanges: (offerId: number) => [...staffOfferKeys.all, 'scheduled-changes', offerId] as const,
  /** The partner pickers of the editor, the overrides and the caps (SearchSelect adds what was typed). */
  partnerPicker: (picker: 'partners' | 'override-partners' | 'cap-partners') =>
    [...staffOfferKeys.all, picker] as const,
  /** A partner picker's options for what was typed. */
  partnerSearch: (picker: 'partners' | 'override-partners' | 'cap-partners', search: string) =>
    [...staffOfferKeys.partnerPicker(picker), search] as const,
};
