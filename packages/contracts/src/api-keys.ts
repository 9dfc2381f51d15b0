import { z } from 'zod';

/** Every reporting key starts with this, so the server tells a key from a session token at a glance. */
export const API_KEY_PREFIX = 'ppk_';
/** How many characters of a key the list shows ('ppk_' and the next eight). */
export const API_KEY_VISIBLE_CHARS = 12;
/** Active keys a partner may hold at once. */
export const MAX_ACTIVE_API_KEYS = 10;
export const API_KEY_SCOPES = ['reporting'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const CreateApiKeyBodySchema = z.strictObject({
  name: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(80, { error: 'maxLength' }),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>;

export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart; the key itself is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** POST /api-keys answers the key once; only its SHA-256 is kept. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
