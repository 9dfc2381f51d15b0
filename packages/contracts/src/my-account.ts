import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { IdParamsSchema, envelope } from './api.js';
import { UploadDocumentSchema } from './uploads.js';
import { configEndpoint } from './config.js';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, LANGUAGE_CODES } from './constants.js';
import { defineEndpoint } from './endpoint.js';
import { ConnectedPartnerSchema, PartnerContactSchema } from './partner.js';
import { CountryCodeSchema, PhoneSchema } from './register.js';
import { EmailSchema, optionalString, requiredString } from './validation.js';

// MAX_UPLOAD_BYTES and FILE_LINK_TTL_SECONDS are in constants.ts (decision 122): a screen that checks a file's size
// (the offer editor's pictures) no longer loads this module's schemas, zod and the IBAN check.

/** An optional text: blank means "none" and is stored as null. */
const blankToNull = (max: number) =>
  optionalString(max).transform((v) => (v === undefined || v === null || v === '' ? null : v));

/** Upper case without spaces, the form banks and ibantools compare. */
const compact = (v: string) => v.replace(/\s+/g, '').toUpperCase();

export const IbanSchema = z
  .string({ error: 'type' })
  .trim()
  .max(42, { error: 'maxLength' })
  .optional()
  .nullable()
  .transform((v) => (v ? (electronicFormatIBAN(v) ?? compact(v)) : null))
  .refine((v) => v === null || isValidIBAN(v), { error: 'iban' });

export const SwiftSchema = z
  .string({ error: 'type' })
  .trim()
  .max(11, { error: 'maxLength' })
  .optional()
  .nullable()
  .transform((v) => (v ? compact(v) : null))
  .refine((v) => v === null || isValidBIC(v), { error: 'swift' });

const companyFields = {
  langs: z
    .array(z.enum(LANGUAGE_CODES, { error: 'oneOf' }), { error: 'required' })
    .min(1, { error: 'required' })
    .max(10, { error: 'maxLength' }),
  country: CountryCodeSchema,
  address: requiredString(255),
  zipCode: requiredString(20),
  state: blankToNull(100),
  city: requiredString(100),
  email: EmailSchema,
  phoneNumber: PhoneSchema,
};

const paymentFields = {
  accountHolder: requiredString(255),
  bankName: requiredString(255),
  bankAddress: blankToNull(255),
  iban: IbanSchema,
  swift: SwiftSchema,
  routingNumber: blankToNull(34),
};

/**
 * The company set of PUT /partner/{id} (spec section 7). Unknown keys are stripped, not refused:
 * a partner's form may carry read-only fields (companyName, status …) and the server ignores them.
 */
export const UpdatePartnerCompanyBodySchema = z.object(companyFields);
export type UpdatePartnerCompanyBody = z.infer<typeof UpdatePartnerCompanyBodySchema>;
export type UpdatePartnerCompanyForm = z.input<typeof UpdatePartnerCompanyBodySchema>;

/** The payment set of PUT /partner/{id}. */
export const UpdatePartnerPaymentBodySchema = z.object(paymentFields);
export type UpdatePartnerPaymentBody = z.infer<typeof UpdatePartnerPaymentBodySchema>;
export type UpdatePartnerPaymentForm = z.input<typeof UpdatePartnerPaymentBodySchema>;

/**
 * The web's payment form: the payment set and the signed-in user's current password, which the
 * server requires when the bank details change (decision 030).
 */
export const UpdatePartnerPaymentFormSchema = UpdatePartnerPaymentBodySchema.extend({
  currentPassword: z.string({ error: 'required' }).min(1, { error: 'required' }).max(256, { error: 'maxLength' }),
});
export type UpdatePartnerPaymentFormValues = z.input<typeof UpdatePartnerPaymentFormSchema>;
export type UpdatePartnerPaymentFormBody = z.infer<typeof UpdatePartnerPaymentFormSchema>;

export const COMPANY_FIELDS = Object.keys(companyFields) as (keyof UpdatePartnerCompanyBody)[];
export const PAYMENT_FIELDS = Object.keys(paymentFields) as (keyof UpdatePartnerPaymentBody)[];

const present = (body: Record<string, unknown>, keys: readonly string[]) => keys.some((key) => body[key] !== undefined);

/**
 * PUT /partner/{id}: either the company set or the payment set (one object of optional fields,
 * so errors stay keyed by field). Whichever set is sent must be complete; mixing them is refused.
 */
export const UpdatePartnerBodySchema = z
  .object({
    ...Object.fromEntries(Object.entries(companyFields).map(([k, s]) => [k, s.optional()])),
    ...Object.fromEntries(Object.entries(paymentFields).map(([k, s]) => [k, s.optional()])),
    /** The signed-in user's password: required when the bank details change (decision 030). */
    currentPassword: z.string({ error: 'type' }).max(256, { error: 'maxLength' }).optional(),
  } as { [K in keyof typeof companyFields]: z.ZodOptional<(typeof companyFields)[K]> } & {
    [K in keyof typeof paymentFields]: z.ZodOptional<(typeof paymentFields)[K]>;
  } & { currentPassword: z.ZodOptional<z.ZodString> })
  .superRefine((body, ctx) => {
    const raw = body as Record<string, unknown>;
    const company = present(raw, COMPANY_FIELDS);
    const payment = present(raw, PAYMENT_FIELDS);
    if (company === payment) {
      ctx.addIssue({ code: 'custom', message: 'fieldSet', path: [] });
      return;
    }
    const required = company
      ? ['langs', 'country', 'address', 'zipCode', 'city', 'email', 'phoneNumber']
      : ['accountHolder', 'bankName'];
    for (const key of required) {
      if (raw[key] === undefined) ctx.addIssue({ code: 'custom', message: 'required', path: [key] });
    }
  });
export type UpdatePartnerBody = z.infer<typeof UpdatePartnerBodySchema>;

/** PUT /partner-contact/{id}: the contact's fields and an optional document. */
export const UpdatePartnerContactBodySchema = z.object({
  civility: blankToNull(16),
  firstname: requiredString(100),
  lastname: requiredString(100),
  email: EmailSchema,
  phoneNumber: z
    .string({ error: 'type' })
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))
    .pipe(PhoneSchema.nullable()),
  telegram: blankToNull(100),
  teams: blankToNull(100),
  document: UploadDocumentSchema.optional().nullable(),
});
export type UpdatePartnerContactBody = z.infer<typeof UpdatePartnerContactBodySchema>;
export type UpdatePartnerContactForm = z.input<typeof UpdatePartnerContactBodySchema>;

/**
 * POST /partner/compliance-document and PUT /partner/compliance-document/{id}. The spec lists
 * the document as optional; here it is required, since a record exists to carry a file to review.
 */
export const ComplianceDocumentBodySchema = z.object({
  type: z.enum(DOCUMENT_TYPES, { error: 'oneOf' }),
  document: UploadDocumentSchema,
});
export type ComplianceDocumentBody = z.infer<typeof ComplianceDocumentBodySchema>;

/** PUT /staff/compliance-documents/{id}: staff approve or refuse a partner's document. */
export const ReviewComplianceDocumentBodySchema = z.strictObject({
  status: z.enum(DOCUMENT_STATUSES, { error: 'oneOf' }),
  /** A UTC calendar date, YYYY-MM-DD; null clears it. */
  expireAt: z
    .string({ error: 'type' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'pattern' })
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: 'pattern',
      },
    )
    .optional()
    .nullable(),
  /** Why, told to the partner in its notification; optional. */
  reason: optionalString(1000),
});
export type ReviewComplianceDocumentBody = z.infer<typeof ReviewComplianceDocumentBodySchema>;

/** The signed-in user's configuration, and the partner's own company, payment and contact fields. */
export const accountEndpoints = {
  config: configEndpoint,
  partner: defineEndpoint({
    method: 'GET',
    path: '/partner',
    tags: ['account'],
    summary: 'The connected partner',
    response: envelope(ConnectedPartnerSchema),
  }),
  updatePartner: defineEndpoint({
    method: 'PUT',
    path: '/partner/:id',
    tags: ['account'],
    summary: 'Update the company fields or the payment fields of the own partner',
    description:
      "Send either the company set (langs, country, address, zipCode, state, city, email, phoneNumber) or the payment set (accountHolder, bankName, bankAddress, iban, swift, routingNumber). Bank details that differ from the stored ones need currentPassword, the signed-in user's password, and are e-mailed to every user of the partner. Other fields (status, paymentTerms, companyName …) are ignored.",
    params: IdParamsSchema,
    body: UpdatePartnerBodySchema,
    response: envelope(ConnectedPartnerSchema),
  }),
  updateContact: defineEndpoint({
    method: 'PUT',
    path: '/partner-contact/:id',
    tags: ['account'],
    summary: 'Update a contact of the own partner, with an optional document (data URL; PDF, PNG or JPEG, 10 MB)',
    params: IdParamsSchema,
    body: UpdatePartnerContactBodySchema,
    response: envelope(PartnerContactSchema),
  }),
};
