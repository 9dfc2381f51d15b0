/**
 * The device type and browser family of a user agent, for the click report (issue 47, decision 093). No parsing
 * library is among the project's dependencies (ua-parser-js, bowser), and none may be added here: this reads the
 * few tokens that decide a media buyer's breakdown — bots, tablets, phones, in-app browsers of the big social apps,
 * then the usual browsers, most specific first (Edge and Opera also say Chrome; Chrome also says Safari).
 */
export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'bot' | 'unknown';

export type UserAgentInfo = { deviceType: DeviceType; browser: string | null };

const BOT = /bot|crawl|spider|slurp|headless|lighthouse|curl\/|wget\/|python-requests|go-http-client|okhttp|java\//i;
const TABLET = /ipad|tablet|playbook|silk|kindle|(android(?!.*mobile))/i;
const MOBILE = /mobi|iphone|ipod|android|windows phone|iemobile|opera mini|blackberry/i;

/** [pattern, family], first match wins. */
const BROWSERS: readonly [RegExp, string][] = [
  [/FBAN|FBAV|FB_IAB/, 'Facebook'],
  [/Instagram/, 'Instagram'],
  [/musical_ly|BytedanceWebview|TikTok/i, 'TikTok'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/YaBrowser/, 'Yandex'],
  [/UCBrowser|UCWEB/, 'UC Browser'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera|OPiOS/, 'Opera'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/CriOS|Chrome\/|Chromium/, 'Chrome'],
  [/Version\/[\d.]+.*Safari|AppleWebKit.*(iPhone|iPad).*Mobile\//, 'Safari'],
  [/MSIE |Trident\//, 'Internet Explorer'],
];

export function describeUserAgent(userAgent: string | null | undefined): UserAgentInfo {
  const ua = (userAgent ?? '').trim();
  if (ua === '') return { deviceType: 'unknown', browser: null };
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  if (BOT.test(ua)) return { deviceType: 'bot', browser };
  if (TABLET.test(ua)) return { deviceType: 'tablet', browser };
  if (MOBILE.test(ua)) return { deviceType: 'mobile', browser };
  if (/windows|macintosh|mac os x|x11|linux|cros/i.test(ua)) return { deviceType: 'desktop', browser };
  return { deviceType: 'unknown', browser };
}
