import { z } from 'zod';
import { envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { DATA_LIST_NAMES } from './constants.js';
import { ConnectedPartnerSchema, CurrentUserSchema } from './partner.js';

export const CountrySchema = z.object({
  isoCode: z.string(),
  name: z.string(),
  flag: z.string(),
});
export type Country = z.infer<typeof CountrySchema>;

export const DataListItemSchema = z.object({
  value: z.string(),
  label: z.string(),
});
export type DataListItem = z.infer<typeof DataListItemSchema>;

export const LanguageSchema = z.object({ code: z.string(), name: z.string() });

export const DataListsSchema = z.object(
  Object.fromEntries(DATA_LIST_NAMES.map((name) => [name, z.array(DataListItemSchema)])) as {
    [K in (typeof DATA_LIST_NAMES)[number]]: z.ZodArray<typeof DataListItemSchema>;
  },
);
export type DataLists = z.infer<typeof DataListsSchema>;

/** GET /config: what the portal needs on every navigation (spec section 3, Config). */
export const ConfigSchema = z.object({
  partner: ConnectedPartnerSchema.nullable(),
  user: CurrentUserSchema,
  roles: z.array(z.string()),
  /** Set on a read-only "view as partner" session: the staff member looking (decision 039). */
  viewedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  countries: z.array(CountrySchema),
  languages: z.array(LanguageSchema),
  data: DataListsSchema,
});
export type Config = z.infer<typeof ConfigSchema>;

/** The lists a guest needs for the registration form (no partner, no user). */
export const RegisterConfigSchema = z.object({
  countries: z.array(CountrySchema),
  languages: z.array(LanguageSchema),
  data: DataListsSchema,
});
export type RegisterConfig = z.infer<typeof RegisterConfigSchema>;

/**
 * GET /config (accountEndpoints.config). Defined here, beside its answer, rather than with the partner's account
 * endpoints: every page of the app calls it, and my-account.ts loads the bank rules (ibantools) with it.
 */
export const configEndpoint = defineEndpoint({
  method: 'GET',
  path: '/config',
  tags: ['account'],
  summary: 'The configuration the portal reloads on every navigation',
  response: envelope(ConfigSchema),
});
