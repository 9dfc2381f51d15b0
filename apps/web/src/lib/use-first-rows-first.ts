import { startTransition, useEffect, useState } from 'react';

/** How many rows a list draws with its first render; the others in renders of their own (decision 139). */
export const FIRST_LIST_ROWS = 12;

/**
 * How many rows each later render adds (decision 144). All the others at once were one commit, whose layout and paint
 * (which React cannot split) made a long task of 200–300 ms on Lighthouse's slowed phone for a page of 50 cards.
 */
export const ROWS_PER_SLICE = 12;

/** The next count of rows to draw after `shown` of `count`: one slice more, at most all of them. */
export function nextSlice(shown: number, count: number): number {
  return Math.min(count, shown + ROWS_PER_SLICE);
}

/**
 * How many of a list's `count` rows to draw: the first FIRST_LIST_ROWS when the list first has rows, then a slice more
 * in each transition until all of them, for good. React renders a transition in slices between which the browser
 * can paint and answer (decision 139, as the paginated reports do in decision 135), and each slice is committed on
 * its own, so that no commit lays out a whole page of rows (decision 144): a first page of 50 cards or rows drawn at
 * once is one long task on a phone. Unlike the reports' it never starts again (a later list is drawn whole), so that
 * it needs no identity of the list, which callers often derive afresh at each render.
 */
export function useFirstRowsFirst(count: number): number {
  // `null` until the list first has more rows than its first render draws; then how many are drawn.
  const [drawn, setDrawn] = useState<number | 'all' | null>(null);
  const shown = drawn === 'all' ? count : Math.min(count, drawn ?? FIRST_LIST_ROWS);
  useEffect(() => {
    if (drawn === 'all' || shown >= count) {
      if (drawn !== null && drawn !== 'all' && shown >= count) setDrawn('all');
      return;
    }
    const timer = setTimeout(() => startTransition(() => setDrawn(nextSlice(shown, count))));
    return () => clearTimeout(timer);
  }, [drawn, shown, count]);
  return shown;
}
