import { Anchor, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  PAYMENT_BATCH_STATUSES,
  formatCount,
  formatLocalDate,
  formatMoneyMinor,
  type PaymentBatchStatus,
} from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { paths } from '@/lib/paths';
import { usePaymentBatches } from '../api/get-payment-batches';
import { BatchStatusBadge } from './batch-status-badge';
import { ByHandInvoices } from './by-hand-invoices';

const PAGE_SIZE = 50;
const isStatus = (value: string | null): value is PaymentBatchStatus =>
  PAYMENT_BATCH_STATUSES.includes(value as PaymentBatchStatus);

type BatchRow = NonNullable<ReturnType<typeof usePaymentBatches>['data']>['list'][number];

/**
 * Payments out (decision 073): the SEPA payment batches, newest first, filtered by status in the address, each opening
 * its page (approval, file, paid, cancel); below them the validated invoices no batch can pay, to pay by hand.
 * Batches are built from the Invoices screen's selection.
 */
export function PaymentsOut() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status');
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const batches = usePaymentBatches({ page, count: PAGE_SIZE, ...(isStatus(status) ? { status } : {}) });

  const set = (next: { status?: string | null; page?: number }) => {
    const params = new URLSearchParams(searchParams);
    if (next.status !== undefined) {
      if (next.status) params.set('status', next.status);
      else params.delete('status');
      params.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) params.set('page', String(next.page));
      else params.delete('page');
    }
    setSearchParams(params);
  };

  const column = (key: string) => t(`staff.paymentsOut.columns.${key}`);
  const columns: StaffColumn<BatchRow>[] = [
    {
      key: 'reference',
      label: column('reference'),
      noWrap: true,
      cellTestId: 'payment-batch-reference',
      cell: (batch) => (
        <Anchor component={Link} to={paths.staffPaymentBatch.href(batch.id)}>
          {batch.reference}
        </Anchor>
      ),
    },
    {
      key: 'status',
      label: column('status'),
      noWrap: true,
      cell: (batch) => <BatchStatusBadge status={batch.status} />,
    },
    {
      key: 'count',
      label: column('count'),
      align: 'right',
      cell: (batch) => formatCount(batch.transactionCount),
    },
    {
      key: 'total',
      label: column('total'),
      align: 'right',
      noWrap: true,
      cellTestId: 'payment-batch-total',
      cell: (batch) => formatMoneyMinor(batch.totalAmount, batch.currency),
    },
    {
      key: 'execution',
      label: column('execution'),
      noWrap: true,
      cell: (batch) => formatLocalDate(batch.requestedExecutionDate),
    },
    { key: 'createdBy', label: column('createdBy'), cell: (batch) => batch.createdBy?.name ?? '—' },
    { key: 'approvedBy', label: column('approvedBy'), cell: (batch) => batch.approvedBy?.name ?? '—' },
  ];

  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('staff.paymentsOut.intro')}
        </Text>
        <Select
          label={t('staff.paymentsOut.statusFilter')}
          placeholder={t('staff.paymentsOut.allStatuses')}
          data-testid="payment-batches-status"
          clearable
          data={PAYMENT_BATCH_STATUSES.map((value) => ({ value, label: t(`staff.paymentsOut.status.${value}`) }))}
          value={isStatus(status) ? status : null}
          onChange={(value) => set({ status: value })}
          w={260}
        />
        <StaffTable
          columns={columns}
          rows={batches.data?.list}
          rowKey={(batch) => batch.id}
          rowTestId="payment-batch-row"
          loading={batches.isPending}
          error={batches.isError ? t('staff.paymentsOut.loadError') : null}
          empty={<Text data-testid="payment-batches-empty">{t('staff.paymentsOut.empty')}</Text>}
          paging={{
            page,
            total: batches.data?.total ?? 0,
            pageSize: PAGE_SIZE,
            onChange: (value) => set({ page: value }),
            label: t('staff.paymentsOut.pages'),
            testId: 'payment-batches-pages',
          }}
          minWidth={900}
        />
      </Stack>
      <ByHandInvoices />
    </Stack>
  );
}
