import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The address policy of partner postbacks (decision 019): a delivery may only connect to a public unicast address.
 * The check runs where the connection is made — on the literal of an IP host (Node does not resolve those) and inside
 * the socket's `lookup` for names — so the address checked is the address connected to (no rebinding window), and
 * every spelling of an address (`127.1`, `0x7f.1`, `2130706433`, `[::ffff:127.0.0.1]` …) is judged by its value.
 */
export type AddressPolicy = {
  /** Development only (POSTBACK_ALLOW_LOOPBACK): loopback is allowed, every other private range still refused. */
  allowLoopback: boolean;
};

/** A `dns.lookup` with `all: true`; tests inject one to make a name resolve where they want. */
export type ResolveFunction = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/** The code of the error a refused connection fails with; the attempt log shows `blocked_address`. */
export const BLOCKED_ADDRESS_CODE = 'EPOSTBACKBLOCKED';

export class BlockedAddressError extends Error {
  readonly code = BLOCKED_ADDRESS_CODE;
  constructor(readonly address: string) {
    super(`postback refused: ${address} is not a public address`);
    this.name = 'BlockedAddressError';
  }
}

/** Global unicast IPv6 (2000::/3): anything outside, such as the IPv4-compatible ::/96, is refused. */
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Whether a delivery may connect to `address` (an IP literal). IPv4-mapped IPv6 is judged as the IPv4 address it
 * maps; ranges that embed IPv4 addresses (6to4, Teredo, NAT64) are refused outright rather than decoded.
 */
export function isAllowedAddress(address: string, policy: AddressPolicy): boolean {
  if (!ipaddr.isValid(address) || net.isIP(address.split('%')[0] ?? '') === 0) return false;
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (range === 'loopback') return policy.allowLoopback;
  if (range !== 'unicast') return false;
  return ip.kind() === 'ipv4' || (ip as ipaddr.IPv6).match(IPV6_GLOBAL_UNICAST);
}

/** The IP literal a URL names (brackets of IPv6 removed), after WHATWG normalisation, or null for a name. */
export function literalAddressOf(url: URL): string | null {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return net.isIP(host) ? host : null;
}

const defaultResolve: ResolveFunction = (hostname, options, callback) => dns.lookup(hostname, options, callback);

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request`: resolves the name and refuses the connection when any of its addresses is not
 * allowed (a name mixing public and private addresses is refused as a whole).
 */
export function guardedLookup(policy: AddressPolicy, resolve: ResolveFunction = defaultResolve) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const blocked = addresses.find((entry) => !isAllowedAddress(entry.address, policy));
      if (blocked) return callback(new BlockedAddressError(blocked.address), []);
      if (addresses.length === 0) {
        const notFound: NodeJS.ErrnoException = new Error(`no address for ${hostname}`);
        notFound.code = 'ENOTFOUND';
        return callback(notFound, []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses as [dns.LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}
