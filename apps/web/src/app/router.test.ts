import Cookies from 'js-cookie';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNavigate } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { getToken, hasTabSession, saveSession, saveTabSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { offersEndpoints } from '@portal/contracts';
import { answerOf, configAnswer, errorOf, partnerFixture } from '@/test/render';
import { offersQueryOptions } from '@/features/offers/api/get-offers';
import { offersQueryOf, parseOfferSearch, parseOfferSort } from '@/features/offers/offer-filters';
import { capWarningsQueryOptions } from '@/features/dashboard/api/get-cap-warnings';
import { CAP_WARNINGS_WAIT_MS, dashboardLoader, offersLoader, portalLoader, routes } from './router';
import { loginLoader } from './routes/login';
import type { RouteHandle } from './route-handle';

vi.mock('@/lib/snackbar', () => ({ showSnackbar: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

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
    fetchMock.mockImplementation(() => Promise.resolve(configAnswer({ roles: ['ROLE_PARTNER'] })));
    await portalLoader(loaderArgs('/'));
    await portalLoader(loaderArgs('/offers'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/v1/config');
  });

  it('denies a route whose declared roles are not all held', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    fetchMock.mockImplementation(() => Promise.resolve(configAnswer({ roles: ['ROLE_PARTNER'] })));
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

describe('the staff console and the partner portal', () => {
  it('sends a partner who opens a console screen home, quietly, and opens /staff/partners to partner handlers', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    fetchMock.mockImplementation(() => Promise.resolve(configAnswer({ roles: ['ROLE_PARTNER'] })));
    for (const path of ['/staff', '/staff/partners', '/staff/audit-log']) {
      const response = await thrownBy(() => portalLoader(loaderArgs(path)));
      expect(response.headers.get('Location'), path).toBe('/');
    }
    expect(showSnackbar).not.toHaveBeenCalled();

    for (const role of ['ROLE_ACCOUNT_MANAGER', 'ROLE_TEAM_MANAGER', 'ROLE_ADMIN']) {
      fetchMock.mockImplementation(() => Promise.resolve(configAnswer({ roles: [role] })));
      await expect(portalLoader(loaderArgs('/staff/partners?status=all'))).resolves.toBeNull();
    }
  });

  it('sends staff who open a partner screen to the console’s home, quietly; account settings serve both', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    for (const role of ['ROLE_ADMIN', 'ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER', 'ROLE_FINANCE']) {
      fetchMock.mockImplementation(() => Promise.resolve(configAnswer({ roles: [role] })));
      for (const path of ['/', '/offers', '/offer/3', '/reports/daily', '/payments', '/notifications', '/api']) {
        const response = await thrownBy(() => portalLoader(loaderArgs(path)));
        expect(response.headers.get('Location'), `${role} ${path}`).toBe('/staff');
      }
      await expect(portalLoader(loaderArgs('/staff'))).resolves.toBeNull();
      await expect(portalLoader(loaderArgs('/account'))).resolves.toBeNull();
    }
    expect(showSnackbar).not.toHaveBeenCalled();
  });

  it('opens /staff/billing to admins and finance (decision 079); others are told and sent to the console’s home', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    for (const role of ['ROLE_ACCOUNT_MANAGER', 'ROLE_TEAM_MANAGER']) {
      fetchMock.mockImplementation(() => Promise.resolve(configAnswer({ roles: [role] })));
      const response = await thrownBy(() => portalLoader(loaderArgs('/staff/billing')));
      expect(response.headers.get('Location'), role).toBe('/staff');
      expect(showSnackbar).toHaveBeenCalledWith({ kind: 'error', message: 'Access denied.' });
    }
    for (const role of ['ROLE_ADMIN', 'ROLE_FINANCE']) {
      fetchMock.mockImplementation(() => Promise.resolve(configAnswer({ roles: [role] })));
      await expect(portalLoader(loaderArgs('/staff/billing')), role).resolves.toBeNull();
    }
    fetchMock.mockImplementation(() => Promise.resolve(configAnswer({ roles: ['ROLE_FINANCE'] })));
    const response = await thrownBy(() => portalLoader(loaderArgs('/staff/partners')));
    expect(response.headers.get('Location')).toBe('/staff');
  });
});

describe("the dashboard's loader (decisions 061, 135)", () => {
  /** The paths fetched so far. */
  const asked = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
  const warning = { offerId: 12, offerName: 'Royal Spin', scope: 'partner', metric: 'clicks', period: 'day', percent: 91, currency: 'EUR', limit: 100, remaining: 9, resetsAt: null }; // prettier-ignore

  /** The configuration, the news (empty) and the cap warnings (one, after `warningsAfterMs`, never if null). */
  function answerConfigAndNews(roles: string[], warningsAfterMs: number | null = 0) {
    fetchMock.mockImplementation((input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const listOf = (data: unknown[]) =>
        new Response(JSON.stringify({ status: 200, message: null, data, errors: null, total: data.length }));
      if (path === '/api/v1/news') return Promise.resolve(listOf([]));
      if (path === '/api/v1/caps/warnings') {
        if (warningsAfterMs === null) return new Promise<Response>(() => undefined);
        return new Promise((resolve) => setTimeout(() => resolve(listOf([warning])), warningsAfterMs));
      }
      return Promise.resolve(configAnswer({ roles }));
    });
  }

  it("asks for a partner's news beside the guarded layout, joining its request for the configuration", async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    answerConfigAndNews(['ROLE_PARTNER']);
    const layout = portalLoader(loaderArgs('/'));
    await expect(dashboardLoader()).resolves.toBeNull();
    await layout;
    await vi.waitFor(() => expect(asked()).toContain('/api/v1/news'));
    expect(asked().filter((path) => path === '/api/v1/config')).toHaveLength(1);
  });

  it("waits for a partner's cap warnings, so that their alert is drawn with the first render", async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    answerConfigAndNews(['ROLE_PARTNER'], 200);
    const layout = portalLoader(loaderArgs('/'));
    await dashboardLoader();
    expect(queryClient.getQueryData(capWarningsQueryOptions().queryKey)).toEqual([warning]);
    await layout;
    expect(asked().filter((path) => path === '/api/v1/caps/warnings')).toHaveLength(1);
  });

  it('waits for them at most CAP_WARNINGS_WAIT_MS, and says nothing about a call still under way', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    answerConfigAndNews(['ROLE_PARTNER'], null);
    await portalLoader(loaderArgs('/'));
    const started = Date.now();
    await expect(dashboardLoader()).resolves.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(CAP_WARNINGS_WAIT_MS - 50);
    expect(Date.now() - started).toBeLessThan(CAP_WARNINGS_WAIT_MS + 1000);
    expect(queryClient.getQueryData(capWarningsQueryOptions().queryKey)).toBeUndefined();
    expect(showSnackbar).not.toHaveBeenCalled();
  });

  it('asks for nothing for staff, whom the guarded layout sends to the console, nor for a guest', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    answerConfigAndNews(['ROLE_ADMIN']);
    const layout = thrownBy(() => portalLoader(loaderArgs('/')));
    await dashboardLoader();
    expect((await layout).headers.get('Location')).toBe('/staff');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).not.toContain('/api/v1/news');
    expect(asked()).not.toContain('/api/v1/caps/warnings');

    Cookies.remove('token');
    fetchMock.mockClear();
    queryClient.clear();
    await expect(dashboardLoader()).resolves.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toEqual([]);
  });
});

describe("the offer list's loader (decision 144)", () => {
  const asked = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
  const offer = { id: 7, name: 'Royal Spin' };

  function answerConfigAndOffers(roles: string[]) {
    fetchMock.mockImplementation((input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/v1/offer')
        return Promise.resolve(answerOf(offersEndpoints.list, { list: [offer], total: 1 } as never, { total: 1 }));
      return Promise.resolve(configAnswer({ roles }));
    });
  }

  /** What the list asks for at an address's search (offer-list.tsx reads it the same way). */
  function listOptions(search: string) {
    const params = new URLSearchParams(search);
    const { filters, page } = parseOfferSearch(params);
    return offersQueryOptions(offersQueryOf(filters, page, parseOfferSort(params)));
  }
  const listKey = (search: string) => listOptions(search).queryKey;

  it("asks for a partner's page of offers beside the guarded layout, under the list's key, joining the configuration", async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    answerConfigAndOffers(['ROLE_PARTNER']);
    const layout = portalLoader(loaderArgs('/offers?page=2&sort=payout'));
    expect(offersLoader(loaderArgs('/offers?page=2&sort=payout'))).toBeNull();
    await layout;
    await vi.waitFor(() => expect(queryClient.getQueryData(listKey('page=2&sort=payout'))).toBeDefined());
    expect(asked().filter((path) => path === '/api/v1/offer')).toHaveLength(1);
    expect(asked().filter((path) => path === '/api/v1/config')).toHaveLength(1);
    // The list mounting now takes that answer as it is: it asks for no other.
    const list = new QueryObserver(queryClient, listOptions('page=2&sort=payout'));
    const unsubscribe = list.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    unsubscribe();
    expect(asked().filter((path) => path === '/api/v1/offer')).toHaveLength(1);
  });

  it('asks for nothing for staff, whom the guarded layout sends to the console, nor for a guest', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    answerConfigAndOffers(['ROLE_ADMIN']);
    const layout = thrownBy(() => portalLoader(loaderArgs('/offers')));
    offersLoader(loaderArgs('/offers'));
    expect((await layout).headers.get('Location')).toBe('/staff');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).not.toContain('/api/v1/offer');

    Cookies.remove('token');
    fetchMock.mockClear();
    queryClient.clear();
    expect(offersLoader(loaderArgs('/offers'))).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toEqual([]);
  });
});

describe('login route', () => {
  const later = () => new Date(Date.now() + 3_600_000).toISOString();
  const linkUrl = (token: string, expireAt: string, extra = '') =>
    `/login?token=${token}&expireAt=${encodeURIComponent(expireAt)}${extra}&redirect=%2Fmy-account`;

  /**
   * GET /config answered per bearer: a user (and partner) for known tokens, 401 for others; `viewedBy` set for a
   * staff member's read-only view (decision 039).
   */
  function configByBearer(
    users: Record<string, { id: number; email: string; partner: string | null; viewedBy?: string }>,
  ) {
    fetchMock.mockImplementation((_input, init) => {
      const token = String((init?.headers as Record<string, string>).Authorization ?? '').replace('Bearer ', '');
      const user = users[token];
      if (!user) return Promise.resolve(errorOf(401, 'No.'));
      return Promise.resolve(
        configAnswer({
          user: {
            id: user.id,
            email: user.email,
            firstname: 'P',
            lastname: 'X',
            displayName: 'P X',
            roles: ['ROLE_PARTNER'],
            timezone: null,
          },
          partner: user.partner ? partnerFixture({ displayName: user.partner }) : null,
          viewedBy: user.viewedBy ? { id: 90, name: user.viewedBy } : null,
        }),
      );
    });
  }

  /** The first loader call cleans the address and holds the link; the second runs on the clean address. */
  async function followLink(url: string) {
    const cleaning = await thrownBy(() => loginLoader(loaderArgs(url)));
    const cleaned = cleaning.headers.get('Location') ?? '';
    expect(cleaned).toBe('/login?redirect=%2Fmy-account');
    return loginLoader(loaderArgs(cleaned));
  }

  /** The bearers GET /config was asked with, in order. */
  const askedWith = () =>
    fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).Authorization);

  it('signs a guest in from ?token&expireAt and goes to the redirect, the token off the address', async () => {
    configByBearer({ abc: { id: 2, email: 'b@example.test', partner: 'Beta #2' } });
    const expireAt = later();
    const response = await thrownBy(() => followLink(linkUrl('abc', expireAt)));
    expect(response.headers.get('Location')).toBe('/my-account');
    expect(Cookies.get('token')).toBe('abc');
    expect(Cookies.get('expiry')).toBe(expireAt);
    expect(hasTabSession()).toBe(false);
    // The server is asked what the token is, with the token alone.
    expect(askedWith()).toEqual(['Bearer abc']);
  });

  it('sends a guest whose link the server refuses to the sign-in page, storing nothing', async () => {
    configByBearer({});
    const response = await thrownBy(() => followLink(linkUrl('revoked', later())));
    expect(response.headers.get('Location')).toBe('/login?redirect=%2Fmy-account');
    expect(response.headers.get('X-Remix-Reload-Document')).toBe('true');
    expect(Cookies.get('token')).toBeUndefined();
    expect(hasTabSession()).toBe(false);
  });

  it('signs a guest in when the server cannot say what the link is, as a plain link did', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(errorOf(503, 'x')));
    const response = await thrownBy(() => followLink(linkUrl('abc', later())));
    expect(response.headers.get('Location')).toBe('/my-account');
    expect(Cookies.get('token')).toBe('abc');
    expect(showSnackbar).not.toHaveBeenCalled();
  });

  it('takes a token as a view only when the server says so: viewAs=1 on a full session asks before switching', async () => {
    saveSession('bluebird', new Date(Date.now() + 60_000), false);
    configByBearer({
      bluebird: { id: 1, email: 'bluebird@example.test', partner: 'Bluebird #1' },
      northwind: { id: 2, email: 'partner@example.test', partner: 'Northwind #2' },
    });
    const pending = await followLink(linkUrl('northwind', later(), '&viewAs=1'));
    expect(pending).toMatchObject({
      link: { token: 'northwind' },
      current: { userId: 1, view: false },
      incoming: { userId: 2, email: 'partner@example.test', view: false },
    });
    expect(hasTabSession()).toBe(false);
    expect(Cookies.get('token')).toBe('bluebird');
  });

  it('a guest’s viewAs=1 on a full session is a plain sign-in, not a view', async () => {
    configByBearer({ northwind: { id: 2, email: 'partner@example.test', partner: 'Northwind #2' } });
    const response = await thrownBy(() => followLink(linkUrl('northwind', later(), '&viewAs=1')));
    expect(response.headers.get('Location')).toBe('/my-account');
    expect(hasTabSession()).toBe(false);
    expect(Cookies.get('token')).toBe('northwind');
  });

  it('opens a view the server vouches for in this tab only, beside the live session, without asking', async () => {
    saveSession('staff', new Date(Date.now() + 60_000), false);
    configByBearer({
      staff: { id: 9, email: 'admin@example.test', partner: null },
      view: { id: 2, email: 'partner@example.test', partner: 'Northwind #2', viewedBy: 'Alex Admin' },
    });
    // With the server's own link (viewAs=1) or without the mark: the token decides.
    for (const extra of ['&viewAs=1', '']) {
      window.sessionStorage.clear();
      const response = await thrownBy(() => followLink(linkUrl('view', later(), extra)));
      expect(response.headers.get('Location'), extra).toBe('/');
      expect(hasTabSession(), extra).toBe(true);
      expect(getToken(), extra).toBe('view');
      expect(Cookies.get('token'), extra).toBe('staff');
    }
  });

  it('opens a view for a guest in this tab only too', async () => {
    configByBearer({
      view: { id: 2, email: 'partner@example.test', partner: 'Northwind #2', viewedBy: 'Alex Admin' },
    });
    const response = await thrownBy(() => followLink(linkUrl('view', later())));
    expect(response.headers.get('Location')).toBe('/');
    expect(hasTabSession()).toBe(true);
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('asks about the browser’s session when the view this tab held has ended', async () => {
    saveSession('bluebird', new Date(Date.now() + 60_000), false);
    saveTabSession('ended-view', new Date(Date.now() + 60_000));
    configByBearer({
      bluebird: { id: 1, email: 'bluebird@example.test', partner: 'Bluebird #1' },
      northwind: { id: 2, email: 'partner@example.test', partner: 'Northwind #2' },
    });
    const pending = await followLink(linkUrl('northwind', later()));
    expect(pending).toMatchObject({ current: { userId: 1 }, incoming: { userId: 2 } });
    expect(hasTabSession()).toBe(false);
    expect(Cookies.get('token')).toBe('bluebird');
  });

  it('follows a link’s redirect only inside the portal', async () => {
    configByBearer({ abc: { id: 2, email: 'b@example.test', partner: null } });
    const cleaning = await thrownBy(() =>
      loginLoader(loaderArgs(`/login?token=abc&expireAt=${encodeURIComponent(later())}&redirect=/%09/evil.example/x`)),
    );
    const response = await thrownBy(() => loginLoader(loaderArgs(cleaning.headers.get('Location') ?? '')));
    expect(response.headers.get('Location')).toBe('/');
    expect(Cookies.get('token')).toBe('abc');
  });

  it('never switches a signed-in visitor by a link: it asks, naming both identities', async () => {
    saveSession('mine', new Date(Date.now() + 60_000), false);
    configByBearer({
      mine: { id: 1, email: 'a@example.test', partner: 'Alpha #1' },
      theirs: { id: 2, email: 'b@example.test', partner: 'Beta #2' },
    });
    const pending = await followLink(linkUrl('theirs', later()));
    expect(pending).toMatchObject({
      link: { token: 'theirs' },
      current: { userId: 1, email: 'a@example.test', partnerName: 'Alpha #1' },
      incoming: { userId: 2, email: 'b@example.test', partnerName: 'Beta #2' },
    });
    expect(Cookies.get('token')).toBe('mine');
  });

  it('keeps the session when the link is refused, is the same user, or the server fails', async () => {
    saveSession('mine', new Date(Date.now() + 60_000), false);
    configByBearer({
      mine: { id: 1, email: 'a@example.test', partner: null },
      again: { id: 1, email: 'a@example.test', partner: null },
    });
    for (const token of ['revoked', 'again']) {
      const response = await thrownBy(() => followLink(linkUrl(token, later())));
      expect(response.headers.get('Location'), token).toBe('/');
      expect(Cookies.get('token')).toBe('mine');
    }
    fetchMock.mockImplementation(() => Promise.resolve(errorOf(500, 'x')));
    const failed = await thrownBy(() => followLink(linkUrl('theirs', later())));
    expect(failed.headers.get('Location')).toBe('/');
    expect(Cookies.get('token')).toBe('mine');
    expect(showSnackbar).not.toHaveBeenCalled();
  });

  it('uses the link when the stored session is no longer valid on the server', async () => {
    saveSession('stale', new Date(Date.now() + 60_000), false);
    configByBearer({ theirs: { id: 2, email: 'b@example.test', partner: null } });
    const response = await thrownBy(() => followLink(linkUrl('theirs', later())));
    expect(response.headers.get('Location')).toBe('/my-account');
    expect(Cookies.get('token')).toBe('theirs');
  });

  it('sends an already signed-in visitor to /', async () => {
    saveSession('tok', new Date(Date.now() + 60_000), false);
    const response = await thrownBy(() => loginLoader(loaderArgs('/login?redirect=/offers')));
    expect(response.headers.get('Location')).toBe('/');
  });

  it('loads the sign-in page in full for a guest (a page of its own, decision 055), keeping ?redirect', async () => {
    const response = await thrownBy(() => loginLoader(loaderArgs('/login?redirect=%2Foffers')));
    expect(response.headers.get('Location')).toBe('/login?redirect=%2Foffers');
    expect(response.headers.get('X-Remix-Reload-Document')).toBe('true');
  });

  it('loads the sign-in page for a guest whose link has expired, the link off the address', async () => {
    const response = await thrownBy(() => followLink(linkUrl('old', new Date(Date.now() - 1000).toISOString())));
    expect(response.headers.get('Location')).toBe('/login?redirect=%2Fmy-account');
    expect(response.headers.get('X-Remix-Reload-Document')).toBe('true');
    expect(Cookies.get('token')).toBeUndefined();
  });
});
