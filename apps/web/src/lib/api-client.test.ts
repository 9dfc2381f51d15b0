import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { api, ApiRequestError } from './api-client';
import { isLoading, resetLoading, startLoading } from './loading';
import { registerNavigate } from './navigation';
import { resetErrorReporting, setErrorSink } from './report-error';
import { saveSession } from './session';
import { showSnackbar } from './snackbar';

vi.mock('./snackbar', () => ({ showSnackbar: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
const snackbar = vi.mocked(showSnackbar);

function setPathname(pathname: string) {
  window.history.replaceState(null, '', pathname);
}

function lastRequest(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return { url: String(call[0]), init: call[1] ?? {} };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  navigate.mockReset();
  snackbar.mockReset();
  registerNavigate(navigate);
  resetLoading();
  resetErrorReporting();
  setErrorSink(() => {});
  setPathname('/offers');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api-client requests', () => {
  it('prefixes the path, sends JSON and the bearer token when a session exists', async () => {
    saveSession('tok-123', new Date(Date.now() + 60_000), false);
    fetchMock.mockResolvedValue(
      jsonResponse(200, { code: 200, success: true, message: 'ok', data: { a: 1 }, errors: null, total: 3 }),
    );

    const result = await api.post<{ a: number }>(
      '/things',
      { name: 'x' },
      { query: { page: 2, empty: '', list: ['a', 'b'] } },
    );

    const { url, init } = lastRequest();
    expect(url).toBe('/api/v1/things?page=2&list=a&list=b');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"x"}');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(result).toEqual({ data: { a: 1 }, total: 3, message: 'ok', dataLagSeconds: null, extra: {} });
  });

  it('sends no Authorization header without a session', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { code: 200, success: true, message: null, data: null, errors: null, total: null }),
    );
    await api.get('/register/options');
    expect((lastRequest().init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('treats an empty body as a 204 success', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.post('/logout')).resolves.toEqual({
      data: null,
      total: null,
      message: null,
      dataLagSeconds: null,
      extra: {},
    });
  });

  it("reads how old a report's figures may be from X-Report-Data-Lag-Seconds, and nothing else as a lag", async () => {
    const answer = (lag: string) => {
      const response = jsonResponse(200, {
        code: 200,
        success: true,
        message: null,
        data: [],
        errors: null,
        total: null,
      });
      response.headers.set('X-Report-Data-Lag-Seconds', lag);
      return response;
    };
    fetchMock.mockResolvedValueOnce(answer('45'));
    expect((await api.get('/staff/reports/day')).dataLagSeconds).toBe(45);
    fetchMock.mockResolvedValueOnce(answer('soon'));
    expect((await api.get('/staff/reports/day')).dataLagSeconds).toBeNull();
    fetchMock.mockResolvedValueOnce(answer('0'));
    expect((await api.get('/staff/reports/day')).dataLagSeconds).toBeNull();
  });

  it('revives every *At field into a Date, or null when null or invalid', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        code: 200,
        success: true,
        message: null,
        errors: null,
        total: 1,
        data: {
          expireAt: '2030-01-02T03:04:05.000Z',
          nested: [
            { createdAt: '2024-05-06T00:00:00Z', updatedAt: null, deletedAt: 'not a date', title: '2024-05-06' },
          ],
          formatAt: 42,
        },
      }),
    );
    const { data } = await api.get<Record<string, unknown>>('/x');
    const value = data as unknown as {
      expireAt: Date;
      nested: { createdAt: Date; updatedAt: Date | null; deletedAt: Date | null; title: string }[];
      formatAt: Date;
    };
    expect(value.expireAt).toBeInstanceOf(Date);
    expect(value.expireAt.toISOString()).toBe('2030-01-02T03:04:05.000Z');
    expect(value.nested[0]?.createdAt).toBeInstanceOf(Date);
    expect(value.nested[0]?.updatedAt).toBeNull();
    expect(value.nested[0]?.deletedAt).toBeNull();
    expect(value.nested[0]?.title).toBe('2024-05-06');
    expect(value.formatAt.getTime()).toBe(42);
  });
});

describe('api-client error path', () => {
  it('logs out on 401 outside the login page', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), true);
    fetchMock.mockResolvedValue(jsonResponse(401, { status: 401, message: 'Unauthorized', data: null, errors: null }));

    await expect(api.get('/config')).rejects.toMatchObject({ status: 401 });

    expect(Cookies.get('token')).toBeUndefined();
    expect(Cookies.get('expiry')).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(snackbar).not.toHaveBeenCalled();
  });

  it('leaves a 401 on the login page to the form', async () => {
    setPathname('/login');
    fetchMock.mockResolvedValue(
      jsonResponse(401, { status: 401, message: 'Bad credentials', data: null, errors: null }),
    );

    const error = await api.post('/login', { username: 'a', password: 'b' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(navigate).not.toHaveBeenCalled();
    expect(snackbar).not.toHaveBeenCalled();
  });

  it('shows Access denied. and goes home on 403', async () => {
    fetchMock.mockResolvedValue(jsonResponse(403, { status: 403, message: 'Forbidden', data: null, errors: null }));
    await expect(api.get('/partner')).rejects.toMatchObject({ status: 403 });
    expect(snackbar).toHaveBeenCalledWith({ kind: 'error', message: 'Access denied.' });
    expect(navigate).toHaveBeenCalledWith('/', undefined);
  });

  it('shows the server message of a 403 on the login page and stays there (another login error)', async () => {
    setPathname('/login');
    fetchMock.mockResolvedValue(
      jsonResponse(403, { status: 403, message: 'Your partner account is not active.', data: null, errors: null }),
    );
    await expect(api.post('/login', { username: 'a', password: 'b' })).rejects.toMatchObject({ status: 403 });
    expect(snackbar).toHaveBeenCalledWith({
      kind: 'error',
      message: 'Your partner account is not active.',
      details: null,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows the server message with its errors as details for other statuses', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        status: 400,
        message: 'Validation failed',
        data: null,
        errors: { email: 'Please enter a valid email address.' },
      }),
    );
    const error = (await api.post('/x', {}).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.errors).toEqual({ email: 'Please enter a valid email address.' });
    expect(snackbar).toHaveBeenCalledWith({
      kind: 'error',
      message: 'Validation failed',
      details: { email: 'Please enter a valid email address.' },
    });
  });

  it('falls back to a generic message when the server gives none', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiRequestError);
    expect(snackbar).toHaveBeenCalledWith({ kind: 'error', message: 'An error occurred.', details: null });
  });

  it('lets a request opt out of bad-request display (400, 409, 422 only)', async () => {
    for (const status of [400, 409, 422]) {
      fetchMock.mockResolvedValueOnce(
        jsonResponse(status, { status, message: 'nope', data: null, errors: { email: 'taken' } }),
      );
      await expect(api.post('/register', {}, { skipBadRequestHandling: true })).rejects.toMatchObject({ status });
    }
    expect(snackbar).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(
      jsonResponse(500, { status: 500, message: 'Internal error', data: null, errors: null }),
    );
    await expect(api.post('/register', {}, { skipBadRequestHandling: true })).rejects.toMatchObject({ status: 500 });
    expect(snackbar).toHaveBeenCalledTimes(1);
  });

  it('stops the loading overlay on any error', async () => {
    startLoading();
    fetchMock.mockResolvedValue(jsonResponse(500, { status: 500, message: 'x', data: null, errors: null }));
    await expect(api.get('/x', { loading: true })).rejects.toBeInstanceOf(ApiRequestError);
    expect(isLoading()).toBe(false);
  });

  it('passes transport errors to the caller unchanged', async () => {
    const failure = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValue(failure);
    await expect(api.get('/x', { loading: true })).rejects.toBe(failure);
    expect(isLoading()).toBe(false);
    expect(snackbar).not.toHaveBeenCalled();
  });

  it('reports errors at most once per second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const sink = vi.fn();
      setErrorSink(sink);
      fetchMock.mockImplementation(() =>
        Promise.resolve(jsonResponse(500, { status: 500, message: 'x', data: null, errors: null })),
      );
      await api.get('/a').catch(() => {});
      await api.get('/b').catch(() => {});
      expect(sink).toHaveBeenCalledTimes(1);
      vi.setSystemTime(Date.now() + 1000);
      await api.get('/c').catch(() => {});
      expect(sink).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
