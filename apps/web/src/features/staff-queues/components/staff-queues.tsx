import {
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS, formatDate, type DocumentType } from '@portal/contracts';
import { DecisionDialog, type Decision } from '@/components/decision-dialog';
import { TypeAheadSelect } from '@/components/type-ahead-select';
import { WindowPagination } from '@/components/window-pagination';
import { downloadFile } from '@/lib/files';
import { paths } from '@/lib/paths';
import { utcDate } from '@/lib/read-file';
import { showSnackbar } from '@/lib/snackbar';
import { useDecideApplication } from '../api/decide-application';
import { useDecideApplications } from '../api/decide-applications';
import { useDecideDocuments } from '../api/decide-documents';
import { usePendingApplications } from '../api/get-pending-applications';
import { useReviewDocument } from '../api/review-document';
import { useStaffDocuments, type DocumentsView } from '../api/get-staff-documents';

const PAGE_SIZE = 50;

type Column<T> = { header: string; cell: (row: T) => ReactNode };
type Verdict = 'approve' | 'refuse';
/** The decision being confirmed: one row, or every selected one. */
type Pending = { verdict: Verdict; ids: number[]; label: string; expireAt?: string };

const partnerLink = (partner: { id: number; displayName: string }) => (
  <Anchor component={Link} to={paths.staffPartner.href(partner.id)} size="sm">
    {partner.displayName}
  </Anchor>
);

/**
 * One queue: its rows oldest first, paged; each row decided alone, or several ticked and decided at once (all or none
 * on the server). Every decision asks for an optional reason, which the partner reads in its notification.
 */
function Queue<T extends { id: number }>({
  query,
  columns,
  page,
  onPage,
  testId,
  rowActions,
  onDecide,
}: {
  query: { isPending: boolean; isError: boolean; data?: { list: T[]; total: number } | undefined };
  columns: Column<T>[];
  page: number;
  onPage: (page: number) => void;
  testId: string;
  /** Buttons of its own a row has besides approve and refuse (open the file). */
  rowActions?: (row: T) => ReactNode;
  onDecide: (pending: Pending) => void;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number[]>([]);
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
  const shown = selected.filter((id) => list.some((row) => row.id === id));
  const all = shown.length === list.length;
  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const decideSelected = (verdict: Verdict) =>
    onDecide({ verdict, ids: shown, label: t('staff.queues.selected', { count: shown.length }) });
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
      <Table.ScrollContainer minWidth={820}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('staff.queues.selectAll')}
                  checked={all}
                  indeterminate={shown.length > 0 && !all}
                  onChange={() => setSelected(all ? [] : list.map((row) => row.id))}
                  data-testid={`${testId}-select-all`}
                />
              </Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.header}>{column.header}</Table.Th>
              ))}
              <Table.Th>{t('staff.queues.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((row) => (
              <Table.Tr key={row.id} data-testid={`${testId}-row`} data-id={row.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('staff.queues.select', { id: row.id })}
                    checked={shown.includes(row.id)}
                    onChange={() => toggle(row.id)}
                    data-testid={`${testId}-select`}
                  />
                </Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                ))}
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {rowActions?.(row)}
                    <Button size="compact-sm" color="green" onClick={() => onDecide({ verdict: 'approve', ids: [row.id], label: `#${row.id}` })} data-testid={`${testId}-approve`}>
                      {t('staff.queues.approve')}
                    </Button>
                    <Button size="compact-sm" variant="light" color="red" onClick={() => onDecide({ verdict: 'refuse', ids: [row.id], label: `#${row.id}` })} data-testid={`${testId}-refuse`}>
                      {t('staff.queues.refuse')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <WindowPagination
        page={page}
        totalPages={Math.ceil(total / PAGE_SIZE)}
        onChange={(next) => {
          setSelected([]);
          onPage(next);
        }}
        label={t('staff.queues.pages')}
        testId={`${testId}-pages`}
      />
    </Stack>
  );
} // prettier-ignore

/** The dialog of a queue's decision; one record goes through its own route, several through the bulk route. */
function QueueDecision({
  pending,
  withExpiry,
  run,
  onClose,
}: {
  pending: Pending;
  withExpiry: boolean;
  run: (pending: Pending, decision: Decision) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const approve = pending.verdict === 'approve';
  return (
    <DecisionDialog
      title={`${t(approve ? 'staff.queues.approve' : 'staff.queues.refuse')}: ${pending.label}`}
      explain={t('staff.queues.notifyHint')}
      confirmLabel={t(approve ? 'staff.queues.approve' : 'staff.queues.refuse')}
      confirmColor={approve ? 'green' : 'red'}
      {...(withExpiry && approve ? { expiry: pending.expireAt ?? '' } : {})}
      testId="staff-queue-decision"
      onClose={onClose}
      onConfirm={async (decision) => {
        await run(pending, decision);
        showSnackbar({ kind: 'success', message: t('staff.queues.decided', { count: pending.ids.length }) });
      }}
    />
  );
}

/** Pending applications to offers that need approval: approve or refuse, one or many; the partner is notified. */
export function StaffApplications() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = usePendingApplications(page, PAGE_SIZE);
  const one = useDecideApplication();
  const many = useDecideApplications();
  const [pending, setPending] = useState<Pending | null>(null);
  const run = ({ verdict, ids }: Pending, { reason }: Decision) => {
    const status = verdict === 'approve' ? 'active' : 'refused';
    const withReason = reason ? { reason } : {};
    return ids.length === 1
      ? one.mutateAsync({ id: ids[0]!, body: { status, ...withReason } })
      : many.mutateAsync({ ids, status, ...withReason });
  };
  return (
    <>
      <Queue
        query={query}
        page={page}
        onPage={setPage}
        testId="staff-application"
        onDecide={setPending}
        columns={[
          { header: t('staff.queues.columns.date'), cell: (row) => formatDate(row.createdAt ?? new Date()) },
          { header: t('staff.queues.columns.partner'), cell: (row) => partnerLink(row.partner) },
          { header: t('staff.queues.columns.offer'), cell: (row) => `${row.offer.name} #${row.offer.id}` },
        ]}
      />
      {pending ? (
        <QueueDecision pending={pending} withExpiry={false} run={run} onClose={() => setPending(null)} />
      ) : null}
    </>
  );
}

/**
 * Compliance documents: the pending ones to review (approve with an expiry date, or refuse), one or many, each file
 * opened through its signed link; or the expired ones, to chase.
 */
export function StaffDocuments() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [view, setView] = useState<DocumentsView>('pending');
  const [type, setType] = useState<DocumentType | null>(null);
  const query = useStaffDocuments(view, type, page, PAGE_SIZE);
  const one = useReviewDocument();
  const many = useDecideDocuments();
  const [pending, setPending] = useState<Pending | null>(null);
  const run = ({ verdict, ids }: Pending, { reason, expireAt }: Decision) => {
    const status = verdict === 'approve' ? 'approved' : 'refused';
    const withReason = reason ? { reason } : {};
    return ids.length === 1
      ? one.mutateAsync({
          id: ids[0]!,
          body: { status, ...withReason, ...(expireAt !== undefined ? { expireAt } : {}) },
        })
      : many.mutateAsync({ ids, status, ...withReason });
  };
  const rows = query.data?.list ?? [];
  return (
    <Stack gap="md">
      <Group align="flex-end">
        <SegmentedControl
          value={view}
          onChange={(value) => {
            setView(value as DocumentsView);
            setPage(1);
          }}
          data={[
            { value: 'pending', label: t('staff.queues.viewPending') },
            { value: 'expired', label: t('staff.queues.viewExpired') },
          ]}
          data-testid="staff-documents-view"
        />
        <TypeAheadSelect
          label={t('staff.queues.columns.type')}
          data={[
            { value: 'all', label: t('staff.partners.all') },
            ...DOCUMENT_TYPES.map((value) => ({ value, label: DOCUMENT_TYPE_LABELS[value] })),
          ]}
          value={type ?? 'all'}
          onChange={(value) => {
            setType(value === 'all' || !value ? null : (value as DocumentType));
            setPage(1);
          }}
          allowDeselect={false}
          w={240}
          data-testid="staff-documents-type"
        />
      </Group>
      <Queue
        query={query}
        page={page}
        onPage={setPage}
        testId="staff-document"
        onDecide={(next) =>
          setPending({
            ...next,
            ...(next.ids.length === 1 ? { expireAt: utcDate(rows.find((row) => row.id === next.ids[0])?.expireAt) } : {}),
          })
        }
        columns={[
          { header: t('staff.queues.columns.date'), cell: (row) => formatDate(row.updatedAt ?? new Date()) },
          { header: t('staff.queues.columns.partner'), cell: (row) => partnerLink(row.partner) },
          { header: t('staff.queues.columns.type'), cell: (row) => DOCUMENT_TYPE_LABELS[row.type] },
          {
            header: t('staff.queues.columns.expireAt'),
            cell: (row) => (
              <Group gap={4} wrap="nowrap">
                {utcDate(row.expireAt) || '—'}
                {row.expired ? (
                  <Badge color="red" size="sm" variant="filled">
                    {t('myAccount.documents.expired')}
                  </Badge>
                ) : null}
              </Group>
            ),
          },
        ]}
        rowActions={(row) =>
          row.document ? (
            <Button size="compact-sm" variant="default" onClick={() => void downloadFile(row.document!.id)} data-testid="staff-document-open">
              {t('staff.queues.open')}
            </Button>
          ) : null
        }
      />
      {pending ? <QueueDecision pending={pending} withExpiry run={run} onClose={() => setPending(null)} /> : null}
    </Stack>
  );
} // prettier-ignore
