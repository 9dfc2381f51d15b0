import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_LIST_ROWS, useFirstRowsFirst } from './use-first-rows-first';

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

  it('draws a short list at once', () => {
    const { result } = renderHook(() => useFirstRowsFirst(5));
    expect(result.current).toBe(5);
  });
});
