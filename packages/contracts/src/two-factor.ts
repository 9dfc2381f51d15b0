import { z } from 'zod';
import { envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { TWO_FACTOR_COUNTRY_CODES, TwoFactorStatusSchema } from './account-settings.js';

// The two-factor forms' schemas and endpoints (decision 030), apart from account-settings.ts: the web's forms parse
// with these, and a module that holds a schema a form parses keeps zod in whichever chunk holds it. account-settings.ts
// holds what the reports, payments and the staff's screens read (time zones, defaults), without zod at run time in the
// browser (decision 103, as passwords.ts did in decision 059).

/**
 * The national number: digits with optional spaces, dots, dashes or brackets; a leading trunk
 * '0' is dropped by `toE164`. E.164 allows 15 digits in all, country code included.
 */
export const PhoneNumberSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(32, { error: 'maxLength' })
  .refine((v) => /^[0-9 .()-]+$/.test(v), { error: 'pattern' })
  .refine(
    (v) => {
      const digits = v.replace(/\D/g, '').replace(/^0/, '');
      return digits.length >= 4 && digits.length <= 13;
    },
    { error: 'pattern' },
  );

const CurrentPasswordSchema = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(256, { error: 'maxLength' });

/**
 * Enrols a phone, or replaces the phone of an enabled two-factor authentication: either needs
 * the current password, so that a stolen session cannot take the account over (decision 030).
 */
export const TwoFactorStartBodySchema = z.strictObject({
  countryCode: z.enum(TWO_FACTOR_COUNTRY_CODES, { error: 'oneOf' }),
  phoneNumber: PhoneNumberSchema,
  password: CurrentPasswordSchema,
});
export type TwoFactorStartBody = z.infer<typeof TwoFactorStartBodySchema>;

export const TwoFactorCodeSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .regex(/^\d{6}$/, { error: 'pattern' });

export const TwoFactorConfirmBodySchema = z.strictObject({ code: TwoFactorCodeSchema });
export type TwoFactorConfirmBody = z.infer<typeof TwoFactorConfirmBodySchema>;

export const TwoFactorDisableBodySchema = z.strictObject({
  password: CurrentPasswordSchema,
});
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBodySchema>;

/** What POST /account/two-factor/start answers: where the code went and until when it works. */
export const TwoFactorPendingSchema = z.object({
  phone: z.string(),
  codeExpireAt: z.string(),
});
export type TwoFactorPending = z.infer<typeof TwoFactorPendingSchema>;

/** What POST /account/two-factor/confirm answers: the new state and the recovery codes, shown this once. */
export const TwoFactorEnrolledSchema = TwoFactorStatusSchema.extend({
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnrolled = z.infer<typeof TwoFactorEnrolledSchema>;

/** Two-factor sign-in of the signed-in user: enrolling (or changing) the phone and turning it off (decision 030). */
export const twoFactorEndpoints = {
  start: defineEndpoint({
    method: 'POST',
    path: '/account/two-factor/start',
    tags: ['account'],
    summary:
      'Send a six-digit verification code by SMS to the phone to enrol, or to replace the enrolled phone; needs the password',
    body: TwoFactorStartBodySchema,
    response: envelope(TwoFactorPendingSchema),
    errors: { 429: 'Too many codes sent to this user lately: wait the `Retry-After` seconds.' },
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/account/two-factor/confirm',
    tags: ['account'],
    summary:
      'Confirm the phone with the code it received; every later sign-in asks for a code. Signs out every other session and answers ten one-time recovery codes, shown this once',
    body: TwoFactorConfirmBodySchema,
    response: envelope(TwoFactorEnrolledSchema),
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: '/account/two-factor/disable',
    tags: ['account'],
    summary: 'Turn two-factor authentication off; needs the password',
    body: TwoFactorDisableBodySchema,
    response: envelope(TwoFactorStatusSchema),
    errors: {
      429: 'Too many wrong codes lately: wait the `Retry-After` seconds.',
      409: 'Two-factor authentication is not enabled.',
    },
  }),
};
