/**
 * Data-centre and hosting networks, by autonomous system (decisions 083, 102): a click from one of these is a
 * person's browser only through a proxy or a VPN, so the `dataCentre` traffic rule flags (or refuses) it. An address's
 * ASN comes from the offline ASN table (asn.ts), so every address a provider announces is covered, not only its
 * largest blocks.
 *
 * Source: the major public clouds, hosting and dedicated-server providers and the networks VPN services rent from
 * (M247, Datacamp/CDN77), each ASN checked against the organisation the `@ip-location-db/asn` table
 * (2.3.2026061719) names for it and kept only when that table announces address space under it. Drawn up 2026-11-27.
 * Left out on purpose: the CDNs that carry consumer relays (Cloudflare AS13335 for WARP, Akamai AS36183 and Fastly
 * AS54113 for Apple's iCloud Private Relay), whose addresses are real people's browsers on a privacy setting; an
 * `asn` blocklist entry covers a network this list lacks. Refresh when a provider adds an AS.
 */
export type HostingNetwork = { provider: string; asns: readonly number[] };

export const HOSTING_NETWORKS_DATE = '2026-11-27';

export const HOSTING_NETWORKS: readonly HostingNetwork[] = [
  { provider: 'Amazon Web Services', asns: [16509, 14618, 8987] },
  { provider: 'Google Cloud', asns: [396982] },
  { provider: 'Google', asns: [15169, 19527] },
  { provider: 'Microsoft Azure', asns: [8075, 8068, 8069] },
  { provider: 'Oracle Cloud', asns: [31898] },
  { provider: 'IBM Cloud', asns: [36351] },
  { provider: 'Alibaba Cloud', asns: [45102, 37963, 134963] },
  { provider: 'Tencent Cloud', asns: [45090, 132203] },
  { provider: 'Huawei Cloud', asns: [136907, 55990] },
  { provider: 'ByteDance Volcano Engine', asns: [396986, 137718] },
  { provider: 'DigitalOcean', asns: [14061] },
  { provider: 'Linode (Akamai)', asns: [63949] },
  { provider: 'Vultr', asns: [20473] },
  { provider: 'Hetzner', asns: [24940, 213230, 212317] },
  { provider: 'OVHcloud', asns: [16276, 35540] },
  { provider: 'Scaleway', asns: [12876] },
  { provider: 'Contabo', asns: [51167, 40021, 141995] },
  { provider: 'Leaseweb', asns: [60781, 28753, 16265, 395954, 30633] },
  { provider: 'IONOS', asns: [8560] },
  { provider: 'Hostinger', asns: [47583] },
  { provider: 'netcup', asns: [197540] },
  { provider: 'UpCloud', asns: [202053, 25697] },
  { provider: 'Gcore', asns: [199524, 202422] },
  { provider: 'Kamatera', asns: [36007] },
  { provider: 'Rackspace', asns: [19994, 27357] },
  { provider: 'Equinix Metal', asns: [54825] },
  { provider: 'Selectel', asns: [49505, 50340] },
  { provider: 'Timeweb', asns: [9123] },
  { provider: 'Yandex Cloud', asns: [200350] },
  { provider: 'Aruba', asns: [31034] },
  { provider: 'Servers.com', asns: [7979] },
  { provider: 'GoDaddy', asns: [26496] },
  { provider: 'HostPapa', asns: [36352, 54290] },
  { provider: 'Hivelocity', asns: [29802] },
  { provider: 'QuadraNet', asns: [8100] },
  { provider: 'Psychz', asns: [40676] },
  { provider: 'FranTech (BuyVM)', asns: [53667] },
  { provider: 'Limestone Networks', asns: [46475] },
  { provider: 'Clouvider', asns: [62240] },
  { provider: 'WorldStream', asns: [49981] },
  { provider: 'Zenlayer', asns: [21859] },
  { provider: 'HostRoyale', asns: [203020] },
  { provider: 'M247', asns: [9009] },
  { provider: 'Datacamp (CDN77)', asns: [212238, 60068] },
];
