import { z } from 'zod';
import { EmailSchema, PasswordSchema } from './validation.js';

export const LoginBodySchema = z.strictObject({
  username: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(254, { error: 'maxLength' }),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(256, { error: 'maxLength' }),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResultSchema = z.object({
  bearer: z.string(),
  expireAt: z.string(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** The sign-in form: the same rules as the call, plus remember-me. */
export const LoginFormSchema = z.object({
  email: z.string().trim().min(1, { error: 'required' }),
  password: z.string().min(1, { error: 'required' }),
  rememberMe: z.boolean(),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

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
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
