import { z } from 'zod';
import { envelope } from './api.js';
import { PAYMENT_CURRENCIES } from './constants.js';
import { defineEndpoint } from './endpoint.js';
import { isoDateParam } from './statistics.js';

// ---------------------------------------------------------------- daily reference rates (decision 111)

/**
 * A day's reference rate as the European Central Bank quotes it: units of the currency for one euro ('1.0823' for
 * USD), at most 6 decimals. The euro itself is 1 and is never stored.
 */
export const FX_RATE_PATTERN = /^\d{1,9}(\.\d{1,6})?$/;
/** The currencies a network's base currency may be: those the network invoices and pays in (two minor digits each). */
export const BASE_CURRENCIES = PAYMENT_CURRENCIES;
/** The currency the ECB's rates are quoted against. */
export const FX_QUOTE_CURRENCY = 'EUR';

export const FX_RATE_SOURCES = ['ecb', 'finance', 'seed'] as const;
export type FxRateSource = (typeof FX_RATE_SOURCES)[number];

export const FxRatesQuerySchema = z.strictObject({
  /** yyyy-MM-dd; without it, today (UTC). */
  date: isoDateParam,
});
export type FxRatesQuery = z.infer<typeof FxRatesQuerySchema>;

export const FxRateSchema = z.object({
  /** ISO 4217. */
  currency: z.string(),
  /** Units of the currency for one euro, as a decimal string (exact). */
  rate: z.string(),
  /** The day the rate is of: the asked date, or the last day before it with a rate ("missing day"). */
  day: z.string(),
  source: z.enum(FX_RATE_SOURCES),
});
export type FxRate = z.infer<typeof FxRateSchema>;

export const FxRatesSchema = z.object({
  date: z.string(),
  /** The network's base currency (BASE_CURRENCY). */
  base: z.string(),
  /** Every currency known on or before the date, each with the rate that applies to the date. */
  rates: z.array(FxRateSchema),
});
export type FxRates = z.infer<typeof FxRatesSchema>;

const currencyCode = z
  .string({ error: 'required' })
  .regex(/^[A-Z]{3}$/, { error: 'pattern' })
  .refine((c) => c !== FX_QUOTE_CURRENCY, { error: 'oneOf' });

export const FxRatesBodySchema = z.strictObject({
  /** The day the rates are of (yyyy-MM-dd). */
  date: isoDateParam.refine((d) => d !== undefined, { error: 'required' }).transform((d) => d!),
  rates: z
    .array(
      z.strictObject({
        currency: currencyCode,
        rate: z
          .string({ error: 'required' })
          .regex(FX_RATE_PATTERN, { error: 'pattern' })
          .refine((r) => Number(r) > 0, { error: 'positiveRate' }),
      }),
      { error: 'required' },
    )
    .min(1, { error: 'required' })
    .max(60, { error: 'max' })
    .refine((list) => new Set(list.map((r) => r.currency)).size === list.length, { error: 'unique' }),
});
export type FxRatesBody = z.infer<typeof FxRatesBodySchema>;

/**
 * What a converted report says of its rates (`currency=base`): the base currency, and each currency and day whose
 * amounts were converted at an earlier day's rate because that day had none ("missing day").
 */
export const NetworkFxSchema = z.object({
  base: z.string(),
  /** The rounding of a converted amount: half to even, once per row of the finest level shown (decision 111). */
  rounding: z.literal('half-even'),
  missingDays: z.array(z.object({ currency: z.string(), date: z.string(), rateOf: z.string() })),
});
export type NetworkFx = z.infer<typeof NetworkFxSchema>;

export const fxRatesEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/staff/fx-rates',
    tags: ['staff'],
    summary: 'The daily reference rates that apply to a date (the last known one for a day without), per currency',
    query: FxRatesQuerySchema,
    response: envelope(FxRatesSchema),
  }),
  put: defineEndpoint({
    method: 'PUT',
    path: '/staff/fx-rates',
    tags: ['staff'],
    summary: "Set a day's reference rates (finance and admins); each changed rate audited",
    body: FxRatesBodySchema,
    response: envelope(FxRatesSchema),
  }),
};
