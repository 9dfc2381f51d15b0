import { z } from 'zod';
import { envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';

/**
 * An advertiser as admins see it: its `securityToken` is what it sends as `token` on GET/POST /postback, 256 bits
 * from the CSPRNG (decision 028). Admins only: the token lets its holder create paid conversions.
 */
export const StaffAdvertiserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  securityToken: z.string(),
  createdAt: z.string(),
});
export type StaffAdvertiser = z.infer<typeof StaffAdvertiserSchema>;
export const StaffAdvertiserListSchema = envelope(z.array(StaffAdvertiserSchema));

export const advertisersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/advertisers',
    tags: ['staff'],
    summary: 'Advertisers with their postback security tokens (admins only)',
    response: StaffAdvertiserListSchema,
  }),
};
