import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';

/**
 * The device type and browser family of a user agent, for the click report (issue 47, decisions 093 and 118): read
 * by ua-parser-js (the library the fraud screens already use, decision 108) and isbot (decision 102), both kept
 * dependencies of the server, rather than by hand-written patterns.
 */
export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'bot' | 'unknown';

export type UserAgentInfo = { deviceType: DeviceType; browser: string | null };

/** ua-parser-js names a browser per platform ('Mobile Safari', 'Chrome WebView'): the report names the family. */
const FAMILY: Record<string, string> = {
  'Mobile Safari': 'Safari',
  'Chrome Mobile': 'Chrome',
  'Chrome WebView': 'Chrome',
  'Chrome Headless': 'Chrome',
  'Mobile Chrome': 'Chrome',
  'Mobile Firefox': 'Firefox',
  'Firefox Mobile': 'Firefox',
  'Firefox Focus': 'Firefox',
  'Opera Mobi': 'Opera',
  'Opera Mini': 'Opera',
  'Opera Touch': 'Opera',
  'Samsung Browser': 'Samsung Internet',
  UCBrowser: 'UC Browser',
  IE: 'Internet Explorer',
  IEMobile: 'Internet Explorer',
};

/** Operating systems of desktops and laptops, for a user agent the library gives no device type. */
const DESKTOP_OS = /^(windows|mac os|linux|ubuntu|debian|fedora|chrome os|chromium os|freebsd|openbsd|netbsd)/i;

export function describeUserAgent(userAgent: string | null | undefined): UserAgentInfo {
  const ua = (userAgent ?? '').trim();
  if (ua === '') return { deviceType: 'unknown', browser: null };
  const result = new UAParser(ua).getResult();
  const name = result.browser.name;
  const browser = name ? (FAMILY[name] ?? name) : null;
  if (isbot(ua)) return { deviceType: 'bot', browser };
  const type = result.device.type;
  if (type === 'mobile' || type === 'tablet') return { deviceType: type, browser };
  if (type !== undefined) return { deviceType: 'unknown', browser }; // consoles, TVs, wearables, embedded
  // No device type: an Android without "Mobile" is a tablet by Google's own rule; a desktop system is a desktop.
  const os = result.os.name ?? '';
  if (/android/i.test(os)) return { deviceType: /mobile/i.test(ua) ? 'mobile' : 'tablet', browser };
  if (DESKTOP_OS.test(os)) return { deviceType: 'desktop', browser };
  return { deviceType: 'unknown', browser };
}
