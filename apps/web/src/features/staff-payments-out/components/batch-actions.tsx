import type { PaymentBatchView } from '../api/get-payment-batch';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoneyMinor } from '@portal/contracts';
import { useConfig } from '@/lib/config';
import { showSnackbar } from '@/lib/snackbar';
import { useApprovePaymentBatch, useUpdatePaymentBatch } from '../api/change-payment-batch';
import { useDownloadBatchFile } from '../api/download-batch-file';
import { BatchConfirmDialog } from './batch-confirm-dialog';

type Step = 'approve' | 'paid' | 'cancel';

/** Whether a batch may still be cancelled: a draft, or approved and its file never downloaded (decision 073). */
export const cancellable = (batch: Pick<PaymentBatchView, 'status' | 'downloadedAt'>) =>
  batch.status === 'draft' || (batch.status === 'approved' && !batch.downloadedAt);

/**
 * A batch's steps by its status (decision 073): a draft is approved by someone other than its creator (who is told
 * so instead of a button); an approved batch's file is downloaded, then it is marked paid; a draft, or an approved
 * batch never downloaded, may be cancelled. Each step but the download is confirmed, naming the count and the total.
 */
export function BatchActions({ batch }: { batch: PaymentBatchView }) {
  const { t } = useTranslation();
  const config = useConfig();
  const [step, setStep] = useState<Step | null>(null);
  const approve = useApprovePaymentBatch(batch.id);
  const update = useUpdatePaymentBatch(batch.id);
  const download = useDownloadBatchFile(batch.id, batch.filename);
  const ownBatch = batch.createdBy?.id === config.user.id;
  const figures = {
    reference: batch.reference,
    count: batch.transactionCount,
    countText: formatCount(batch.transactionCount),
    total: formatMoneyMinor(batch.totalAmount, batch.currency),
  };
  const done = (key: string) => {
    setStep(null);
    showSnackbar({ kind: 'success', message: t(`staff.paymentBatch.${key}`, figures) });
  };

  const canApprove = batch.status === 'draft' && !ownBatch;
  const canDownload = batch.status === 'approved' || batch.status === 'paid';
  const canMarkPaid = batch.status === 'approved';
  const canCancel = cancellable(batch);

  return (
    <>
      <Group gap="sm" data-testid="payment-batch-actions">
        {canApprove ? (
          <Button onClick={() => setStep('approve')} data-testid="payment-batch-approve">
            {t('staff.paymentBatch.approve')}
          </Button>
        ) : null}
        {canDownload ? (
          <Button
            variant={batch.status === 'approved' ? 'filled' : 'light'}
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() =>
              download.mutate(undefined, {
                onSuccess: ({ filename }) =>
                  showSnackbar({ kind: 'success', message: t('staff.paymentBatch.downloaded', { filename }) }),
              })
            }
            data-testid="payment-batch-download"
          >
            {t('staff.paymentBatch.download')}
          </Button>
        ) : null}
        {canMarkPaid ? (
          <Button color="green" variant="light" onClick={() => setStep('paid')} data-testid="payment-batch-paid">
            {t('staff.paymentBatch.markPaid')}
          </Button>
        ) : null}
        {canCancel ? (
          <Button color="red" variant="default" onClick={() => setStep('cancel')} data-testid="payment-batch-cancel">
            {t('staff.paymentBatch.cancel')}
          </Button>
        ) : null}
      </Group>
      {batch.status === 'draft' && ownBatch ? (
        <Text size="sm" c="dimmed" data-testid="payment-batch-own">
          {t('staff.paymentBatch.ownBatch')}
        </Text>
      ) : null}
      {batch.status === 'approved' && batch.downloadedAt ? (
        <Text size="sm" c="dimmed" data-testid="payment-batch-downloaded">
          {t('staff.paymentBatch.noCancelAfterDownload')}
        </Text>
      ) : null}
      {step === 'approve' ? (
        <BatchConfirmDialog
          title={t('staff.paymentBatch.approveTitle', figures)}
          explain={t('staff.paymentBatch.approveExplain', figures)}
          confirmLabel={t('staff.paymentBatch.approve')}
          busy={approve.isPending}
          onConfirm={() => approve.mutate(undefined, { onSuccess: () => done('approved') })}
          onClose={() => setStep(null)}
          testId="payment-batch-approve-dialog"
        />
      ) : null}
      {step === 'paid' ? (
        <BatchConfirmDialog
          title={t('staff.paymentBatch.paidTitle', figures)}
          explain={t('staff.paymentBatch.paidExplain', figures)}
          confirmLabel={t('staff.paymentBatch.markPaid')}
          confirmColor="green"
          busy={update.isPending}
          onConfirm={() => update.mutate({ status: 'paid' }, { onSuccess: () => done('markedPaid') })}
          onClose={() => setStep(null)}
          testId="payment-batch-paid-dialog"
        />
      ) : null}
      {step === 'cancel' ? (
        <BatchConfirmDialog
          title={t('staff.paymentBatch.cancelTitle', figures)}
          explain={t('staff.paymentBatch.cancelExplain', figures)}
          confirmLabel={t('staff.paymentBatch.cancel')}
          confirmColor="red"
          withReason
          busy={update.isPending}
          onConfirm={(reason) =>
            update.mutate(reason ? { status: 'cancelled', reason } : { status: 'cancelled' }, {
              onSuccess: () => done('cancelled'),
            })
          }
          onClose={() => setStep(null)}
          testId="payment-batch-cancel-dialog"
        />
      ) : null}
    </>
  );
}
