import Cookies from 'js-cookie';
import { SESSION_TTL_DAYS, STORAGE_EXPIRY_KEY, STORAGE_TOKEN_KEY } from '@portal/contracts';
import { forgetFirstAnswers } from './first-answers';

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

/**
 * A "view as partner" session (decision 039) lives in this tab only (sessionStorage), beside the staff member's own
 * session in the cookies, which it must never replace: the staff tab keeps working while the view is open.
 */
const TAB_SESSION_KEY = 'portal.viewSession';

function tabSession(now: Date): Session | null {
  try {
    const raw = window.sessionStorage.getItem(TAB_SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { token?: string; expiresAt?: string };
    const expiresAt = new Date(parsed.expiresAt ?? '');
    if (!parsed.token || Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now.getTime()) return null;
    return { token: parsed.token, expiresAt };
  } catch {
    return null;
  }
}

/** Starts a read-only view session in this tab only. */
export function saveTabSession(token: string, expiresAt: Date): void {
  forgetFirstAnswers();
  window.sessionStorage.setItem(TAB_SESSION_KEY, JSON.stringify({ token, expiresAt: expiresAt.toISOString() }));
}

/** Whether this tab holds a view session (ended by signing out of it, or by its expiry). */
export function hasTabSession(): boolean {
  return window.sessionStorage.getItem(TAB_SESSION_KEY) !== null;
}

export function saveSession(token: string, expiresAt: Date, remember: boolean): void {
  forgetFirstAnswers();
  const attributes = cookieAttributes(remember);
  Cookies.set(STORAGE_TOKEN_KEY, token, attributes);
  Cookies.set(STORAGE_EXPIRY_KEY, expiresAt.toISOString(), attributes);
}

/** The stored session, only while its expiry lies in the future (spec section 4). */
export function getSession(now: Date = new Date()): Session | null {
  if (hasTabSession()) {
    const tab = tabSession(now);
    if (tab) return tab;
    // The view is over: the tab falls back to its browser's own session.
    window.sessionStorage.removeItem(TAB_SESSION_KEY);
  }
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
  forgetFirstAnswers();
  // Leaving a view ends it alone: the staff member's own session, in the cookies, stays.
  if (hasTabSession()) {
    window.sessionStorage.removeItem(TAB_SESSION_KEY);
    return;
  }
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
