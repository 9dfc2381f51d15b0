import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAFFIC_RULES } from '@portal/contracts';
import { NO_BLOCKS } from '../../src/modules/traffic/index.js';
import { decideClick, landingUrl, newClickId } from '../../src/modules/click/click.js';
import type { ClickContext } from '../../src/modules/click/click-lookup.js';
import { openCountryLookup } from '../../src/modules/click/geo.js';

describe('newClickId', () => {
  it('is the base64url of 6 bytes of milliseconds and 10 random bytes, never repeated', () => {
    const now = new Date('2026-11-22T22:40:01.234Z');
    const ids = Array.from({ length: 5000 }, () => newClickId(now));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 50)) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const bytes = Buffer.from(id, 'base64url');
      expect(bytes).toHaveLength(16);
      // Canonical: encoding the bytes again gives the id back.
      expect(bytes.toString('base64url')).toBe(id);
      expect(bytes.readUIntBE(0, 6)).toBe(now.getTime());
    }
  });

  it('orders ids of later milliseconds after earlier ones', () => {
    const early = newClickId(new Date('2026-11-22T22:40:01.234Z'));
    const later = newClickId(new Date('2026-11-22T22:40:01.235Z'));
    expect(Buffer.from(later, 'base64url').compare(Buffer.from(early, 'base64url'))).toBe(1);
  });
});

describe('landingUrl', () => {
  const query = { offer_id: 7, aff_id: 42, subid: 'a b&c', tc1: 'x/y', tc4: 'é' };

  it('replaces every macro, repeated ones too, URL-encoded, and absent values with nothing', () => {
    expect(
      landingUrl(
        'https://s.example/{click_id}?o={offer_id}&a={aff_id}&s={subid}&t={tc1}-{tc2}-{tc3}-{tc4}&c={click_id}',
        query,
        'ID',
      ),
    ).toBe('https://s.example/ID?o=7&a=42&s=a%20b%26c&t=x%2Fy---%C3%A9&c=ID');
  });

  it('leaves other braces and a URL without macros as they are', () => {
    expect(landingUrl('https://s.example/?x={unknown}&y={subid', query, 'ID')).toBe(
      'https://s.example/?x={unknown}&y={subid',
    );
    expect(landingUrl('https://s.example/plain', query, 'ID')).toBe('https://s.example/plain');
  });
});

describe('decideClick targeting (decision 044)', () => {
  const DAY = 86_400_000;
  const now = Date.parse('2026-07-01T12:00:00Z');
  const context = (offer: Partial<NonNullable<ClickContext['offer']>> = {}): ClickContext => ({
    offer: {
      id: 1,
      enabled: true,
      private: false,
      requireApproval: false,
      defaultUrl: 'https://a.example/',
      currency: 'EUR',
      fallbackUrl: null,
      startsAt: null,
      endsAt: null,
      countries: new Set(['FR', 'DE']),
      landingPages: null,
      ...offer,
    },
    partner: { id: 2, status: 'active', allOffersAccess: true },
    applicationStatus: null,
    allowListed: false,
    caps: [],
    guard: { rules: DEFAULT_TRAFFIC_RULES, blocks: NO_BLOCKS },
  });

  it('takes a visitor from a listed country, and one whose address no file can place', () => {
    expect(decideClick(context(), now, 'FR').ok).toBe(true);
    expect(decideClick(context(), now, undefined).ok).toBe(true);
    expect(decideClick(context({ countries: null }), now, 'US').ok).toBe(true);
  });

  it('sends the visitor of a partner not approved for the offer to its fallback URL (issue 47)', () => {
    const approval = { requireApproval: true, fallbackUrl: 'https://f.example/' };
    expect(decideClick(context(approval), now, 'FR')).toEqual({ ok: false, reason: 'approval_required', status: 403, fallbackUrl: 'https://f.example/' }); // prettier-ignore
    expect(decideClick(context({ requireApproval: true }), now, 'FR')).toMatchObject({ reason: 'approval_required', fallbackUrl: undefined }); // prettier-ignore
  });

  it('refuses another country or an unplaced public address as geo_mismatch, naming the fallback', () => {
    expect(decideClick(context(), now, 'US')).toEqual({ ok: false, reason: 'geo_mismatch', status: 403, fallbackUrl: undefined }); // prettier-ignore
    expect(decideClick(context({ fallbackUrl: 'https://f.example/' }), now, null)).toMatchObject({ reason: 'geo_mismatch', fallbackUrl: 'https://f.example/' }); // prettier-ignore
  });

  it('refuses before the start and from the end on', () => {
    expect(decideClick(context({ startsAt: now + 1 }), now, 'FR')).toMatchObject({ reason: 'offer_not_started' });
    expect(decideClick(context({ startsAt: now }), now, 'FR').ok).toBe(true);
    expect(decideClick(context({ endsAt: now }), now, 'FR')).toMatchObject({ reason: 'offer_ended' });
    expect(decideClick(context({ endsAt: now + DAY }), now, 'FR').ok).toBe(true);
  });

  it('lets an allow-listed partner click a private offer, and no one else without an active application', () => {
    const listed = { ...context({ private: true }), allowListed: true };
    expect(decideClick(listed, now, 'FR').ok).toBe(true);
    expect(decideClick(context({ private: true }), now, 'FR')).toMatchObject({ reason: 'offer_not_visible' });
  });
});

describe('the country of an address', () => {
  const countryOf = openCountryLookup();

  it('places public addresses from the bundled file, IPv4, IPv6 and mapped', () => {
    expect(countryOf('90.0.0.1')).toBe('FR');
    expect(countryOf('85.214.0.1')).toBe('DE');
    expect(countryOf('::ffff:90.0.0.1')).toBe('FR');
    expect(countryOf('2a01:e0a::1')).toBe('FR');
    // The ranges' neighbours are public: looked up, not let through.
    for (const ip of ['172.32.0.1', '100.63.255.1', '100.128.0.1', '198.20.0.1', '11.0.0.1'])
      expect(countryOf(ip), ip).not.toBeUndefined();
  });

  it('answers undefined for addresses no file can place, and for garbage', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '172.16.0.1', '172.31.255.255', '100.64.0.1', '100.127.9.9', '169.254.1.1', '198.18.0.1', '198.51.100.4', '203.0.113.9', '192.0.2.7', '::ffff:10.0.0.1', '::1', 'fe80::1', 'fd00::1', '2001:db8::5', 'nonsense', '', null]) {
      expect(countryOf(ip), String(ip)).toBeUndefined();
    }
  }); // prettier-ignore
});
