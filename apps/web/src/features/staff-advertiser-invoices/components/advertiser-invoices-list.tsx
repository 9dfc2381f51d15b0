import type { AdvertiserInvoiceRow, AdvertiserInvoiceFilters } from '../api/get-advertiser-invoices';
import { Button, Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ADVERTISER_INVOICE_STATUSES, type AdvertiserInvoiceStatus } from '@portal/contracts';
import { StaffTable } from '@/components/staff-table';
import { finishedBillingMonths } from '@/lib/billing-months';
import { useExportAdvertiserInvoices } from '../api/export-advertiser-invoices';
import { useAdvertiserInvoices } from '../api/get-advertiser-invoices';
import { useAdvertiserChoices } from '../api/get-advertisers';
import { useAdvertiserInvoiceColumns } from './advertiser-invoice-columns';
import { CreditNoteDialog, MarkPaidDialog } from './invoice-dialogs';

const PAGE_SIZE = 50;
const isStatus = (value: string | null): value is AdvertiserInvoiceStatus =>
  ADVERTISER_INVOICE_STATUSES.includes(value as AdvertiserInvoiceStatus);
const isMonth = (value: string | null): value is string => value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
const isId = (value: string | null) => value !== null && /^[1-9]\d*$/.test(value);

/** The filters of the address: month, advertiser, status, overdue (react-admin's filters kept in the address). */
function filtersOf(params: URLSearchParams): AdvertiserInvoiceFilters {
  const month = params.get('month');
  const advertiserId = params.get('advertiserId');
  const status = params.get('status');
  return {
    ...(isMonth(month) ? { month } : {}),
    ...(isId(advertiserId) ? { advertiserId: Number(advertiserId) } : {}),
    ...(isStatus(status) ? { status } : {}),
    ...(params.get('overdue') === 'true' ? { overdue: true } : {}),
  };
}

/**
 * The advertiser invoices and credit notes (decision 073), newest first, filtered by month, advertiser, status and
 * overdue in the address, with their PDF, a CSV of the same filters, and per invoice the steps left: paid on a day, or
 * cancelled by a credit note.
 */
export function AdvertiserInvoicesList() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersOf(searchParams);
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const invoices = useAdvertiserInvoices({ ...filters, page, count: PAGE_SIZE });
  const advertisers = useAdvertiserChoices();
  const exportCsv = useExportAdvertiserInvoices();
  const [months] = useState(() => finishedBillingMonths(new Date()));
  const [acting, setActing] = useState<{ invoice: AdvertiserInvoiceRow; step: 'paid' | 'cancel' } | null>(null);

  const set = (key: string, value: string | null) => {
    const params = new URLSearchParams(searchParams);
    if (value) params.set(key, value);
    else params.delete(key);
    if (key !== 'page') params.delete('page');
    setSearchParams(params);
  };

  const columns = useAdvertiserInvoiceColumns();

  const actions = (invoice: AdvertiserInvoiceRow) =>
    invoice.kind === 'invoice' && invoice.status === 'issued' ? (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="compact-sm"
          variant="light"
          color="green"
          onClick={() => setActing({ invoice, step: 'paid' })}
          data-testid="advertiser-invoice-mark-paid"
        >
          {t('staff.advertiserInvoices.markPaid')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => setActing({ invoice, step: 'cancel' })}
          data-testid="advertiser-invoice-cancel"
        >
          {t('staff.advertiserInvoices.cancel')}
        </Button>
      </Group>
    ) : null;

  return (
    <Stack gap="md" component="section" aria-labelledby="advertiser-invoices-title">
      <Title order={3} size="h4" id="advertiser-invoices-title">
        {t('staff.advertiserInvoices.listTitle')}
      </Title>
      <Group align="flex-end">
        <Select
          label={t('staff.advertiserInvoices.filters.month')}
          placeholder={t('staff.advertiserInvoices.filters.anyMonth')}
          clearable
          data={months}
          value={filters.month ?? null}
          onChange={(value) => set('month', value)}
          w={200}
          data-testid="advertiser-invoices-month"
        />
        <Select
          label={t('staff.advertiserInvoices.filters.advertiser')}
          placeholder={t('staff.advertiserInvoices.filters.anyAdvertiser')}
          clearable
          searchable
          data={(advertisers.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
          value={filters.advertiserId ? String(filters.advertiserId) : null}
          onChange={(value) => set('advertiserId', value)}
          w={240}
          data-testid="advertiser-invoices-advertiser"
        />
        <Select
          label={t('staff.advertiserInvoices.filters.status')}
          placeholder={t('staff.advertiserInvoices.filters.anyStatus')}
          clearable
          data={ADVERTISER_INVOICE_STATUSES.map((value) => ({
            value,
            label: t(`staff.advertiserInvoices.status.${value}`),
          }))}
          value={filters.status ?? null}
          onChange={(value) => set('status', value)}
          w={180}
          data-testid="advertiser-invoices-status"
        />
        <Checkbox
          label={t('staff.advertiserInvoices.filters.overdue')}
          checked={filters.overdue === true}
          onChange={(event) => set('overdue', event.currentTarget.checked ? 'true' : null)}
          mb={8}
          data-testid="advertiser-invoices-overdue"
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate(filters)}
          data-testid="advertiser-invoices-csv"
        >
          {t('staff.advertiserInvoices.csv')}
        </Button>
      </Group>
      <StaffTable
        columns={columns}
        rows={invoices.data?.list}
        rowKey={(invoice) => invoice.id}
        rowTestId="advertiser-invoice-row"
        loading={invoices.isPending}
        error={invoices.isError ? t('staff.advertiserInvoices.loadError') : null}
        empty={<Text data-testid="advertiser-invoices-empty">{t('staff.advertiserInvoices.empty')}</Text>}
        rowActions={actions}
        actionsLabel={t('staff.advertiserInvoices.columns.actions')}
        paging={{
          page,
          total: invoices.data?.total ?? 0,
          pageSize: PAGE_SIZE,
          onChange: (value) => set('page', value > 1 ? String(value) : null),
          label: t('staff.advertiserInvoices.pages'),
          testId: 'advertiser-invoices-pages',
        }}
        minWidth={1300}
      />
      {acting?.step === 'paid' ? <MarkPaidDialog invoice={acting.invoice} onClose={() => setActing(null)} /> : null}
      {acting?.step === 'cancel' ? <CreditNoteDialog invoice={acting.invoice} onClose={() => setActing(null)} /> : null}
    </Stack>
  );
}
