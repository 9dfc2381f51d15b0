import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLocalDate, type StaffInvoice } from '@portal/contracts';
import { formatParisMoment } from '@/lib/dates';
import { invoiceStatusColor } from '@/lib/invoice-status';

/**
 * An invoice's status on the Invoices screen: its badge, the day it was paid, and, while its partner's payments are
 * held after a change of the bank details, a 'Held' badge with the hold's end in Paris time (decision 072).
 */
export function InvoiceStatusCell({ invoice, label }: { invoice: StaffInvoice; label: string }) {
  const { t } = useTranslation();
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
    </>
  );
}
