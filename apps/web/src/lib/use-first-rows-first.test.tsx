import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_LIST_ROWS, nextSlice, ROWS_PER_SLICE, useFirstRowsFirst } from './use-first-rows-first';

describe('useFirstRowsFirst', () => {
  it('draws the first rows, then all of them, and a later list whole', async () => {
    const { result, rerender } = renderHook(({ count }) => useFirstRowsFirst(count), { initialProps: { count: 0 } });
    expect(result.current).toBe(0);
    rerender({ count: 50 });
    expect(result.current).toBe(FIRST_LIST_ROWS);
    await waitFor(() => expect(result.current).toBe(50));
    rerender({ count: 40 });
    expect(result.current).toBe(40);
  });

  it('adds the others a slice per render, never the rest at once (decision 144)', async () => {
    const counts: number[] = [];
    const { result } = renderHook(() => {
      const shown = useFirstRowsFirst(50);
      counts.push(shown);
      return shown;
    });
    await waitFor(() => expect(result.current).toBe(50));
    const distinct = counts.filter((count, index) => count !== counts[index - 1]);
    expect(distinct).toEqual([
      FIRST_LIST_ROWS,
      FIRST_LIST_ROWS + ROWS_PER_SLICE,
      FIRST_LIST_ROWS + 2 * ROWS_PER_SLICE,
      FIRST_LIST_ROWS + 3 * ROWS_PER_SLICE,
      50,
    ]);
  });

  it('ends a slice at the last row', () => {
    expect(nextSlice(FIRST_LIST_ROWS, FIRST_LIST_ROWS + 1)).toBe(FIRST_LIST_ROWS + 1);
    expect(nextSlice(0, 100)).toBe(ROWS_PER_SLICE);
  });

  it('draws a short list at once', () => {
    const { result } = renderHook(() => useFirstRowsFirst(5));
    expect(result.current).toBe(5);
  });
});
