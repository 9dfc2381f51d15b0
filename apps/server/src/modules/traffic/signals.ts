import type { ClickRejectionReason, TrafficAction, TrafficRule, TrafficRules } from '@portal/contracts';
import { HOSTING_NETWORKS } from './hosting-networks.js';
import { IpRanges } from './ip-ranges.js';

/**
 * The click signals (decision 083), computed on the fast path from what the request carries and what the click's
 * cached context holds: no database round trip.
 */

/**
 * User agents of crawlers, monitors, link previews, HTTP libraries and automation: the main families of the `isbot`
 * package's pattern (which is not installed in this project, decision 083). "HeadlessChrome" is left out for now: the
 * end-to-end tests drive headless Chromium through /click.
 */
const BOT_PATTERN =
  /bot\b|bot[/_-]|crawl|spider|slurp|scrap|phantomjs|selenium|puppeteer|python-requests|python-urllib|aiohttp|httpx|curl\/|wget|libwww|httpclient|okhttp|go-http-client|java\/|node-fetch|axios\/|undici|postmanruntime|insomnia|facebookexternalhit|facebookcatalog|lighthouse|pingdom|uptime|monitor|preview|feedfetcher|mediapartners|adsbot|bingpreview|yandex|baidu|petalbot|semrush|ahrefs|mj12|dotbot|zgrab|masscan|nmap|nikto|sqlmap|headlessbrowser|^mozilla\/5\.0$/i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && BOT_PATTERN.test(userAgent);
}

/** No user agent, or one no browser sends: blank, shorter than 10 characters, or holding control characters. */
export function isMalformedUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return true;
  const text = userAgent.trim();
  // eslint-disable-next-line no-control-regex
  return text.length < 10 || /[\u0000-\u001f\u007f]/.test(text);
}

let hosting: IpRanges<{ provider: string; asn: number }> | null = null;

/** The data-centre or hosting network an address belongs to (hosting-networks.ts), or undefined. */
export function hostingNetworkOf(ip: string | null | undefined): { provider: string; asn: number } | undefined {
  if (!ip) return undefined;
  if (!hosting) {
    hosting = new IpRanges();
    for (const network of HOSTING_NETWORKS) {
      const tag = { provider: network.provider, asn: network.asn };
      for (const range of network.ranges) hosting.add(range, tag);
    }
  }
  return hosting.match(ip);
}

/**
 * Clicks per (offer, address) in the current minute, in this process: a fixed window, emptied when the minute turns
 * (so a flood is caught within its first minute, and a counter costs one map entry per active address). Each process
 * counts its own clicks: behind N processes a flood is caught at N times the limit at worst.
 */
export class VelocityCounter {
  private minute = -1;
  private counts = new Map<string, number>();

  constructor(private readonly maxKeys = 200_000) {}

  /** Counts one click and answers how many this address has made on the offer this minute, this one included. */
  hit(offerId: number, ip: string, now: number): number {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.counts = new Map();
    }
    const key = `${offerId}|${ip}`;
    const count = (this.counts.get(key) ?? 0) + 1;
    // Bounded: far more addresses in a minute than any campaign means a spread attack; start the minute afresh.
    if (count === 1 && this.counts.size >= this.maxKeys) this.counts.clear();
    this.counts.set(key, count);
    return count;
  }
}

/** A blocklist compiled for one (offer, partner): each value with its expiry (epoch ms, Infinity for good). */
export type CompiledBlocks = {
  ips: IpRanges<number> | null;
  asns: Map<number, number>;
  subids: Map<string, number>;
  /** tc1…tc4. */
  trackingCodes: [Map<string, number>, Map<string, number>, Map<string, number>, Map<string, number>];
  /** Lowercased substrings. */
  userAgents: { value: string; expires: number }[];
};

export const NO_BLOCKS: CompiledBlocks = {
  ips: null,
  asns: new Map(),
  subids: new Map(),
  trackingCodes: [new Map(), new Map(), new Map(), new Map()],
  userAgents: [],
};

export function compileBlocks(rows: { kind: string; value: string; expiresAt: Date | null }[]): CompiledBlocks {
  if (rows.length === 0) return NO_BLOCKS;
  const blocks: CompiledBlocks = {
    ips: null,
    asns: new Map(),
    subids: new Map(),
    trackingCodes: [new Map(), new Map(), new Map(), new Map()],
    userAgents: [],
  };
  for (const row of rows) {
    const expires = row.expiresAt ? row.expiresAt.getTime() : Infinity;
    const keep = (map: Map<string | number, number>, key: string | number) =>
      map.set(key, Math.max(map.get(key) ?? 0, expires));
    switch (row.kind) {
      case 'ip':
        (blocks.ips ??= new IpRanges()).add(row.value, expires);
        break;
      case 'asn':
        keep(blocks.asns, Number(row.value.replace(/^AS/i, '')));
        break;
      case 'subid':
        keep(blocks.subids, row.value);
        break;
      case 'tc1':
      case 'tc2':
      case 'tc3':
      case 'tc4':
        keep(blocks.trackingCodes[Number(row.kind[2]) - 1]!, row.value);
        break;
      case 'user_agent':
        blocks.userAgents.push({ value: row.value.toLowerCase(), expires });
        break;
    }
  }
  return blocks;
}

export type ClickSignalsInput = {
  offerId: number;
  ip: string | null;
  userAgent: string | null;
  subid: string | undefined;
  trackingCodes: readonly (string | undefined)[];
  /**
   * The address is one a GeoIP file can place (a public one). Loopback, private, shared and documentation addresses
   * (a test, a health check, every click through a proxy not trusted with TRUST_PROXY) are not counted for velocity:
   * behind an untrusted proxy every visitor would share the proxy's address.
   */
  publicAddress: boolean;
  now: number;
};

/** What the rules make of a click: refused with a reason, or taken with the rules that flagged it (maybe none). */
export type ClickJudgement = { refuse: ClickRejectionReason } | { refuse: null; flags: TrafficRule[] };

const live = (expires: number | undefined, now: number) => expires !== undefined && expires > now;

const RULE_REASONS: Record<TrafficRule, ClickRejectionReason> = {
  bot: 'bot',
  missingUserAgent: 'missing_user_agent',
  dataCentre: 'data_centre',
  velocity: 'ip_velocity',
};

/**
 * Blocklists first (any match refuses, naming the list's kind), then each rule with its action: the first `refuse`
 * refuses, the `flag`s are collected. Velocity counts every click the blocklists let through.
 */
export function judgeClick(
  rules: TrafficRules,
  blocks: CompiledBlocks,
  velocity: VelocityCounter,
  input: ClickSignalsInput,
): ClickJudgement {
  const { now, ip, userAgent } = input;
  const network = ip ? hostingNetworkOf(ip) : undefined;
  if (blocks !== NO_BLOCKS) {
    if (ip && blocks.ips && live(blocks.ips.match(ip), now)) return { refuse: 'blocked_ip' };
    if (network && live(blocks.asns.get(network.asn), now)) return { refuse: 'blocked_asn' };
    if (input.subid && live(blocks.subids.get(input.subid), now)) return { refuse: 'blocked_subid' };
    for (let i = 0; i < 4; i++) {
      const code = input.trackingCodes[i];
      if (code && live(blocks.trackingCodes[i]!.get(code), now)) return { refuse: 'blocked_tracking_code' };
    }
    if (userAgent && blocks.userAgents.length > 0) {
      const lower = userAgent.toLowerCase();
      for (const entry of blocks.userAgents)
        if (entry.expires > now && lower.includes(entry.value)) return { refuse: 'blocked_user_agent' };
    }
  }
  const flags: TrafficRule[] = [];
  const apply = (rule: TrafficRule, matched: boolean): boolean => {
    if (!matched) return false;
    const action: TrafficAction = rules[rule];
    if (action === 'refuse') return true;
    if (action === 'flag') flags.push(rule);
    return false;
  };
  if (rules.bot !== 'allow' && apply('bot', isBotUserAgent(userAgent))) return { refuse: RULE_REASONS.bot };
  if (rules.missingUserAgent !== 'allow' && apply('missingUserAgent', isMalformedUserAgent(userAgent)))
    return { refuse: RULE_REASONS.missingUserAgent };
  if (rules.dataCentre !== 'allow' && apply('dataCentre', network !== undefined))
    return { refuse: RULE_REASONS.dataCentre };
  if (rules.velocity !== 'allow' && ip && input.publicAddress) {
    const count = velocity.hit(input.offerId, ip, now);
    if (apply('velocity', count > rules.velocityPerMinute)) return { refuse: RULE_REASONS.velocity };
  }
  return { refuse: null, flags };
}
