import { Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPE_LABELS, formatDate } from '@portal/contracts';
import { WindowPagination } from '@/components/window-pagination';
import { showSnackbar } from '@/lib/snackbar';
import {
  useDecideApplication,
  usePendingApplications,
  usePendingDocuments,
  useReviewDocument,
} from '../api/staff-queues';

const PAGE_SIZE = 50;

type Column<T> = { header: string; cell: (row: T) => ReactNode };

/** One queue: its rows oldest first, two decisions per row, paged. */
function Queue<T extends { id: number }>({
  query,
  columns,
  page,
  onPage,
  testId,
  actions,
}: {
  query: { isPending: boolean; isError: boolean; data?: { list: T[]; total: number } | undefined };
  columns: Column<T>[];
  page: number;
  onPage: (page: number) => void;
  testId: string;
  actions: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (query.isError || !query.data) return <Text c="red">{t('staff.queues.loadError')}</Text>;
  const { list, total } = query.data;
  if (list.length === 0) return <Text data-testid={`${testId}-empty`}>{t('staff.queues.empty')}</Text>;
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header}>{column.header}</Table.Th>
              ))}
              <Table.Th>{t('staff.queues.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((row) => (
              <Table.Tr key={row.id} data-testid={`${testId}-row`}>
                {columns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                ))}
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {actions(row)}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > PAGE_SIZE ? (
        <WindowPagination
          page={page}
          totalPages={Math.ceil(total / PAGE_SIZE)}
          onChange={onPage}
          label={t('staff.queues.pages')}
          testId={`${testId}-pages`}
        />
      ) : null}
    </Stack>
  );
}

/** Pending applications to offers that need approval: approve or refuse, the partner is notified. */
export function StaffApplications() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = usePendingApplications(page, PAGE_SIZE);
  const decide = useDecideApplication();
  const act = (id: number, status: 'active' | 'refused', partner: string) =>
    decide.mutate(
      { id, body: { status } },
      {
        onSuccess: () =>
          showSnackbar({
            kind: 'success',
            message: t(status === 'active' ? 'staff.queues.approved' : 'staff.queues.refused', { partner }),
          }),
      },
    );
  return (
    <Queue
      query={query}
      page={page}
      onPage={setPage}
      testId="staff-application"
      columns={[
        { header: t('staff.queues.columns.date'), cell: (row) => formatDate(row.createdAt ?? new Date()) },
        { header: t('staff.queues.columns.partner'), cell: (row) => row.partner.displayName },
        { header: t('staff.queues.columns.offer'), cell: (row) => `${row.offer.name} #${row.offer.id}` },
      ]}
      actions={(row) => (
        <>
          <Button size="compact-sm" color="green" onClick={() => act(row.id, 'active', row.partner.displayName)}>
            {t('staff.queues.approve')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={() => act(row.id, 'refused', row.partner.displayName)}
          >
            {t('staff.queues.refuse')}
          </Button>
        </>
      )}
    />
  );
}

/** Pending compliance documents: approve or refuse, the partner is notified. */
export function StaffDocuments() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = usePendingDocuments(page, PAGE_SIZE);
  const review = useReviewDocument();
  const act = (id: number, status: 'approved' | 'refused', partner: string) =>
    review.mutate(
      { id, body: { status } },
      {
        onSuccess: () =>
          showSnackbar({
            kind: 'success',
            message: t(status === 'approved' ? 'staff.queues.approved' : 'staff.queues.refused', { partner }),
          }),
      },
    );
  return (
    <Queue
      query={query}
      page={page}
      onPage={setPage}
      testId="staff-document"
      columns={[
        { header: t('staff.queues.columns.date'), cell: (row) => formatDate(row.updatedAt ?? new Date()) },
        { header: t('staff.queues.columns.partner'), cell: (row) => row.partner.displayName },
        { header: t('staff.queues.columns.type'), cell: (row) => DOCUMENT_TYPE_LABELS[row.type] },
        { header: t('staff.queues.columns.file'), cell: (row) => row.filename ?? '—' },
      ]}
      actions={(row) => (
        <>
          <Button size="compact-sm" color="green" onClick={() => act(row.id, 'approved', row.partner.displayName)}>
            {t('staff.queues.approve')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={() => act(row.id, 'refused', row.partner.displayName)}
          >
            {t('staff.queues.refuse')}
          </Button>
        </>
      )}
    />
  );
}
