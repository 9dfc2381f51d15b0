import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type SortableThProps = {
  children: ReactNode;
  /** This column's order when the list is sorted by it, else null. */
  order: 'asc' | 'desc' | null;
  onSort: () => void;
  /** A long label may break over lines (the icon stays beside its last word), so the column can be narrow. */
  wrap?: boolean;
  'data-testid'?: string;
};

/** A column header that sorts: the whole label is a button, `aria-sort` tells which way the list runs. */
export function SortableTh({ children, order, onSort, wrap = false, 'data-testid': testId }: SortableThProps) {
  const Icon = order === 'asc' ? IconArrowUp : order === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'} data-testid={testId}>
      <UnstyledButton onClick={onSort} fw={700} fz="sm" style={{ whiteSpace: wrap ? 'normal' : 'nowrap' }}>
        <Group gap={4} wrap={wrap ? 'wrap' : 'nowrap'}>
          {children}
          <Icon size={14} aria-hidden opacity={order ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
