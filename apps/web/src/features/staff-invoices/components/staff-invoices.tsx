import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  INVOICE_STATUSES,
  formatLocalDate,
  invoiceMovesFor,
  formatMoneyMinor,
  partnerDisplayName,
  type InvoiceMove,
  type StaffInvoice,
} from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useStaffInvoices } from '../api/get-staff-invoices';
import { InvoiceMoveDialog } from './invoice-move-dialog';
import { InvoiceMoves } from './invoice-moves';
import { InvoiceStatusCell } from './invoice-status-cell';

const PAGE_SIZE = 50;
type Status = (typeof INVOICE_STATUSES)[number];
const isStatus = (value: string | null): value is Status => INVOICE_STATUSES.includes(value as Status);
/** The hold filter of the address (decision 072): 'true' held only, 'false' the others, absent all. */
const HELD_VALUES = ['true', 'false'] as const;
const heldOf = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : undefined);

/**
 * The invoices finance works through to payment, filtered by status in the address. Finance and admins get one
 * button per move of the transition table their role performs (validate, start payment, mark paid, send back; decision
 * 064), each confirmed in a dialog, audited and told to the partner in the server's words; account and team managers
 * read their partners' invoices with no button. Validating an invoice one created is left to another person. An
 * invoice held after its partner's bank details changed says until when (decision 072), and can be filtered on.
 */
export function StaffInvoices() {
  const { t } = useTranslation();
  const config = useConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status');
  const held = heldOf(searchParams.get('held'));
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const invoices = useStaffInvoices({
    page,
    count: PAGE_SIZE,
    sort: 'date',
    order: 'desc',
    ...(isStatus(status) ? { status: [status] } : {}),
    ...(held === undefined ? {} : { held }),
  });
  const [moving, setMoving] = useState<{ invoice: StaffInvoice; move: InvoiceMove } | null>(null);
  const label = (value: string) => config.data.invoiceStatusList.find((item) => item.value === value)?.label ?? value;

  const set = (next: { status?: string | null; held?: string | null; page?: number }) => {
    const params = new URLSearchParams(searchParams);
    for (const key of ['status', 'held'] as const) {
      const value = next[key];
      if (value === undefined) continue;
      if (value) params.set(key, value);
      else params.delete(key);
      params.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) params.set('page', String(next.page));
      else params.delete('page');
    }
    setSearchParams(params);
  };

  /** Account and team managers read invoices: no move, so no actions column (decision 064). */
  const movesInvoices = INVOICE_STATUSES.some((from) => invoiceMovesFor(config.roles, from).length > 0);

  const column = (key: string) => t(`staff.invoices.columns.${key}`);
  const columns: StaffColumn<StaffInvoice>[] = [
    {
      key: 'reference',
      label: column('reference'),
      cell: (invoice) => invoice.reference,
      cellTestId: 'staff-invoice-reference',
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

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <Select
          label={t('staff.invoices.status')}
          data-testid="staff-invoices-status"
          placeholder={t('staff.invoices.allStatuses')}
          clearable
          data={INVOICE_STATUSES.map((value) => ({ value, label: label(value) }))}
          value={isStatus(status) ? status : null}
          onChange={(value) => set({ status: value })}
          w={260}
        />
        <Select
          label={t('staff.invoices.hold')}
          data-testid="staff-invoices-held"
          placeholder={t('staff.invoices.holdAny')}
          clearable
          data={HELD_VALUES.map((value) => ({
            value,
            label: t(value === 'true' ? 'staff.invoices.holdYes' : 'staff.invoices.holdNo'),
          }))}
          value={held === undefined ? null : String(held)}
          onChange={(value) => set({ held: value })}
          w={200}
        />
      </Group>
      <StaffTable
        columns={columns}
        rows={invoices.data?.list}
        rowKey={(invoice) => invoice.id}
        rowTestId="staff-invoice-row"
        loading={invoices.isPending}
        error={invoices.isError ? t('staff.invoices.loadError') : null}
        empty={<Text data-testid="staff-invoices-empty">{t('staff.invoices.empty')}</Text>}
        rowActions={
          movesInvoices
            ? (invoice) => <InvoiceMoves invoice={invoice} onMove={(move) => setMoving({ invoice, move })} />
            : undefined
        }
        actionsLabel={t('staff.invoices.columns.actions')}
        paging={{
          page,
          total: invoices.data?.total ?? 0,
          pageSize: PAGE_SIZE,
          onChange: (value) => set({ page: value }),
          label: t('staff.invoices.pages'),
          testId: 'staff-invoices-pages',
        }}
        minWidth={1000}
      />
      {moving ? (
        <InvoiceMoveDialog invoice={moving.invoice} move={moving.move} onClose={() => setMoving(null)} />
      ) : null}
    </Stack>
  );
}
