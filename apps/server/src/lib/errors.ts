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
export const unauthorized = (message = 'Authentication required.') => new AppError(401, message);
export const forbidden = (message = 'Access denied.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string, errors: FieldErrors | null = null) => new AppError(409, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, null, { retryAfter: retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) });

/** The SQLSTATE of a database error, or of the driver error it wraps (drizzle wraps them as `cause`). */
function sqlStateOf(error: unknown): string | undefined {
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
