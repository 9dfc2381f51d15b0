import { z } from 'zod';
import { CAP_METRICS, CAP_PERIODS } from './caps-partner.js';

// A cap as the offer editor's form sends it, in a module of its own (decision 119): the staff home reads the caps'
// endpoints (caps.ts) and, beside this schema, would load zod for a form it does not draw.

/** The largest limit: ten billion (clicks, or 100,000,000.00 in minor units). */
export const CAP_LIMIT_MAX = 10_000_000_000;

const id = z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).max(2_147_483_647, { error: 'max' }); // prettier-ignore

export const CapInputSchema = z.strictObject({
  /** null caps the whole offer (every partner together). */
  partnerId: id.nullable().default(null),
  metric: z.enum(CAP_METRICS, { error: 'oneOf' }),
  period: z.enum(CAP_PERIODS, { error: 'oneOf' }),
  limit: z.number({ error: 'type' }).int({ error: 'type' }).min(1, { error: 'min' }).max(CAP_LIMIT_MAX, { error: 'max' }), // prettier-ignore
});
export type CapInput = z.input<typeof CapInputSchema>;
