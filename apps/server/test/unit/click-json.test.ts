import { describe, expect, it } from 'vitest';
import { clickJson, type BufferedClick } from '../../src/modules/click/buffered-click.js';
import { seededRandom } from '../../src/lib/seeded-random.js';

/** A click as `recordClick` builds it (every key, in its order). */
const click = (over: Partial<BufferedClick> = {}): BufferedClick => ({
  clickId: 'AZq3kP0AAAAbcdEFghIJkl',
  offerId: 12,
  partnerId: 3,
  currency: 'EUR',
  subid: 'bench',
  tc1: 'autocannon',
  tc2: null,
  tc3: null,
  tc4: null,
  ip: '127.0.0.1',
  country: 'FR',
  userAgent: 'Mozilla/5.0',
  referrer: null,
  flags: null,
  landingPageId: null,
  createdAt: new Date('2026-11-28T21:15:00.123Z'),
  ...over,
});

// Texts a visitor can send: quotes, backslashes, control characters, lone surrogates, emoji, non-Latin scripts.
const ODD = ['', '"', '\\', '\u0000', '\n\t\r', '\u2028', '\ud800', '\udc00x', '😀', 'Жук', '</script>', 'a"b\\c'];

const withoutOptional = (one: BufferedClick) => {
  delete one.flags;
  delete one.landingPageId;
  return one;
};

describe('clickJson', () => {
  it('is the text JSON.stringify makes of the click, for chosen and generated clicks', () => {
    const cases: BufferedClick[] = [
      click(),
      click({ flags: 'bot,velocity', landingPageId: 7, referrer: 'https://example.com/?a="b"' }),
      click({ subid: null, tc1: null, ip: null, country: null, userAgent: null }),
      ...ODD.map((text) => click({ subid: text, tc4: text, userAgent: text, referrer: text, flags: text })),
      // Older shapes: the optional fields absent or undefined are left out, as JSON.stringify leaves them.
      withoutOptional(click()),
      click({ flags: undefined, landingPageId: undefined }),
      // An invalid date is serialised as JSON.stringify serialises it (null).
      click({ createdAt: new Date(Number.NaN) }),
      // Shapes the concatenation leaves to JSON.stringify (decision 146): a text undefined, an id that is no integer.
      click({ subid: undefined as unknown as null, referrer: undefined as unknown as null }),
      click({ offerId: 1.5, landingPageId: Number.NaN }),
      click({ partnerId: -0, ip: '', country: '' }),
    ];
    const random = seededRandom(137);
    const text = () => (random.next() < 0.3 ? null : ODD[Math.floor(random.next() * ODD.length)]! + random.next());
    for (let i = 0; i < 2000; i++) {
      cases.push(
        click({
          offerId: 1 + Math.floor(random.next() * 2 ** 31),
          subid: text(),
          tc1: text(),
          tc2: text(),
          tc3: text(),
          tc4: text(),
          ip: text(),
          country: text(),
          userAgent: text(),
          referrer: text(),
          flags: text(),
          landingPageId: random.next() < 0.5 ? null : Math.floor(random.next() * 1000),
          // Clicks of the same and of different milliseconds (the date's text is kept per millisecond).
          createdAt: new Date(
            1_795_900_000_000 + Math.floor(random.next() * 5) * (random.next() < 0.5 ? 1 : 3_600_000),
          ),
        }),
      );
    }
    for (const one of cases) expect(clickJson(one)).toBe(JSON.stringify(one));
  });
});
