import { describe, expect, it } from 'vitest';
import { paginationWindow } from './pagination-window';

describe('paginationWindow', () => {
  it('shows at most five pages either side of the current one', () => {
    expect(paginationWindow(1, 30)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationWindow(10, 30)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(paginationWindow(30, 30)).toEqual([25, 26, 27, 28, 29, 30]);
    expect(paginationWindow(3, 4)).toEqual([1, 2, 3, 4]);
  });

  it('never goes outside 1..total and clamps a current page out of range', () => {
    for (let total = 1; total <= 40; total++) {
      for (let current = 1; current <= total; current++) {
        const pages = paginationWindow(current, total);
        expect(pages).toContain(current);
        expect(pages[0]).toBeGreaterThanOrEqual(Math.max(1, current - 5));
        expect(pages.at(-1)).toBeLessThanOrEqual(Math.min(total, current + 5));
        expect(pages.length).toBeLessThanOrEqual(11);
      }
    }
    expect(paginationWindow(99, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });
});
