import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@portal/contracts';
import { StaffTable } from '@/components/staff-table';
import { useStaffConversions } from '../api/get-conversions';
import { AddConversionDialog } from './add-conversion-dialog';
import { ConversionFilters } from './conversion-filters';
import { ConversionRowActions } from './conversion-row-actions';
import { conversionColumns } from './conversion-columns';
import { PAGE_SIZE, useConversionSearch } from './use-conversion-search';

/**
 * The staff's conversions (decision 071): every status within the reader's reach, filtered, found by a click,
 * conversion or transaction id, sorted on time, payout or revenue, paged and exported as CSV; the pending ones are
 * approved or declined from their row (decision 023). The search lives in the address.
 */
export function StaffConversions() {
  const { t } = useTranslation();
  const search = useConversionSearch();
  const conversions = useStaffConversions(search.query);
  const [adding, setAdding] = useState(false);
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
      <StaffTable
        columns={conversionColumns(t)}
        rows={conversions.data?.list}
        rowKey={(conversion) => conversion.id}
        rowTestId="staff-conversion-row"
        rowAttributes={(conversion) => ({ 'data-conversion-id': conversion.id, 'data-status': conversion.status })}
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
