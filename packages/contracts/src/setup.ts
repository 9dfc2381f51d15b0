import { z } from 'zod';
import { envelope } from './api.js';
import { CheckKeyResultSchema } from './passwords.js';
import { defineEndpoint } from './endpoint.js';
import { EmailSchema, requiredString } from './validation.js';

/**
 * The first administrator of an install (decision 028). An install with no admin prints a one-time
 * `/setup?key=…` link at start; `npm run create-admin -- --email …` does the same from the command line.
 */

/** How long a first-admin setup link and the set-password link it leads to stay valid. */
export const FIRST_ADMIN_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export const SetupKeyParamsSchema = z.strictObject({
  key: z.string().min(1).max(200),
});

/** The setup form: who the first administrator is. The password is chosen next, at /password-reset. */
export const FirstAdminBodySchema = z.strictObject({
  key: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'maxLength' }),
  email: EmailSchema,
  firstname: requiredString(100),
  lastname: requiredString(100),
});
export type FirstAdminBody = z.infer<typeof FirstAdminBodySchema>;

/** The form's values, without the key (it comes from the address). */
export const FirstAdminFormSchema = FirstAdminBodySchema.omit({ key: true });
export type FirstAdminForm = z.infer<typeof FirstAdminFormSchema>;

/** The set-password key of the new administrator: the web goes on to /password-reset?key=… with it. */
export const FirstAdminResultSchema = z.object({ passwordKey: z.string() });
export type FirstAdminResult = z.infer<typeof FirstAdminResultSchema>;

export const setupEndpoints = {
  checkKey: defineEndpoint({
    method: 'GET',
    path: '/setup/check-key/:key',
    auth: 'public',
    tags: ['setup'],
    summary: 'Whether a first-admin setup link can still be used',
    params: SetupKeyParamsSchema,
    response: envelope(CheckKeyResultSchema),
  }),
  createFirstAdmin: defineEndpoint({
    method: 'POST',
    path: '/setup/first-admin',
    auth: 'public',
    tags: ['setup'],
    summary: 'Create the first administrator with the setup key; answers the key of its set-password link',
    body: FirstAdminBodySchema,
    errors: { 409: 'The e-mail belongs to a user who is not an administrator.' },
    response: envelope(FirstAdminResultSchema),
  }),
};
