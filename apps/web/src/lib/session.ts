import Cookies from 'js-cookie';
import { SESSION_TTL_DAYS, STORAGE_EXPIRY_KEY, STORAGE_TOKEN_KEY } from '@portal/contracts';

export type Session = { token: string; expiresAt: Date };

function cookieAttributes(remember: boolean): Cookies.CookieAttributes {
  return {
    path: '/',
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
    // Without remember-me no expiry is set, so the browser drops the cookie when it closes.
    ...(remember ? { expires: SESSION_TTL_DAYS } : {}),
  };
}

export function saveSession(token: string, expiresAt: Date, remember: boolean): void {
  const attributes = cookieAttributes(remember);
  Cookies.set(STORAGE_TOKEN_KEY, token, attributes);
  Cookies.set(STORAGE_EXPIRY_KEY, expiresAt.toISOString(), attributes);
}

/** The stored session, only while its expiry lies in the future (spec section 4). */
export function getSession(now: Date = new Date()): Session | null {
  const token = Cookies.get(STORAGE_TOKEN_KEY);
  const expiry = Cookies.get(STORAGE_EXPIRY_KEY);
  if (!token || !expiry) return null;
  const expiresAt = new Date(expiry);
  if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now.getTime()) return null;
  return { token, expiresAt };
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function isLoggedIn(): boolean {
  return getSession() !== null;
}

export function clearSession(): void {
  Cookies.remove(STORAGE_TOKEN_KEY, { path: '/' });
  Cookies.remove(STORAGE_EXPIRY_KEY, { path: '/' });
}

/** expireAt from the login answer or a sign-in link: an ISO date or epoch (seconds or ms). */
export function parseExpiry(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const numeric = /^\d+$/.test(value) ? Number(value) : null;
  const date = numeric === null ? new Date(value) : new Date(numeric < 1e12 ? numeric * 1000 : numeric);
  return Number.isNaN(date.getTime()) ? null : date;
}
