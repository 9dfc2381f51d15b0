import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type CountryResponse } from 'maxmind';

/**
 * The visitor's country from its IP address, offline (issue 19, decision 044): a country MMDB file read once into
 * memory at start, looked up in microseconds, no database round trip and no network call per click.
 * The default file is the npm package `@ip-location-db/geo-whois-asn-country-mmdb` (RIR WHOIS, GeoFeed and ASN
 * data, CC BY 4.0 by the NRO); GEOIP_DATABASE points at any other country MMDB, MaxMind's GeoLite2/GeoIP2 Country
 * included (a network keeps it current with `geoipupdate` and restarts).
 *
 * Answers a country code; `null` for a public address the file does not place (refused by a country list); and
 * `undefined` when no country can be asked for: no address, or a loopback, private, link-local, documentation or
 * shared one (a test, a health check, a proxy whose X-Forwarded-For is not trusted), which targeting lets through.
 */
export type CountryLookup = (ip: string | null | undefined) => string | null | undefined;

/** The two shapes of country MMDB files: ip-location-db's `country_code`, MaxMind's `country.iso_code`. */
type CountryRecord = CountryResponse & { country_code?: string };

const require = createRequire(import.meta.url);
export const DEFAULT_GEOIP_DATABASE =
  require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');

/** Addresses no GeoIP file can place: RFC 1918, 6598, 5737, 3927, 4193, 3849, loopback and unspecified. */
const UNPLACEABLE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
] as const) UNPLACEABLE.addSubnet(net, bits, 'ipv4'); // prettier-ignore
for (const [net, bits] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['2001:db8::', 32]] as const) UNPLACEABLE.addSubnet(net, bits, 'ipv6'); // prettier-ignore

export function unplaceable(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return true;
  if (family === 6 && ip.toLowerCase().startsWith('::ffff:')) return unplaceable(ip.slice(7));
  return UNPLACEABLE.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

const opened = new Map<string, CountryLookup>();

/** Opens the MMDB file (the default one unless `file` is given), once per process, and answers its look-up. */
export function openCountryLookup(file: string = DEFAULT_GEOIP_DATABASE): CountryLookup {
  const known = opened.get(file);
  if (known) return known;
  const reader = new Reader<CountryRecord>(readFileSync(file));
  const lookup: CountryLookup = (ip) => {
    if (!ip || unplaceable(ip)) return undefined;
    // An IPv4 address as a dual-stack socket reports it (::ffff:a.b.c.d) is looked up as the IPv4 one.
    const address =
      ip.length > 7 && ip.slice(0, 7).toLowerCase() === '::ffff:' && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    let record: CountryRecord | null;
    try {
      record = reader.get(address);
    } catch {
      return undefined;
    }
    const code = record?.country_code ?? record?.country?.iso_code ?? record?.registered_country?.iso_code;
    return code ? code.toUpperCase() : null;
  };
  opened.set(file, lookup);
  return lookup;
}
