/** Headers every answer carries, from Fastify's onSend hook or from the click fast path (decision 022). */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
} as const;
