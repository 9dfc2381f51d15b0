import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

const ORIGIN = 'https://portal.example.test';

/**
 * Known open-redirect bypasses, written as they stand after `redirect=` in an address (percent-encoded as a link
 * carries them). Each is read the way the pages read it, with URLSearchParams, which decodes once.
 */
const BYPASSES = [
  // Tab, CR and LF, which browsers drop: '/\t/evil.example' is navigated as '//evil.example'.
  '/%09/evil.example/x',
  '/%0a/evil.example/x',
  '/%0d/evil.example/x',
  '/%0D%0A/evil.example/x',
  '%09//evil.example',
  // Other C0 controls and DEL.
  '/%00/evil.example',
  '/%1f/evil.example',
  '/%7f/evil.example',
  // Backslashes, read as slashes.
  '/%5Cevil.example',
  '/%5cevil.example',
  '%5C/evil.example',
  '%5C%5Cevil.example',
  '/\\evil.example',
  '\\/evil.example',
  // Protocol-relative, with any number of slashes, plain or encoded.
  '//evil.example',
  '///evil.example',
  '////evil.example/x',
  '/%2fevil.example',
  '/%2Fevil.example',
  '%2f%2fevil.example',
  '%2F%2Fevil.example',
  '/%2F/evil.example',
  // Double- and triple-encoded forms.
  '/%252f%252fevil.example',
  '%252f%252fevil.example',
  '/%2509/evil.example',
  '/%255cevil.example',
  '/%25252f/evil.example',
  // Dot segments that the parser resolves into '//'.
  '/.//evil.example',
  '/x/..//evil.example',
  '/%2e%2e//evil.example',
  '/%2E//evil.example',
  // Schemes, in any case.
  'https://evil.example',
  'HTTPS://evil.example',
  'http://evil.example',
  'http:evil.example',
  'http:/evil.example',
  'https:evil.example',
  'HtTpS:%2f%2fevil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java%0ascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD4=',
  // Whitespace in front, which the URL parser strips.
  '%20//evil.example',
  '+//evil.example',
  '%20/%5Cevil.example',
  '%0a//evil.example',
  '%09/%09/evil.example',
  '%C2%A0//evil.example',
  // Not a path at all.
  'evil.example',
  '.evil.example',
  '@evil.example',
];

const read = (raw: string) => new URLSearchParams(`redirect=${raw}`).get('redirect');

describe('safeRedirect', () => {
  it.each(BYPASSES)('keeps %s on the portal', (raw) => {
    const target = safeRedirect(read(raw), ORIGIN);
    expect(target).toBe('/');
    // As the browser will take it: the same origin.
    expect(new URL(target, ORIGIN).origin).toBe(ORIGIN);
  });

  it('refuses the values as they are, before any decoding, too', () => {
    for (const raw of BYPASSES) {
      const target = safeRedirect(raw, ORIGIN);
      expect(new URL(target, ORIGIN).origin, raw).toBe(ORIGIN);
      expect(target.startsWith('//'), raw).toBe(false);
    }
  });

  it('keeps a path of the portal, with its query and fragment', () => {
    expect(safeRedirect('/offers?page=2', ORIGIN)).toBe('/offers?page=2');
    expect(safeRedirect(read('%2Fmy-account'), ORIGIN)).toBe('/my-account');
    expect(safeRedirect('/reports/daily?from=2026-01-01#top', ORIGIN)).toBe('/reports/daily?from=2026-01-01#top');
    expect(safeRedirect('/staff/partners/3?tab=notes', ORIGIN)).toBe('/staff/partners/3?tab=notes');
    expect(safeRedirect('/offers?q=caf%C3%A9', ORIGIN)).toBe('/offers?q=caf%C3%A9');
    // Normalised as the browser will: the dot segments are resolved.
    expect(safeRedirect('/reports/../offers', ORIGIN)).toBe('/offers');
  });

  it('falls back to / with nothing, and never loops back to the sign-in page', () => {
    for (const value of [
      null,
      undefined,
      '',
      '/login',
      '/login?redirect=/x',
      '/LOGIN',
      '/login/',
      '/%6cogin',
      '/x/../login',
    ])
      expect(safeRedirect(value, ORIGIN), String(value)).toBe('/');
  });

  it('takes the page’s own origin by default', () => {
    expect(safeRedirect('/offers')).toBe('/offers');
    expect(safeRedirect(`${window.location.origin}/offers`)).toBe('/');
    expect(safeRedirect('/%09/evil.example/x')).toBe('/');
  });
});
