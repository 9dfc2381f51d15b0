import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@portal/contracts';
import { StaffTable } from '@/components/staff-table';
import { useStaffConversions, type StaffConversionListRow as Row } from '../api/get-conversions';
import { AddConversionDialog } from './add-conversion-dialog';
import { ConversionBulkBar } from './conversion-bulk-bar';
import { ConversionFilters } from './conversion-filters';
import { ConversionRowActions } from './conversion-row-actions';
import { conversionColumns } from './conversion-columns';
import { PAGE_SIZE, useConversionSearch } from './use-conversion-search';

/**
 * The staff's conversions (decision 071): every status within the reader's reach, filtered, found by a click,
 * conversion or transaction id, sorted on time, payout or revenue, paged and exported as CSV; the pending ones are
 * approved or declined from their row (decision 023), or selected (the page's pending ones at once) and decided
 * together after a confirmation naming their count and totals (decision 079). The search lives in the address.
 */
const NONE: ReadonlyMap<number, Row> = new Map();

export function StaffConversions() {
  const { t } = useTranslation();
  const search = useConversionSearch();
  const conversions = useStaffConversions(search.query);
  const [adding, setAdding] = useState(false);
  // A selection belongs to the page and filters it was made on: it is kept with them and another search starts empty,
  // derived at render rather than cleared by an effect, so a click between a search's render and an effect is not lost.
  const listed = JSON.stringify(search.query);
  const [picked, setPicked] = useState<{ listed: string; rows: ReadonlyMap<number, Row> }>({ listed, rows: NONE });
  const selected = picked.listed === listed ? picked.rows : NONE;
  const selectedRows = [...selected.values()];
  const clearSelection = () => setPicked({ listed, rows: NONE });
  const toggle = (rows: readonly Row[], on: boolean) =>
    setPicked((current) => {
      const next = new Map(current.listed === listed ? current.rows : NONE);
      for (const conversion of rows) {
        if (on) next.set(conversion.id, conversion);
        else next.delete(conversion.id);
      }
      return { listed, rows: next };
    });
  const pending = (conversion: Row) => conversion.status === 'pending';
  const onSort = (key: string) =>
    search.set(
      key === search.sort
        ? { order: search.order === 'desc' ? 'asc' : null }
        : { sort: key === 'time' ? null : key, order: null },
    );

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button variant="light" onClick={() => setAdding(true)} data-testid="staff-conversion-add">
          {t('staff.conversions.change.addButton')}
        </Button>
      </Group>
      {adding ? <AddConversionDialog onClose={() => setAdding(false)} /> : null}
      <ConversionFilters search={search} />
      <ConversionBulkBar selected={selectedRows} onClear={clearSelection} />
      <StaffTable
        columns={conversionColumns(t)}
        rows={conversions.data?.list}
        rowKey={(conversion) => conversion.id}
        rowTestId="staff-conversion-row"
        rowAttributes={(conversion) => ({ 'data-conversion-id': conversion.id, 'data-status': conversion.status })}
        selection={{
          isSelected: (conversion) => selected.has(conversion.id),
          onToggle: (conversion, on) => toggle([conversion], on),
          onToggleAll: (on) => toggle((conversions.data?.list ?? []).filter(pending), on),
          rowLabel: (conversion) => t('staff.conversions.bulk.selectRow', { id: conversion.id }),
          allLabel: t('staff.conversions.bulk.selectAll'),
          selectable: pending,
        }}
        loading={conversions.isPending}
        error={conversions.isError && t('staff.conversions.loadError')}
        empty={
          <Text c="dimmed" ta="center" p="xl" data-testid="staff-conversions-empty">
            {t(search.hasFilters ? 'staff.conversions.noMatch' : 'staff.conversions.empty')}
          </Text>
        }
        above={
          <Text size="sm" c="dimmed" data-testid="staff-conversions-total">
            {t('staff.conversions.total', {
              count: conversions.data?.total ?? 0,
              formatted: formatCount(conversions.data?.total ?? 0),
            })}
          </Text>
        }
        minWidth={1500}
        testId="staff-conversions-table"
        sort={{ by: search.sort, order: search.order, onSort }}
        actionsLabel={t('staff.conversions.columns.actions')}
        rowActions={(conversion) => <ConversionRowActions conversion={conversion} />}
        paging={{
          page: search.page,
          total: conversions.data?.total ?? 0,
          pageSize: PAGE_SIZE,
          onChange: (page) => search.set({ page: String(page) }),
          label: t('staff.conversions.pages'),
          testId: 'staff-conversions-pages',
        }}
      />
    </Stack>
  );
}
