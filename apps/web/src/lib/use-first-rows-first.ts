import { startTransition, useEffect, useState } from 'react';

/** How many rows a list draws with its first render; the others in a render of their own (decision 139). */
export const FIRST_LIST_ROWS = 12;

/**
 * How many of a list's `count` rows to draw: the first FIRST_LIST_ROWS when the list first has rows, then all of them,
 * for good, in a transition, which React renders in slices between which the browser can paint and answer (decision
 * 139, as the paginated reports do in decision 135): a first page of 50 cards or rows drawn at once is one long task
 * on a phone. Unlike the reports' it never starts again (a later page is drawn whole), so that it needs no identity
 * of the list, which callers often derive afresh at each render.
 */
export function useFirstRowsFirst(count: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all || count <= FIRST_LIST_ROWS) return;
    const timer = setTimeout(() => startTransition(() => setAll(true)));
    return () => clearTimeout(timer);
  }, [all, count]);
  return all ? count : Math.min(count, FIRST_LIST_ROWS);
}
