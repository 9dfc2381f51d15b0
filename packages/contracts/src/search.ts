import { z } from 'zod';
import { envelope } from './api.js';
import { PARTNER_STATUSES } from './constants.js';
import { defineEndpoint } from './endpoint.js';
import { CONVERSION_STATUSES } from './tracking.js';

// ---------------------------------------------------------------- the staff's one search box (decision 080)

/** The most results one group of the search answers. */
export const STAFF_SEARCH_GROUP_MAX = 5;

/** GET /staff/search?q=: what the top bar's box looks for. */
export const StaffSearchQuerySchema = z.strictObject({
  q: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100, { error: 'maxLength' }),
});
export type StaffSearchQuery = z.input<typeof StaffSearchQuerySchema>;

export const StaffSearchPartnerSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  email: z.string(),
  status: z.enum(PARTNER_STATUSES),
});
export const StaffSearchOfferSchema = z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() });
export const StaffSearchAdvertiserSchema = z.object({ id: z.number().int(), name: z.string() });
export const StaffSearchConversionSchema = z.object({
  id: z.number().int(),
  transactionId: z.string().nullable(),
  clickId: z.string().nullable(),
  status: z.enum(CONVERSION_STATUSES),
  partnerDisplayName: z.string().nullable(),
  offerName: z.string().nullable(),
});

/**
 * The search's answer, grouped, each group at most `STAFF_SEARCH_GROUP_MAX` long, best matches first: partners by
 * name, id or e-mail and offers by name or id (both found by a part of the name), advertisers (admins only: null for
 * others) by name or id, conversions by an exact id, transaction id or click id. Everything within the reader's scope.
 */
export const StaffSearchResultSchema = z.object({
  partners: z.array(StaffSearchPartnerSchema),
  offers: z.array(StaffSearchOfferSchema),
  advertisers: z.array(StaffSearchAdvertiserSchema).nullable(),
  conversions: z.array(StaffSearchConversionSchema),
});
export type StaffSearchResult = z.infer<typeof StaffSearchResultSchema>;

export const staffSearchEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/staff/search',
    tags: ['staff'],
    summary:
      "The top bar's search: partners, offers, advertisers and conversions matching q, grouped, within the reader's scope",
    query: StaffSearchQuerySchema,
    response: envelope(StaffSearchResultSchema),
  }),
};
