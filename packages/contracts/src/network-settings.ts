import { z } from 'zod';
import { envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { ClickUrlSchema } from './staff-offers.js';

// ---------------------------------------------------------------- the network's traffic settings (issue 47)

/**
 * Where refused traffic goes when its offer names no fallback URL of its own (decision 105): a click on an offer the
 * partner may not run, out of its targeting, over a cap or refused by a traffic rule. null: such a click gets the
 * refusal page. The click macros are expanded as in an offer's fallback URL.
 */
export const TrafficSettingsSchema = z.strictObject({
  defaultFallbackUrl: ClickUrlSchema.nullable(),
});
export type TrafficSettings = z.infer<typeof TrafficSettingsSchema>;
export type TrafficSettingsInput = z.input<typeof TrafficSettingsSchema>;

export const networkSettingsEndpoints = {
  traffic: defineEndpoint({
    method: 'GET',
    path: '/staff/settings/traffic',
    tags: ['staff'],
    summary: "The network's default fallback URL for refused traffic (staff)",
    response: envelope(TrafficSettingsSchema),
  }),
  updateTraffic: defineEndpoint({
    method: 'PUT',
    path: '/staff/settings/traffic',
    tags: ['staff'],
    summary: "Set or clear the network's default fallback URL for refused traffic (admins); audited",
    body: TrafficSettingsSchema,
    response: envelope(TrafficSettingsSchema),
  }),
};
