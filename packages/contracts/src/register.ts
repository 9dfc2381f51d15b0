import { z } from 'zod';
import { MessageSchema, envelope } from './api.js';
import { RegisterConfigSchema } from './config.js';
import { TIMEZONE_VALUES, UTC_TIMEZONE } from './account-settings.js';
import { LANGUAGE_CODES } from './constants.js';
import { defineEndpoint } from './endpoint.js';
import { EmailSchema, UrlSchema, optionalString, requiredString } from './validation.js';

export const PhoneSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(32, { error: 'maxLength' })
  .regex(/^\+?[0-9][0-9 ().-]{4,30}$/, { error: 'pattern' });

export const CountryCodeSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .regex(/^[A-Za-z]{2}$/, { error: 'oneOf' })
  .transform((v) => v.toUpperCase());

const listValue = requiredString(64);
const requiredList = z
  .array(listValue, { error: 'required' })
  .min(1, { error: 'required' })
  .max(50, { error: 'maxLength' });

/** The registration payload of spec section 3, with the rules of spec section 5. */
export const RegisterBodySchema = z.strictObject({
  companyName: requiredString(255),
  firstname: requiredString(100),
  lastname: requiredString(100),
  address: requiredString(255),
  zipCode: requiredString(20),
  city: requiredString(100),
  state: optionalString(100),
  country: CountryCodeSchema,
  email: EmailSchema,
  phoneNumber: PhoneSchema,
  langs: z
    .array(z.enum(LANGUAGE_CODES, { error: 'oneOf' }), { error: 'required' })
    .min(1, { error: 'required' })
    .max(10, { error: 'maxLength' }),
  telegram: optionalString(100),
  teams: optionalString(100),
  trafficSourceList: requiredList,
  typology: listValue,
  experience: listValue,
  verticals: requiredList,
  estimatedMonthlyRevenue: listValue,
  geographicAreaList: requiredList,
  websiteUrl: UrlSchema,
  /**
   * The partner's time zone, the registering browser's offset (decision 092): stored with the request and given to
   * the partner's first user, so that every screen, export and mail reads the same zone from day one. A caller that
   * sends none gets UTC, stored as such, never left blank.
   */
  timezone: z.enum(TIMEZONE_VALUES, { error: 'oneOf' }).default(UTC_TIMEZONE),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;
export type RegisterForm = z.input<typeof RegisterBodySchema>;

/** The public registration form: its lists, and the request for a partner account. */
export const registerEndpoints = {
  options: defineEndpoint({
    method: 'GET',
    path: '/register/options',
    auth: 'public',
    tags: ['register'],
    summary: 'The lists the registration form offers (public)',
    response: envelope(RegisterConfigSchema),
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/register',
    auth: 'public',
    tags: ['register'],
    summary: 'Request a partner account; an account manager is assigned and notified',
    body: RegisterBodySchema,
    errors: {
      409: 'An account with this e-mail already exists.',
      429: 'Too many registration requests from this network: wait the `Retry-After` seconds.',
    },
    response: MessageSchema,
  }),
};
