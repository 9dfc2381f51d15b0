/**
 * `decodeDataUrl` checks base64 without a backtracking pattern (a 10 MB upload's 14 M characters could overflow V8's
 * regexp stack and answer 500): the same verdicts as the pattern it replaced, and a file just under the limit decoded.
 */
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@portal/contracts';
import { AppError } from '../../src/lib/errors.js';
import { decodeDataUrl } from '../../src/lib/uploads.js';

const OLD_PATTERN = /^[A-Za-z0-9+/]+={0,2}$/;
const url = (payload: string) => `data:application/pdf;base64,${payload}`;
const verdict = (payload: string) => {
  try {
    decodeDataUrl(url(payload));
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return false;
  }
};

describe('decodeDataUrl', () => {
  it('decodes a file just under the size limit, whitespace and padding included', () => {
    // A size that is no multiple of 3, so the payload ends in padding.
    const size = (MAX_UPLOAD_BYTES - 1) % 3 === 0 ? MAX_UPLOAD_BYTES - 2 : MAX_UPLOAD_BYTES - 1;
    const bytes = Buffer.alloc(size, 0x2a);
    bytes[0] = 0x25;
    const payload = bytes.toString('base64');
    expect(payload.endsWith('=')).toBe(true);
    expect(decodeDataUrl(url(`${payload.slice(0, 100)}\r\n ${payload.slice(100)}`)).equals(bytes)).toBe(true);
  });

  it('gives the old pattern’s verdict on every short string of the alphabet, padding and an outsider', () => {
    const alphabet = ['A', 'z', '9', '+', '/', '=', '-'];
    let checked = 0;
    const walk = (prefix: string) => {
      if (prefix.length > 0) {
        const expected = prefix.length % 4 === 0 && OLD_PATTERN.test(prefix);
        expect(verdict(prefix), JSON.stringify(prefix)).toBe(expected);
        checked += 1;
      }
      if (prefix.length < 5) for (const c of alphabet) walk(prefix + c);
    };
    walk('');
    expect(checked).toBe(19_607);
  });

  it('refuses padding inside, three padding characters, a lone quad of padding and an empty payload', () => {
    for (const payload of ['ab=c', 'a===', '====', 'abcd====', '', 'ab==cd==', 'abc'])
      expect(verdict(payload)).toBe(false);
    for (const payload of ['abcd', 'ab==', 'abc=', 'ab+/cd==']) expect(verdict(payload)).toBe(true);
  });
});
