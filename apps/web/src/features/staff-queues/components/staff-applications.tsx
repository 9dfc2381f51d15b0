import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@portal/contracts';
import type { Decision } from '@/components/decision-dialog';
import { useDecideApplication } from '../api/decide-application';
import { useDecideApplications } from '../api/decide-applications';
import { usePendingApplications } from '../api/get-pending-applications';
import { PartnerLink } from './partner-link';
import { Queue, QUEUE_PAGE_SIZE, type Pending } from './queue';
import { QueueDecision } from './queue-decision';

/** Pending applications to offers that need approval: approve or refuse, one or many; the partner is notified. */
export function StaffApplications() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = usePendingApplications(page, QUEUE_PAGE_SIZE);
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
          {
            key: 'date',
            label: t('staff.queues.columns.date'),
            cell: (row) => formatDate(row.createdAt ?? new Date()),
          },
          {
            key: 'partner',
            label: t('staff.queues.columns.partner'),
            cell: (row) => <PartnerLink partner={row.partner} />,
          },
          { key: 'offer', label: t('staff.queues.columns.offer'), cell: (row) => `${row.offer.name} #${row.offer.id}` },
        ]}
      />
      {pending ? (
        <QueueDecision pending={pending} withExpiry={false} run={run} onClose={() => setPending(null)} />
      ) : null}
    </>
  );
}
