import type { StaffInvoiceRow } from '../api/get-staff-invoices';
import { ActionIcon, Anchor, Group, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatLocalDate, formatMoneyMinor, partnerDisplayName } from '@portal/contracts';
import type { StaffColumn } from '@/components/staff-table';
import { downloadFile } from '@/lib/files';
import { paths } from '@/lib/paths';
import { InvoiceStatusCell } from './invoice-status-cell';

/**
 * The Invoices screen's columns: the invoice with its PDF one click away (a signed file link, as the partner's
 * Payments screen opens it), its partner, period, days, amount with VAT, and its status with what holds its payment.
 */
export function invoiceColumns(t: TFunction, label: (status: string) => string): StaffColumn<StaffInvoiceRow>[] {
  const column = (key: string) => t(`staff.invoices.columns.${key}`);
  return [
    {
      key: 'reference',
      label: column('reference'),
      cell: (invoice) => (
        <Group gap={4} wrap="nowrap">
          <span data-testid="staff-invoice-reference">{invoice.reference}</span>
          {invoice.file ? (
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('staff.invoices.openPdf', { reference: invoice.reference })}
              title={t('staff.invoices.openPdf', { reference: invoice.reference })}
              onClick={() => void downloadFile(invoice.file!.id)}
              data-testid="staff-invoice-pdf"
            >
              <IconFileTypePdf size={16} />
            </ActionIcon>
          ) : null}
        </Group>
      ),
      noWrap: true,
    },
    {
      key: 'partner',
      label: column('partner'),
      cell: (invoice) => (
        <Anchor component={Link} to={paths.staffPartner.href(invoice.partner.id)}>
          {partnerDisplayName(invoice.partner.name, invoice.partner.id)}
        </Anchor>
      ),
    },
    {
      key: 'period',
      label: column('period'),
      cell: (invoice) => (
        <>
          {formatLocalDate(invoice.period.startDate)} – {formatLocalDate(invoice.period.endDate)}
        </>
      ),
    },
    { key: 'date', label: column('date'), cell: (invoice) => formatLocalDate(invoice.date) },
    { key: 'due', label: column('due'), cell: (invoice) => formatLocalDate(invoice.dueDate) },
    {
      key: 'amount',
      label: column('amount'),
      align: 'right',
      noWrap: true,
      cell: (invoice) => (
        <>
          {formatMoneyMinor(invoice.totalAmount, invoice.paymentCurrency)}
          <Text size="xs" c="dimmed">
            {t('staff.invoices.vat', { amount: formatMoneyMinor(invoice.totalVatAmount, invoice.paymentCurrency) })}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      label: column('status'),
      minWidth: 215,
      noWrap: true,
      cell: (invoice) => <InvoiceStatusCell invoice={invoice} label={label(invoice.status)} />,
    },
  ];
}
