import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAFFIC_RULES, isIpOrCidr, type TrafficRules } from '@portal/contracts';
import { compileBlocks, NO_BLOCKS, type ClickSignalsInput } from '../../src/modules/traffic/signals.js';
import {
  HOSTING_NETWORKS,
  HOSTING_NETWORKS_DATE,
  VelocityCounter,
  asnOf,
  asnOrganisation,
  hostingNetworkOf,
  isBotUserAgent,
  isMalformedUserAgent,
  judgeClick,
  resolveRules,
} from '../../src/modules/traffic/index.js';
import { IpRanges } from '../../src/modules/traffic/ip-ranges.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/137.0 Safari/537.36';
const NOW = Date.parse('2026-11-27T10:00:30Z');
const input = (over: Partial<ClickSignalsInput> = {}): ClickSignalsInput => ({
  offerId: 1,
  ip: '90.0.0.1',
  userAgent: CHROME,
  subid: undefined,
  trackingCodes: [],
  publicAddress: true,
  now: NOW,
  ...over,
});
const rules = (over: Partial<TrafficRules> = {}): TrafficRules => ({ ...DEFAULT_TRAFFIC_RULES, ...over });

describe('click signals (decision 083)', () => {
  it('knows bots, libraries and monitors, and lets browsers through', () => {
    for (const ua of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'curl/8.5.0',
      'python-requests/2.32',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0)',
      'facebookexternalhit/1.1',
      // Headless and automated browsers (the end-to-end suite presents a desktop Chrome for this reason).
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/137.0.0.0 Safari/537.36',
      'Playwright/1.55.0 (x64; debian 12) node/22.0',
      'Go-http-client/1.1',
      'Mozilla/5.0',
    ])
      // prettier-ignore
      expect(isBotUserAgent(ua), ua).toBe(true);
    for (const ua of [
      CHROME,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
      null,
    ])
      expect(isBotUserAgent(ua), String(ua)).toBe(false);
    // The answer is remembered per user agent, and asked again the same.
    expect(isBotUserAgent('curl/8.5.0')).toBe(true);
  });

  it('calls a user agent malformed under 10 characters or with control characters, at 10 not', () => {
    expect(isMalformedUserAgent(null)).toBe(true);
    expect(isMalformedUserAgent('   ')).toBe(true);
    expect(isMalformedUserAgent('123456789')).toBe(true);
    expect(isMalformedUserAgent('1234567890')).toBe(false);
    expect(isMalformedUserAgent('12345678901')).toBe(false);
    expect(isMalformedUserAgent('Mozilla/5.0\u0000x')).toBe(true);
  });

  it('flags the hosting networks’ addresses by their ASN, v4 and v6, and no one else’s', () => {
    // Addresses of each provider's ASNs that no block list of the clouds' largest ranges held (decision 083's list).
    expect(hostingNetworkOf('3.0.0.1')).toEqual({ provider: 'Amazon Web Services', asn: 16509 });
    expect(hostingNetworkOf('52.94.0.1')).toEqual({ provider: 'Amazon Web Services', asn: 16509 });
    expect(hostingNetworkOf('3.5.6.7')?.asn).toBe(14618);
    expect(hostingNetworkOf('::ffff:5.9.1.2')?.asn).toBe(24940);
    expect(hostingNetworkOf('2a01:4f8:1:2::3')?.provider).toBe('Hetzner');
    expect(hostingNetworkOf('2600:1f18::1')?.provider).toBe('Amazon Web Services');
    expect(hostingNetworkOf('46.101.1.1')?.provider).toBe('DigitalOcean');
    // A consumer ISP (Orange, AS3215), a CDN left out on purpose (Cloudflare: WARP users), nothing, no address.
    expect(asnOf('90.0.0.1')).toBe(3215);
    expect(hostingNetworkOf('90.0.0.1')).toBeUndefined();
    expect(asnOf('1.1.1.1')).toBe(13335);
    expect(hostingNetworkOf('1.1.1.1')).toBeUndefined();
    expect(hostingNetworkOf('2001:db8::1')).toBeUndefined();
    expect(hostingNetworkOf('10.0.0.1')).toBeUndefined();
    expect(hostingNetworkOf(null)).toBeUndefined();
  });

  it('keeps a hosting list of real, distinct ASNs, each announced in the table, with its date', () => {
    const asns = HOSTING_NETWORKS.flatMap((n) => n.asns);
    expect(new Set(asns).size).toBe(asns.length);
    expect(HOSTING_NETWORKS_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const asn of asns) expect(asnOrganisation(asn), `AS${asn}`).toBeTruthy();
    for (const cdn of [13335, 36183, 54113]) expect(asns).not.toContain(cdn);
  });

  it('matches overlapping ranges and single addresses', () => {
    const ranges = new IpRanges<string>();
    expect(ranges.add('10.0.0.0/8', 'wide')).toBe(true);
    expect(ranges.add('10.1.2.3', 'one')).toBe(true);
    expect(ranges.add('10.2.0.0/33', 'bad')).toBe(false);
    expect(ranges.add('nope', 'bad')).toBe(false);
    expect(ranges.match('10.1.2.3')).toBe('one');
    expect(ranges.match('10.200.0.1')).toBe('wide');
    expect(ranges.match('11.0.0.0')).toBeUndefined();
    expect(isIpOrCidr('203.0.113.0/24')).toBe(true);
    expect(isIpOrCidr('2001:db8::/32')).toBe(true);
    expect(isIpOrCidr('203.0.113.0/33')).toBe(false);
    expect(isIpOrCidr('300.0.0.1')).toBe(false);
  });

  it('counts clicks per offer and address in the minute, and starts again when it turns', () => {
    const counter = new VelocityCounter();
    for (let i = 1; i <= 3; i++) expect(counter.hit(1, '90.0.0.1', NOW)).toBe(i);
    expect(counter.hit(2, '90.0.0.1', NOW)).toBe(1);
    expect(counter.hit(1, '90.0.0.2', NOW)).toBe(1);
    expect(counter.hit(1, '90.0.0.1', NOW + 30_000)).toBe(1);
  });

  it('refuses the 31st click of a minute at the default 30, not the 30th', () => {
    const counter = new VelocityCounter();
    for (let i = 1; i <= 30; i++)
      expect(judgeClick(rules(), NO_BLOCKS, counter, input())).toEqual({ refuse: null, flags: [] });
    expect(judgeClick(rules(), NO_BLOCKS, counter, input())).toEqual({ refuse: 'ip_velocity' });
    // A private address (a test, an untrusted proxy) is never counted.
    for (let i = 1; i <= 40; i++) expect(judgeClick(rules(), NO_BLOCKS, counter, input({ ip: '10.0.0.1', publicAddress: false })).refuse).toBeNull(); // prettier-ignore
  });

  it('takes the velocity limit at its threshold and refuses just over it, flags when set to flag', () => {
    const counter = new VelocityCounter();
    const five = rules({ velocityPerMinute: 5 });
    for (let i = 1; i <= 4; i++) expect(judgeClick(five, NO_BLOCKS, counter, input()).refuse).toBeNull(); // under
    expect(judgeClick(five, NO_BLOCKS, counter, input()).refuse).toBeNull(); // at: the 5th
    expect(judgeClick(five, NO_BLOCKS, counter, input())).toEqual({ refuse: 'ip_velocity' }); // over: the 6th
    expect(judgeClick({ ...five, velocity: 'flag' }, NO_BLOCKS, counter, input())).toEqual({ refuse: null, flags: ['velocity'] }); // prettier-ignore
    expect(judgeClick({ ...five, velocity: 'allow' }, NO_BLOCKS, counter, input())).toEqual({ refuse: null, flags: [] }); // prettier-ignore
  });

  it('judges the velocity limit on every process’s clicks once a flush has summed them: at it, not; over it, refused', () => {
    // Two processes, and what \`ip_velocity\` does between them: each batch adds its counts and reads the sums back.
    const sums = new Map<string, number>();
    const flush = (counter: VelocityCounter) => {
      const deltas = counter.pending(NOW);
      const read = new Map<(typeof deltas)[number]['entry'], number>();
      for (const d of deltas) {
        const key = `${d.entry.offerId}|${d.entry.ip}|${d.minute}`;
        sums.set(key, (sums.get(key) ?? 0) + d.n);
        read.set(d.entry, sums.get(key)!);
      }
      counter.settle(deltas, read);
    };
    const a = new VelocityCounter();
    const b = new VelocityCounter();
    const five = rules({ velocityPerMinute: 5 });
    for (let i = 1; i <= 2; i++) expect(judgeClick(five, NO_BLOCKS, a, input()).refuse).toBeNull();
    for (let i = 1; i <= 2; i++) expect(judgeClick(five, NO_BLOCKS, b, input()).refuse).toBeNull();
    flush(a);
    flush(b); // b reads back 4: a's 2 and its own 2
    expect(judgeClick(five, NO_BLOCKS, b, input()).refuse).toBeNull(); // the 5th over both processes: at the limit
    expect(judgeClick(five, NO_BLOCKS, b, input())).toEqual({ refuse: 'ip_velocity' }); // the 6th: over
    flush(b);
    // a learns b's clicks with its own next batch (one batch late, decision 102): its 7th click passes, its 8th not.
    expect(judgeClick(five, NO_BLOCKS, a, input()).refuse).toBeNull();
    flush(a);
    expect(judgeClick(five, NO_BLOCKS, a, input())).toEqual({ refuse: 'ip_velocity' });
    // Just under, on a counter that never flushed: the 4th click of another address.
    const c = new VelocityCounter();
    for (let i = 1; i <= 4; i++) expect(judgeClick(five, NO_BLOCKS, c, input({ ip: '90.0.0.9' })).refuse).toBeNull();
  });

  it('acts on each rule as set: refuse, flag, allow', () => {
    const counter = new VelocityCounter();
    const bot = input({ userAgent: 'curl/8.5.0' });
    expect(judgeClick(rules(), NO_BLOCKS, counter, bot)).toEqual({ refuse: 'bot' });
    expect(judgeClick(rules({ bot: 'flag' }), NO_BLOCKS, counter, bot)).toEqual({ refuse: null, flags: ['bot'] });
    expect(judgeClick(rules({ bot: 'allow' }), NO_BLOCKS, counter, bot)).toEqual({ refuse: null, flags: [] });
    const cloud = input({ ip: '3.5.6.7' });
    expect(judgeClick(rules(), NO_BLOCKS, counter, cloud)).toEqual({ refuse: null, flags: ['dataCentre'] });
    expect(judgeClick(rules({ dataCentre: 'refuse' }), NO_BLOCKS, counter, cloud)).toEqual({ refuse: 'data_centre' });
    expect(judgeClick(rules(), NO_BLOCKS, counter, input({ userAgent: null }))).toEqual({ refuse: null, flags: ['missingUserAgent'] }); // prettier-ignore
  });

  it('refuses by every kind of blocklist entry, until it expires', () => {
    const counter = new VelocityCounter();
    const blocks = compileBlocks([
      { kind: 'ip', value: '90.1.0.0/16', expiresAt: null },
      { kind: 'asn', value: '16509', expiresAt: null },
      { kind: 'subid', value: 'junk', expiresAt: new Date(NOW + 1000) },
      { kind: 'tc2', value: 'bad-ad', expiresAt: null },
      { kind: 'user_agent', value: 'FakeBrowser', expiresAt: null },
    ]);
    const judge = (over: Partial<ClickSignalsInput>) => judgeClick(rules(), blocks, counter, input(over)).refuse;
    expect(judge({ ip: '90.1.200.3' })).toBe('blocked_ip');
    // Any address the ASN announces, not only a listed block of it.
    expect(judge({ ip: '3.0.0.1' })).toBe('blocked_asn');
    expect(judge({ ip: '52.94.0.1' })).toBe('blocked_asn');
    expect(judge({ ip: '2600:1f18::1' })).toBeNull(); // AS14618, another of Amazon's
    expect(judge({ subid: 'junk' })).toBe('blocked_subid');
    expect(judge({ subid: 'junk', now: NOW + 1000 })).toBeNull();
    expect(judge({ trackingCodes: [undefined, 'bad-ad'] })).toBe('blocked_tracking_code');
    expect(judge({ trackingCodes: ['bad-ad'] })).toBeNull();
    expect(judge({ userAgent: `${CHROME} fakebrowser/1` })).toBe('blocked_user_agent');
    expect(judge({})).toBeNull();
  });

  it('resolves an offer’s overrides over the network’s rules over the defaults', () => {
    const none = { bot: null, missingUserAgent: null, dataCentre: null, velocity: null, velocityPerMinute: null };
    const rows = [
      { ...none, offerId: null, dataCentre: 'refuse', velocityPerMinute: 50 },
      { ...none, offerId: 7, dataCentre: 'allow' },
    ];
    expect(resolveRules([], null)).toEqual(DEFAULT_TRAFFIC_RULES);
    expect(resolveRules(rows, null)).toEqual({ ...DEFAULT_TRAFFIC_RULES, dataCentre: 'refuse', velocityPerMinute: 50 });
    expect(resolveRules(rows, 7)).toEqual({ ...DEFAULT_TRAFFIC_RULES, dataCentre: 'allow', velocityPerMinute: 50 });
    expect(resolveRules(rows, 8).dataCentre).toBe('refuse');
  });
});
