import type { StaffInvoiceRow } from '../api/get-staff-invoices';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiRequestError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { refusalsOf, useCreatePaymentBatch } from '../api/create-payment-batch';
import { totalsInWords, totalsOf } from './selection-totals';

/**
 * Confirms a SEPA payment batch of the selected validated invoices, naming how many and their total (decision 073),
 * then opens the new draft batch on the Payments out screen, where another person approves it. A refused build lists
 * each refused invoice with why (nothing was built).
 */
export function BuildBatchDialog({ invoices, onClose }: { invoices: readonly StaffInvoiceRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const build = useCreatePaymentBatch();
  const count = invoices.length;
  const refusals = refusalsOf(build.error);
  const otherError =
    refusals.length === 0 && isApiRequestError(build.error) && [400, 409, 422].includes(build.error.status)
      ? build.error.message
      : null;
  const referenceOf = (invoiceId: number, reference: string | null) =>
    reference ?? invoices.find((invoice) => invoice.id === invoiceId)?.reference ?? `#${invoiceId}`;

  const confirm = () =>
    build.mutate(
      invoices.map((invoice) => invoice.id),
      { onSuccess: (answer) => void navigate(paths.staffPaymentBatch.href(answer.data.id)) },
    );

  return (
    <Modal opened onClose={onClose} title={t('staff.invoices.batch.title')} data-testid="staff-invoices-batch-dialog">
      <Stack>
        <Text size="sm" fw={500} data-testid="staff-invoices-batch-summary">
          {t('staff.invoices.batch.summary', { count, totals: totalsInWords(totalsOf(invoices)) })}
        </Text>
        <Text size="sm">{t('staff.invoices.batch.explain')}</Text>
        {refusals.length > 0 ? (
          <Alert color="red" title={t('staff.invoices.batch.refused')} data-testid="staff-invoices-batch-refusals">
            <List size="sm">
              {refusals.map((refusal) => (
                <List.Item key={refusal.invoiceId}>
                  {t('staff.invoices.batch.refusal', {
                    reference: referenceOf(refusal.invoiceId, refusal.reference),
                    message: refusal.message,
                  })}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {otherError ? (
          <Alert color="red" data-testid="staff-invoices-batch-error">
            {otherError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('staff.invoices.cancel')}
          </Button>
          <Button onClick={confirm} loading={build.isPending} data-testid="staff-invoices-batch-confirm">
            {t('staff.invoices.batch.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
