import { z } from 'zod';
import { IdParamsSchema, envelope, listOf } from './api.js';
import { defineEndpoint } from './endpoint.js';

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

/** A partner's read-only reporting keys, managed with a signed-in session only (never with a key). */
export const apiKeysEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api-keys',
    tags: ['api-keys'],
    summary: 'The partner’s API keys, newest first (revoked ones included); never the keys themselves',
    response: listOf(ApiKeySchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api-keys',
    tags: ['api-keys'],
    summary: 'Create a read-only reporting key; the answer is the only time the key is shown',
    body: CreateApiKeyBodySchema,
    errors: { 409: `The partner already has ${MAX_ACTIVE_API_KEYS} active keys: revoke one first.` },
    response: envelope(CreatedApiKeySchema),
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api-keys/:id',
    tags: ['api-keys'],
    summary: 'Revoke an API key; it stops working at once',
    params: IdParamsSchema,
    response: envelope(ApiKeySchema),
  }),
};
