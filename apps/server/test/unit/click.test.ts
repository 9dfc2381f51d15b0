import { describe, expect, it } from 'vitest';
import { landingUrl, newClickId } from '../../src/modules/click/click.js';

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
