/** Typed application errors; the error handler maps each to the spec's error object. */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors | null = null,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors: FieldErrors | null = null) => new AppError(400, message, errors);
/**
 * The challenge every 401 carries (RFC 9110 §11.6.1): sessions and reporting keys are both bearer tokens
 * (RFC 6750 §3); the errors plugin adds it to any 401 that has none.
 */
export const BEARER_CHALLENGE = 'Bearer realm="api"';
export const unauthorized = (message = 'Authentication required.') =>
  new AppError(401, message, null, null, { 'www-authenticate': BEARER_CHALLENGE });
/** A 401 for a bearer token that was sent but is not (or no longer) valid: RFC 6750's `invalid_token`. */
export const invalidToken = (message: string) =>
  new AppError(401, message, null, null, { 'www-authenticate': `${BEARER_CHALLENGE}, error="invalid_token"` });
export const forbidden = (message = 'Access denied.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string, errors: FieldErrors | null = null) => new AppError(409, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, null, { retryAfter: retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) });

/** The SQLSTATE of a database error, or of the driver error it wraps (drizzle wraps them as `cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Whether a database error (or the driver error it wraps) is a unique-constraint violation. */
export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === '23505';

/** A value the database refuses as such (SQLSTATE class 22: a NUL in text, a number out of range …), not an outage. */
export const isDataException = (error: unknown) => sqlStateOf(error)?.startsWith('22') ?? false;

/** Node's codes for a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout expired|timeout exceeded when trying to connect|not queryable|Client was closed|Cannot use a pool after calling end/i;

/**
 * Whether an error says the database is away (decision 053), not that a query is wrong: SQLSTATE class 08
 * (connection exception), 57P01–57P03 (shut down, crashed, starting), 53300 (too many connections), a socket error,
 * or node-postgres's own words for a lost or refused connection. Looked for along the `cause` chain drizzle wraps.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300' || CONNECTION_CODES.has(code))
      return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** The answer to any request that needs a database that is away: retry shortly (an advertiser's postback does). */
export const databaseUnavailable = () =>
  new AppError(503, 'The service is briefly unavailable. Please retry in a few seconds.', null, null, {
    'retry-after': '5',
  });
