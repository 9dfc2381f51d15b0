import { useState } from 'react';
import type { StaffTableSelection } from './staff-table';

/**
 * The rows picked on a StaffTable page for a bulk step: `ids` in the order they were picked, `clear` once the step is
 * done, and `selection` to hand to the table (a checkbox per row, one for the page).
 */
export function useRowSelection<Row extends { id: number }>(
  rows: readonly Row[] | undefined,
  labels: { row: (row: Row) => string; all: string },
) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const select = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const selection: StaffTableSelection<Row> = {
    isSelected: (row) => selected.has(row.id),
    onToggle: (row, on) => select([row.id], on),
    onToggleAll: (on) =>
      select(
        (rows ?? []).map((row) => row.id),
        on,
      ),
    rowLabel: labels.row,
    allLabel: labels.all,
  };
  return { ids: [...selected], clear: () => setSelected(new Set()), selection };
}
