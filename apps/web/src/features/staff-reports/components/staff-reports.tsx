import {
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  NETWORK_BREAKDOWNS,
  addDays,
  formatCount,
  formatMoneyAmounts,
  formatPercent,
  localToday,
  type MoneyAmount,
  type NetworkBreakdown,
  type NetworkReportQueryInput,
  type NetworkReportRow,
} from '@portal/contracts';
import { DayRangeInput } from '@/components/day-range-input';
import { LineChart } from '@/components/line-chart';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useExportNetworkReport } from '../api/export-network-report';
import { useNetworkReport } from '../api/get-network-report';

const FILTERS = ['partnerId', 'offerId', 'advertiserId', 'accountManagerId', 'country'] as const;
const DEFAULT_CURRENCY = 'EUR';

const amountIn = (list: MoneyAmount[], currency: string) => list.find((m) => m.currency === currency)?.amount ?? 0;

/**
 * The staff's network reports (decision 046): advertiser revenue, payout and margin by day, partner, offer, advertiser,
 * account manager or country, in the viewer's time zone and scope; a chart of the three per day, Totals, CSV. The
 * breakdown, dates and filters live in the address, so that a report can be shared.
 */
export function StaffReports() {
  const { t } = useTranslation();
  const config = useConfig();
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => localToday(new Date(), config.user.timezone));
  const by = (NETWORK_BREAKDOWNS as readonly string[]).includes(params.get('by') ?? '') ? (params.get('by') as NetworkBreakdown) : 'partner'; // prettier-ignore
  const startDate = params.get('startDate') ?? addDays(today, -29);
  const endDate = params.get('endDate') ?? today;
  const filters = Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : []))); // prettier-ignore
  const query: NetworkReportQueryInput = { startDate, endDate, ...filters };
  const report = useNetworkReport(by, query);
  const daily = useNetworkReport('day', query);
  const exporter = useExportNetworkReport(by);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
  };

  const dayRows = (daily.data ?? []).filter((r) => !r.isTotal);
  const currencies = [...new Set(dayRows.flatMap((r) => r.advertiserRevenue.map((m) => m.currency)))];
  const chartCurrency = currencies.includes(DEFAULT_CURRENCY) ? DEFAULT_CURRENCY : (currencies[0] ?? DEFAULT_CURRENCY);
  const points = dayRows.map((r) => ({
    label: r.label.slice(8, 10) + '/' + r.label.slice(5, 7),
    advertiserRevenue: amountIn(r.advertiserRevenue, chartCurrency) / 100,
    payout: amountIn(r.payout, chartCurrency) / 100,
    margin: amountIn(r.margin, chartCurrency) / 100,
  }));

  const labelOf = (row: NetworkReportRow) => {
    if (row.isTotal) return t('staff.reports.totals');
    if (by === 'partner') return <Anchor component={Link} to={paths.staffPartner.href(Number(row.key))}>{`${row.label} #${row.key}`}</Anchor>; // prettier-ignore
    if (by === 'offer') return <Anchor component={Link} to={paths.staffOffer.href(Number(row.key))}>{`${row.label} #${row.key}`}</Anchor>; // prettier-ignore
    if (by === 'day') return `${row.key.slice(8, 10)}/${row.key.slice(5, 7)}/${row.key.slice(0, 4)}`;
    return row.label;
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group align="flex-end" wrap="wrap">
          <DayRangeInput
            label={t('staff.reports.dates')}
            value={{ startDate, endDate }}
            // The address holds whole ranges only: a start typed alone waits for its end.
            onChange={(range) => {
              if (range.startDate && range.endDate) set(range);
            }}
            w={260}
            data-testid="staff-reports-dates"
          />
          <TextInput label={t('staff.reports.country')} placeholder="FR" maxLength={2} value={params.get('country') ?? ''} onChange={(e) => set({ country: e.currentTarget.value.toUpperCase() })} w={110} data-testid="staff-reports-country" />
          <Button variant="default" onClick={() => exporter.mutate(query)} loading={exporter.isPending} data-testid="staff-reports-export">
            {t('staff.reports.export')}
          </Button>
        </Group>
        {FILTERS.some((name) => name !== 'country' && params.get(name)) ? (
          <Group mt="sm" gap="xs">
            {FILTERS.filter((name) => name !== 'country' && params.get(name)).map((name) => (
              <Button key={name} size="compact-sm" variant="light" onClick={() => set({ [name]: null })} data-testid={`staff-reports-filter-${name}`}>
                {t('staff.reports.removeFilter', { filter: t(`staff.reports.filters.${name}`), value: params.get(name) })}
              </Button>
            ))}
          </Group>
        ) : null}
      </Paper>

      <Paper withBorder p="md" data-testid="staff-reports-chart">
        <Title order={2} size="h4" mb="sm">
          {t('staff.reports.chartTitle', { currency: chartCurrency })}
        </Title>
        {daily.isPending ? (
          <Skeleton h={260} />
        ) : (
          <LineChart
            h={260}
            data={points}
            dataKey="label"
            series={[
              { name: 'advertiserRevenue', label: t('staff.reports.columns.advertiserRevenue'), color: 'indigo.6' },
              { name: 'payout', label: t('staff.reports.columns.payout'), color: 'orange.7' },
              { name: 'margin', label: t('staff.reports.columns.margin'), color: 'teal.7' },
            ]}
            withLegend
            curveType="linear"
            withDots={false}
            valueFormatter={(value) => formatMoneyAmounts([{ currency: chartCurrency, amount: Math.round(value * 100) }], chartCurrency)}
          />
        )}
      </Paper>

      <SegmentedControl
        value={by}
        onChange={(value) => set({ by: value })}
        data={NETWORK_BREAKDOWNS.map((b) => ({ value: b, label: t(`staff.reports.by.${b}`) }))}
        aria-label={t('staff.reports.breakdown')}
        data-testid="staff-reports-breakdown"
      />

      {report.isError ? <Text c="red">{t('errors.generic')}</Text> : null}
      {report.isPending ? <Skeleton h={200} /> : null}
      {report.data ? (
        <Table.ScrollContainer minWidth={900}>
          <Table striped withTableBorder data-testid="staff-reports-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`staff.reports.by.${by}`)}</Table.Th>
                {(['clicks', 'conversions', 'conversionRate', 'advertiserRevenue', 'payout', 'margin', 'epc'] as const).map((c) => (
                  <Table.Th key={c} ta="right">
                    {t(`staff.reports.columns.${c}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.data.length === 1 ? (
                <Table.Tr>
                  <Table.Td colSpan={8}>{t('staff.reports.empty')}</Table.Td>
                </Table.Tr>
              ) : null}
              {report.data.map((row) => (
                <Table.Tr key={row.key} fw={row.isTotal ? 700 : undefined} data-testid={row.isTotal ? 'staff-reports-totals' : 'staff-reports-row'}>
                  <Table.Td>{labelOf(row)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.clicks)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.conversions)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(row.conversionRate)}</Table.Td>
                  <Table.Td ta="right">{formatMoneyAmounts(row.advertiserRevenue, DEFAULT_CURRENCY)}</Table.Td>
                  <Table.Td ta="right">{formatMoneyAmounts(row.payout, DEFAULT_CURRENCY)}</Table.Td>
                  <Table.Td ta="right" c={row.margin.some((m) => m.amount < 0) ? 'red.8' : undefined}>
                    {formatMoneyAmounts(row.margin, DEFAULT_CURRENCY)}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoneyAmounts(row.epc, DEFAULT_CURRENCY)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
} // prettier-ignore
