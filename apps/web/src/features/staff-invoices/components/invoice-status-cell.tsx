import type { StaffInvoiceRow } from '../api/get-staff-invoices';
import { Badge, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLocalDate } from '@portal/contracts';
import { formatParisMoment } from '@/lib/dates';
import { invoiceStatusColor } from '@/lib/invoice-status';

/**
 * An invoice's status on the Invoices screen: its badge, the day it was paid, and what stands between it and its
 * payment: held after a change of the bank details, with the hold's end in Paris time (decision 072); in a payment
 * batch; to pay by hand, and why no SEPA batch can pay it; returned by the bank, with the bank's reason (decision 073).
 */
export function InvoiceStatusCell({ invoice, label }: { invoice: StaffInvoiceRow; label: string }) {
  const { t } = useTranslation();
  const unpaid = invoice.status !== 'paid';
  return (
    <>
      <Badge color={invoiceStatusColor(invoice.status)} variant="light" data-testid="staff-invoice-status">
        {label}
      </Badge>
      {invoice.paidOn ? (
        <Text size="xs" c="dimmed">
          {t('staff.invoices.paidOn', { date: formatLocalDate(invoice.paidOn) })}
        </Text>
      ) : null}
      {invoice.heldUntil ? (
        <Text size="xs" data-testid="staff-invoice-held">
          <Badge color="orange" variant="outline" size="sm" component="span">
            {t('staff.invoices.held')}
          </Badge>{' '}
          {t('staff.invoices.heldUntil', { date: formatParisMoment(invoice.heldUntil) })}
        </Text>
      ) : null}
      {invoice.batch ? (
        <Text size="xs" data-testid="staff-invoice-batch">
          <Badge color="blue" variant="outline" size="sm" component="span">
            {t('staff.invoices.inBatch', { reference: invoice.batch.reference })}
          </Badge>
        </Text>
      ) : null}
      {unpaid && invoice.sepaRefusal ? (
        <Text size="xs" data-testid="staff-invoice-by-hand">
          <Badge color="gray" variant="outline" size="sm" component="span">
            {t('staff.invoices.byHand')}
          </Badge>{' '}
          {t(`staff.invoices.sepaRefusal.${invoice.sepaRefusal}`)}
        </Text>
      ) : null}
      {unpaid && invoice.returnedAt ? (
        <Tooltip label={invoice.returnReason ?? ''} disabled={!invoice.returnReason} multiline w={260}>
          <Text size="xs" data-testid="staff-invoice-returned">
            <Badge color="red" variant="outline" size="sm" component="span">
              {t('staff.invoices.returned')}
            </Badge>{' '}
            {t('staff.invoices.returnedOn', {
              date: formatParisMoment(invoice.returnedAt),
              reason: invoice.returnReason ?? '',
            })}
          </Text>
        </Tooltip>
      ) : null}
    </>
  );
}
