import type { TrafficRules } from './traffic.js';

/**
 * The traffic rules' names, actions, defaults and limits, and the address check (issue 48, decisions 083, 101): no
 * schema here, so that a screen that only names a rule or a reason does not load the validation library with it
 * (decision 103; traffic.ts re-exports all of it).
 */

/** What a traffic rule does with a click it matches: lets it through, records it flagged, or sends it to the fallback. */
export const TRAFFIC_ACTIONS = ['allow', 'flag', 'refuse'] as const;
export type TrafficAction = (typeof TRAFFIC_ACTIONS)[number];

/**
 * The click rules: a bot's user agent; no user agent, or one no browser sends; an address of a data centre or a
 * hosting network (the list kept in the repository); more than `velocityPerMinute` clicks a minute from one address
 * on one offer.
 */
export const TRAFFIC_RULES = ['bot', 'missingUserAgent', 'dataCentre', 'velocity'] as const;
export type TrafficRule = (typeof TRAFFIC_RULES)[number];

/**
 * The conversion rules (decision 101): converted sooner after the click than the goal's floor; converted from another
 * country than the click's; more than `conversionsPerIpPerDay` conversions from one address on one offer in 24 hours;
 * a transaction id the advertiser already sent for another partner's click; the partner's conversion rate on the offer
 * over the last 24 hours above CONVERSION_RATE_SPIKE_FACTOR times its 30 days before (each with at least
 * CONVERSION_RATE_MIN_CLICKS clicks); the click was flagged by a click rule.
 */
export const CONVERSION_RULES = [
  'tooFast',
  'countryMismatch',
  'ipConversions',
  'duplicateTransaction',
  'conversionRateSpike',
  'flaggedClick',
] as const;
export type ConversionRule = (typeof CONVERSION_RULES)[number];

/** Every rule an action is set for: the click rules, then the conversion rules. */
export const ALL_TRAFFIC_RULES = [...TRAFFIC_RULES, ...CONVERSION_RULES] as const;
export type AnyTrafficRule = (typeof ALL_TRAFFIC_RULES)[number];

/** The conversion rules' defaults: held for review, but a transaction id claimed by two partners refused outright. */
export const DEFAULT_CONVERSION_RULES = {
  tooFast: 'flag',
  countryMismatch: 'flag',
  ipConversions: 'flag',
  duplicateTransaction: 'refuse',
  conversionRateSpike: 'flag',
  flaggedClick: 'flag',
  conversionsPerIpPerDay: 3,
} as const;

/** A goal's floor when it sets none: a conversion sooner than this many seconds after its click is too fast. */
export const DEFAULT_MIN_SECONDS_TO_CONVERT = 10;
/** The conversion rate spike: the last 24 hours above this many times the 30 days before… */
export const CONVERSION_RATE_SPIKE_FACTOR = 3;
/** …each period with at least this many clicks of the partner on the offer. */
export const CONVERSION_RATE_MIN_CLICKS = 200;
export const CONVERSIONS_PER_IP_PER_DAY_MAX = 100_000;
/** The reason a conversion refused by a rule is rejected with (CONVERSION_REJECTION_REASONS). */
export const CONVERSION_RULE_REASONS = {
  tooFast: 'too_fast',
  countryMismatch: 'country_mismatch',
  ipConversions: 'ip_conversions',
  duplicateTransaction: 'duplicate_transaction',
  conversionRateSpike: 'conversion_rate_spike',
  flaggedClick: 'flagged_click',
} as const satisfies Record<ConversionRule, string>;

/** The defaults a network starts with: bots refused, data centres flagged, a click flood over 30 a minute refused. */
export const DEFAULT_TRAFFIC_RULES = {
  bot: 'refuse',
  missingUserAgent: 'flag',
  dataCentre: 'flag',
  velocity: 'refuse',
  velocityPerMinute: 30,
  ...DEFAULT_CONVERSION_RULES,
} as const satisfies TrafficRules;

export const VELOCITY_PER_MINUTE_MAX = 100_000;

/** What a blocklist entry matches: an address or a CIDR range, an autonomous system, a sub-ID, a tracking code, a user-agent substring. */
export const BLOCKLIST_KINDS = ['ip', 'asn', 'subid', 'tc1', 'tc2', 'tc3', 'tc4', 'user_agent'] as const;
export type BlocklistKind = (typeof BLOCKLIST_KINDS)[number];
export const BLOCKLIST_VALUE_MAX_LENGTH = 255;
export const BLOCKLIST_NOTE_MAX_LENGTH = 500;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+(:\d+\.\d+\.\d+\.\d+)?$/i;

/** An address (v4 or v6) or a CIDR range of one, as a blocklist `ip` value takes it. */
export function isIpOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  if (rest.length > 0) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && address.includes(':') && IPV6.test(address);
  if (!v4 && !v6) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (v4 ? 32 : 128);
}
