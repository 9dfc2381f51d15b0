import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { equalDigests, sha256 } from '../../src/lib/tokens.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

describe('equalDigests', () => {
  it('tells the same bytes from different ones', () => {
    expect(equalDigests(digest('a'), digest('a'))).toBe(true);
    expect(equalDigests(Buffer.from(sha256('a'), 'hex'), digest('a'))).toBe(true);
    expect(equalDigests(digest('a'), digest('b'))).toBe(false);
  });

  it('answers false for unequal lengths instead of throwing as timingSafeEqual does', () => {
    // A signature or hash of the wrong length comes from the caller: it must be refused, not crash the request.
    expect(equalDigests(digest('a'), digest('a').subarray(0, 16))).toBe(false);
    expect(equalDigests(Buffer.alloc(0), digest('a'))).toBe(false);
  });
});
