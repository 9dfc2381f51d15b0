import { parse as parseQuery } from 'fast-querystring';
import { describe, expect, it } from 'vitest';
import { ClickQuerySchema, TRACKING_VALUE_MAX_LENGTH } from '@portal/contracts';
import { readClickQuery } from '../../src/modules/click/click-query.js';

/**
 * Decision 125: the click's one-pass query reader answers exactly what the general path (fast-querystring, then the
 * contract's schema) answers, or hands the query to it (null). It never refuses on its own.
 */
const general = (search: string) => {
  const parsed = ClickQuerySchema.safeParse(parseQuery(search));
  return parsed.success ? parsed.data : null;
};
const fast = (search: string) => readClickQuery(`/click?${search}`, '/click?'.length);

const long = 'x'.repeat(TRACKING_VALUE_MAX_LENGTH);
const CASES = [
  'offer_id=1&aff_id=2',
  'offer_id=12&aff_id=34&subid=bench&tc1=autocannon',
  'aff_id=34&offer_id=12&tc4=d&tc3=c&tc2=b&tc1=a&subid=s&lp=7',
  'offer_id=1&aff_id=2&subid=',
  'offer_id=1&aff_id=2&subid=&tc1=',
  'offer_id=1&aff_id=2&lp=',
  'offer_id=1&aff_id=2&lp=0',
  'offer_id=1&aff_id=2&lp=3&lp=3',
  'offer_id=1&aff_id=2&',
  '&offer_id=1&&aff_id=2&&',
  'offer_id=1&aff_id=2&utm_source=x&gclid=abc.DEF-1_2',
  'offer_id=1&aff_id=2&utm_source',
  'offer_id=1&aff_id=2&subid',
  'offer_id=1&aff_id=2&=x',
  'offer_id=1&aff_id=2&tc5=x&tc0=y&tc=z',
  'offer_id=2147483647&aff_id=1',
  'offer_id=2147483648&aff_id=1',
  'offer_id=9999999999&aff_id=1',
  'offer_id=99999999999&aff_id=1',
  'offer_id=01&aff_id=2',
  'offer_id=0&aff_id=2',
  'offer_id=-1&aff_id=2',
  'offer_id=1.0&aff_id=2',
  'offer_id=1e3&aff_id=2',
  'offer_id=0x10&aff_id=2',
  'offer_id=%201&aff_id=2',
  'offer_id=+1&aff_id=2',
  'offer_id=&aff_id=2',
  'offer_id&aff_id=2',
  'offer_id=1',
  'aff_id=2',
  '',
  'offer_id=1&offer_id=1&aff_id=2',
  'offer_id=1&aff_id=2&subid=a&subid=b',
  'offer_id=1&aff_id=2&tc2=a&tc2=a',
  'offer%5Fid=1&aff_id=2',
  'offer_id=1&aff_id=2&sub%69d=x',
  'offer_id=1&aff_id=2&subid=a%20b',
  'offer_id=1&aff_id=2&subid=a+b',
  'offer_id=1&aff_id=2&subid=a%00b',
  'offer_id=1&aff_id=2&subid=%E2%82%AC',
  'offer_id=1&aff_id=2&subid=%ZZ',
  'offer_id=1&aff_id=2&subid=a=b',
  `offer_id=1&aff_id=2&subid=${long}`,
  `offer_id=1&aff_id=2&subid=${long}x`,
  `offer_id=1&aff_id=2&tc3=${long}y`,
  'offer_id=1&aff_id=2&subid=a/b:c@d!$()*,;~.',
  'offer_id=1&aff_id=2&subid=é',
  'offer_id=1&aff_id=2&subid=a b',
  'offer_id=1&aff_id=2&subid=a#b',
  'offer_id=1&aff_id=2&Offer_ID=3',
  'offer_id=1&aff_id=2&+subid=x',
];

describe('the click query read in one pass (decision 125)', () => {
  it.each(CASES)('agrees with the contract: %s', (search) => {
    const answer = fast(search);
    if (answer !== null) expect(answer).toStrictEqual(general(search));
  });

  it('reads the plain links itself', () => {
    expect(fast('offer_id=12&aff_id=34&subid=bench&tc1=autocannon')).toStrictEqual({
      offer_id: 12,
      aff_id: 34,
      subid: 'bench',
      tc1: 'autocannon',
    });
    expect(fast('aff_id=34&offer_id=12&tc4=d&tc3=c&tc2=b&tc1=a&subid=s&lp=7&utm=x')).toStrictEqual({
      offer_id: 12,
      aff_id: 34,
      subid: 's',
      tc1: 'a',
      tc2: 'b',
      tc3: 'c',
      tc4: 'd',
      lp: 7,
    });
    expect(fast('offer_id=1&aff_id=2&subid=&')).toStrictEqual({ offer_id: 1, aff_id: 2, subid: '' });
    expect(fast(`offer_id=1&aff_id=2&subid=${long}`)).not.toBeNull();
  });

  it('hands everything else to the general path, which refuses what the contract refuses', () => {
    for (const search of ['offer_id=0&aff_id=2', 'offer_id=01&aff_id=2', 'offer_id=1&aff_id=2&subid=a%20b']) {
      expect(fast(search)).toBeNull();
    }
    expect(general('offer_id=0&aff_id=2')).toBeNull();
    expect(general('offer_id=01&aff_id=2')).toStrictEqual({ offer_id: 1, aff_id: 2 });
  });

  it('agrees with the contract on generated queries', () => {
    // A fixed-seed generator over the characters and keys that matter: ids, encodings, repeats, lengths.
    let seed = 125;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const keys = ['offer_id', 'aff_id', 'subid', 'tc1', 'tc2', 'tc3', 'tc4', 'lp', 'utm', 'offer%5Fid', 'sub+id', ''];
    const values = ['1', '2', '0', '01', '2147483647', '2147483648', '', 'abc', 'a%20b', 'a+b', '%', 'x=y', '-3', '7.5', long, `${long}z`]; // prettier-ignore
    let read = 0;
    for (let i = 0; i < 5000; i++) {
      const pairs = ['offer_id=' + values[random(6)]!, 'aff_id=' + values[random(6)]!];
      for (let n = random(6); n > 0; n--) {
        const key = keys[random(keys.length)]!;
        pairs.push(random(8) === 0 ? key : `${key}=${values[random(values.length)]!}`);
      }
      for (let j = pairs.length - 1; j > 0; j--) {
        const k = random(j + 1);
        [pairs[j], pairs[k]] = [pairs[k]!, pairs[j]!];
      }
      const search = pairs.join(random(10) === 0 ? '&&' : '&');
      const answer = fast(search);
      if (answer !== null) {
        read++;
        expect(answer, search).toStrictEqual(general(search));
      }
    }
    // The generator reaches both outcomes.
    expect(read).toBeGreaterThan(100);
  });
});
