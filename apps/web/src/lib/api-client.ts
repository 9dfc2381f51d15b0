import {
  API_PREFIX,
  endpointPath,
  type ApiError,
  type EndpointAnswer,
  type EndpointData,
  type EndpointDefinition,
  type EndpointInput,
  type RevivedDates,
  STAFF_TWO_FACTOR_REQUIRED,
} from '@portal/contracts';
import { takeFirstAnswer } from './first-answers';
import { i18n } from './i18n';
import { resetLoading, startLoading, stopLoading } from './loading';
import { currentPathname, navigateTo } from './navigation';
import { paths } from './paths';
import { queryClient } from './query-client';
import { reportError } from './report-error';
import { noteReportLag } from './report-lag';
import { clearSession, getToken, hasTabSession } from './session';
import { showSnackbar } from './snackbar';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The caller shows 400/409/422 itself (e.g. under form fields); other statuses still display. */
  skipBadRequestHandling?: boolean;
  /** No snackbar, logout or redirect at all: for calls whose failure is meaningless (logout). */
  silent?: boolean;
  /** Show the global loading overlay while this request runs. */
  loading?: boolean;
  /** Sends this bearer instead of the stored session's, without storing it (a sign-in link's identity). */
  bearer?: string;
  signal?: AbortSignal;
};

/** The unwrapped success envelope: what callers actually use. */
export type ApiResult<T, X = Record<string, never>> = {
  data: RevivedDates<T>;
  total: number | null;
  message: string | null;
  /**
   * How many seconds old a report's figures may be, when a reports replica lagging past its limit answered
   * (`X-Report-Data-Lag-Seconds`, decision 097); null otherwise.
   */
  dataLagSeconds: number | null;
  /** What an endpoint's answer declares beside the envelope's own fields (a converted report's `fx`, decision 111). */
  extra: Partial<X>;
};

/** An endpoint's answer fields beyond the envelope's. */
type ExtraOf<E extends EndpointDefinition> = Omit<EndpointAnswer<E>, 'code' | 'success' | 'message' | 'data' | 'errors' | 'total'>; // prettier-ignore

/** The report lag header's seconds, or null when absent or not a positive number. */
function dataLagOf(response: Response): number | null {
  const seconds = Number(response.headers.get(REPORT_LAG_HEADER) ?? '');
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** An HTTP error answer (status >= 400), carrying the spec's error object. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly errors: Record<string, string> | null;

  constructor(error: ApiError) {
    super(error.message);
    this.name = 'ApiRequestError';
    this.status = error.status;
    this.data = error.data;
    this.errors = error.errors;
  }
}

const BAD_REQUEST_STATUSES = new Set([400, 409, 422]);
const REPORT_LAG_HEADER = 'X-Report-Data-Lag-Seconds';

/** Every field whose name ends in 'At' becomes a Date, or null if null or invalid (spec section 3). */
function reviveDates(key: string, value: unknown): unknown {
  if (!key.endsWith('At')) return value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function parseJson(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => reviveDates(key, value));
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

function toApiError(status: number, body: unknown): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  // No server message means the generic text is shown, not the bare HTTP reason phrase.
  const message = typeof record.message === 'string' ? record.message : '';
  const errors = record.errors && typeof record.errors === 'object' ? (record.errors as Record<string, string>) : null;
  return { status, message, data: record.data ?? null, errors };
}

/** The one place that turns an error answer into product behaviour (spec section 8). */
function handleErrorAnswer(error: ApiError, options: RequestOptions): void {
  if (error.status === 401) {
    // On the login page a 401 means bad credentials; the form says so itself.
    if (currentPathname() === paths.login.path) return;
    clearSession();
    queryClient.clear();
    navigateTo(paths.login.href(), { replace: true });
    return;
  }
  // On the login page a 403 is a refused sign-in (an inactive partner, say): one of the "other login errors",
  // shown with the server's message below, not a screen the user may not open.
  if (error.status === 403 && currentPathname() !== paths.login.path) {
    // A read-only view of a partner (decision 039): the write is refused, the screen stays, the reason is told.
    if (hasTabSession()) {
      showSnackbar({ kind: 'error', message: error.message || i18n.t('errors.accessDenied') });
      return;
    }
    // Staff asked to enable two-factor sign-in first (decision 037): told so, and sent where it is enabled.
    if (error.message === STAFF_TWO_FACTOR_REQUIRED) {
      showSnackbar({ kind: 'error', message: error.message });
      if (currentPathname() !== paths.account.path) navigateTo(paths.account.href());
      return;
    }
    showSnackbar({ kind: 'error', message: i18n.t('errors.accessDenied') });
    navigateTo(paths.dashboard.href());
    return;
  }
  if (options.skipBadRequestHandling && BAD_REQUEST_STATUSES.has(error.status)) return;
  showSnackbar({
    kind: 'error',
    message: error.message || i18n.t('errors.generic'),
    details: error.errors ?? error.data,
  });
}

/**
 * Sends one request and, for an error answer, runs the one error path (spec section 8) and throws.
 * Success answers come back unread, so that JSON and file downloads share everything else.
 */
async function send(method: HttpMethod, path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  const token = options.bearer ?? getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  if (options.loading) startLoading();
  const url = buildUrl(path, options.query);
  // The answer the page came with, for the session the page was loaded with (decision 151): not for a view as
  // partner (its session is the tab's, the page's was the cookie's), nor a request sent with a bearer of its own.
  const pageAnswer =
    method === 'GET' && !hasBody && options.bearer === undefined && !hasTabSession() ? takeFirstAnswer(url) : null;
  let response: Response;
  try {
    response =
      pageAnswer ??
      (await fetch(url, {
        method,
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: options.signal,
      }));
  } catch (transportError) {
    // Network failures and aborts reach the caller unchanged (spec section 8).
    resetLoading();
    if (!(transportError instanceof DOMException && transportError.name === 'AbortError')) {
      reportError(transportError, { method, path });
    }
    throw transportError;
  }

  if (response.status >= 400) {
    const body = parseBody(await response.text());
    resetLoading();
    const error = toApiError(response.status, body);
    reportError(error, { method, path });
    if (!options.silent) handleErrorAnswer(error, options);
    throw new ApiRequestError(error);
  }
  return response;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return parseJson(text);
  } catch {
    return null; // A proxy's HTML error page, say; the status still tells what happened.
  }
}

async function request<T, X = Record<string, never>>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T, X>> {
  // prettier-ignore
  const response = await send(method, path, options, 'application/json');
  const body = parseBody(await response.text());
  if (options.loading) stopLoading();
  const dataLagSeconds = dataLagOf(response);
  noteReportLag(path, dataLagSeconds);
  // An empty body counts as 204 + success (spec section 3).
  if (!body || typeof body !== 'object') {
    return { data: null as RevivedDates<T>, total: null, message: null, dataLagSeconds, extra: {} };
  }
  const { data, total, message, code: _c, success: _s, errors: _e, ...extra } = body as Record<string, unknown>;
  return {
    data: (data ?? null) as RevivedDates<T>,
    total: typeof total === 'number' ? total : null,
    message: typeof message === 'string' ? message : null,
    dataLagSeconds,
    extra: extra as Partial<X>,
  };
}

/** A file answer (CSV export …): its bytes and the server's Content-Disposition, through the same error path. */
export type DownloadResult = { blob: Blob; disposition: string | null };

async function download(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<DownloadResult> {
  const response = await send('GET', path, options, '*/*');
  const blob = await response.blob();
  if (options.loading) stopLoading();
  return { blob, disposition: response.headers.get('Content-Disposition') };
}

/** Input and options of a call; the input may be left out when the endpoint declares none that is required. */
type CallArgs<E extends EndpointDefinition, O> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: O]
    : [input: EndpointInput<E>, options?: O];

type CallOptions = Omit<RequestOptions, 'body' | 'query'>;

function pathAndQuery<E extends EndpointDefinition>(endpoint: E, input: EndpointInput<E> | undefined) {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: RequestOptions['query'] };
  return { path: endpointPath(endpoint.path, params), query };
}

/**
 * Calls an endpoint of `@portal/contracts` (decision 034): the path, method and answer type come from its contract,
 * so no caller writes a path or an answer type by hand.
 */
function call<E extends EndpointDefinition>(endpoint: E, ...[input, options]: CallArgs<E, CallOptions>) {
  const { path, query } = pathAndQuery(endpoint, input);
  const body = (input as { body?: unknown } | undefined)?.body;
  return request<EndpointData<E>, ExtraOf<E>>(endpoint.method, path, { ...options, query, body });
}

/** Downloads a file endpoint's answer (CSV, PDF) through the same error path. */
function downloadFrom<E extends EndpointDefinition>(endpoint: E, ...[input, options]: CallArgs<E, CallOptions>) {
  const { path, query } = pathAndQuery(endpoint, input);
  return download(path, { ...options, query });
}

export const api = {
  call,
  downloadFrom,
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
  download,
};

export function isApiRequestError(error: unknown, status?: number): error is ApiRequestError {
  return error instanceof ApiRequestError && (status === undefined || error.status === status);
}
