import type { StaffInvoiceRow } from '../api/get-staff-invoices';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INVOICE_MOVE_REASON_MAX,
  INVOICE_STATUS_LABELS,
  type BulkInvoiceStatusBody,
  type InvoiceMove,
} from '@portal/contracts';
import { showSnackbar } from '@/lib/snackbar';
import { useBulkInvoiceStatus } from '../api/bulk-invoice-status';
import { moveLabelKey } from './invoice-move-dialog';
import { totalsInWords, totalsOf } from './selection-totals';

/**
 * Confirms one move of several invoices, naming how many and their totals per currency (decision 073); a bank return
 * asks why, once for all of them. The server moves all or none: a refusal comes back naming its invoice.
 */
export function BulkMoveDialog({
  invoices,
  move,
  onClose,
  onDone,
}: {
  invoices: readonly StaffInvoiceRow[];
  move: InvoiceMove;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const bulk = useBulkInvoiceStatus();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const from = invoices[0]!.status;
  const bankReturn = move.duty === 'send_invoice_back';
  const action = t(moveLabelKey(from, move));
  const count = invoices.length;
  const totals = totalsInWords(totalsOf(invoices));
  const missing = bankReturn && reason.trim() === '';
  const tooLong = reason.length > INVOICE_MOVE_REASON_MAX;
  const reasonError = tooLong
    ? t('formError.maxLength', { n: INVOICE_MOVE_REASON_MAX })
    : touched && missing
      ? t('formError.required')
      : null;

  const confirm = () => {
    setTouched(true);
    if (missing || tooLong) return;
    const body: BulkInvoiceStatusBody = {
      invoiceIds: invoices.map((invoice) => invoice.id),
      status: move.to,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    bulk.mutate(body, {
      onSuccess: (answer) => {
        showSnackbar({
          kind: 'success',
          message: t('staff.invoices.bulk.moved', {
            count: answer.data.count,
            status: INVOICE_STATUS_LABELS[move.to],
          }),
        });
        onDone();
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('staff.invoices.bulk.title', { action, count })}
      data-testid="staff-invoices-bulk-dialog"
    >
      <Stack>
        <Text size="sm" fw={500} data-testid="staff-invoices-bulk-summary">
          {t(`staff.invoices.bulk.summary.${move.duty}`, { count, totals })}
        </Text>
        <Text size="sm">
          {t(bankReturn ? 'staff.invoices.bulk.explainReturn' : 'staff.invoices.bulk.explain', {
            count,
            status: INVOICE_STATUS_LABELS[move.to],
          })}
        </Text>
        {bankReturn ? (
          <Textarea
            label={t('staff.invoices.reason')}
            description={t('staff.invoices.reasonHint')}
            required
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={reasonError}
            rows={3}
            data-testid="staff-invoices-bulk-reason"
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('staff.invoices.cancel')}
          </Button>
          <Button onClick={confirm} loading={bulk.isPending} data-testid="staff-invoices-bulk-confirm">
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
