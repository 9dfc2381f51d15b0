import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noteReportLag, useReportLag } from './report-lag';

describe('the partner reports’ lag (issue 51)', () => {
  it('follows the last report answer: its lag, then null once an answer is current; other answers change nothing', () => {
    const { result } = renderHook(() => useReportLag());
    expect(result.current).toBeNull();
    act(() => noteReportLag('/statistics/daily', 90));
    expect(result.current).toBe(90);
    act(() => noteReportLag('/offer', null));
    expect(result.current).toBe(90);
    act(() => noteReportLag('/statistics/home/quick-stats', null));
    expect(result.current).toBeNull();
  });
});
