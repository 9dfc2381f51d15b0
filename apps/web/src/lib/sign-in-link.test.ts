import { afterEach, describe, expect, it } from 'vitest';
import { captureSignInLink, splitSignInLink, takeSignInLink } from './sign-in-link';

const at = (path: string) => new URL(path, 'https://portal.example.test');

describe('sign-in links', () => {
  afterEach(() => {
    takeSignInLink();
    window.history.replaceState(null, '', '/');
  });

  it('splits a /login link into its session and the address without token and expireAt', () => {
    const split = splitSignInLink(at('/login?token=abc&expireAt=1893456000&redirect=%2Fmy-account#x'));
    expect(split?.link).toEqual({ token: 'abc', expiresAt: new Date('2030-01-01T00:00:00Z') });
    expect(split?.cleaned).toBe('/login?redirect=%2Fmy-account#x');
  });

  it('cleans a broken link too, and leaves other addresses alone', () => {
    expect(splitSignInLink(at('/login?token=abc'))).toEqual({ link: null, cleaned: '/login' });
    expect(splitSignInLink(at('/login?redirect=%2F'))).toBeNull();
    expect(splitSignInLink(at('/offers?token=abc&expireAt=1893456000'))).toBeNull();
  });

  it('takes the token out of the current history entry before the app starts, and holds it once', () => {
    window.history.replaceState(null, '', '/login?token=secret&expireAt=1893456000&redirect=%2Fmy-account');
    const entries = window.history.length;
    captureSignInLink();
    expect(window.location.pathname + window.location.search).toBe('/login?redirect=%2Fmy-account');
    expect(window.location.href).not.toContain('secret');
    expect(window.history.length).toBe(entries);
    expect(takeSignInLink()).toEqual({ token: 'secret', expiresAt: new Date('2030-01-01T00:00:00Z') });
    expect(takeSignInLink()).toBeNull();
  });

  it('believes no viewAs mark: the link is the same with or without it, and the mark leaves the address too', () => {
    const marked = splitSignInLink(new URL('http://x/login?token=abc&expireAt=2030-01-01T00:00:00Z&viewAs=1'));
    const plain = splitSignInLink(new URL('http://x/login?token=abc&expireAt=2030-01-01T00:00:00Z'));
    expect(marked).toEqual(plain);
    expect(marked?.link).toEqual({ token: 'abc', expiresAt: new Date('2030-01-01T00:00:00Z') });
    expect(marked?.cleaned).toBe('/login');
  });
});
