import { useTranslation } from 'react-i18next';
import { DecisionDialog, type Decision } from '@/components/decision-dialog';
import { showSnackbar } from '@/lib/snackbar';
import type { Pending } from './queue';

/** The dialog of a queue's decision; one record goes through its own route, several through the bulk route. */
export function QueueDecision({
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
