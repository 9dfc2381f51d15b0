import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  SEPA_REFUSAL_LABELS,
  formatLocalDate,
  formatMoneyMinor,
  partnerDisplayName,
  type SepaRefusal,
} from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { paths } from '@/lib/paths';
import { useDownloadByHandCsv } from '../api/download-by-hand-csv';
import { useByHandInvoices, type ByHandInvoice } from '../api/get-by-hand-invoices';

const PAGE_SIZE = 25;

/**
 * The validated invoices a SEPA batch cannot pay (another currency, not by wire, no IBAN or one outside SEPA, decision
 * 073), each with why in words, and the CSV of what the bank needs to pay them by hand.
 */
export function ByHandInvoices() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const invoices = useByHandInvoices(page, PAGE_SIZE);
  const csv = useDownloadByHandCsv();
  const column = (key: string) => t(`staff.paymentsOut.byHand.columns.${key}`);
  const columns: StaffColumn<ByHandInvoice>[] = [
    { key: 'reference', label: column('reference'), noWrap: true, cell: (invoice) => invoice.reference },
    {
      key: 'partner',
      label: column('partner'),
      cell: (invoice) => (
        <Anchor component={Link} to={paths.staffPartner.href(invoice.partner.id)}>
          {partnerDisplayName(invoice.partner.name, invoice.partner.id)}
        </Anchor>
      ),
    },
    { key: 'due', label: column('due'), noWrap: true, cell: (invoice) => formatLocalDate(invoice.dueDate) },
    {
      key: 'amount',
      label: column('amount'),
      align: 'right',
      noWrap: true,
      cell: (invoice) => formatMoneyMinor(invoice.totalAmount, invoice.paymentCurrency),
    },
    {
      key: 'reason',
      label: column('reason'),
      cellTestId: 'by-hand-reason',
      cell: (invoice) => {
        // A held invoice cannot go into a batch until its hold ends (as the CSV says): the day is named.
        const refusal: SepaRefusal | null = invoice.sepaRefusal ?? (invoice.heldUntil ? 'held' : null);
        if (!refusal) return '—';
        if (refusal === 'held' && invoice.heldUntil)
          return t('staff.paymentsOut.byHand.heldUntil', { date: formatLocalDate(invoice.heldUntil) });
        return t('staff.paymentsOut.byHand.reason', { reason: SEPA_REFUSAL_LABELS[refusal] });
      },
    },
  ];

  return (
    <Stack gap="md" component="section" aria-labelledby="by-hand-title">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={3} size="h4" id="by-hand-title">
            {t('staff.paymentsOut.byHand.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('staff.paymentsOut.byHand.intro')}
          </Text>
        </Stack>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => csv.mutate()}
          loading={csv.isPending}
          disabled={invoices.data?.total === 0}
          data-testid="by-hand-csv"
        >
          {t('staff.paymentsOut.byHand.csv')}
        </Button>
      </Group>
      <StaffTable
        columns={columns}
        rows={invoices.data?.list}
        rowKey={(invoice) => invoice.id}
        rowTestId="by-hand-row"
        loading={invoices.isPending}
        error={invoices.isError ? t('staff.paymentsOut.byHand.loadError') : null}
        empty={<Text data-testid="by-hand-empty">{t('staff.paymentsOut.byHand.empty')}</Text>}
        paging={{
          page,
          total: invoices.data?.total ?? 0,
          pageSize: PAGE_SIZE,
          onChange: setPage,
          label: t('staff.paymentsOut.byHand.pages'),
          testId: 'by-hand-pages',
        }}
        minWidth={900}
      />
    </Stack>
  );
}
