/**
 * The authorization matrix (decision 036): every operation of the OpenAPI document × nine callers (admin,
 * the team manager of A's account manager, A's account manager, B's account manager, finance, partner A, partner B,
 * A's reporting API key, anonymous), each request aimed at partner A's own records. One explicit row per operation;
 * an operation missing from the table, a row naming no operation, and every caller whose answer differs fail the test,
 * all listed together.
 *
 * Outcomes: 'ok' passes authorization (2xx, 3xx, or a 4xx other than 401/403/404: a refused body, a conflict), or
 * the exact status expected (401 anonymous, 403 refused, 404 out of reach: another's record does not exist).
 * The guards run before the body is validated (decision 067; authorization-before-validation.test.ts proves it on
 * every route), yet every request carries a valid body, so that a caller who passes reaches the handler and its
 * answer says what the route's own rules decide.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiKeys,
  invoices,
  billingRequests,
  conversions,
  goals,
  news,
  notifications,
  offers,
  partnerContacts,
  offerCreatives,
  offerLandingPages,
  payoutOverrideRequests,
  payoutOverrides,
  products,
} from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  createTeam,
  login,
  samplePdf,
  type TestApp,
} from './helper.js';
import { advertiserTokenOf, createApplication, createOffer } from './offer-fixtures.js';

const CALLERS = ['admin', 'tm', 'amA', 'amB', 'finance', 'partnerA', 'partnerB', 'keyA', 'anon'] as const;
type Caller = (typeof CALLERS)[number];
type Outcome = 'ok' | 401 | 403 | 404;
type Expect = Record<Caller, Outcome>;
type Request = { url: string; payload?: unknown; headers?: Record<string, string> };
type Fixtures = {
  partnerA: number;
  userA: number;
  amA: number;
  offer: number;
  /** An offer that needs no approval, for tracking links. */
  openOffer: number;
  application: number;
  document: number;
  file: number;
  contact: number;
  invoice: number;
  conversion: number;
  postback: number;
  notification: number;
  apiKey: number;
  image: number;
  advertiserToken: string;
  advertiser: number;
  product: number;
};
type Row = {
  expect: Expect;
  /** The request, at A's records; `fresh` records made for this caller when the row needs its own. */
  request: (f: Fixtures, caller: Caller, fresh: Record<string, number>) => Request;
  /** Records to make anew for each caller (a DELETE consumes its record). */
  fresh?: (caller: Caller) => Promise<Record<string, number>>;
};

// ------------------------------------------------------------------ the presets, each caller named
const everyone = (outcome: Outcome): Expect => Object.fromEntries(CALLERS.map((caller) => [caller, outcome])) as Expect;
const PUBLIC = everyone('ok');
/** Any signed-in user (staff or partner), no API key. */
const SIGNED_IN: Expect = { ...everyone('ok'), keyA: 403, anon: 401 };
/** The partner's own records: staff are no partner (403), B does not see A's (404), the key is for reports. */
const PARTNER_OWN: Expect = {
  admin: 403, tm: 403, amA: 403, amB: 403, finance: 403, partnerA: 'ok', partnerB: 404, keyA: 403, anon: 401,
}; // prettier-ignore
/** A partner's own list or action with no record in the address: each partner gets its own. */
const PARTNER_SELF: Expect = { ...PARTNER_OWN, partnerB: 'ok' };
/** Reporting reads a key may make too. */
const PARTNER_REPORT: Expect = { ...PARTNER_SELF, keyA: 'ok' };
/** Staff work on A's records: admins, A's team manager and A's account manager; B's manager does not see them. */
const STAFF_SCOPED: Expect = {
  admin: 'ok', tm: 'ok', amA: 'ok', amB: 404, finance: 403, partnerA: 403, partnerB: 403, keyA: 403, anon: 401,
}; // prettier-ignore
/** Staff lists, each scoped to the reader (finance works no partner). */
const STAFF_LIST: Expect = { ...STAFF_SCOPED, amB: 'ok' };
const ANY_STAFF: Expect = { ...STAFF_LIST, finance: 'ok' };
const ADMIN_ONLY: Expect = {
  admin: 'ok', tm: 403, amA: 403, amB: 403, finance: 403, partnerA: 403, partnerB: 403, keyA: 403, anon: 401,
}; // prettier-ignore
/** Invoice moves (decision 064): admins and finance; account and team managers read invoices and move none. */
const INVOICE_MOVERS: Expect = { ...ADMIN_ONLY, finance: 'ok' };

const COMPANY = {
  langs: ['fr'],
  country: 'FR',
  address: '1 rue de la Paix',
  zipCode: '75002',
  city: 'Paris',
  email: 'alpha@example.test',
  phoneNumber: '+33 1 23 45 67 89',
};

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${(sequence += 1)}-${Date.now()}`;
const pdf = () => `data:application/pdf;base64,${samplePdf().toString('base64')}`;

// ------------------------------------------------------------------ the table: one row per operation
const TABLE: Record<string, Row> = {
  // Tracking links: public.
  'GET /click': { expect: PUBLIC, request: (f) => ({ url: `/click?offer_id=${f.openOffer}&aff_id=${f.partnerA}` }) },
  // Advertisers' postbacks: public, the advertiser's token decides.
  'GET /postback': { expect: PUBLIC, request: (f) => ({ url: `/postback?click_id=nope&goal=sale&token=${f.advertiserToken}` }) },
  'POST /postback': {
    expect: PUBLIC,
    request: (f) => ({ url: '/postback', payload: { click_id: 'nope', goal: 'sale', token: f.advertiserToken } }),
  },
  // Sign-in and passwords: public.
  'POST /api/v1/login': {
    expect: everyone(401),
    request: (_f, caller) => ({ url: '/api/v1/login', payload: { username: `nobody-${caller}@example.test`, password: 'Wrong2025!' } }),
  },
  'POST /api/v1/login/two-factor': {
    expect: PUBLIC,
    request: () => ({ url: '/api/v1/login/two-factor', payload: { challenge: 'x'.repeat(43), code: '123456' } }),
  },
  'POST /api/v1/logout': {
    // Every signed-in caller may sign out (its own session, made for this row); a key is no session.
    expect: { ...SIGNED_IN, anon: 401 },
    request: () => ({ url: '/api/v1/logout' }),
  },
  'POST /api/v1/password/lost': { expect: PUBLIC, request: () => ({ url: '/api/v1/password/lost', payload: { email: 'nobody@example.test' } }) },
  'GET /api/v1/password/check-key/{key}': { expect: PUBLIC, request: () => ({ url: `/api/v1/password/check-key/${'k'.repeat(43)}` }) },
  'POST /api/v1/password/reset': {
    expect: PUBLIC,
    request: () => ({ url: '/api/v1/password/reset', payload: { key: 'k'.repeat(43), password: 'Another2025!' } }),
  },
  'POST /api/v1/account/change-password': {
    // A wrong current password: refused on that field, after authorization.
    expect: SIGNED_IN,
    request: () => ({
      url: '/api/v1/account/change-password',
      payload: { currentPassword: 'NotMine2025!', password: 'Another2025!', revokeApiKeys: false },
    }),
  },
  'GET /api/v1/config': { expect: SIGNED_IN, request: () => ({ url: '/api/v1/config' }) },
  'GET /api/v1/partner': { expect: PARTNER_SELF, request: () => ({ url: '/api/v1/partner' }) },
  'PUT /api/v1/partner/{id}': {
    expect: PARTNER_OWN,
    request: (f) => ({ url: `/api/v1/partner/${f.partnerA}`, payload: COMPANY }),
  },
  'PUT /api/v1/partner-contact/{id}': {
    expect: PARTNER_OWN,
    request: (f) => ({ url: `/api/v1/partner-contact/${f.contact}`, payload: contactBody() }),
  },
  'POST /api/v1/partner/compliance-document': {
    expect: PARTNER_SELF,
    request: () => ({
      url: '/api/v1/partner/compliance-document',
      payload: { type: 'signed_contract', document: { filename: 'c.pdf', data: pdf() } },
    }),
  },
  'PUT /api/v1/partner/compliance-document/{id}': {
    expect: PARTNER_OWN,
    request: (f) => ({
      url: `/api/v1/partner/compliance-document/${f.document}`,
      payload: { type: 'insertion_order', document: { filename: 'io.pdf', data: pdf() } },
    }),
  },
  'PUT /api/v1/staff/compliance-documents/{id}': {
    expect: STAFF_SCOPED,
    request: (f) => ({ url: `/api/v1/staff/compliance-documents/${f.document}`, payload: { status: 'approved' } }),
  },
  // Staff open a partner's files within their reach; finance only the kinds billing needs (invoices), so not this
  // contact's document (decision 067).
  'GET /api/v1/file/{id}/url': {
    expect: { ...PARTNER_OWN, admin: 'ok', tm: 'ok', amA: 'ok', amB: 404, finance: 404 },
    request: (f) => ({ url: `/api/v1/file/${f.file}/url` }),
  },
  // A signed link is its own authorization: without a valid signature, no one gets the file.
  'GET /api/v1/file/{id}/download': {
    expect: everyone(403),
    request: (f) => ({ url: `/api/v1/file/${f.file}/download?expires=9999999999&signature=${'A'.repeat(43)}` }),
  },
  'DELETE /api/v1/file/{id}': {
    expect: PARTNER_OWN,
    fresh: async () => ({ file: await contactFile() }),
    request: (_f, _c, fresh) => ({ url: `/api/v1/file/${fresh.file}` }),
  },
  'GET /api/v1/register/options': { expect: PUBLIC, request: () => ({ url: '/api/v1/register/options' }) },
  'POST /api/v1/register': { expect: PUBLIC, request: () => ({ url: '/api/v1/register', payload: { companyName: 'X' } }) },
  'GET /api/v1/setup/check-key/{key}': { expect: PUBLIC, request: () => ({ url: `/api/v1/setup/check-key/${'k'.repeat(43)}` }) },
  'POST /api/v1/setup/first-admin': {
    expect: PUBLIC,
    request: () => ({
      url: '/api/v1/setup/first-admin',
      payload: { key: 'k'.repeat(43), email: 'first@example.test', firstname: 'F', lastname: 'A' },
    }),
  },
  'GET /api/v1/image/{id}': { expect: PUBLIC, request: (f) => ({ url: `/api/v1/image/${f.image}` }) },
  'GET /api/v1/offer': { expect: PARTNER_REPORT, request: () => ({ url: '/api/v1/offer' }) },
  'GET /api/v1/offer/{id}': { expect: PARTNER_REPORT, request: (f) => ({ url: `/api/v1/offer/${f.offer}` }) },
  'GET /api/v1/partner-offer': { expect: PARTNER_REPORT, request: () => ({ url: '/api/v1/partner-offer' }) },
  'POST /api/v1/partner-offer': {
    expect: PARTNER_SELF,
    request: (f) => ({ url: '/api/v1/partner-offer', payload: { offerId: f.offer } }),
  },
  'PUT /api/v1/staff/partner-offers/{id}': {
    expect: STAFF_SCOPED,
    request: (f) => ({ url: `/api/v1/staff/partner-offers/${f.application}`, payload: { status: 'active' } }),
  },
  'GET /api/v1/billing-request': { expect: PARTNER_SELF, request: () => ({ url: '/api/v1/billing-request' }) },
  'GET /api/v1/billing-request/next-payment': {
    expect: PARTNER_SELF,
    request: () => ({ url: '/api/v1/billing-request/next-payment' }),
  },
  'GET /api/v1/staff/invoices': { expect: ANY_STAFF, request: () => ({ url: '/api/v1/staff/invoices' }) },
  'PUT /api/v1/staff/invoices/{id}': {
    expect: INVOICE_MOVERS,
    // Each caller validates an invoice of its own, waiting for approval and created by no one.
    fresh: async () => ({ invoice: await waitingInvoice() }),
    request: (_f, _c, fresh) => ({ url: `/api/v1/staff/invoices/${fresh.invoice}`, payload: { status: 'invoice_validated' } }),
  },
  'POST /api/v1/staff/billing-runs': {
    expect: ADMIN_ONLY,
    request: () => ({ url: '/api/v1/staff/billing-runs', payload: { month: '2024-01' } }),
  },
  'GET /api/v1/news': { expect: PARTNER_SELF, request: () => ({ url: '/api/v1/news' }) },
  'GET /api/v1/staff/home': { expect: ANY_STAFF, request: () => ({ url: '/api/v1/staff/home' }) },
  'POST /api/v1/staff/partners/{id}/view-as': {
    expect: STAFF_SCOPED,
    request: (f) => ({ url: `/api/v1/staff/partners/${f.partnerA}/view-as` }),
  },
  'GET /api/v1/staff/partner-offers': { expect: STAFF_LIST, request: () => ({ url: '/api/v1/staff/partner-offers' }) },
  'GET /api/v1/staff/compliance-documents': {
    expect: STAFF_LIST,
    request: () => ({ url: '/api/v1/staff/compliance-documents' }),
  },
  'GET /api/v1/staff/partners': { expect: STAFF_LIST, request: () => ({ url: '/api/v1/staff/partners' }) },
  'GET /api/v1/staff/partners/{id}': {
    expect: STAFF_SCOPED,
    request: (f) => ({ url: `/api/v1/staff/partners/${f.partnerA}` }),
  },
  'PUT /api/v1/staff/partners/{id}': {
    expect: STAFF_SCOPED,
    request: (f) => ({ url: `/api/v1/staff/partners/${f.partnerA}`, payload: { paymentTerms: 'net30' } }),
  },
  'POST /api/v1/staff/partner-offers/decisions': {
    expect: STAFF_SCOPED,
    request: (f) => ({ url: '/api/v1/staff/partner-offers/decisions', payload: { ids: [f.application], status: 'active' } }),
  },
  'POST /api/v1/staff/compliance-documents/decisions': {
    expect: STAFF_SCOPED,
    request: (f) => ({
      url: '/api/v1/staff/compliance-documents/decisions',
      payload: { ids: [f.document], status: 'approved' },
    }),
  },
  'GET /api/v1/staff/settings/compliance': {
    expect: ANY_STAFF,
    request: () => ({ url: '/api/v1/staff/settings/compliance' }),
  },
  'PUT /api/v1/staff/settings/compliance': {
    expect: ADMIN_ONLY,
    request: () => ({
      url: '/api/v1/staff/settings/compliance',
      payload: { requiredDocumentTypes: ['proof_of_identity', 'signed_contract'] },
    }),
  },
  'PUT /api/v1/staff/partners/{id}/status': {
    // Asking for the current status changes nothing, and still goes through the rule.
    expect: STAFF_SCOPED,
    request: (f) => ({ url: `/api/v1/staff/partners/${f.partnerA}/status`, payload: { status: 'active' } }),
  },
  'GET /api/v1/staff/partners/{id}/status-history': {
    expect: STAFF_SCOPED,
    request: (f) => ({ url: `/api/v1/staff/partners/${f.partnerA}/status-history` }),
  },
  'GET /api/v1/staff/users': {
    expect: { ...ADMIN_ONLY, tm: 'ok' },
    request: () => ({ url: '/api/v1/staff/users' }),
  },
  'POST /api/v1/staff/users': {
    // A team manager may invite an account manager into its own team; no one else but admins.
    expect: { ...ADMIN_ONLY, tm: 'ok' },
    request: (_f, caller) => ({
      url: '/api/v1/staff/users',
      payload: { email: `${unique(caller)}@example.test`, firstname: 'New', lastname: 'Member', roles: ['ROLE_ACCOUNT_MANAGER'] },
    }),
  },
  'PUT /api/v1/staff/users/{id}': {
    expect: { ...ADMIN_ONLY, tm: 'ok' },
    request: (f) => ({ url: `/api/v1/staff/users/${f.amA}`, payload: { phone: '+33 1 23 45 67 89' } }),
  },
  'GET /api/v1/staff/teams': { expect: ANY_STAFF, request: () => ({ url: '/api/v1/staff/teams' }) },
  'POST /api/v1/staff/teams': {
    expect: ADMIN_ONLY,
    request: (_f, caller) => ({ url: '/api/v1/staff/teams', payload: { name: unique(`Team ${caller}`) } }),
  },
  'PUT /api/v1/staff/teams/{id}': {
    expect: ADMIN_ONLY,
    request: () => ({ url: `/api/v1/staff/teams/${teamId}`, payload: { name: 'North' } }),
  },
  'GET /api/v1/staff/settings/security': { expect: ADMIN_ONLY, request: () => ({ url: '/api/v1/staff/settings/security' }) },
  'PUT /api/v1/staff/settings/security': {
    expect: ADMIN_ONLY,
    request: () => ({ url: '/api/v1/staff/settings/security', payload: { staffTwoFactorRequired: false } }),
  },
  'GET /api/v1/staff/advertisers': { expect: ADMIN_ONLY, request: () => ({ url: '/api/v1/staff/advertisers' }) },
  'POST /api/v1/staff/advertisers': {
    expect: ADMIN_ONLY,
    request: () => ({ url: '/api/v1/staff/advertisers', payload: { name: 'Matrix advertiser' } }),
  },
  'GET /api/v1/staff/advertisers/{id}': {
    expect: ADMIN_ONLY,
    request: (f) => ({ url: `/api/v1/staff/advertisers/${f.advertiser}` }),
  },
  'PUT /api/v1/staff/advertisers/{id}': {
    expect: ADMIN_ONLY,
    request: (f) => ({ url: `/api/v1/staff/advertisers/${f.advertiser}`, payload: { notes: 'Matrix' } }),
  },
  // A rotation with a full day of grace: the fixtures' token keeps working for the rows that post back.
  'POST /api/v1/staff/advertisers/{id}/security-token': {
    expect: ADMIN_ONLY,
    request: (f) => ({ url: `/api/v1/staff/advertisers/${f.advertiser}/security-token`, payload: { graceHours: 24 } }),
  },
  'GET /api/v1/staff/advertisers/{id}/postbacks': {
    expect: ADMIN_ONLY,
    request: (f) => ({ url: `/api/v1/staff/advertisers/${f.advertiser}/postbacks` }),
  },
  'POST /api/v1/staff/advertisers/{id}/test-postback': {
    expect: ADMIN_ONLY,
    request: (f) => ({
      url: `/api/v1/staff/advertisers/${f.advertiser}/test-postback`,
      payload: { click_id: 'matrix', goal: 'registration' },
    }),
  },
  'POST /api/v1/staff/advertisers/{id}/products': {
    expect: ADMIN_ONLY,
    request: (f, caller) => ({
      url: `/api/v1/staff/advertisers/${f.advertiser}/products`,
      payload: { identifier: `matrix-${caller.toLowerCase()}`, type: 'web', domain: 'matrix.example.com' },
    }),
  },
  'GET /api/v1/staff/offers': { expect: ANY_STAFF, request: () => ({ url: '/api/v1/staff/offers?q=Matrix' }) },
  'GET /api/v1/staff/catalogue-options': { expect: ANY_STAFF, request: () => ({ url: '/api/v1/staff/catalogue-options' }) },
  'GET /api/v1/staff/offers/{id}': { expect: ANY_STAFF, request: (f) => ({ url: `/api/v1/staff/offers/${f.offer}` }) },
  'GET /api/v1/staff/offers/{id}/overrides': {
    expect: ANY_STAFF,
    request: (f) => ({ url: `/api/v1/staff/offers/${f.offer}/overrides` }),
  },
  // A partner out of reach is a field error, a 400 the matrix counts as reached; the
  // payout-overrides test holds that B's manager gets it.
  'POST /api/v1/staff/offers/{id}/overrides': {
    expect: STAFF_LIST,
    request: (f) => ({
      url: `/api/v1/staff/offers/${f.offer}/overrides`,
      payload: { partnerId: f.partnerA, goal: 'registration', payoutAmount: 150 },
    }),
  },
  'DELETE /api/v1/staff/offers/{id}/overrides/{overrideId}': {
    expect: STAFF_SCOPED,
    fresh: async () => ({ override: await payoutOverride() }),
    request: (f, _c, fresh) => ({ url: `/api/v1/staff/offers/${f.offer}/overrides/${fresh.override}` }),
  },
  // Override requests (decision 063): managers read their partners' (the list is scoped), admins decide them.
  'GET /api/v1/staff/payout-override-requests': {
    expect: STAFF_LIST,
    request: () => ({ url: '/api/v1/staff/payout-override-requests?status=all' }),
  },
  'PUT /api/v1/staff/payout-override-requests/{id}': {
    expect: ADMIN_ONLY,
    fresh: async () => ({ request: await overrideRequest() }),
    request: (_f, _c, fresh) => ({
      url: `/api/v1/staff/payout-override-requests/${fresh.request}`,
      payload: { status: 'refused', reason: 'Matrix.' },
    }),
  },
  'GET /api/v1/staff/offers/{id}/caps': {
    expect: ANY_STAFF,
    request: (f) => ({ url: `/api/v1/staff/offers/${f.offer}/caps` }),
  },
  // As the overrides: a partner out of reach is a field error (a 400, counted as reached); the caps test holds who
  // may set which cap.
  'PUT /api/v1/staff/offers/{id}/caps': {
    expect: STAFF_LIST,
    request: (f) => ({
      url: `/api/v1/staff/offers/${f.offer}/caps`,
      payload: [{ partnerId: f.partnerA, metric: 'conversions', period: 'month', limit: 1000 }],
    }),
  },
  // Creatives and landing pages (decision 050): staff read them, admins write them; partners who may run the offer see
  // them (the creatives test holds the 404 of a private or unreachable offer).
  'GET /api/v1/staff/offers/{id}/creatives': {
    expect: ANY_STAFF,
    request: (f) => ({ url: `/api/v1/staff/offers/${f.offer}/creatives` }),
  },
  'POST /api/v1/staff/offers/{id}/creatives': {
    expect: ADMIN_ONLY,
    request: (f) => ({
      url: `/api/v1/staff/offers/${f.offer}/creatives`,
      payload: { kind: 'text', name: 'Matrix ad', text: 'Try it: {tracking_link}' },
    }),
  },
  'DELETE /api/v1/staff/offers/{id}/creatives/{childId}': {
    expect: ADMIN_ONLY,
    fresh: async () => ({ creative: await creative(fixtures.offer) }),
    request: (f, _c, fresh) => ({ url: `/api/v1/staff/offers/${f.offer}/creatives/${fresh.creative}` }),
  },
  'GET /api/v1/staff/offers/{id}/landing-pages': {
    expect: ANY_STAFF,
    request: (f) => ({ url: `/api/v1/staff/offers/${f.offer}/landing-pages` }),
  },
  'POST /api/v1/staff/offers/{id}/landing-pages': {
    expect: ADMIN_ONLY,
    request: (f) => ({
      url: `/api/v1/staff/offers/${f.offer}/landing-pages`,
      payload: { name: 'Matrix page', url: 'https://lp.example.com/?c={click_id}' },
    }),
  },
  'DELETE /api/v1/staff/offers/{id}/landing-pages/{childId}': {
    expect: ADMIN_ONLY,
    fresh: async () => ({ page: await landingPage(fixtures.offer) }),
    request: (f, _c, fresh) => ({ url: `/api/v1/staff/offers/${f.offer}/landing-pages/${fresh.page}` }),
  },
  'GET /api/v1/offer/{id}/creatives': {
    expect: PARTNER_REPORT,
    request: (f) => ({ url: `/api/v1/offer/${f.openOffer}/creatives` }),
  },
  'GET /api/v1/offer/{id}/landing-pages': {
    expect: PARTNER_REPORT,
    request: (f) => ({ url: `/api/v1/offer/${f.openOffer}/landing-pages` }),
  },
  'GET /api/v1/offer/{id}/creatives/{childId}/download': {
    expect: PARTNER_SELF,
    fresh: async () => ({ creative: await creative(fixtures.openOffer) }),
    request: (f, _c, fresh) => ({ url: `/api/v1/offer/${f.openOffer}/creatives/${fresh.creative}/download` }),
  },
  // Network reports (decision 046): every staff member, each within its billing reach (the network-reports test holds it).
  'GET /api/v1/staff/reports/{breakdown}': { expect: ANY_STAFF, request: () => ({ url: '/api/v1/staff/reports/partner' }) },
  'GET /api/v1/staff/reports/{breakdown}/export': {
    expect: ANY_STAFF,
    request: () => ({ url: '/api/v1/staff/reports/offer/export' }),
  },
  'GET /api/v1/staff/home/numbers': { expect: ANY_STAFF, request: () => ({ url: '/api/v1/staff/home/numbers' }) },
  'GET /api/v1/staff/caps/alerts': { expect: ANY_STAFF, request: () => ({ url: '/api/v1/staff/caps/alerts' }) },
  'GET /api/v1/staff/notifications': { expect: ANY_STAFF, request: () => ({ url: '/api/v1/staff/notifications' }) },
  'POST /api/v1/staff/offers': {
    expect: ADMIN_ONLY,
    request: (f) => ({
      url: '/api/v1/staff/offers',
      payload: {
        name: 'Matrix offer',
        productId: f.product,
        conversionType: 'cpl',
        defaultUrl: 'https://matrix.example.com/?c={click_id}',
        goals: [{ goal: 'registration', revenueAmount: 200, payoutAmount: 100 }],
      },
    }),
  },
  // A change that leaves the offer as the other rows need it (visible, open to A).
  'PUT /api/v1/staff/offers/{id}': {
    expect: ADMIN_ONLY,
    request: (f) => ({ url: `/api/v1/staff/offers/${f.offer}`, payload: { previewUrl: 'https://matrix.example.com/' } }),
  },
  'GET /api/v1/staff/news': { expect: ADMIN_ONLY, request: () => ({ url: '/api/v1/staff/news' }) },
  'POST /api/v1/staff/news': {
    expect: ADMIN_ONLY,
    request: () => ({ url: '/api/v1/staff/news', payload: { title: 'Matrix news' } }),
  },
  'PUT /api/v1/staff/news/{id}': {
    expect: ADMIN_ONLY,
    fresh: async () => ({ news: await newsItem() }),
    request: (_f, _c, fresh) => ({ url: `/api/v1/staff/news/${fresh.news}`, payload: { title: 'Renamed' } }),
  },
  'DELETE /api/v1/staff/news/{id}': {
    expect: ADMIN_ONLY,
    fresh: async () => ({ news: await newsItem() }),
    request: (_f, _c, fresh) => ({ url: `/api/v1/staff/news/${fresh.news}` }),
  },
  'POST /api/v1/staff/images': {
    expect: ADMIN_ONLY,
    request: () => ({ url: '/api/v1/staff/images', payload: { kind: 'news', image: { filename: 'n.pdf', data: pdf() } } }),
  },
  'PUT /api/v1/staff/products/{id}': {
    expect: ADMIN_ONLY,
    request: (f) => ({ url: `/api/v1/staff/products/${f.product}`, payload: { cross: true } }),
  },
  'GET /api/v1/staff/audit-log': { expect: STAFF_LIST, request: () => ({ url: '/api/v1/staff/audit-log' }) },
  'GET /api/v1/account/settings': { expect: SIGNED_IN, request: () => ({ url: '/api/v1/account/settings' }) },
  'PUT /api/v1/account/timezone': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/v1/account/timezone', payload: { timezone: '+01:00' } }),
  },
  'PUT /api/v1/account/preferences': {
    expect: SIGNED_IN,
    request: () => ({
      url: '/api/v1/account/preferences',
      payload: { newsletter: true, offerNotifications: true, paymentNotifications: true, urgentNotifications: true, partnerSpecialOffers: false },
    }),
  },
  'POST /api/v1/account/two-factor/start': {
    expect: SIGNED_IN,
    request: () => ({
      url: '/api/v1/account/two-factor/start',
      payload: { countryCode: '+33', phoneNumber: '612345678', password: 'NotMine2025!' },
    }),
  },
  'POST /api/v1/account/two-factor/confirm': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/v1/account/two-factor/confirm', payload: { code: '123456' } }),
  },
  'POST /api/v1/account/two-factor/disable': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/v1/account/two-factor/disable', payload: { password: 'NotMine2025!' } }),
  },
  'GET /api/v1/notifications': { expect: PARTNER_SELF, request: () => ({ url: '/api/v1/notifications' }) },
  'GET /api/v1/notifications/unread-count': { expect: PARTNER_SELF, request: () => ({ url: '/api/v1/notifications/unread-count' }) },
  'POST /api/v1/notifications/{id}/read': {
    expect: PARTNER_OWN,
    request: (f) => ({ url: `/api/v1/notifications/${f.notification}/read` }),
  },
  'POST /api/v1/notifications/read-all': { expect: PARTNER_SELF, request: () => ({ url: '/api/v1/notifications/read-all' }) },
  'GET /api/v1/api-keys': { expect: PARTNER_SELF, request: () => ({ url: '/api/v1/api-keys' }) },
  'POST /api/v1/api-keys': {
    expect: PARTNER_SELF,
    request: (_f, caller) => ({ url: '/api/v1/api-keys', payload: { name: unique(caller) } }),
  },
  'DELETE /api/v1/api-keys/{id}': {
    expect: PARTNER_OWN,
    fresh: async () => ({ key: await newApiKey() }),
    request: (_f, _c, fresh) => ({ url: `/api/v1/api-keys/${fresh.key}` }),
  },
  'GET /api/v1/statistics/home/global': { expect: PARTNER_REPORT, request: () => ({ url: '/api/v1/statistics/home/global' }) },
  'GET /api/v1/statistics/home/quick-stats': { expect: PARTNER_REPORT, request: () => ({ url: '/api/v1/statistics/home/quick-stats' }) },
  'GET /api/v1/statistics/home/top-offers': { expect: PARTNER_REPORT, request: () => ({ url: '/api/v1/statistics/home/top-offers' }) },
  'GET /api/v1/statistics/daily': { expect: PARTNER_REPORT, request: () => ({ url: '/api/v1/statistics/daily' }) },
  'GET /api/v1/statistics/subid': { expect: PARTNER_REPORT, request: () => ({ url: '/api/v1/statistics/subid' }) },
  'GET /api/v1/statistics/refused': { expect: PARTNER_REPORT, request: () => ({ url: '/api/v1/statistics/refused' }) },
  'GET /api/v1/statistics/conversion': { expect: PARTNER_REPORT, request: () => ({ url: '/api/v1/statistics/conversion' }) },
  'GET /api/v1/statistics/conversion/totals': { expect: PARTNER_REPORT, request: () => ({ url: '/api/v1/statistics/conversion/totals' }) },
  'GET /api/v1/statistics/click': { expect: PARTNER_REPORT, request: () => ({ url: '/api/v1/statistics/click' }) },
  'GET /api/v1/statistics/export/{type}': { expect: PARTNER_REPORT, request: () => ({ url: '/api/v1/statistics/export/daily' }) },
  'GET /api/v1/postback': { expect: PARTNER_SELF, request: () => ({ url: '/api/v1/postback' }) },
  'POST /api/v1/postback': {
    expect: PARTNER_SELF,
    request: () => ({ url: '/api/v1/postback', payload: { url: 'https://tracker.example/p?c={click_id}' } }),
  },
  'GET /api/v1/postback/{id}': { expect: PARTNER_OWN, request: (f) => ({ url: `/api/v1/postback/${f.postback}` }) },
  'PUT /api/v1/postback/{id}': {
    expect: PARTNER_OWN,
    request: (f) => ({ url: `/api/v1/postback/${f.postback}`, payload: { url: 'https://tracker.example/q?c={click_id}' } }),
  },
  'DELETE /api/v1/postback/{id}': {
    expect: PARTNER_OWN,
    fresh: async () => ({ postback: await newPostback() }),
    request: (_f, _c, fresh) => ({ url: `/api/v1/postback/${fresh.postback}` }),
  },
  'GET /api/v1/postback/{id}/stats': { expect: PARTNER_OWN, request: (f) => ({ url: `/api/v1/postback/${f.postback}/stats` }) },
  'POST /api/v1/postback/{id}/test': {
    expect: PARTNER_OWN,
    request: (f) => ({ url: `/api/v1/postback/${f.postback}/test`, payload: {} }),
  },
  'POST /api/v1/postback/deliveries/{deliveryId}/resend': {
    // No delivery of A exists yet: the partner's own answer is 404 too, which the row states.
    expect: { ...PARTNER_OWN, partnerA: 404 },
    request: () => ({ url: '/api/v1/postback/deliveries/6f1c9d1e-8a3b-4c55-9e2f-0a1b2c3d4e5f/resend' }),
  },
  'GET /api/v1/postback-secret': { expect: PARTNER_SELF, request: () => ({ url: '/api/v1/postback-secret' }) },
  'POST /api/v1/postback-secret/rotate': { expect: PARTNER_SELF, request: () => ({ url: '/api/v1/postback-secret/rotate' }) },
  'GET /api/v1/staff/conversions': { expect: STAFF_LIST, request: () => ({ url: '/api/v1/staff/conversions' }) },
  'PUT /api/v1/staff/conversions/{id}': {
    expect: STAFF_SCOPED,
    request: (f) => ({ url: `/api/v1/staff/conversions/${f.conversion}`, payload: { status: 'approved' } }),
  },
  // Scrub files (decision 069): every conversion writer uploads; a scrub is its uploader's, its team manager's, and
  // admins' and finance's.
  'POST /api/v1/staff/conversion-scrubs': {
    expect: ANY_STAFF,
    request: (f) => ({ url: '/api/v1/staff/conversion-scrubs', payload: scrubUpload(f.advertiser) }),
  },
  'GET /api/v1/staff/conversion-scrubs': { expect: ANY_STAFF, request: () => ({ url: '/api/v1/staff/conversion-scrubs' }) },
  'GET /api/v1/staff/conversion-scrubs/advertisers': { expect: ANY_STAFF, request: () => ({ url: '/api/v1/staff/conversion-scrubs/advertisers' }) },
  'GET /api/v1/staff/conversion-scrubs/{id}': {
    expect: { ...STAFF_SCOPED, finance: 'ok' },
    request: (_f, _caller, fresh) => ({ url: `/api/v1/staff/conversion-scrubs/${fresh.scrub}` }),
    fresh: () => scrubOfAmA(),
  },
  'POST /api/v1/staff/conversion-scrubs/{id}/apply': {
    expect: { ...STAFF_SCOPED, finance: 'ok' },
    request: (_f, _caller, fresh) => ({ url: `/api/v1/staff/conversion-scrubs/${fresh.scrub}/apply` }),
    fresh: () => scrubOfAmA(),
  },
}; // prettier-ignore

const scrubUpload = (advertiserId: number) => ({
  advertiserId,
  file: { filename: 'scrub.csv', data: `data:text/csv;base64,${Buffer.from('ORD-404\n').toString('base64')}` },
});

/** A scrub file of A's account manager. */
async function scrubOfAmA(): Promise<Record<string, number>> {
  const res = await call('POST', '/api/v1/staff/conversion-scrubs', tokens.amA, scrubUpload(fixtures.advertiser));
  expect(res.statusCode, res.body).toBe(200);
  return { scrub: res.json().data.id as number };
}

// ------------------------------------------------------------------ the callers and A's records
let t: TestApp;
let teamId: number;
const accounts: Partial<Record<Caller, { email: string; password: string }>> = {};
const tokens: Partial<Record<Caller, string>> = {};
let fixtures: Fixtures;

const call = (method: string, url: string, token: string | undefined, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A's main contact as it is, for a valid body. */
let contactBody = (): Record<string, unknown> => ({});

/** A news item of its own for a caller whose PUT or DELETE may consume it. */
/** An override of A's payout on the matrix offer, made anew for each caller (a DELETE consumes it). */
async function payoutOverride(): Promise<number> {
  const [goal] = await t.database.db.select({ id: goals.id }).from(goals).where(eq(goals.identifier, 'registration'));
  await t.database.db
    .delete(payoutOverrides)
    .where(and(eq(payoutOverrides.offerId, fixtures.offer), eq(payoutOverrides.partnerId, fixtures.partnerA)));
  const [row] = await t.database.db
    .insert(payoutOverrides)
    .values({ offerId: fixtures.offer, partnerId: fixtures.partnerA, goalId: goal!.id, payoutAmount: 120 })
    .returning({ id: payoutOverrides.id });
  return row!.id;
}

/** A pending override request of A's account manager for A, made anew for each caller (a decision closes it). */
async function overrideRequest(): Promise<number> {
  const [goal] = await t.database.db.select({ id: goals.id }).from(goals).where(eq(goals.identifier, 'registration'));
  await t.database.db
    .delete(payoutOverrideRequests)
    .where(and(eq(payoutOverrideRequests.offerId, fixtures.offer), eq(payoutOverrideRequests.partnerId, fixtures.partnerA))); // prettier-ignore
  const [row] = await t.database.db
    .insert(payoutOverrideRequests)
    .values({
      offerId: fixtures.offer,
      partnerId: fixtures.partnerA,
      goalId: goal!.id,
      payoutAmount: 100,
      requestedBy: fixtures.amA,
    }) // prettier-ignore
    .returning({ id: payoutOverrideRequests.id });
  return row!.id;
}

let invoiceSequence = 1;
/** An invoice of A waiting for approval, made anew for each caller (validating it consumes it). */
async function waitingInvoice(): Promise<number> {
  invoiceSequence += 1;
  const [request] = await t.database.db
    .insert(billingRequests)
    .values({
      partnerId: fixtures.partnerA,
      startingAt: new Date(Date.UTC(2023, invoiceSequence, 1)),
      endingAt: new Date(Date.UTC(2023, invoiceSequence + 1, 1) - 1000),
      totalAmount: 10_000,
      totalVatAmount: 0,
      partnerAccountType: 'affiliate',
      partnerName: 'Alpha',
      paymentTerms: 'net30',
      paymentCurrency: 'EUR',
    })
    .returning();
  const [invoice] = await t.database.db
    .insert(invoices)
    .values({ billingRequestId: request!.id, reference: `INV-2023-${String(invoiceSequence).padStart(4, '0')}` })
    .returning();
  return invoice!.id;
}

async function creative(offerId: number): Promise<number> {
  const [row] = await t.database.db
    .insert(offerCreatives)
    .values({ offerId, kind: 'text', name: 'Matrix ad', text: 'Try it: {tracking_link}' })
    .returning({ id: offerCreatives.id });
  return row!.id;
}

async function landingPage(offerId: number): Promise<number> {
  const [row] = await t.database.db
    .insert(offerLandingPages)
    .values({ offerId, name: 'Matrix page', url: 'https://lp.example.com/' })
    .returning({ id: offerLandingPages.id });
  return row!.id;
}

async function newsItem(): Promise<number> {
  const [row] = await t.database.db.insert(news).values({ title: 'Fresh news' }).returning({ id: news.id });
  return row!.id;
}

async function contactFile(): Promise<number> {
  const res = await call('PUT', `/api/v1/partner-contact/${fixtures.contact}`, tokens.partnerA, {
    ...contactBody(),
    document: { filename: 'id.pdf', data: pdf() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.document.id as number;
}

async function newApiKey(): Promise<number> {
  // Ten active keys at most per partner: the rows' leftovers go first, A's reporting key stays.
  await t.database.db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.partnerId, fixtures.partnerA), ne(apiKeys.id, fixtures.apiKey), isNull(apiKeys.revokedAt)));
  const res = await call('POST', '/api/v1/api-keys', tokens.partnerA, { name: unique('key') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function newPostback(): Promise<number> {
  const res = await call('POST', '/api/v1/postback', tokens.partnerA, {
    url: 'https://tracker.example/p?c={click_id}',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

beforeAll(async () => {
  t = await buildTestApp({ config: { registerMaxPerIpPerHour: 10_000, postbackMaxBadTokensPerIp: 10_000 } });
  teamId = await createTeam(t, 'North');
  const staff = {
    admin: await createStaff(t, 'ROLE_ADMIN'),
    tm: await createStaff(t, 'ROLE_TEAM_MANAGER', { teamId }),
    amA: await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId }),
    amB: await createStaff(t, 'ROLE_ACCOUNT_MANAGER'),
    finance: await createStaff(t, 'ROLE_FINANCE'),
  };
  const a = await createPartner(t, { accountManagerId: staff.amA.userId, companyName: 'Alpha' });
  const b = await createPartner(t, { accountManagerId: staff.amB.userId, companyName: 'Beta' });
  Object.assign(accounts, staff, { partnerA: a, partnerB: b });
  for (const caller of ['admin', 'tm', 'amA', 'amB', 'finance', 'partnerA', 'partnerB'] as const) {
    tokens[caller] = await login(t, accounts[caller]!.email, accounts[caller]!.password);
  }
  const key = await call('POST', '/api/v1/api-keys', tokens.partnerA, { name: 'Reports' });
  tokens.keyA = key.json().data.key as string;

  const offer = await createOffer(t, {
    name: 'Matrix offer',
    requireApproval: true,
    goals: [{ goal: 'registration', p1: { amount: 100 } }],
  });
  const [product] = await t.database.db
    .select({ advertiserId: products.advertiserId })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offers.id, offer));
  const [contact] = await t.database.db
    .select()
    .from(partnerContacts)
    .where(eq(partnerContacts.partnerId, a.partnerId));
  contactBody = () => ({ firstname: contact!.firstname, lastname: contact!.lastname, email: contact!.email });
  const document = await call('POST', '/api/v1/partner/compliance-document', tokens.partnerA, {
    type: 'insertion_order',
    document: { filename: 'io.pdf', data: pdf() },
  });
  expect(document.statusCode, document.body).toBe(200);
  const [request] = await t.database.db
    .insert(billingRequests)
    .values({
      partnerId: a.partnerId,
      startingAt: new Date('2025-01-01T00:00:00Z'),
      endingAt: new Date('2025-01-31T23:59:59Z'),
      totalAmount: 10_000,
      totalVatAmount: 0,
      partnerAccountType: 'affiliate',
      partnerName: 'Alpha',
      paymentTerms: 'net30',
      paymentCurrency: 'EUR',
    })
    .returning();
  const [invoice] = await t.database.db
    .insert(invoices)
    .values({ billingRequestId: request!.id, reference: 'INV-2025-0001' })
    .returning();
  const [conversion] = await t.database.db
    .insert(conversions)
    .values({ advertiserId: product!.advertiserId, offerId: offer, partnerId: a.partnerId, dedupeKey: 'matrix', goal: 'sale', status: 'pending', payout: 100 })
    .returning(); // prettier-ignore
  const [notification] = await t.database.db
    .insert(notifications)
    .values({ partnerId: a.partnerId, kind: 'news', title: 'Hello' })
    .returning();
  const productOfOffer = async (offerId: number) => {
    const [row] = await t.database.db
      .select({ product: products.id, advertiser: products.advertiserId })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(eq(offers.id, offerId));
    return row!;
  };
  fixtures = {
    partnerA: a.partnerId,
    userA: a.userId,
    amA: staff.amA.userId,
    offer,
    openOffer: await createOffer(t, { name: 'Open offer' }),
    application: await createApplication(t, a.partnerId, offer, 'pending'),
    document: document.json().data.id as number,
    file: 0,
    contact: contact!.id,
    invoice: invoice!.id,
    conversion: conversion!.id,
    postback: await newPostback(),
    notification: notification!.id,
    apiKey: key.json().data.id as number,
    image: 0,
    advertiserToken: await advertiserTokenOf(t, offer),
    ...(await productOfOffer(offer)),
  };
  fixtures.file = await contactFile();
  // A public picture: a staff photo.
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1c7ed6' } })
    .png()
    .toBuffer();
  const photographed = await call('PUT', `/api/v1/staff/users/${staff.amA.userId}`, tokens.admin, {
    photo: { filename: 'me.png', data: `data:image/png;base64,${png.toString('base64')}` },
  });
  expect(photographed.statusCode, photographed.body).toBe(200);
  fixtures.image = Number(/\/image\/(\d+)/.exec(photographed.json().data.image as string)![1]);
});
afterAll(async () => t?.close());

type Operations = Record<string, Record<string, unknown>>;
const isOk = (status: number) => status < 400 || ![401, 403, 404].includes(status);

it('lists every operation of the OpenAPI document, and nothing else', () => {
  const document = t.app.swagger() as unknown as { paths: Operations };
  const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
  const missing = operations.filter((op) => !(op in TABLE));
  const unknown = Object.keys(TABLE).filter((row) => !operations.includes(row));
  expect({ missing, unknown }, 'every operation has its row in TABLE, and every row an operation').toEqual({
    missing: [],
    unknown: [],
  });
});

it('answers each caller as its row says', async () => {
  const mismatches: string[] = [];
  // Denied callers first, so that an allowed write cannot change what a denied one would meet.
  const order = (row: Row) =>
    [...CALLERS].sort((x, y) => Number(row.expect[x] === 'ok') - Number(row.expect[y] === 'ok'));
  for (const [operation, row] of Object.entries(TABLE)) {
    const [method] = operation.split(' ') as [string];
    for (const caller of order(row)) {
      const fresh = row.fresh ? await row.fresh(caller) : {};
      const request = row.request(fixtures, caller, fresh);
      // Signing out ends a session: each caller signs out of one made for it.
      const token =
        operation === 'POST /api/v1/logout' && accounts[caller]
          ? await login(t, accounts[caller]!.email, accounts[caller]!.password)
          : tokens[caller];
      const res = await call(method, request.url, caller === 'anon' ? undefined : token, request.payload);
      const expected = row.expect[caller];
      const got: Outcome | number = isOk(res.statusCode) ? 'ok' : res.statusCode;
      if (res.statusCode >= 500 || got !== expected) {
        mismatches.push(
          `${operation} as ${caller}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
      }
    }
  }
  expect(mismatches, mismatches.join('\n')).toEqual([]);
});
