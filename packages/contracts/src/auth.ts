import { z } from 'zod';
import { isSignInCode } from './sign-in-rules.js';
import { MessageSchema, envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import {
  ChangePasswordBodySchema,
  CheckKeyResultSchema,
  PasswordLostBodySchema,
  PasswordResetBodySchema,
  ResetKeyParamsSchema,
} from './passwords.js';

/** The second sign-in step's code: the six digits sent by SMS, or one of the recovery codes (decision 030). */
const SignInCodeSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .refine(isSignInCode, { error: 'pattern' });

export const LoginBodySchema = z.strictObject({
  username: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(254, { error: 'maxLength' }),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(256, { error: 'maxLength' }),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** A session: the bearer token and its absolute expiry (spec section 7). */
export const LoginSessionSchema = z.object({
  bearer: z.string(),
  expireAt: z.string(),
});
export type LoginSession = z.infer<typeof LoginSessionSchema>;

/**
 * The password was right but the user has two-factor authentication: a code went by SMS, and
 * POST /login/two-factor with this challenge and the code answers the session.
 */
export const LoginChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  /** The masked phone number the code went to. */
  phone: z.string(),
  codeExpireAt: z.string(),
});
export type LoginChallenge = z.infer<typeof LoginChallengeSchema>;

export const LoginResultSchema = z.union([LoginSessionSchema, LoginChallengeSchema]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const LoginTwoFactorBodySchema = z.strictObject({
  challenge: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'maxLength' }),
  code: SignInCodeSchema,
});
export type LoginTwoFactorBody = z.infer<typeof LoginTwoFactorBodySchema>;

/** Sign-in, sign-out and the password (its reset by e-mail link, and its change by the signed-in user). */
export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/login',
    auth: 'public',
    tags: ['auth'],
    summary:
      'Sign in; answers an opaque bearer token and its absolute expiry, or, with two-factor authentication, a challenge for POST /login/two-factor',
    body: LoginBodySchema,
    errors: {
      401: 'The e-mail or the password is incorrect.',
      403: 'The partner account is not active (pending, suspended or closed).',
      429: 'Too many failed sign-ins for this e-mail or from this address, or too many codes sent: wait the `Retry-After` seconds.',
    },
    response: envelope(LoginResultSchema),
  }),
  loginTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/login/two-factor',
    auth: 'public',
    tags: ['auth'],
    summary:
      'Second sign-in step: the challenge of POST /login and the code sent by SMS, or one of the recovery codes given at enrolment (each works once)',
    body: LoginTwoFactorBodySchema,
    errors: {
      401: 'The account was disabled since the first step.',
      403: 'The partner account is not active (pending, suspended or closed).',
      429: 'Too many failed sign-ins for this e-mail or from this address, or too many codes sent: wait the `Retry-After` seconds.',
    },
    response: envelope(LoginSessionSchema),
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/logout',
    tags: ['auth'],
    summary: 'Revoke the current session',
    response: MessageSchema,
  }),
  passwordLost: defineEndpoint({
    method: 'POST',
    path: '/password/lost',
    auth: 'public',
    tags: ['auth'],
    summary: 'Send a password reset link; the answer is the same for known and unknown e-mails',
    body: PasswordLostBodySchema,
    response: MessageSchema,
  }),
  checkResetKey: defineEndpoint({
    method: 'GET',
    path: '/password/check-key/:key',
    auth: 'public',
    tags: ['auth'],
    summary: 'Whether a reset key can still be used',
    params: ResetKeyParamsSchema,
    response: envelope(CheckKeyResultSchema),
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/password/reset',
    auth: 'public',
    tags: ['auth'],
    summary: 'Choose a new password with a reset key; revokes every session and every API key of the user',
    body: PasswordResetBodySchema,
    response: MessageSchema,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/account/change-password',
    tags: ['account'],
    summary:
      'Change the password; every other session is revoked, and the API keys the user created unless revokeApiKeys is false',
    body: ChangePasswordBodySchema,
    response: MessageSchema,
  }),
};
