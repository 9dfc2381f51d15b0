import type { AdvertiserInvoiceRow } from '../api/get-advertiser-invoices';
import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatLocalDate, formatMoneyMinor, type AdvertiserInvoiceStatus } from '@portal/contracts';
import type { StaffColumn } from '@/components/staff-table';
import { downloadFile } from '@/lib/files';

const STATUS_COLORS: Record<AdvertiserInvoiceStatus, string> = { issued: 'yellow', paid: 'green', cancelled: 'gray' };

/**
 * The columns of the advertiser invoices: reference with its PDF (the signed file link the partners' Payments uses),
 * kind, advertiser, period, issue and due days (days overdue), net, VAT with its treatment in words, total, status.
 */
export function useAdvertiserInvoiceColumns(): StaffColumn<AdvertiserInvoiceRow>[] {
  const { t } = useTranslation();
  const column = (key: string) => t(`staff.advertiserInvoices.columns.${key}`);
  return [
    {
      key: 'reference',
      label: column('reference'),
      noWrap: true,
      cellTestId: 'advertiser-invoice-reference',
      cell: (invoice) => (
        <Group gap={6} wrap="nowrap">
          <Text ff="monospace" size="sm">
            {invoice.reference}
          </Text>
          {invoice.file ? (
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('staff.advertiserInvoices.pdf', { reference: invoice.reference })}
              title={t('staff.advertiserInvoices.pdf', { reference: invoice.reference })}
              onClick={() => void downloadFile(invoice.file!.id)}
              data-testid="advertiser-invoice-pdf"
            >
              <IconDownload size={16} />
            </ActionIcon>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'kind',
      label: column('kind'),
      cell: (invoice) => (
        <>
          {t(`staff.advertiserInvoices.kind.${invoice.kind}`)}
          {invoice.creditNoteFor ? (
            <Text size="xs" c="dimmed">
              {t('staff.advertiserInvoices.creditNoteFor', { reference: invoice.creditNoteFor })}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'advertiser', label: column('advertiser'), cell: (invoice) => invoice.advertiser.name },
    {
      key: 'period',
      label: column('period'),
      noWrap: true,
      cell: (invoice) => `${formatLocalDate(invoice.period.startDate)} – ${formatLocalDate(invoice.period.endDate)}`,
    },
    { key: 'issued', label: column('issued'), noWrap: true, cell: (invoice) => formatLocalDate(invoice.issuedOn) },
    {
      key: 'due',
      label: column('due'),
      noWrap: true,
      cell: (invoice) => (
        <>
          {formatLocalDate(invoice.dueOn)}
          {invoice.daysOverdue > 0 ? (
            <Text size="xs" c="red.8" data-testid="advertiser-invoice-overdue">
              {t('staff.advertiserInvoices.daysOverdue', { count: invoice.daysOverdue })}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'net',
      label: column('net'),
      align: 'right',
      noWrap: true,
      cell: (invoice) => formatMoneyMinor(invoice.netAmount, invoice.currency),
    },
    {
      key: 'vat',
      label: column('vat'),
      align: 'right',
      noWrap: true,
      cell: (invoice) => (
        <>
          {formatMoneyMinor(invoice.vatAmount, invoice.currency)}
          <Text size="xs" c="dimmed">
            {t(`staff.advertiserInvoices.vatTreatment.${invoice.vatTreatment}`, { rate: invoice.vatRatePercent })}
          </Text>
        </>
      ),
    },
    {
      key: 'total',
      label: column('total'),
      align: 'right',
      noWrap: true,
      cellTestId: 'advertiser-invoice-total',
      cell: (invoice) => formatMoneyMinor(invoice.totalAmount, invoice.currency),
    },
    {
      key: 'status',
      label: column('status'),
      noWrap: true,
      cell: (invoice) => (
        <>
          <Badge color={STATUS_COLORS[invoice.status]} variant="light" data-testid="advertiser-invoice-status">
            {t(`staff.advertiserInvoices.status.${invoice.status}`)}
          </Badge>
          {invoice.paidOn ? (
            <Text size="xs" c="dimmed">
              {t('staff.advertiserInvoices.paidOnDay', { date: formatLocalDate(invoice.paidOn) })}
            </Text>
          ) : null}
          {invoice.creditNote ? (
            <Text size="xs" c="dimmed">
              {t('staff.advertiserInvoices.creditedBy', { reference: invoice.creditNote })}
            </Text>
          ) : null}
        </>
      ),
    },
  ];
}
