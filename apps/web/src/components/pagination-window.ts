import { PAGINATOR_SIDE_PAGES } from '@portal/contracts';

/** The page numbers the paginator shows: at most `side` pages either side of the current one (spec section 9). */
export function paginationWindow(current: number, totalPages: number, side = PAGINATOR_SIDE_PAGES): number[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const first = Math.max(1, page - side);
  const last = Math.min(totalPages, page + side);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
