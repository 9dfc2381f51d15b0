/** The advertiser portal's query keys (decision 087); a scrub upload reloads its list. */
export const advertiserKeys = {
  all: ['advertiser'] as const,
  offers: () => [...advertiserKeys.all, 'offers'] as const,
  conversions: (query: object) => [...advertiserKeys.all, 'conversions', query] as const,
  postbacks: (page: number) => [...advertiserKeys.all, 'postbacks', page] as const,
  invoices: (page: number) => [...advertiserKeys.all, 'invoices', page] as const,
  scrubs: () => [...advertiserKeys.all, 'scrubs'] as const,
  setup: () => [...advertiserKeys.all, 'setup'] as const,
  offerSetup: (offerId: number) => [...advertiserKeys.all, 'setup', offerId] as const,
};
