import { Badge, Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS, formatDate, type DocumentType } from '@portal/contracts';
import type { Decision } from '@/components/decision-dialog';
import { TypeAheadSelect } from '@/components/type-ahead-select';
import { downloadFile } from '@/lib/files';
import { utcDate } from '@/lib/read-file';
import { useDecideDocuments } from '../api/decide-documents';
import { useReviewDocument } from '../api/review-document';
import { useStaffDocuments, type DocumentsView } from '../api/get-staff-documents';
import { PartnerLink } from './partner-link';
import { Queue, QUEUE_PAGE_SIZE, type Pending } from './queue';
import { QueueDecision } from './queue-decision';

/**
 * Compliance documents: the pending ones to review (approve with an expiry date, or refuse), one or many, each file
 * opened through its signed link; or the expired ones, to chase.
 */
export function StaffDocuments() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [view, setView] = useState<DocumentsView>('pending');
  const [type, setType] = useState<DocumentType | null>(null);
  const query = useStaffDocuments(view, type, page, QUEUE_PAGE_SIZE);
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
          { key: 'date', label: t('staff.queues.columns.date'), cell: (row) => formatDate(row.updatedAt ?? new Date()) },
          { key: 'partner', label: t('staff.queues.columns.partner'), cell: (row) => <PartnerLink partner={row.partner} /> },
          { key: 'type', label: t('staff.queues.columns.type'), cell: (row) => DOCUMENT_TYPE_LABELS[row.type] },
          {
            key: 'expireAt',
            label: t('staff.queues.columns.expireAt'),
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
