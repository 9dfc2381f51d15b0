import type { PaymentBatchView } from '../api/get-payment-batch';
import { Anchor, Badge, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  INVOICE_STATUS_LABELS,
  formatCount,
  formatLocalDate,
  formatMoneyMinor,
  partnerDisplayName,
  type InvoiceStatus,
} from '@portal/contracts';
import { PageTitle } from '@/components/page-title';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { formatParisMoment } from '@/lib/dates';
import { invoiceStatusColor } from '@/lib/invoice-status';
import { paths } from '@/lib/paths';
import { usePaymentBatch } from '../api/get-payment-batch';
import { BatchActions } from './batch-actions';
import { BatchStatusBadge } from './batch-status-badge';

type Transaction = PaymentBatchView['transactions'][number];

/** A figure of the batch's header: its name above, its value below. */
function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm">
        {children}
      </Text>
    </div>
  );
}

/** Who did a step and when (Paris time), or a dash. */
const byWhom = (person: PaymentBatchView['createdBy'], at: Date | null) =>
  person ? `${person.name}${at ? `, ${formatParisMoment(at)}` : ''}` : at ? formatParisMoment(at) : '—';

/**
 * One payment batch (decision 073): its figures (transactions, total, execution day, debtor, who built, approved and
 * downloaded it, when), its steps by status, and its transactions with each invoice's status now.
 */
export function BatchPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const batch = usePaymentBatch(id);
  const back = (
    <Anchor component={Link} to={paths.staffPaymentsOut.href()} size="sm">
      {t('staff.paymentBatch.backToList')}
    </Anchor>
  );
  if (batch.isPending)
    return (
      <Stack>
        <PageTitle>{t('screen.staffPaymentBatch')}</PageTitle>
        <Center p="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      </Stack>
    );
  if (!batch.data)
    return (
      <Stack>
        <PageTitle>{t('screen.staffPaymentBatch')}</PageTitle>
        {back}
        <Text c="red" data-testid="payment-batch-error">
          {t('staff.paymentBatch.loadError')}
        </Text>
      </Stack>
    );
  const data = batch.data;
  const column = (key: string) => t(`staff.paymentBatch.columns.${key}`);
  const columns: StaffColumn<Transaction>[] = [
    { key: 'invoice', label: column('invoice'), noWrap: true, cell: (row) => row.reference },
    {
      key: 'partner',
      label: column('partner'),
      cell: (row) => (
        <Anchor component={Link} to={paths.staffPartner.href(row.partner.id)}>
          {partnerDisplayName(row.partner.name, row.partner.id)}
        </Anchor>
      ),
    },
    {
      key: 'amount',
      label: column('amount'),
      align: 'right',
      noWrap: true,
      cell: (row) => formatMoneyMinor(row.amount, data.currency),
    },
    { key: 'creditor', label: column('creditor'), cell: (row) => row.creditorName },
    {
      key: 'iban',
      label: column('iban'),
      noWrap: true,
      cell: (row) => (
        <Text ff="monospace" size="sm">
          {row.creditorIban}
        </Text>
      ),
    },
    { key: 'bic', label: column('bic'), noWrap: true, cell: (row) => row.creditorBic ?? '—' },
    {
      key: 'invoiceStatus',
      label: column('invoiceStatus'),
      noWrap: true,
      cell: (row) => (
        <Badge color={invoiceStatusColor(row.invoiceStatus)} variant="light">
          {INVOICE_STATUS_LABELS[row.invoiceStatus as InvoiceStatus] ?? row.invoiceStatus}
        </Badge>
      ),
    },
    {
      key: 'returned',
      label: column('returned'),
      noWrap: true,
      cell: (row) => (row.returnedAt ? formatParisMoment(row.returnedAt) : '—'),
    },
  ];

  return (
    <Stack>
      <PageTitle>{t('staff.paymentBatch.title', { reference: data.reference })}</PageTitle>
      {back}
      <Card withBorder>
        <Stack gap="md">
          <Group>
            <BatchStatusBadge status={data.status} />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="payment-batch-figures">
            <Figure label={t('staff.paymentBatch.figures.count')} testId="payment-batch-count">
              {formatCount(data.transactionCount)}
            </Figure>
            <Figure label={t('staff.paymentBatch.figures.total')} testId="payment-batch-total">
              {formatMoneyMinor(data.totalAmount, data.currency)}
            </Figure>
            <Figure label={t('staff.paymentBatch.figures.execution')}>
              {formatLocalDate(data.requestedExecutionDate)}
            </Figure>
            <Figure label={t('staff.paymentBatch.figures.debtor')}>
              {data.debtor.name} · {data.debtor.iban}
            </Figure>
            <Figure label={t('staff.paymentBatch.figures.createdBy')} testId="payment-batch-created-by">
              {byWhom(data.createdBy, data.createdAt)}
            </Figure>
            <Figure label={t('staff.paymentBatch.figures.approvedBy')} testId="payment-batch-approved-by">
              {byWhom(data.approvedBy, data.approvedAt)}
            </Figure>
            <Figure label={t('staff.paymentBatch.figures.downloadedBy')}>
              {byWhom(data.downloadedBy, data.downloadedAt)}
            </Figure>
            {data.paidAt ? (
              <Figure label={t('staff.paymentBatch.figures.paidAt')}>{formatParisMoment(data.paidAt)}</Figure>
            ) : null}
            {data.cancelledAt ? (
              <Figure label={t('staff.paymentBatch.figures.cancelledAt')}>{formatParisMoment(data.cancelledAt)}</Figure>
            ) : null}
          </SimpleGrid>
          <BatchActions batch={data} />
        </Stack>
      </Card>
      <Title order={3} size="h4">
        {t('staff.paymentBatch.transactions')}
      </Title>
      <StaffTable
        columns={columns}
        rows={data.transactions}
        rowKey={(row) => row.invoiceId}
        rowTestId="payment-batch-transaction"
        loading={false}
        empty={<Text>{t('staff.paymentBatch.noTransactions')}</Text>}
        minWidth={1000}
      />
    </Stack>
  );
}
