import { z } from 'zod';
import {
  API_KEY_PREFIX,
  ApiErrorSchema,
  CLICK_PATH,
  PIXEL_CONVERSION_PATH,
  PIXEL_GIF_PATH,
  PIXEL_HTML_PATH,
  PRODUCT_NAME,
  SDK_PATH,
  type EndpointDefinition,
} from '@portal/contracts';
import { API_KEY_SCHEME, SESSION_SCHEME, endpointOf, securityOf } from './endpoint.js';
import { describeParameters } from './openapi-parameters.js';

/** The error object every error answer carries. */
const API_ERROR_SCHEMA = (() => {
  const { $schema: _, ...schema } = z.toJSONSchema(ApiErrorSchema, { target: 'draft-2020-12', io: 'output' });
  const properties = schema.properties as Record<string, unknown>;
  properties.data = { description: 'Null, or what the error carries besides its message.' };
  return {
    ...schema,
    description: 'An error: its HTTP status, a sentence for people, and `errors` naming each field that is wrong.',
  };
})();

/**
 * The two ways to authenticate (decision 075). Both travel as `Authorization: Bearer …`: the scheme tells a client
 * which credential an operation takes, and each operation lists the ones it takes (its contract's `auth`).
 */
export const SECURITY_SCHEMES = {
  [SESSION_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A session token, answered by POST /api/v1/login (or /login/two-factor): `Authorization: Bearer <token>`. It expires at the `expiresAt` the sign-in answered; POST /api/v1/logout revokes it.',
  },
  [API_KEY_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description: `A partner's reporting API key (\`${API_KEY_PREFIX}\` and 43 characters), created with POST /api/v1/api-keys: \`Authorization: Bearer ${API_KEY_PREFIX}…\`. Read-only: only the operations that list this scheme take it, and only with GET or HEAD.`,
  },
} as const;

type Schema = Record<string, unknown>;
type Response = { description: string; headers?: Schema; content?: Record<string, { schema: Schema }> };
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: Schema[];
  requestBody?: Schema;
  responses?: Record<string, Response>;
  security?: Record<string, string[]>[];
};
type Document = {
  info: Schema;
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description: string }[];
  components: { schemas?: Record<string, Schema>; securitySchemes?: Schema };
  paths: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
};

/** The document's tags, in the order a reader meets them, each with what it groups (decision 075). */
export const TAGS: Record<string, string> = {
  auth: 'Signing in (with a second factor when enrolled), signing out, the lost password.',
  register: 'A prospective partner requests an account (public).',
  setup: 'The first administrator of a new installation (public, with the setup key).',
  account: "The signed-in user's own account: profile, password, time zone, preferences, two-factor.",
  offers: "A partner's catalogue: offers, applications, creatives and landing pages.",
  statistics: "A partner's reports: dashboard figures, daily, sub-id, conversion and click reports, CSV exports.",
  billing: "A partner's invoices (billing requests) and next payment.",
  postbacks: "A partner's postbacks: the URLs the network calls when a conversion is recorded, and their deliveries.",
  'api-keys': "A partner's reporting API keys.",
  notifications: "The signed-in user's notifications.",
  advertiser:
    "The advertiser portal (decision 087): an advertiser user's own offers, conversions (partners by id only), postback log, invoices and scrub files.",
  news: 'The news the network publishes to its partners.',
  documents: "A partner's compliance documents.",
  files: 'Files: a signed link, then the bytes through it.',
  images: 'Public images (logos, avatars, offer and news pictures) at their served sizes.',
  staff: 'The staff console: partners, offers, advertisers, conversions, invoices, payments, reports, users, audit.',
  tracking: 'Traffic at the root of the server: the click redirect and the advertisers’ conversion postback.',
};

/** What a status means when the operation does not say more (decision 075). */
const STATUS_TEXT: Record<string, string> = {
  400: 'The input is not valid: `errors` names each field and what is wrong with it.',
  401: 'No credentials, or a session that expired or was revoked: sign in again.',
  403: 'The caller may not do this (a role it lacks, a record outside its reach, or a read-only session on a write).',
  404: 'Nothing with this identifier within the caller’s reach.',
  409: 'The request conflicts with the current state of the record.',
  410: 'The link has expired.',
  413: 'The body is over the size limit.',
  415: 'The body’s media type is not one the operation takes (JSON, or a form where one is documented).',
  422: 'The request is well-formed but cannot be carried out.',
  429: 'Too many requests: wait the seconds of the `Retry-After` header.',
  503: 'The database is unavailable for a moment: retry later (`Retry-After`).',
};

const API_ERROR = { $ref: '#/components/schemas/ApiError' };
const POSTBACK_OK =
  'The postback is taken: the conversion’s status (`rejected` with its reason when refused), and whether it repeats one already recorded.';
const ENVELOPE_TEXT = 'OK: the answer in its envelope, `data` holding the result.';

const errorResponse = (description: string): Response => ({
  description,
  content: { 'application/json': { schema: API_ERROR } },
});

/** The error answers an endpoint can give, from its shape and what its contract adds (decision 075). */
export function errorsOf(endpoint: EndpointDefinition): Record<string, string> {
  const errors: Record<string, string> = {};
  const auth = endpoint.auth ?? 'session';
  if (endpoint.params || endpoint.query || endpoint.body) errors[400] = STATUS_TEXT[400]!;
  if (auth !== 'public') {
    errors[401] =
      auth === 'session+key'
        ? 'No credentials, a session that expired or was revoked, or an API key that is unknown or revoked.'
        : STATUS_TEXT[401]!;
    errors[403] =
      auth === 'session+key'
        ? STATUS_TEXT[403]!
        : `${STATUS_TEXT[403]!.slice(0, -1)}; an API key, which reads the reporting operations only.`;
  }
  if (endpoint.params) errors[404] = STATUS_TEXT[404]!;
  if (endpoint.body) {
    errors[413] = STATUS_TEXT[413]!;
    errors[415] = STATUS_TEXT[415]!;
  }
  for (const status of Object.keys(endpoint.extraResponses ?? {})) errors[status] ??= STATUS_TEXT[status] ?? 'Error.';
  Object.assign(errors, endpoint.errors);
  errors[503] ??= STATUS_TEXT[503]!;
  return errors;
}

const isBinary = (type: string) => !type.startsWith('text/') && type !== 'application/xml';

/** The 200 answer of an endpoint: its JSON envelope, or the media types it declares. */
function okResponse(endpoint: EndpointDefinition, json: Response | undefined): Response {
  if (!endpoint.produces) {
    const shape = (endpoint.response as { shape?: Record<string, unknown> } | undefined)?.shape;
    return { ...json, description: shape && 'success' in shape && 'data' in shape ? ENVELOPE_TEXT : 'OK.' };
  }
  const csv = endpoint.produces.includes('text/csv');
  return {
    description: csv
      ? 'A CSV file (UTF-8, comma-separated, a header line first); money in major units with a dot, beside its currency.'
      : `The file's bytes (${endpoint.produces.join(', ')}).`,
    headers: {
      'Content-Disposition': {
        description: 'The name to save the file under (`attachment; filename="…"`).',
        schema: { type: 'string' },
      },
    },
    content: Object.fromEntries(
      endpoint.produces.map((type) => [
        type,
        { schema: isBinary(type) ? { type: 'string', format: 'binary' } : { type: 'string' } },
      ]),
    ),
  };
}

const TEXT = { schema: { type: 'string' } };
/** The answers of the tag's script and pixels (decision 085), which no JSON schema describes. */
const CLIENT_TAG_RESPONSES: Record<string, Record<string, Response>> = {
  [`get ${SDK_PATH}`]: {
    200: { description: 'The script, gzipped when the client accepts it.', content: { 'text/javascript': TEXT } },
    304: { description: 'Not modified: the ETag matched.' },
    400: errorResponse(STATUS_TEXT[400]!),
  },
  [`options ${PIXEL_CONVERSION_PATH}`]: {
    204: { description: 'CORS headers when the Origin is one of the offer’s allowed origins; none otherwise.' },
    400: errorResponse(STATUS_TEXT[400]!),
  },
  [`get ${PIXEL_GIF_PATH}`]: {
    200: { description: 'Recorded: a 1×1 GIF, never cached.', content: { 'image/gif': { schema: { type: 'string', format: 'binary' } } } },
    400: { description: 'Invalid fields: the same GIF, nothing recorded.', content: { 'image/gif': { schema: { type: 'string', format: 'binary' } } } },
    403: { description: 'The page’s origin (Referer) is not one of the offer’s: the same GIF, nothing recorded.', content: { 'image/gif': { schema: { type: 'string', format: 'binary' } } } },
    503: errorResponse(STATUS_TEXT[503]!),
  },
  [`get ${PIXEL_HTML_PATH}`]: {
    200: { description: 'Recorded: an empty page, never cached, that any page may frame.', content: { 'text/html': TEXT } },
    400: { description: 'Invalid fields: the same page, nothing recorded.', content: { 'text/html': TEXT } },
    403: { description: 'The page’s origin (Referer) is not one of the offer’s: the same page, nothing recorded.', content: { 'text/html': TEXT } },
    503: errorResponse(STATUS_TEXT[503]!),
  },
}; // prettier-ignore

/** The answers of GET and HEAD /click (decision 022): a redirect, or a refusal counted and never redirected. */
function clickResponses(head: boolean, declared: Record<string, Response>): Record<string, Response> {
  const withoutBody = ({ content: _, ...response }: Response): Response => response;
  const refusals: Record<string, Response> = {
    400: errorResponse('The click names no offer or partner, or names them wrongly.'),
    403: errorResponse(
      'The partner may not send traffic to this offer (not approved, suspended, or a refused country).',
    ),
    404: errorResponse('No such offer or partner.'),
    503: errorResponse(STATUS_TEXT[503]!),
  };
  for (const status of Object.keys(refusals)) if (!(status in declared) && status !== '503') delete refusals[status];
  const responses: Record<string, Response> = {
    302: {
      description: 'The click is recorded: on to the offer’s landing page, the click id in its URL.',
      headers: {
        Location: { description: 'The landing page, with the click id.', schema: { type: 'string', format: 'uri' } },
      },
    },
    ...refusals,
  };
  return head ? Object.fromEntries(Object.entries(responses).map(([s, r]) => [s, withoutBody(r)])) : responses;
}

const MONEY_NAME =
  /^(amount|payout|revenue|margin|vat|paymentThreshold|originalPayout|payoutAfter|payoutBefore|payoutDelta|revenueDelta|approvedRevenue|pendingRevenue|invoicedMargin)$|Amount$/;
const MONEY_TEXT =
  'Money, an integer in minor units (cents for EUR; no decimals for JPY) of the currency the record names (its `currency`, else the offer’s).';

const typesOf = (schema: Schema): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/**
 * A record whose keys are a closed list (`z.record(z.enum([…]), v)`, every key required) becomes an object with those
 * properties: zod writes it as `propertyNames` and `additionalProperties`, where `required` names keys no property
 * defines.
 */
function namedKeysAsProperties(schema: Schema): void {
  const names = (schema.propertyNames as Schema | undefined)?.enum;
  const value = schema.additionalProperties;
  if (schema.properties || !Array.isArray(names) || !value || typeof value !== 'object') return;
  schema.properties = Object.fromEntries(names.map((name) => [String(name), structuredClone(value)]));
  schema.additionalProperties = false;
  delete schema.propertyNames;
}

/**
 * Timestamps (`…At`) are `format: date-time` and integer money fields say their unit (decision 075), wherever they
 * are: every schema of the document is walked once.
 */
function describeFields(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) describeFields(item);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const schema = value as Schema;
  namedKeysAsProperties(schema);
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (properties && typeof properties === 'object') {
    for (const [name, property] of Object.entries(properties)) {
      if (!property || typeof property !== 'object') continue;
      const types = typesOf(property);
      if (/At$/.test(name) && types.includes('string') && !property.format) property.format = 'date-time';
      if (MONEY_NAME.test(name) && types.includes('integer') && !property.description) {
        property.description = MONEY_TEXT;
      }
    }
  }
  for (const inner of Object.values(schema)) describeFields(inner);
}

/** Every `$ref` the document holds, to drop the components no operation uses. */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.add(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

function dropUnusedSchemas(document: Document): void {
  const schemas = document.components.schemas ?? {};
  for (;;) {
    const used = refsIn({ paths: document.paths, schemas }, new Set());
    const unused = Object.keys(schemas).filter((name) => !used.has(`#/components/schemas/${name}`));
    if (unused.length === 0) return;
    for (const name of unused) delete schemas[name];
  }
}

/**
 * The OpenAPI document made true to the server (decision 075), from what fastify-swagger built of the routes: each
 * operation's security, its real answers (media types, the errors it can give, each described), the servers, tags,
 * licence, timestamps and money described, unused components dropped.
 */
export function finishDocument<D extends object>(built: D, publicUrl: string): D {
  const document = built as unknown as Document;
  document.info = {
    ...document.info,
    license: { name: 'MIT', identifier: 'MIT' },
    contact: { name: `${PRODUCT_NAME} network`, url: publicUrl },
  };
  document.servers = [{ url: publicUrl, description: 'This installation (PUBLIC_URL)' }];
  document.tags = Object.entries(TAGS).map(([name, description]) => ({ name, description }));
  document.components.schemas = { ...document.components.schemas, ApiError: API_ERROR_SCHEMA };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const declared = operation.responses ?? {};
      if (path === CLICK_PATH) {
        operation.operationId = method === 'head' ? 'clickHead' : 'click';
        operation.responses = clickResponses(method === 'head', declared);
        continue;
      }
      const tagResponses = CLIENT_TAG_RESPONSES[`${method} ${path}`];
      if (tagResponses) {
        operation.responses = structuredClone(tagResponses);
        continue;
      }
      const endpoint = operation.operationId ? endpointOf(operation.operationId) : undefined;
      if (!endpoint) {
        // Routes outside the contracts (the advertisers' postback): their declared answers, each described.
        for (const [status, response] of Object.entries(declared)) {
          if (status === '200') response.description = POSTBACK_OK;
          else declared[status] = errorResponse(STATUS_TEXT[status] ?? response.description);
        }
        continue;
      }
      operation.security = securityOf(endpoint);
      const responses: Record<string, Response> = { 200: okResponse(endpoint, declared['200']) };
      for (const [status, description] of Object.entries(errorsOf(endpoint))) {
        responses[status] = errorResponse(description);
      }
      operation.responses = responses;
    }
  }
  describeParameters(document.paths as Parameters<typeof describeParameters>[0]);
  describeFields(document.paths);
  describeFields(document.components.schemas);
  dropUnusedSchemas(document);
  return built;
}
