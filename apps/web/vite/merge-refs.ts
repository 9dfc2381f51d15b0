import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * floating-ui's `useMergeRefs(refs)`, the one thing Mantine's ScrollArea takes from it, over Mantine's own
 * `useMergedRef(...refs)`: one callback ref that sets every ref given, and clears them (or runs their cleanups) when
 * the element goes (vite/lean-bundle.ts, decision 059).
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
