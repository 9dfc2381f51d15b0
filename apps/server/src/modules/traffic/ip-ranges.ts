import { isIP } from 'node:net';

/**
 * A set of IPv4 and IPv6 ranges (CIDR or single addresses), each with a tag, matched in a binary search for IPv4 (the
 * click path's common case: a few hundred nanoseconds) and a scan for IPv6 (few ranges). Overlaps are allowed.
 */
export class IpRanges<T> {
  private v4: { start: number; end: number; tag: T }[] = [];
  /** The largest `end` among v4[0..i]: the search stops walking back once it is below the address. */
  private maxEnd: number[] = [];
  private readonly v6: { start: bigint; end: bigint; tag: T }[] = [];
  private sorted = true;

  get size(): number {
    return this.v4.length + this.v6.length;
  }

  /** Adds a range; false when `cidr` is not an address or a CIDR range of one. */
  add(cidr: string, tag: T): boolean {
    const [address = '', bitsText] = cidr.split('/', 2);
    const family = isIP(address);
    if (family === 0) return false;
    const bits = bitsText === undefined ? (family === 4 ? 32 : 128) : Number(bitsText);
    if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) return false;
    if (family === 4) {
      const value = ipv4ToInt(address);
      const size = 2 ** (32 - bits);
      const start = value - (value % size);
      this.v4.push({ start, end: start + size - 1, tag });
      this.sorted = false;
    } else {
      const value = ipv6ToBigInt(address);
      const size = 1n << BigInt(128 - bits);
      const start = value - (value % size);
      this.v6.push({ start, end: start + size - 1n, tag });
    }
    return true;
  }

  private sort(): void {
    this.v4.sort((a, b) => a.start - b.start);
    let max = -1;
    this.maxEnd = this.v4.map((r) => (max = Math.max(max, r.end)));
    this.sorted = true;
  }

  /** The tag of a range holding `ip`, or undefined. */
  match(ip: string): T | undefined {
    if (!this.sorted) this.sort();
    const family = isIP(ip);
    if (family === 4) return this.matchV4(ipv4ToInt(ip));
    if (family !== 6) return undefined;
    const lower = ip.toLowerCase();
    if (lower.startsWith('::ffff:') && isIP(ip.slice(7)) === 4) return this.matchV4(ipv4ToInt(ip.slice(7)));
    if (this.v6.length === 0) return undefined;
    const value = ipv6ToBigInt(lower);
    for (const r of this.v6) if (value >= r.start && value <= r.end) return r.tag;
    return undefined;
  }

  private matchV4(value: number): T | undefined {
    const list = this.v4;
    let lo = 0;
    let hi = list.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.start <= value) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    for (let i = at; i >= 0 && this.maxEnd[i]! >= value; i--) if (list[i]!.end >= value) return list[i]!.tag;
    return undefined;
  }
}

function ipv4ToInt(ip: string): number {
  const [a = 0, b = 0, c = 0, d = 0] = ip.split('.').map(Number);
  return ((a * 256 + b) * 256 + c) * 256 + d;
}

function ipv6ToBigInt(ip: string): bigint {
  let text = ip;
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) as two groups.
  const dot = text.lastIndexOf(':');
  if (text.includes('.', dot)) {
    const v4 = ipv4ToInt(text.slice(dot + 1));
    text = `${text.slice(0, dot + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::', 2);
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  let value = 0n;
  for (const group of groups) value = (value << 16n) + BigInt(parseInt(group || '0', 16));
  return value;
}
