import { z } from 'zod';
import { EmailSchema, PasswordSchema } from './validation.js';

// The password's bodies and forms, apart from the sign-in's endpoints (auth.ts): the browser's forms parse with
// these, and every screen reads the endpoints, so that a screen without a form loads no zod (decision 059).

export const PasswordLostBodySchema = z.strictObject({ email: EmailSchema });
export type PasswordLostBody = z.infer<typeof PasswordLostBodySchema>;

export const ResetKeyParamsSchema = z.strictObject({
  key: z.string().min(1).max(200),
});
export const CheckKeyResultSchema = z.object({ valid: z.boolean() });

export const PasswordResetBodySchema = z.strictObject({
  key: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'maxLength' }),
  password: PasswordSchema,
});
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

/** New password and its confirmation, as the reset and change-password forms hold them. */
export const NewPasswordFormSchema = z.object({
  password: PasswordSchema,
  passwordConfirm: z.string().min(1, { error: 'required' }),
});
export type NewPasswordForm = z.infer<typeof NewPasswordFormSchema>;

export const ChangePasswordBodySchema = z.strictObject({
  currentPassword: z.string({ error: 'required' }).min(1, { error: 'required' }).max(256, { error: 'maxLength' }),
  password: PasswordSchema,
  /** Also revoke the reporting API keys the user created (decision 030); on unless sent false. */
  revokeApiKeys: z.boolean({ error: 'type' }).default(true),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
