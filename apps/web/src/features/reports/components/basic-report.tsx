import { Table } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RowCard, RowCards, usePhoneLayout } from '@/components/row-cards';
import type { BasicReportType } from '@portal/contracts';
import { useBasicReport } from '../api/get-basic-report';
import { hasDateRange, reportQueryOf } from '../report-filters';
import { basicReportCells, type BasicReportCells } from '../report-rows';
import { useReportSearch } from '../use-report-search';
import { DailyChart, DailyChartPlaceholder } from './daily-chart';
import { ReportPanel } from './report-panel';
import { SubidReport } from './subid-report';
import { TotalsByStatus } from './totals-by-status';

/** The daily and sub-ID reports (spec section 2): Stats rows, then 'Totals'; a chart above the daily one. */
export function BasicReport({ type }: { type: BasicReportType }) {
  return type === 'subid' ? <SubidReport /> : <DailyReport type={type} />;
}

function DailyReport({ type }: { type: BasicReportType }) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const { filters, currency } = useReportSearch();
  const report = useBasicReport(type, reportQueryOf(filters), hasDateRange(filters));
  const rows = report.data?.rows ?? [];
  const labels = { totals: t('reports.totals'), noSubid: t('reports.noSubid') };
  const cardLabels = useBasicCardLabels();
  const cells = rows.map((row, index) => basicReportCells(row, type, currency, labels, index));
  const dataRows = rows.filter((row) => !row.isTotal).length;
  // The daily report's chart, its place kept while the rows load (decision 133).
  let chart = null;
  if (type === 'daily' && report.isFetching) chart = <DailyChartPlaceholder />;
  else if (type === 'daily' && report.data) chart = <DailyChart rows={report.data.rows} />;

  return (
    <ReportPanel
      type={type}
      chart={chart}
      loading={report.isFetching}
      failed={report.isError}
      refresh={() => void report.refetch()}
      summary={t('reports.rows', { count: dataRows })}
    >
      {report.data && phone ? (
        <RowCards label={t(`reports.cardsLabel.${type}`)} testId="report-cards">
          {/* The totals first: on a phone they are what is read before scrolling through the days. */}
          {[...cells.filter((row) => row.isTotal), ...cells.filter((row) => !row.isTotal)].map((row) => (
            <BasicReportCard key={row.key} row={row} labels={cardLabels} />
          ))}
        </RowCards>
      ) : report.data ? (
        <Table.ScrollContainer minWidth={700}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="report-table" data-report={type}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{type === 'daily' ? t('reports.columns.date') : t('reports.columns.label')}</Table.Th>
                <Table.Th ta="right">{t('reports.columns.clicks')}</Table.Th>
                <Table.Th ta="right">{t('reports.columns.conversions')}</Table.Th>
                <Table.Th ta="right">{t('reports.columns.conversionRate')}</Table.Th>
                <Table.Th ta="right">{t('reports.columns.revenue')}</Table.Th>
                <Table.Th ta="right">{t('reports.columns.epc')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cells.map((row) => (
                <Table.Tr
                  key={row.key}
                  fw={row.isTotal ? 700 : undefined}
                  data-testid="report-row"
                  data-total={row.isTotal ? 'true' : undefined}
                >
                  <Table.Td>{row.label}</Table.Td>
                  <Table.Td ta="right">{row.clicks}</Table.Td>
                  <Table.Td ta="right">{row.conversions}</Table.Td>
                  <Table.Td ta="right">{row.conversionRate}</Table.Td>
                  <Table.Td ta="right">{row.revenue}</Table.Td>
                  <Table.Td ta="right">{row.epc}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {report.data ? <TotalsByStatus rows={report.data.rows} converted={report.data.converted} /> : null}
    </ReportPanel>
  );
}

type BasicCardLabels = Record<'revenue' | 'epc' | 'clicks' | 'conversions' | 'conversionRate', string>;

/** The texts every day's card repeats, resolved once a report rather than once a card (decision 147). */
function useBasicCardLabels(): BasicCardLabels {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      revenue: t('reports.columns.revenue'),
      epc: t('reports.columns.epc'),
      clicks: t('reports.columns.clicks'),
      conversions: t('reports.columns.conversions'),
      conversionRate: t('reports.columns.conversionRate'),
    }),
    [t],
  );
}

/** A day (or the totals) on a phone (decision 095): revenue and EPC first, then clicks, conversions and their rate. */
function BasicReportCard({ row, labels }: { row: BasicReportCells; labels: BasicCardLabels }) {
  return (
    <RowCard
      title={row.label}
      emphasis={row.isTotal}
      fields={[
        { key: 'revenue', label: labels.revenue, value: row.revenue, money: true, testId: 'report-revenue' },
        { key: 'epc', label: labels.epc, value: row.epc, money: true, testId: 'report-epc' },
        { key: 'clicks', label: labels.clicks, value: row.clicks },
        { key: 'conversions', label: labels.conversions, value: row.conversions },
        { key: 'conversionRate', label: labels.conversionRate, value: row.conversionRate },
      ]}
      data-testid="report-row"
      data-total={row.isTotal ? 'true' : undefined}
    />
  );
}
