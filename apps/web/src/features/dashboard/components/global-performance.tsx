import { SimpleGrid, Skeleton, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  GLOBAL_PERFORMANCE_ROWS,
  formatConversionRates,
  type GlobalPerformance,
  formatMoneyAmounts,
} from '@portal/contracts';
import { useGlobalPerformance } from '../api/get-global-performance';
import { formatCount } from '../dashboard-format';
import { BlockError, DashboardBlock, StatTile, StatTilePending } from './dashboard-block';

/** 'Global Performance' (spec section 2): month and year revenue, then one row per period. */
export function GlobalPerformanceBlock({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const performance = useGlobalPerformance();
  return (
    <DashboardBlock title={t('dashboard.global.title')} data-testid="global-performance">
      {performance.isPending ? (
        <Stack gap="md" data-testid="global-performance-loading" aria-busy="true">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <StatTilePending label={t('dashboard.global.monthRevenue')} />
            <StatTilePending label={t('dashboard.global.yearRevenue')} />
          </SimpleGrid>
          <Skeleton height={260} radius="md" />
        </Stack>
      ) : !performance.data ? (
        <BlockError>{t('errors.generic')}</BlockError>
      ) : (
        <GlobalPerformanceView data={performance.data} currency={currency} />
      )}
    </DashboardBlock>
  );
}

function GlobalPerformanceView({ data, currency }: { data: GlobalPerformance; currency: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <StatTile
          label={t('dashboard.global.monthRevenue')}
          value={formatMoneyAmounts(data.mtd.revenue, currency)}
          data-testid="global-month-revenue"
        />
        <StatTile
          label={t('dashboard.global.yearRevenue')}
          value={formatMoneyAmounts(data.ytd.revenue, currency)}
          data-testid="global-year-revenue"
        />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder data-testid="global-performance-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.global.columns.period')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.global.columns.clicks')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.global.columns.conversions')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.global.columns.conversionRate')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.global.columns.epc')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.global.columns.revenue')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {GLOBAL_PERFORMANCE_ROWS.map((period) => {
              const row = data[period];
              return (
                <Table.Tr key={period} data-testid="global-performance-row" data-period={period}>
                  <Table.Th data-testid="period">{t(`dashboard.global.periods.${period}`)}</Table.Th>
                  <Table.Td ta="right" data-testid="clicks">
                    {formatCount(row.clicks)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="conversions">
                    {formatCount(row.conversions)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="conversion-rate">
                    {formatConversionRates(row)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="epc">
                    {formatMoneyAmounts(row.epc, currency)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="revenue">
                    {formatMoneyAmounts(row.revenue, currency)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
