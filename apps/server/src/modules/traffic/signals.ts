import { CLICK_RULE_REASONS } from '@portal/contracts';
import type { ClickRejectionReason, TrafficAction, TrafficRule, TrafficRules } from '@portal/contracts';
import { isbot } from 'isbot';
import { asnNumberOf } from './asn.js';
import { HOSTING_NETWORKS } from './hosting-networks.js';
import { IpRanges } from './ip-ranges.js';

/**
 * The click signals (decisions 083, 102), computed on the fast path from what the request carries and what the click's
 * cached context holds: no database round trip.
 */

/** The answers for the user agents seen lately: isbot's pattern costs ~4 µs a call; a user agent recurs. */
const botVerdicts = new Map<string, boolean>();
const BOT_VERDICTS_MAX = 20_000;

/**
 * A crawler's, a monitor's, a link preview's, an HTTP library's or an automated or headless browser's user agent, as
 * the `isbot` package tells it (kept current by its releases). Headless Chrome is one: the end-to-end suite presents a
 * desktop Chrome user agent for that reason (decision 102).
 */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    if (botVerdicts.size >= BOT_VERDICTS_MAX) botVerdicts.clear();
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

/** No user agent, or one no browser sends: blank, shorter than 10 characters, or holding control characters. */
export function isMalformedUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return true;
  const text = userAgent.trim();
  // eslint-disable-next-line no-control-regex
  return text.length < 10 || /[\u0000-\u001f\u007f]/.test(text);
}

/** Each hosting ASN's provider (hosting-networks.ts), one object per ASN: a look-up allocates nothing. */
const HOSTING_BY_ASN = new Map<number, { provider: string; asn: number }>(
  HOSTING_NETWORKS.flatMap((network) => network.asns.map((asn) => [asn, { provider: network.provider, asn }] as const)),
);

/** The ASN announcing an address (the offline table, asn.ts), or undefined. */
export function asnOf(ip: string | null | undefined): number | undefined {
  return (ip && asnNumberOf(ip)) || undefined;
}

/** The data-centre or hosting network an address belongs to (by its ASN, hosting-networks.ts), or undefined. */
export function hostingNetworkOf(ip: string | null | undefined): { provider: string; asn: number } | undefined {
  const asn = asnOf(ip);
  return asn === undefined ? undefined : HOSTING_BY_ASN.get(asn);
}

/** One (offer, address) this minute: `base` as every process's sum last read back, `local` counted here since. */
type VelocityEntry = { offerId: number; ip: string; base: number; local: number };

/** What a click batch adds to `ip_velocity` for one (offer, address): `n` clicks of the minute starting `minute`. */
export type VelocityDelta = { entry: VelocityEntry; minute: number; n: number };

/**
 * Clicks per (offer, address) in the current minute: a fixed window, emptied when the minute turns (so a flood is
 * caught within its first minute, and a counter costs one map entry per active address). Counted in the process and
 * resynchronised like the click caps (decision 102): each click batch adds what this process counted for the
 * addresses seen at least twice this minute and reads every process's sum back, so no write is made for the visitor
 * who clicks once (nearly all of them). Behind N processes a flood is caught at the limit plus N, a batch late.
 */
export class VelocityCounter {
  private minute = -1;
  private counts = new Map<string, VelocityEntry>();

  constructor(
    private readonly maxKeys = 200_000,
    /** From this many clicks here this minute, an address is written at each batch. */
    private readonly syncFrom = 2,
  ) {}

  /** Counts one click and answers how many this address has made on the offer this minute, this one included. */
  hit(offerId: number, ip: string, now: number): number {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.counts = new Map();
    }
    const key = `${offerId}|${ip}`;
    let entry = this.counts.get(key);
    if (!entry) {
      // Bounded: far more addresses in a minute than any campaign means a spread attack; start the minute afresh.
      if (this.counts.size >= this.maxKeys) this.counts.clear();
      entry = { offerId, ip, base: 0, local: 0 };
      this.counts.set(key, entry);
    }
    entry.local += 1;
    return entry.base + entry.local;
  }

  /** What the next batch writes: the counts not yet written of the addresses seen `syncFrom` times this minute. */
  pending(now: number): VelocityDelta[] {
    if (Math.floor(now / 60_000) !== this.minute) return [];
    const deltas: VelocityDelta[] = [];
    for (const entry of this.counts.values())
      if (entry.local > 0 && entry.base + entry.local >= this.syncFrom)
        deltas.push({ entry, minute: this.minute * 60_000, n: entry.local });
    return deltas;
  }

  private purgedMinute = -1;

  /** The minutes before the last one, to delete from `ip_velocity`, once a minute per process; else null. */
  purgeDue(now: number): Date | null {
    const minute = Math.floor(now / 60_000);
    if (minute === this.purgedMinute) return null;
    this.purgedMinute = minute;
    return new Date((minute - 1) * 60_000);
  }

  /** After the batch committed: its counts left `local`, and `base` is every process's sum as read back. */
  settle(deltas: readonly VelocityDelta[], sums: ReadonlyMap<VelocityEntry, number>): void {
    for (const delta of deltas) {
      delta.entry.local = Math.max(delta.entry.local - delta.n, 0);
      const sum = sums.get(delta.entry);
      if (sum !== undefined) delta.entry.base = sum;
    }
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

const RULE_REASONS: Record<TrafficRule, ClickRejectionReason> = CLICK_RULE_REASONS;

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
  // The address's ASN, looked up once and only when a list or a rule asks for it (0: none known).
  const asn =
    ip && (rules.dataCentre !== 'allow' || (blocks !== NO_BLOCKS && blocks.asns.size > 0)) ? asnNumberOf(ip) : 0;
  if (blocks !== NO_BLOCKS) {
    if (ip && blocks.ips && live(blocks.ips.match(ip), now)) return { refuse: 'blocked_ip' };
    if (asn !== 0 && live(blocks.asns.get(asn), now)) return { refuse: 'blocked_asn' };
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
  if (rules.dataCentre !== 'allow' && apply('dataCentre', asn !== 0 && HOSTING_BY_ASN.has(asn)))
    return { refuse: RULE_REASONS.dataCentre };
  if (rules.velocity !== 'allow' && ip && input.publicAddress) {
    const count = velocity.hit(input.offerId, ip, now);
    if (apply('velocity', count > rules.velocityPerMinute)) return { refuse: RULE_REASONS.velocity };
  }
  return { refuse: null, flags };
}
