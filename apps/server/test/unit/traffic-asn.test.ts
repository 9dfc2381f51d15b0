import { describe, expect, it } from 'vitest';
import {
  asnNumberOf,
  asnOrganisation,
  asnTable,
  deserialiseAsnTable,
  parseAsnCsv,
  serialiseAsnTable,
} from '../../src/modules/traffic/asn.js';
import { VelocityCounter } from '../../src/modules/traffic/signals.js';

/** Decision 102: the offline ASN table, and the velocity counter resynchronised across processes. */

const v4 = Buffer.from(
  [
    '16777216,16777471,13335,"Cloudflare, Inc."',
    '16777472,16777727,7,"Seven ""quoted"" Ltd"',
    // Overlaps the next range: cut short where the next begins.
    '3596550144,3607166975,749,United States Department of Defense (DoD)',
    '3607101440,3607167999,721,DoD',
    '3607168000,3607168255,27066,DoD',
    // Out of order in the file: sorted on load.
    '50659328,50667519,14618,"Amazon.com, Inc."',
    '',
  ].join('\n'),
);
const v6 = Buffer.from(
  [
    '2001:200::,2001:200:1b9:ffff:ffff:ffff:ffff:ffff,2500,WIDE Project',
    '2a01:4f8::,2a01:4f8:ffff:ffff:ffff:ffff:ffff:ffff,24940,Hetzner Online GmbH',
    '',
  ].join('\n'),
);

describe('the ASN table (decision 102)', () => {
  const table = parseAsnCsv(v4, v6);

  it('finds an IPv4 address’s ASN at both ends of its range, and none just outside', () => {
    expect(asnNumberOf('1.0.0.0', table)).toBe(13335);
    expect(asnNumberOf('1.0.0.255', table)).toBe(13335);
    expect(asnNumberOf('1.0.1.0', table)).toBe(7);
    expect(asnNumberOf('1.0.1.255', table)).toBe(7);
    expect(asnNumberOf('1.0.2.0', table)).toBe(0);
    expect(asnNumberOf('0.255.255.255', table)).toBe(0);
    expect(asnNumberOf('3.5.6.7', table)).toBe(14618);
    expect(asnNumberOf('::ffff:3.5.6.7', table)).toBe(14618);
    // 749's range ends at 215.0.255.255, 721's starts at 215.0.0.0: the overlap goes to the later range.
    expect(asnNumberOf('214.255.255.255', table)).toBe(749);
    expect(asnNumberOf('215.0.0.0', table)).toBe(721);
    expect(asnNumberOf('215.0.255.255', table)).toBe(721);
    expect(asnNumberOf('215.1.3.255', table)).toBe(721);
    expect(asnNumberOf('215.1.4.0', table)).toBe(27066);
    expect(asnOrganisation(7, table)).toBe('Seven "quoted" Ltd');
    expect(asnOrganisation(13335, table)).toBe('Cloudflare, Inc.');
  });

  it('finds an IPv6 address’s ASN, compressed or written out, at its range’s ends', () => {
    expect(asnNumberOf('2001:200::', table)).toBe(2500);
    expect(asnNumberOf('2001:0200:01b9:ffff:ffff:ffff:ffff:ffff', table)).toBe(2500);
    expect(asnNumberOf('2001:200:1ba::', table)).toBe(0);
    expect(asnNumberOf('2A01:4F8:1:2::3', table)).toBe(24940);
    expect(asnNumberOf('2a01:4f7:ffff:ffff:ffff:ffff:ffff:ffff', table)).toBe(0);
  });

  it('answers 0 for what is not a public address it knows', () => {
    for (const ip of ['', 'nope', '1.2.3', '1.2.3.4.5', '256.1.1.1', '::', '::1', 'fe80::1', '1::2::3', '2001:db8::1'])
      expect(asnNumberOf(ip, table), ip).toBe(0);
  });

  it('reads back what it wrote in its binary form, and refuses a truncated one', () => {
    const bytes = serialiseAsnTable(table);
    const again = deserialiseAsnTable(bytes)!;
    for (const ip of ['1.0.0.9', '1.0.1.9', '3.5.6.7', '215.0.255.255', '2001:200::1', '2a01:4f8::9', '9.9.9.9'])
      expect(asnNumberOf(ip, again), ip).toBe(asnNumberOf(ip, table));
    expect(asnOrganisation(7, again)).toBe('Seven "quoted" Ltd');
    expect(deserialiseAsnTable(bytes.subarray(0, bytes.length - 1))).toBeNull();
    expect(deserialiseAsnTable(Buffer.from('not a table at all, not at all'))).toBeNull();
  });

  it('loads the package’s table: v4, v6 and unknown addresses', () => {
    const real = asnTable();
    expect(real.v4Asn.length).toBeGreaterThan(300_000);
    expect(real.v6Asn.length).toBeGreaterThan(50_000);
    expect(asnNumberOf('8.8.8.8')).toBe(15169);
    expect(asnNumberOf('2001:4860:4860::8888')).toBe(15169);
    expect(asnNumberOf('192.168.1.1')).toBe(0);
    expect(asnOrganisation(16509)).toBe('Amazon.com, Inc.');
  });
});

describe('the velocity counter across processes (decision 102)', () => {
  const NOW = Date.parse('2026-11-27T10:00:30Z');

  /** What `ip_velocity` does: adds each batch's counts and answers the sums. */
  function table() {
    const sums = new Map<string, number>();
    return (counter: VelocityCounter, now: number) => {
      const deltas = counter.pending(now);
      const read = new Map<(typeof deltas)[number]['entry'], number>();
      for (const d of deltas) {
        const key = `${d.entry.offerId}|${d.entry.ip}|${d.minute}`;
        sums.set(key, (sums.get(key) ?? 0) + d.n);
        read.set(d.entry, sums.get(key)!);
      }
      counter.settle(deltas, read);
      return deltas.length;
    };
  }

  it('writes nothing for an address seen once, and an address’s count from two processes after a flush', () => {
    const flush = table();
    const a = new VelocityCounter();
    const b = new VelocityCounter();
    expect(a.hit(1, '90.0.0.1', NOW)).toBe(1);
    expect(flush(a, NOW)).toBe(0); // one click: not written
    expect(a.hit(1, '90.0.0.1', NOW)).toBe(2);
    for (let i = 1; i <= 3; i++) b.hit(1, '90.0.0.1', NOW);
    expect(flush(a, NOW)).toBe(1);
    expect(flush(b, NOW)).toBe(1);
    // b read back a's 2 with its 3; a learns b's at its next flush.
    expect(b.hit(1, '90.0.0.1', NOW)).toBe(6);
    expect(a.hit(1, '90.0.0.1', NOW)).toBe(3);
    flush(a, NOW);
    expect(a.hit(1, '90.0.0.1', NOW)).toBe(7);
    // Another offer, another address: counted apart.
    expect(a.hit(2, '90.0.0.1', NOW)).toBe(1);
  });

  it('starts afresh when the minute turns, a flush before or after', () => {
    const flush = table();
    const a = new VelocityCounter();
    for (let i = 0; i < 5; i++) a.hit(1, '90.0.0.1', NOW);
    const next = NOW + 30_000; // 10:01:00
    expect(flush(a, next)).toBe(0); // the old minute's counts are not written into the new one
    expect(a.hit(1, '90.0.0.1', next)).toBe(1);
    expect(a.hit(1, '90.0.0.1', next)).toBe(2);
    expect(flush(a, next)).toBe(1);
    expect(a.hit(1, '90.0.0.1', next + 59_999)).toBe(3);
    expect(a.hit(1, '90.0.0.1', next + 60_000)).toBe(1);
  });

  it('keeps the clicks counted during a flush for the next one', () => {
    const a = new VelocityCounter();
    a.hit(1, '90.0.0.1', NOW);
    a.hit(1, '90.0.0.1', NOW);
    const deltas = a.pending(NOW);
    a.hit(1, '90.0.0.1', NOW); // while the batch is written
    a.settle(deltas, new Map([[deltas[0]!.entry, 2]]));
    expect(a.pending(NOW).map((d) => d.n)).toEqual([1]);
    expect(a.hit(1, '90.0.0.1', NOW)).toBe(4);
  });

  it('asks for the past minutes to be deleted once a minute', () => {
    const a = new VelocityCounter();
    expect(a.purgeDue(NOW)?.toISOString()).toBe('2026-11-27T09:59:00.000Z');
    expect(a.purgeDue(NOW + 20_000)).toBeNull();
    expect(a.purgeDue(NOW + 40_000)?.toISOString()).toBe('2026-11-27T10:00:00.000Z');
  });
});
