import type { StaffInvoiceRow } from '../api/get-staff-invoices';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INVOICE_MOVE_REASON_MAX,
  INVOICE_STATUS_LABELS,
  type InvoiceMove,
  type InvoiceStatusBody,
} from '@portal/contracts';
import { formatParisMoment } from '@/lib/dates';
import { showSnackbar } from '@/lib/snackbar';
import { useSetInvoiceStatus } from '../api/set-invoice-status';

/** A move's words: forward moves by where they lead, the bank return by where it comes from (decisions 064, 073). */
export const moveLabelKey = (from: StaffInvoiceRow['status'], move: InvoiceMove) =>
  move.duty === 'send_invoice_back' ? `staff.invoices.sendBack.${from}` : `staff.invoices.next.${move.to}`;

/**
 * Confirms one move of an invoice before it is made (each is audited and told to the partner); a bank return asks
 * why, which the audit entry keeps and the partner reads (decisions 064, 073). Starting the payment of a held invoice says why the server will
 * refuse it (decision 072); the refusal itself comes back as the server's message.
 */
export function InvoiceMoveDialog({
  invoice,
  move,
  onClose,
}: {
  invoice: StaffInvoiceRow;
  move: InvoiceMove;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const change = useSetInvoiceStatus();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const sendBack = move.duty === 'send_invoice_back';
  const action = t(moveLabelKey(invoice.status, move));
  const missing = sendBack && reason.trim() === '';
  const tooLong = reason.length > INVOICE_MOVE_REASON_MAX;
  const reasonError = tooLong
    ? t('formError.maxLength', { n: INVOICE_MOVE_REASON_MAX })
    : touched && missing
      ? t('formError.required')
      : null;

  const confirm = () => {
    setTouched(true);
    if (missing || tooLong) return;
    const body: InvoiceStatusBody = reason.trim() ? { status: move.to, reason: reason.trim() } : { status: move.to };
    change.mutate(
      { id: invoice.id, body },
      {
        onSuccess: () => {
          showSnackbar({
            kind: 'success',
            message: t('staff.invoices.moved', {
              reference: invoice.reference,
              status: INVOICE_STATUS_LABELS[move.to],
            }),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('staff.invoices.confirmTitle', { action, reference: invoice.reference })}
      data-testid="staff-invoice-dialog"
    >
      <Stack>
        <Text size="sm">
          {t(sendBack ? 'staff.invoices.explainBack' : 'staff.invoices.explain', {
            reference: invoice.reference,
            status: INVOICE_STATUS_LABELS[move.to],
          })}
        </Text>
        {move.duty === 'start_invoice_payment' && invoice.heldUntil ? (
          <Alert color="orange" data-testid="staff-invoice-held-alert">
            {t('staff.invoices.heldExplain', { date: formatParisMoment(invoice.heldUntil) })}
          </Alert>
        ) : null}
        {sendBack ? (
          <Textarea
            label={t('staff.invoices.reason')}
            description={t('staff.invoices.reasonHint')}
            required
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={reasonError}
            rows={3}
            data-testid="staff-invoice-reason"
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('staff.invoices.cancel')}
          </Button>
          <Button onClick={confirm} loading={change.isPending} data-testid="staff-invoice-confirm">
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
