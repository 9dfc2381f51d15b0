import { z } from 'zod';
import { ACCOUNT_TYPES, PAYMENT_CURRENCIES, PAYMENT_METHODS, PAYMENT_TERMS } from './constants.js';
import { EmailSchema, UrlSchema, requiredString } from './validation.js';

// ---------------------------------------------------------------- the staff partner form's schema
// Apart from staff.ts (decision 115), whose endpoints every back-office screen reads: the partner page's form parses
// this schema, and a module holding a schema a form parses is loaded with the validation library by every screen that
// reads anything else of it (decision 059). staff.ts re-exports the schema, its type and fields, and uses the two
// helpers (not exported by the package).

/** A record's id, as the back office's queries and bodies take it. */
export const id = z.coerce
  .number({ error: 'type' })
  .int({ error: 'type' })
  .positive({ error: 'min' })
  .max(2_147_483_647, {
    error: 'max',
  });
/** An optional text: blank is null. */
export const nullableText = (max: number) =>
  z
    .string({ error: 'type' })
    .trim()
    .max(max, { error: 'maxLength' })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v));

/**
 * PUT /staff/partners/{id}: what staff may set, each optional (an omitted field keeps its value). Lists (typology,
 * company status, country) are checked against the configuration by the server. Only admins and team managers
 * reassign a partner, a team manager within its team.
 */
export const StaffPartnerUpdateSchema = z.strictObject({
  accountManagerId: id.nullable().optional(),
  accountType: z.enum(ACCOUNT_TYPES, { error: 'oneOf' }).optional(),
  paymentTerms: z.enum(PAYMENT_TERMS, { error: 'oneOf' }).optional(),
  /** Minor units; null for none. */
  paymentThreshold: z
    .number({ error: 'type' })
    .int({ error: 'type' })
    .min(0, { error: 'min' })
    .max(100_000_000, { error: 'max' })
    .nullable()
    .optional(),
  paymentCurrency: z.enum(PAYMENT_CURRENCIES, { error: 'oneOf' }).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'oneOf' }).optional(),
  allOffersAccess: z.boolean({ error: 'type' }).optional(),
  prospect: z.boolean({ error: 'type' }).optional(),
  typology: nullableText(64),
  companyName: requiredString(255).optional(),
  companyStatus: nullableText(64),
  companyRegistrationNumber: nullableText(64),
  companyVatNumber: nullableText(64),
  address: nullableText(255),
  zipCode: nullableText(20),
  state: nullableText(100),
  city: nullableText(100),
  country: z
    .string({ error: 'type' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'oneOf' })
    .transform((v) => v.toUpperCase())
    .nullable()
    .optional(),
  email: EmailSchema.optional(),
  phoneNumber: nullableText(40),
  websiteUrl: UrlSchema.nullable().optional(),
});
export type StaffPartnerUpdate = z.input<typeof StaffPartnerUpdateSchema>;
export const STAFF_PARTNER_EDITABLE_FIELDS = Object.keys(
  StaffPartnerUpdateSchema.shape,
) as (keyof StaffPartnerUpdate)[];
