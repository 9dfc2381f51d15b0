import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type CountryResponse } from 'maxmind';

/**
 * The visitor's country from its IP address, offline (decision 044): a country MMDB file read once into
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

/** IPv6 addresses no GeoIP file can place: loopback, unspecified, ULA (RFC 4193), link-local, documentation (3849). */
const UNPLACEABLE = new BlockList();
for (const [net, bits] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['2001:db8::', 32]] as const) UNPLACEABLE.addSubnet(net, bits, 'ipv6'); // prettier-ignore

export function unplaceable(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return true;
  if (family === 4) return unplaceableV4(ip);
  if (ip.toLowerCase().startsWith('::ffff:')) return unplaceable(ip.slice(7));
  return UNPLACEABLE.check(ip, 'ipv6');
}

/**
 * IPv4 addresses no file can place (RFC 1918, 6598 shared, 5737 documentation, 3927 link-local, 2544 benchmarking,
 * loopback, 0/8), by their octets: a BlockList check costs as much as the look-up itself, on every click.
 */
function unplaceableV4(ip: string): boolean {
  const [a = 0, b = 0, c = 0] = ip.split('.', 3).map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b < 128) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b < 32) ||
    (a === 192 && ((b === 0 && c === 2) || b === 168)) ||
    (a === 198 && (b === 18 || b === 19 || (b === 51 && c === 100))) ||
    (a === 203 && b === 0 && c === 113)
  );
}

const opened = new Map<string, CountryLookup>();
const RECENT_MAX = 50_000;

/** The ranges no file places first (some files place them anyway), then the file's answer. */
function countryOf(reader: Reader<CountryRecord>, ip: string): string | null | undefined {
  // An IPv4 address as a dual-stack socket reports it (::ffff:a.b.c.d) is looked up as the IPv4 one.
  const address =
    ip.length > 7 && ip.slice(0, 7).toLowerCase() === '::ffff:' && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (unplaceable(address)) return undefined;
  let record: CountryRecord | null;
  try {
    record = reader.get(address);
  } catch {
    return undefined;
  }
  const code = record?.country_code ?? record?.country?.iso_code ?? record?.registered_country?.iso_code;
  return code ? code.toUpperCase() : null;
}

/** Opens the MMDB file (the default one unless `file` is given), once per process, and answers its look-up. */
export function openCountryLookup(file: string = DEFAULT_GEOIP_DATABASE): CountryLookup {
  const known = opened.get(file);
  if (known) return known;
  const reader = new Reader<CountryRecord>(readFileSync(file));
  // The answers of recent addresses: a visitor's clicks come in bursts. Bounded; emptied when full, as the click
  // context cache is (decision 015).
  const recent = new Map<string, string | null | undefined>();
  const lookup: CountryLookup = (ip) => {
    if (!ip) return undefined;
    const known = recent.get(ip);
    if (known !== undefined || recent.has(ip)) return known;
    if (recent.size >= RECENT_MAX) recent.clear();
    const answer = countryOf(reader, ip);
    recent.set(ip, answer);
    return answer;
  };
  opened.set(file, lookup);
  return lookup;
}
