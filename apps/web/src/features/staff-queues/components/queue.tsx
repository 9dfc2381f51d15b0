import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffTable, type StaffColumn } from '@/components/staff-table';

export const QUEUE_PAGE_SIZE = 50;

type Verdict = 'approve' | 'refuse';
/** The decision being confirmed: one row, or every selected one. */
export type Pending = { verdict: Verdict; ids: number[]; label: string; expireAt?: string };

/**
 * One queue: its rows oldest first, paged; each row decided alone, or several ticked and decided at once (all or none
 * on the server). Every decision asks for an optional reason, which the partner reads in its notification.
 */
export function Queue<T extends { id: number }>({
  query,
  columns,
  page,
  onPage,
  testId,
  rowActions,
  onDecide,
}: {
  query: { isPending: boolean; isError: boolean; data?: { list: T[]; total: number } | undefined };
  columns: StaffColumn<T>[];
  page: number;
  onPage: (page: number) => void;
  testId: string;
  /** Buttons of its own a row has besides approve and refuse (open the file). */
  rowActions?: (row: T) => ReactNode;
  onDecide: (pending: Pending) => void;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number[]>([]);
  const list = query.data?.list ?? [];
  const shown = selected.filter((id) => list.some((row) => row.id === id));
  const all = shown.length === list.length;
  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const decideSelected = (verdict: Verdict) =>
    onDecide({ verdict, ids: shown, label: t('staff.queues.selected', { count: shown.length }) });
  const select: StaffColumn<T> = {
    key: 'select',
    width: 40,
    label: (
      <Checkbox
        aria-label={t('staff.queues.selectAll')}
        checked={all}
        indeterminate={shown.length > 0 && !all}
        onChange={() => setSelected(all ? [] : list.map((row) => row.id))}
        data-testid={`${testId}-select-all`}
      />
    ),
    cell: (row) => (
      <Checkbox
        aria-label={t('staff.queues.select', { id: row.id })}
        checked={shown.includes(row.id)}
        onChange={() => toggle(row.id)}
        data-testid={`${testId}-select`}
      />
    ),
  };
  const table = (
    <StaffTable
      columns={[select, ...columns]}
      rows={query.data?.list}
      rowKey={(row) => row.id}
      rowTestId={`${testId}-row`}
      rowAttributes={(row) => ({ 'data-id': row.id })}
      loading={query.isPending}
      error={query.isError || !query.data ? t('staff.queues.loadError') : null}
      empty={<Text data-testid={`${testId}-empty`}>{t('staff.queues.empty')}</Text>}
      rowActions={(row) => (
        <Group gap="xs" wrap="nowrap">
          {rowActions?.(row)}
          <Button size="compact-sm" color="green" onClick={() => onDecide({ verdict: 'approve', ids: [row.id], label: `#${row.id}` })} data-testid={`${testId}-approve`}>
            {t('staff.queues.approve')}
          </Button>
          <Button size="compact-sm" variant="light" color="red" onClick={() => onDecide({ verdict: 'refuse', ids: [row.id], label: `#${row.id}` })} data-testid={`${testId}-refuse`}>
            {t('staff.queues.refuse')}
          </Button>
        </Group>
      )}
      actionsLabel={t('staff.queues.actions')}
      paging={{
        page,
        total: query.data?.total ?? 0,
        pageSize: QUEUE_PAGE_SIZE,
        onChange: (next) => {
          setSelected([]);
          onPage(next);
        },
        label: t('staff.queues.pages'),
        testId: `${testId}-pages`,
      }}
      minWidth={820}
    />
  );
  if (list.length === 0) return table;
  return (
    <Stack gap="md">
      <Group gap="xs" data-testid={`${testId}-bulk`}>
        <Text size="sm" c="dimmed">
          {t('staff.queues.selected', { count: shown.length })}
        </Text>
        <Button size="xs" color="green" disabled={shown.length === 0} onClick={() => decideSelected('approve')} data-testid={`${testId}-bulk-approve`}>
          {t('staff.queues.approveSelected')}
        </Button>
        <Button size="xs" variant="light" color="red" disabled={shown.length === 0} onClick={() => decideSelected('refuse')} data-testid={`${testId}-bulk-refuse`}>
          {t('staff.queues.refuseSelected')}
        </Button>
      </Group>
      {table}
    </Stack>
  );
} // prettier-ignore
