import { z } from 'zod';
import { ACCOUNT_TYPES, DOCUMENT_STATUSES, DOCUMENT_TYPES, ROLES } from './constants.js';

export const FileSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  type: z.string(),
  filename: z.string(),
  url: z.string(),
  expireAt: z.string().nullable(),
});
export type FileDto = z.infer<typeof FileSchema>;

/** The account manager as a partner sees it: name, 128x128 image, email, telegram, teams. */
export const AccountManagerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  telegram: z.string().nullable(),
  teams: z.string().nullable(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
});
export type AccountManager = z.infer<typeof AccountManagerSchema>;

export const PartnerContactSchema = z.object({
  id: z.number().int(),
  partnerId: z.number().int(),
  companyRole: z.string(),
  civility: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  telegram: z.string().nullable(),
  teams: z.string().nullable(),
  document: FileSchema.nullable(),
});
export type PartnerContact = z.infer<typeof PartnerContactSchema>;

export const ComplianceDocumentSchema = z.object({
  id: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  status: z.enum(DOCUMENT_STATUSES),
  expireAt: z.string().nullable(),
  /** Its expiry date has come (decision 040): staff and the partner see it as expired, whatever its status. */
  expired: z.boolean(),
  document: FileSchema.nullable(),
});
export type ComplianceDocument = z.infer<typeof ComplianceDocumentSchema>;

/** The connected partner as the portal sees it (spec section 3). */
export const ConnectedPartnerSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  status: z.enum(['active', 'inactive']),
  firstname: z.string(),
  lastname: z.string(),
  nickname: z.string().nullable(),
  companyStatus: z.string().nullable(),
  companyName: z.string(),
  companyNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  logo: z.string().nullable(),
  langs: z.array(z.string()),
  country: z.string().nullable(),
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  paymentThreshold: z.number().int().nullable(),
  paymentTerms: z.string(),
  paymentCurrency: z.string(),
  paymentMethod: z.string(),
  accountHolder: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAddress: z.string().nullable(),
  iban: z.string().nullable(),
  swift: z.string().nullable(),
  routingNumber: z.string().nullable(),
  allOffersAccess: z.boolean(),
  lastActivityAt: z.string().nullable(),
  /**
   * When it agreed to the network's terms (decision 082): its registration, whose form is sent under them. The menu's
   * footer says it in place of the spec's fixed '7/30/2024'; staff, who agreed to nothing, see no date.
   */
  termsAgreedAt: z.string().nullable(),
  accountManager: AccountManagerSchema.nullable(),
  mainContact: PartnerContactSchema.nullable(),
  documents: z.partialRecord(z.enum(DOCUMENT_TYPES), ComplianceDocumentSchema),
});
export type ConnectedPartner = z.infer<typeof ConnectedPartnerSchema>;

export const CurrentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(ROLES)),
  timezone: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
