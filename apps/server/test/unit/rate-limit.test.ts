import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../src/lib/rate-limit.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 2, 10, 12, 0, 0) + seconds * 1000);

describe('SlidingWindowLimiter', () => {
  it('lets max events through per window, then tells when the oldest leaves it', () => {
    const limiter = new SlidingWindowLimiter({ max: 3, windowMs: 60_000 });
    expect(limiter.take('a', at(0))).toBe(0);
    expect(limiter.take('a', at(10))).toBe(0);
    expect(limiter.take('a', at(20))).toBe(0);
    expect(limiter.take('a', at(30))).toBe(30);
    expect(limiter.retryAfterSeconds('b', at(30))).toBe(0);
    expect(limiter.take('a', at(60))).toBe(0);
    expect(limiter.retryAfterSeconds('a', at(61))).toBe(9);
  });

  it('forgets the least recently active keys beyond maxKeys', () => {
    const limiter = new SlidingWindowLimiter({ max: 1, windowMs: 60_000, maxKeys: 2 });
    limiter.hit('a', at(0));
    limiter.hit('b', at(1));
    limiter.hit('c', at(2));
    expect(limiter.retryAfterSeconds('a', at(3))).toBe(0);
    expect(limiter.retryAfterSeconds('b', at(3))).toBeGreaterThan(0);
    expect(limiter.retryAfterSeconds('c', at(3))).toBeGreaterThan(0);
  });
});
