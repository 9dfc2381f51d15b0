import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getSession,
  hasTabSession,
  isLoggedIn,
  parseExpiry,
  saveSession,
  saveTabSession,
} from './session';

describe('session', () => {
  it('persists both cookies for 7 days with remember-me', () => {
    const set = vi.spyOn(Cookies, 'set');
    const expiry = new Date(Date.now() + 3_600_000);
    saveSession('abc', expiry, true);
    expect(set).toHaveBeenCalledWith('token', 'abc', expect.objectContaining({ expires: 7 }));
    expect(set).toHaveBeenCalledWith('expiry', expiry.toISOString(), expect.objectContaining({ expires: 7 }));
  });

  it('uses browser-session cookies (no expiry) without remember-me', () => {
    const set = vi.spyOn(Cookies, 'set');
    saveSession('abc', new Date(Date.now() + 3_600_000), false);
    expect(set).toHaveBeenCalledTimes(2);
    for (const call of set.mock.calls) expect(call[2]).not.toHaveProperty('expires');
    expect(getSession()?.token).toBe('abc');
  });

  it('writes both cookies SameSite=Strict, Secure only on an https page', () => {
    const set = vi.spyOn(Cookies, 'set');
    saveSession('abc', new Date(Date.now() + 3_600_000), false);
    expect(window.location.protocol).toBe('http:');
    for (const call of set.mock.calls) expect(call[2]).toMatchObject({ sameSite: 'strict', secure: false, path: '/' });

    set.mockClear();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, protocol: 'https:' });
    saveSession('abc', new Date(Date.now() + 3_600_000), false);
    expect(set).toHaveBeenCalledTimes(2);
    for (const call of set.mock.calls) expect(call[2]).toMatchObject({ sameSite: 'strict', secure: true });
  });

  it('counts a stored session only while its expiry lies in the future', () => {
    saveSession('abc', new Date(Date.now() + 1000), true);
    expect(isLoggedIn()).toBe(true);
    expect(getSession(new Date(Date.now() + 2000))).toBeNull();

    saveSession('old', new Date(Date.now() - 1000), true);
    expect(Cookies.get('token')).toBe('old');
    expect(isLoggedIn()).toBe(false);
  });

  it('ignores a token without a readable expiry', () => {
    Cookies.set('token', 'abc');
    expect(isLoggedIn()).toBe(false);
    Cookies.set('expiry', 'garbage');
    expect(isLoggedIn()).toBe(false);
  });

  it('clears both keys', () => {
    saveSession('abc', new Date(Date.now() + 60_000), true);
    clearSession();
    expect(Cookies.get('token')).toBeUndefined();
    expect(Cookies.get('expiry')).toBeUndefined();
  });

  it('parses expireAt as ISO or epoch seconds/milliseconds', () => {
    expect(parseExpiry('2030-01-01T00:00:00Z')?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(parseExpiry('1893456000')?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(parseExpiry('1893456000000')?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(parseExpiry('nope')).toBeNull();
    expect(parseExpiry(null)).toBeNull();
  });
});

describe('a view-as session (decision 039)', () => {
  it('lives in this tab only, beside the cookie session, which it never replaces', () => {
    saveSession('staff', new Date(Date.now() + 3_600_000), false);
    saveTabSession('view', new Date(Date.now() + 60_000));
    expect(getSession()?.token).toBe('view');
    expect(Cookies.get('token')).toBe('staff');
    // Leaving the view ends it alone.
    clearSession();
    expect(hasTabSession()).toBe(false);
    expect(getSession()?.token).toBe('staff');
    clearSession();
  });

  it('once expired, gives the tab back to the browser’s own session', () => {
    saveSession('staff', new Date(Date.now() + 3_600_000), false);
    saveTabSession('view', new Date(Date.now() + 60_000));
    expect(getSession(new Date(Date.now() + 120_000))?.token).toBe('staff');
    expect(hasTabSession()).toBe(false);
    clearSession();
  });
});
