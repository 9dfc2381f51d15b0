import { z } from 'zod';
import { EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

/**
 * Every rule reports its name as the issue message ('required', 'email', 'passwordCapital' …).
 * The web app translates it through its `formError.{rule}` keys; the server turns it into
 * English with `formErrorText` for its error object.
 */
export const FORM_ERROR_TEXT = {
  required: 'This field is required.',
  requiredTrue: 'This box must be ticked.',
  min: 'The value must be at least {{n}}.',
  max: 'The value must be at most {{n}}.',
  minLength: 'Must be at least {{n}} characters long.',
  maxLength: 'Must be at most {{n}} characters long.',
  pattern: 'The value has an invalid format.',
  email: 'Please enter a valid email address.',
  url: 'Please enter a valid URL (http:// or https://).',
  oneOf: 'Please choose a value from the list.',
  unique: 'Each value may appear only once.',
  type: 'The value has the wrong type.',
  unknownField: 'This field is not allowed.',
  passwordMinLength: 'Password must be at least {{n}} characters long (currently {{m}}).',
  passwordCapital: 'Password must contain at least one capital letter.',
  passwordNumber: 'The password must contain at least one number.',
  passwordMismatch: 'The passwords do not match.',
  iban: 'Please enter a valid IBAN (the country code, check digits or account number are wrong).',
  swift: 'Please enter a valid SWIFT/BIC code (8 or 11 letters and digits, such as BNPAFRPPXXX).',
  fieldSet: 'Send either the company fields or the payment fields.',
  unknownMacro: 'Unknown macro: {{macros}}. Use only the macros listed under the field.',
  urlCredentials: 'The URL must not contain a user name or password.',
  sideRequired: 'Enter an amount, a percent or both.',
  negativeMargin: 'The payout is above the revenue. Tick "Allow negative margin" to keep it.',
  overrideAboveRevenue: "The payout is above the goal's revenue.",
  baseTier: "The p1 tier is the goal's own payout; list only the other tiers here.",
  endsBeforeStart: 'The end must come after the start.',
  inThePast: 'Choose a moment in the future.',
  trackingLinkMissing: 'Put {tracking_link} where the partner’s link goes.',
  goalCode: 'Use lowercase letters, digits, _ and -, starting with a letter or digit (such as first_deposit).',
  mainGoalPrivate: 'A private goal cannot be the main goal: partners do not see it.',
  oneMainGoal: 'Only one goal can be the main goal.',
  positiveRate: 'Enter a rate above zero.',
} as const;
export type FormErrorRule = keyof typeof FORM_ERROR_TEXT;

export function formErrorText(rule: string, params: Record<string, string | number> = {}): string {
  const template = (FORM_ERROR_TEXT as Record<string, string>)[rule] ?? rule;
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));
}

/** The e-mail rule: a sane shape, at most 254 characters in total and 64 in the local part. */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_MAX_LENGTH) return false;
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}

export const requiredString = (max = 255) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'maxLength' });

export const optionalString = (max = 255) =>
  z.string({ error: 'type' }).trim().max(max, { error: 'maxLength' }).optional().nullable();

export const EmailSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .refine(isValidEmail, { error: 'email' })
  .transform((v) => v.toLowerCase());

/** A form's optional e-mail field: blank, or a valid address (the caller sends blank as null). */
export const EmailOrBlankSchema = z
  .string({ error: 'type' })
  .trim()
  .refine((v) => v === '' || isValidEmail(v), { error: 'email' })
  .transform((v) => v.toLowerCase());

export const UrlSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(2048, { error: 'maxLength' })
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    },
    { error: 'url' },
  );

export function passwordProblems(value: string): FormErrorRule[] {
  const problems: FormErrorRule[] = [];
  if (value.length < PASSWORD_MIN_LENGTH) problems.push('passwordMinLength');
  if (!/[A-Z]/.test(value)) problems.push('passwordCapital');
  if (!/[0-9]/.test(value)) problems.push('passwordNumber');
  return problems;
}

/** The password rules of spec section 5: at least 8 characters, a capital letter and a digit. */
export const PasswordSchema = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(256, { error: 'maxLength' })
  .superRefine((value, ctx) => {
    for (const rule of passwordProblems(value)) {
      ctx.addIssue({ code: 'custom', message: rule, params: { n: PASSWORD_MIN_LENGTH, m: value.length } });
    }
  });

/**
 * A URL template as partners and staff type it (a postback URL, an offer's landing URL): http(s), absolute, without
 * credentials, holding only the macros it may (`unknown` names the others). Checked on the template with each macro
 * replaced by a sample value (`expand`), so that `https://{subid}.example.com` is judged as a host would be.
 */
export function templateUrlSchema(
  unknown: (url: string) => string[],
  expand: (url: string) => string,
  maxLength: number,
) {
  return z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(maxLength, { error: 'maxLength' })
    .superRefine((value, ctx) => {
      const names = unknown(value);
      if (names.length > 0) {
        ctx.addIssue({ code: 'custom', message: 'unknownMacro', params: { macros: names } });
        return;
      }
      let parsed: URL;
      try {
        parsed = new URL(expand(value));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'url' });
        return;
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') ctx.addIssue({ code: 'custom', message: 'url' });
      else if (parsed.username || parsed.password) ctx.addIssue({ code: 'custom', message: 'urlCredentials' });
      else if (!parsed.hostname) ctx.addIssue({ code: 'custom', message: 'url' });
    });
}
