import { z } from 'zod';
import { envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The 27 whole-hour GMT offsets from -12:00 to +14:00, each with a city that keeps it all year
 * (docs/decisions/012). The stored value is the offset itself ('+01:00'), a fixed offset the
 * reports use for day boundaries.
 */
export const TIMEZONES = [
  { value: '-12:00', city: 'Baker Island' },
  { value: '-11:00', city: 'Pago Pago' },
  { value: '-10:00', city: 'Honolulu' },
  { value: '-09:00', city: 'Anchorage' },
  { value: '-08:00', city: 'Los Angeles' },
  { value: '-07:00', city: 'Denver' },
  { value: '-06:00', city: 'Mexico City' },
  { value: '-05:00', city: 'New York' },
  { value: '-04:00', city: 'Santo Domingo' },
  { value: '-03:00', city: 'São Paulo' },
  { value: '-02:00', city: 'South Georgia' },
  { value: '-01:00', city: 'Azores' },
  { value: '+00:00', city: 'London, Reykjavik' },
  { value: '+01:00', city: 'Paris' },
  { value: '+02:00', city: 'Cairo' },
  { value: '+03:00', city: 'Moscow' },
  { value: '+04:00', city: 'Dubai' },
  { value: '+05:00', city: 'Karachi' },
  { value: '+06:00', city: 'Dhaka' },
  { value: '+07:00', city: 'Bangkok' },
  { value: '+08:00', city: 'Singapore' },
  { value: '+09:00', city: 'Tokyo' },
  { value: '+10:00', city: 'Sydney' },
  { value: '+11:00', city: 'Nouméa' },
  { value: '+12:00', city: 'Auckland' },
  { value: '+13:00', city: "Nuku'alofa" },
  { value: '+14:00', city: 'Kiritimati' },
] as const;
export const TIMEZONE_VALUES = TIMEZONES.map((tz) => tz.value) as unknown as readonly [
  (typeof TIMEZONES)[number]['value'],
  ...(typeof TIMEZONES)[number]['value'][],
];
export type TimezoneOffset = (typeof TIMEZONES)[number]['value'];

/** The zone of a user who never chose one (decision 092): what the reports have always used for none. */
export const UTC_TIMEZONE: TimezoneOffset = '+00:00';

/** '(GMT+01:00) Paris', as the select shows it. */
export function timezoneLabel(value: string): string {
  const found = TIMEZONES.find((tz) => tz.value === value);
  return found ? `(GMT${found.value}) ${found.city}` : value;
}

/**
 * The choice closest to a browser's offset (Date#getTimezoneOffset: minutes *behind* UTC, so
 * Paris in winter is -60). Half-hour zones round to the next whole hour east.
 */
export function timezoneForBrowserOffset(minutesBehindUtc: number): TimezoneOffset {
  const hours = Math.max(-12, Math.min(14, Math.round(-minutesBehindUtc / 60)));
  const sign = hours < 0 ? '-' : '+';
  return `${sign}${String(Math.abs(hours)).padStart(2, '0')}:00` as TimezoneOffset;
}

/** The billing reference time zone, which the partner's choice never changes (spec section 9). */
export const BILLING_TIMEZONE = 'Europe/Paris';

export const TimezoneBodySchema = z.strictObject({
  timezone: z.enum(TIMEZONE_VALUES, { error: 'oneOf' }),
});
export type TimezoneBody = z.infer<typeof TimezoneBodySchema>;

/** The five checkboxes of the account screen, in the spec's order. */
export const PREFERENCE_KEYS = [
  'newsletter',
  'offerNotifications',
  'paymentNotifications',
  'urgentNotifications',
  'partnerSpecialOffers',
] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];
export const PREFERENCE_LABELS: Record<PreferenceKey, string> = {
  newsletter: 'Newsletter Subscription',
  offerNotifications: 'Offer Notifications',
  paymentNotifications: 'Payment Notifications',
  urgentNotifications: 'Urgent Notifications',
  partnerSpecialOffers: 'Special Offers from our Partners',
};

const flag = z.boolean({ error: 'type' });
export const PreferencesSchema = z.strictObject({
  newsletter: flag,
  offerNotifications: flag,
  paymentNotifications: flag,
  urgentNotifications: flag,
  partnerSpecialOffers: flag,
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/** The country codes the two-factor select offers (spec section 2). */
export const TWO_FACTOR_COUNTRIES = [
  { code: '+1', country: 'USA' },
  { code: '+33', country: 'France' },
  { code: '+44', country: 'UK' },
  { code: '+49', country: 'Germany' },
  { code: '+91', country: 'India' },
  { code: '+81', country: 'Japan' },
] as const;
export const TWO_FACTOR_COUNTRY_CODES = TWO_FACTOR_COUNTRIES.map((c) => c.code) as unknown as readonly [
  (typeof TWO_FACTOR_COUNTRIES)[number]['code'],
  ...(typeof TWO_FACTOR_COUNTRIES)[number]['code'][],
];
export const TWO_FACTOR_CODE_LENGTH = 6;
export const TWO_FACTOR_CODE_TTL_MINUTES = 10;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
/** One-time recovery codes handed out at enrolment, each usable once instead of an SMS code (decision 030). */
export const RECOVERY_CODE_COUNT = 10;
/** 'k7m2p-x9qrt': ten characters of an alphabet without look-alikes (no i, l, o, 0, 1), a dash in the middle. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** A recovery code as it is stored and compared: lower case, without the dash or spaces. */
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** '+33' and '06 12 34 56 78' → '+33612345678'. */
export function toE164(countryCode: string, phoneNumber: string): string {
  return `${countryCode}${phoneNumber.replace(/\D/g, '').replace(/^0/, '')}`;
}

/** '+33612345678' → '+33 ••••••• 78': enough to recognise one's phone, not to read it. */
export function maskPhone(e164: string): string {
  const code = TWO_FACTOR_COUNTRY_CODES.find((c) => e164.startsWith(c)) ?? '';
  const rest = e164.slice(code.length);
  return `${code} ${'•'.repeat(Math.max(0, rest.length - 2))}${rest.slice(-2)}`.trim();
}

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The masked phone number codes go to, while enabled. */
  phone: z.string().nullable(),
  enabledAt: z.string().nullable(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** GET /account/settings: the signed-in user's time zone, preferences and two-factor state. */
export const AccountSettingsSchema = z.object({
  /** A whole-hour offset ('+01:00'); null until chosen (the web then proposes the browser's). */
  timezone: z.string().nullable(),
  preferences: PreferencesSchema,
  twoFactor: TwoFactorStatusSchema,
});
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;

export const settingsEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/account/settings',
    tags: ['account'],
    summary: 'Time zone, notification preferences and two-factor state of the signed-in user',
    response: envelope(AccountSettingsSchema),
  }),
  setTimezone: defineEndpoint({
    method: 'PUT',
    path: '/account/timezone',
    tags: ['account'],
    summary:
      'Set the time zone of every time the user is shown: screens, CSV files, e-mails and notifications (a whole-hour GMT offset)',
    body: TimezoneBodySchema,
    response: envelope(AccountSettingsSchema),
  }),
  setPreferences: defineEndpoint({
    method: 'PUT',
    path: '/account/preferences',
    tags: ['account'],
    summary: 'Set the newsletter and notification preferences (all five at once)',
    body: PreferencesSchema,
    response: envelope(AccountSettingsSchema),
  }),
};
