/** Fixed path prefix of every API call (spec section 7). */
export const API_PREFIX = '/api/v1';

export const PRODUCT_NAME = 'Affiliate Partner Portal';
/** The fixed tagline of the top bar and the guest login card (spec section 1). */
export const PRODUCT_TAGLINE = 'Performance marketing, together.';
export const BUILD_LABEL = 'build #410';
export const DEFAULT_LOCALE = 'en-EN';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
export const PAGINATOR_SIDE_PAGES = 5;

/** Session lifetime on the server and the remember-me lifetime of the stored token (spec section 9). */
export const SESSION_TTL_DAYS = 7;
export const STORAGE_TOKEN_KEY = 'token';
export const STORAGE_EXPIRY_KEY = 'expiry';
/**
 * A sign-in link's query parameters (spec section 2, Login). /login with either of them is served the app, which
 * signs in with the link; without them, the sign-in page of its own (decision 055).
 */
export const SIGN_IN_LINK_PARAMS = ['token', 'expireAt'] as const;

export const PASSWORD_MIN_LENGTH = 8;
/** How long the 'passwords do not match' message stays (spec sections 5 and 8). */
export const PASSWORD_MISMATCH_MS = 3000;
export const RESET_KEY_TTL_MINUTES = 60;
/** The set-password link sent when a registration is approved stays valid this long (decision 026). */
export const WELCOME_KEY_TTL_DAYS = 7;

export const SNACKBAR_SUCCESS_MS = 2500;
export const SNACKBAR_LOGIN_ERROR_MS = 3000;
/**
 * The answer of a staff route refused because two-factor sign-in is required and not enabled yet. A constant here,
 * not beside the staff users' schemas: the web's API client reads it on every page, and would load those with it.
 */
export const STAFF_TWO_FACTOR_REQUIRED =
  'Two-factor sign-in is required for staff: enable it in your account settings.';
export const SNACKBAR_CLOSE_ANIMATION_MS = 1000;

/** Dropdown menus are at most this high (spec section 9). */
export const DROPDOWN_MAX_HEIGHT_PX = 300;
/** Letters typed on a closed list pick the first option they begin; the typed prefix is forgotten after this pause. */
export const TYPE_AHEAD_RESET_MS = 800;
export const ERROR_REPORT_THROTTLE_MS = 1000;

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;

export const ACCOUNT_TYPES = ['affiliate', 'mediabuy', 'internal'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  affiliate: 'Affiliate',
  mediabuy: 'Media Buy',
  internal: 'Internal',
};

export const PARTNER_STATUSES = ['active', 'rejected', 'pending', 'suspended', 'closed'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export const CONTACT_ROLES = ['main', 'sales', 'accounting', 'signatory', 'technical'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

export const PAYMENT_TERMS = [
  'daily',
  'weekly',
  'bi_monthly',
  'net0',
  'net15',
  'net20',
  'net30',
  'net60',
  'net90',
] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = 'net30';
export const PAYMENT_METHODS = ['wire'] as const;
export const DEFAULT_PAYMENT_METHOD = 'wire';
export const DEFAULT_CURRENCY = 'EUR';
/** The currencies a partner may be paid in (its billing requests follow the offers' currencies). */
export const PAYMENT_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

export const DOCUMENT_TYPES = [
  'proof_of_identity',
  'certificate_of_incorporation',
  'signed_contract',
  'insertion_order',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Human names of the compliance document types, in the order the portal lists them. */
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  proof_of_identity: 'Proof of identity',
  certificate_of_incorporation: 'Certificate of incorporation',
  signed_contract: 'Signed contract',
  insertion_order: 'Insertion order',
};
export const DOCUMENT_STATUSES = ['pending', 'refused', 'approved'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** The documents a partner must hold, approved and unexpired, until an admin configures another set (decision 040). */
export const DEFAULT_REQUIRED_DOCUMENT_TYPES: readonly DocumentType[] = ['proof_of_identity', 'signed_contract'];

export const INVOICE_STATUSES = ['waiting_for_approval', 'invoice_validated', 'payment_in_progress', 'paid'] as const;

export const APPLICATION_STATUSES = ['pending', 'active', 'refused'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Conversion (payout) types of an offer; the configuration's conversionTypeList carries their labels. */
export const CONVERSION_TYPES = ['cpa', 'cpl', 'cps', 'cpi', 'cpc'] as const;
export type ConversionType = (typeof CONVERSION_TYPES)[number];

/** The viewing partner's status for an offer (spec section 4): an application's status, else one of the last two. */
export const OFFER_PARTNER_STATUSES = [...APPLICATION_STATUSES, 'apply_to_run', 'public'] as const;
export type OfferPartnerStatus = (typeof OFFER_PARTNER_STATUSES)[number];

/** The nested objects GET /offer can include (spec section 7). */
export const OFFER_GROUPS = ['product', 'goals', 'goal', 'goalTypes', 'goalType'] as const;
export type OfferGroup = (typeof OFFER_GROUPS)[number];

/** `epc` is the viewing partner's own EPC, `networkEpc` every partner's (public offers only), both over `OFFER_EPC_DAYS`. */
export const OFFER_SORT_NAMES = ['id', 'name', 'createdAt', 'payout', 'epc', 'networkEpc'] as const;
export type OfferSortName = (typeof OFFER_SORT_NAMES)[number];

/** The offer list's EPC window: the last 30 UTC days, today included. */
export const OFFER_EPC_DAYS = 30;

export const LANGUAGE_CODES = ['fr', 'en', 'es', 'it', 'pt', 'de', 'ru', 'uk', 'pl', 'zh'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/**
 * Roles carried by users. Staff roles are checked by the server on the routes that declare them, and their reach by
 * one scope rule (decision 036): an account manager reaches its own partners, a team manager its team's, an admin
 * every one, finance every partner's billing and nothing else.
 */
export const ROLES = [
  'ROLE_ADMIN',
  'ROLE_TEAM_MANAGER',
  'ROLE_ACCOUNT_MANAGER',
  'ROLE_FINANCE',
  'ROLE_PARTNER',
  /** An advertiser's portal user (decision 087): its own advertiser's offers, conversions, postbacks, invoices. */
  'ROLE_ADVERTISER',
] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES: readonly Role[] = ['ROLE_ADMIN', 'ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER', 'ROLE_FINANCE'];
export type StaffRole = Exclude<Role, 'ROLE_PARTNER' | 'ROLE_ADVERTISER'>;
export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  ROLE_ADMIN: 'Admin',
  ROLE_TEAM_MANAGER: 'Team manager',
  ROLE_ACCOUNT_MANAGER: 'Account manager',
  ROLE_FINANCE: 'Finance',
};

/** The data lists the configuration carries (spec section 3, Config). */
export const DATA_LIST_NAMES = [
  'trafficSourceList',
  'typologyList',
  'experienceList',
  'verticalList',
  'estimatedMonthlyRevenueList',
  'geographicAreaList',
  'conversionTypeList',
  'invoiceStatusList',
  'civilityList',
  'companyStatusList',
] as const;
export type DataListName = (typeof DATA_LIST_NAMES)[number];

/** Largest decoded upload (spec: "say 10 MB"); above it the server answers 413. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** How long a signed download link stays valid. */
export const FILE_LINK_TTL_SECONDS = 5 * 60;

/** The longest a goal's minimum time to convert may be, in seconds (a day; decision 129 moved it here from goals.ts). */
export const MIN_SECONDS_TO_CONVERT_MAX = 86_400;
