import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNavigate } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { saveSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { jsonResponse } from '@/test/render';
import { portalLoader, routes } from './router';
import { loginLoader } from './routes/login';
import type { RouteHandle } from './route-handle';

vi.mock('@/lib/snackbar', () => ({ showSnackbar: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function config(roles: string[]) {
  return {
    code: 200,
    success: true,
    message: null,
    errors: null,
    total: null,
    data: { partner: null, roles, countries: [], languages: [], data: {} },
  };
}

async function thrownBy(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error('expected a redirect');
}

function loaderArgs(url: string) {
  return {
    request: new Request(`http://localhost${url}`),
    params: {},
    context: {},
    unstable_pattern: '',
  } as unknown as Parameters<typeof portalLoader>[0];
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showSnackbar).mockReset();
  registerNavigate(() => {});
  queryClient.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('guarded routes', () => {
  it('sends a guest to /login?redirect={path+search}', async () => {
    const response = await thrownBy(() => portalLoader(loaderArgs('/offers?page=2')));
    expect(response.headers.get('Location')).toBe('/login?redirect=%2Foffers%3Fpage%3D2');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reloads the configuration on every navigation', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, config(['ROLE_PARTNER']))));
    await portalLoader(loaderArgs('/'));
    await portalLoader(loaderArgs('/offers'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/v1/config');
  });

  it('denies a route whose declared roles are not all held', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, config(['ROLE_PARTNER']))));
    const portal = routes[0]?.children?.find((route) => route.id === 'portal');
    const payments = portal?.children?.find((route) => route.path === 'payments');
    if (!payments) throw new Error('no payments route');
    const original = payments.handle as RouteHandle;
    payments.handle = { ...original, roles: ['ROLE_PARTNER', 'ROLE_ADMIN'] } satisfies RouteHandle;
    try {
      const response = await thrownBy(() => portalLoader(loaderArgs('/payments')));
      expect(response.headers.get('Location')).toBe('/');
      expect(showSnackbar).toHaveBeenCalledWith({ kind: 'error', message: 'Access denied.' });
    } finally {
      payments.handle = original;
    }
  });
});

describe('back-office routes', () => {
  it('refuses /staff/partners to a partner and opens it to any staff role', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, config(['ROLE_PARTNER']))));
    const response = await thrownBy(() => portalLoader(loaderArgs('/staff/partners')));
    expect(response.headers.get('Location')).toBe('/');
    expect(showSnackbar).toHaveBeenCalledWith({ kind: 'error', message: 'Access denied.' });

    for (const role of ['ROLE_ACCOUNT_MANAGER', 'ROLE_TEAM_MANAGER', 'ROLE_ADMIN']) {
      fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, config([role]))));
      await expect(portalLoader(loaderArgs('/staff/partners?status=all'))).resolves.toBeNull();
    }
  });

  it('opens /staff/billing to admins only', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    for (const role of ['ROLE_PARTNER', 'ROLE_ACCOUNT_MANAGER', 'ROLE_TEAM_MANAGER']) {
      fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, config([role]))));
      const response = await thrownBy(() => portalLoader(loaderArgs('/staff/billing')));
      expect(response.headers.get('Location'), role).toBe('/');
    }
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, config(['ROLE_ADMIN']))));
    await expect(portalLoader(loaderArgs('/staff/billing'))).resolves.toBeNull();
  });
});

describe('login route', () => {
  it('signs in from ?token&expireAt and goes to /', async () => {
    const expireAt = new Date(Date.now() + 3_600_000).toISOString();
    const response = await thrownBy(() =>
      loginLoader(loaderArgs(`/login?token=abc&expireAt=${encodeURIComponent(expireAt)}`)),
    );
    expect(response.headers.get('Location')).toBe('/');
    expect(Cookies.get('token')).toBe('abc');
    expect(Cookies.get('expiry')).toBe(expireAt);
  });

  it('sends an already signed-in visitor to /', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    const response = await thrownBy(() => loginLoader(loaderArgs('/login?redirect=/offers')));
    expect(response.headers.get('Location')).toBe('/');
  });

  it('shows the form to a guest', () => {
    expect(loginLoader(loaderArgs('/login'))).toBeNull();
  });
});
