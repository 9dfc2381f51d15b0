import { describe, expect, it } from 'vitest';
import { buildDate } from './build-date';

describe("the build label's day (decision 116)", () => {
  it('is BUILD_DATE when set to a day', () => {
    expect(buildDate(import.meta.dirname, { BUILD_DATE: '2026-11-28' })).toBe('2026-11-28');
  });

  it("is the checkout's last commit day, never the spec's frozen 2025-08-04", () => {
    const day = buildDate(import.meta.dirname, {});
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(day).not.toBe('2025-08-04');
  });

  it("is the build's own day outside a git checkout, and ignores a BUILD_DATE that is not a day", () => {
    expect(buildDate('/', { BUILD_DATE: 'yesterday', PATH: process.env.PATH }, new Date('2026-12-01T23:30:00Z'))).toBe(
      '2026-12-01',
    );
  });
});
