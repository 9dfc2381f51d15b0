import type { StaffInvoiceRow } from '../api/get-staff-invoices';
import { Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { INVOICE_STATUSES, invoiceMovesFor, performsDuty, type InvoiceMove } from '@portal/contracts';
import { StaffTable } from '@/components/staff-table';
import { useConfig } from '@/lib/config';
import { useStaffInvoices } from '../api/get-staff-invoices';
import { BuildBatchDialog } from './build-batch-dialog';
import { BulkMoveDialog } from './bulk-move-dialog';
import { InvoiceBulkBar } from './invoice-bulk-bar';
import { invoiceColumns } from './invoice-columns';
import {
  FILTER_KEYS,
  InvoiceFilters,
  booleanOf,
  isCurrency,
  isDay,
  isPaymentMethod,
  isStatus,
  type FilterKey,
} from './invoice-filters';
import { InvoiceMoveDialog } from './invoice-move-dialog';
import { InvoiceMoves } from './invoice-moves';

const PAGE_SIZE = 50;

/**
 * The invoices finance works through to payment, filtered in the address (status, hold, currency, due day, payment
 * method, SEPA or by hand). Finance and admins get one button per move of the transition table their role performs
 * (validate, start payment, mark paid, the bank return; decisions 064, 073), each confirmed in a dialog, audited and
 * told to the partner in the server's words; account and team managers read their partners' invoices with no button.
 * Selected invoices move together, all or nothing, after a confirmation naming their count and totals per currency,
 * or become a SEPA payment batch (decision 073). Each row opens its PDF and says what holds its payment.
 */
export function StaffInvoices() {
  const { t } = useTranslation();
  const config = useConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status');
  const held = booleanOf(searchParams.get('held'));
  const sepa = booleanOf(searchParams.get('sepa'));
  const currency = searchParams.get('currency');
  const dueBefore = searchParams.get('dueBefore');
  const paymentMethod = searchParams.get('paymentMethod');
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const invoices = useStaffInvoices({
    page,
    count: PAGE_SIZE,
    sort: 'date',
    order: 'desc',
    ...(isStatus(status) ? { status: [status] } : {}),
    ...(held === undefined ? {} : { held }),
    ...(sepa === undefined ? {} : { sepa }),
    ...(isCurrency(currency) ? { currency } : {}),
    ...(isDay(dueBefore) ? { dueBefore } : {}),
    ...(isPaymentMethod(paymentMethod) ? { paymentMethod } : {}),
  });
  const [moving, setMoving] = useState<{ invoice: StaffInvoiceRow; move: InvoiceMove } | null>(null);
  const [selected, setSelected] = useState<ReadonlyMap<number, StaffInvoiceRow>>(new Map());
  const [bulkMove, setBulkMove] = useState<InvoiceMove | null>(null);
  const [building, setBuilding] = useState(false);
  const label = (value: string) => config.data.invoiceStatusList.find((item) => item.value === value)?.label ?? value;

  // A selection belongs to the page and filters it was made on.
  const listed = searchParams.toString();
  useEffect(() => setSelected(new Map()), [listed]);
  const selectedRows = [...selected.values()];
  const clearSelection = () => setSelected(new Map());
  const toggle = (rows: readonly StaffInvoiceRow[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });

  const set = (next: Partial<Record<FilterKey, string | null>> & { page?: number }) => {
    const params = new URLSearchParams(searchParams);
    for (const key of FILTER_KEYS) {
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

  /** Account and team managers read invoices: no move, so no actions column and no selection (decision 064). */
  const movesInvoices = INVOICE_STATUSES.some((from) => invoiceMovesFor(config.roles, from).length > 0);
  const selects = movesInvoices || performsDuty(config.roles, 'build_payment_batch');

  const columns = invoiceColumns(t, label);

  return (
    <Stack gap="md">
      <InvoiceFilters
        values={{ status, held, sepa, currency, dueBefore, paymentMethod }}
        label={label}
        onChange={(key, value) => set({ [key]: value })}
      />
      {selectedRows.length > 0 ? (
        <InvoiceBulkBar
          selected={selectedRows}
          onMove={setBulkMove}
          onBuildBatch={() => setBuilding(true)}
          onClear={clearSelection}
        />
      ) : null}
      <StaffTable
        columns={columns}
        rows={invoices.data?.list}
        rowKey={(invoice) => invoice.id}
        rowTestId="staff-invoice-row"
        loading={invoices.isPending}
        error={invoices.isError ? t('staff.invoices.loadError') : null}
        empty={<Text data-testid="staff-invoices-empty">{t('staff.invoices.empty')}</Text>}
        selection={
          selects
            ? {
                isSelected: (invoice) => selected.has(invoice.id),
                onToggle: (invoice, on) => toggle([invoice], on),
                onToggleAll: (on) => toggle(invoices.data?.list ?? [], on),
                rowLabel: (invoice) => t('staff.invoices.selectRow', { reference: invoice.reference }),
                allLabel: t('staff.invoices.selectAll'),
              }
            : undefined
        }
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
        minWidth={1100}
      />
      {moving ? (
        <InvoiceMoveDialog invoice={moving.invoice} move={moving.move} onClose={() => setMoving(null)} />
      ) : null}
      {bulkMove && selectedRows.length > 0 ? (
        <BulkMoveDialog
          invoices={selectedRows}
          move={bulkMove}
          onClose={() => setBulkMove(null)}
          onDone={() => {
            setBulkMove(null);
            clearSelection();
          }}
        />
      ) : null}
      {building && selectedRows.length > 0 ? (
        <BuildBatchDialog invoices={selectedRows} onClose={() => setBuilding(false)} />
      ) : null}
    </Stack>
  );
}
