import { Anchor, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUBID_GROUPINGS, flagEmoji, type BasicReportRow, type SubidGrouping, type SubidSort } from '@portal/contracts';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useSubidReport } from '../api/get-subid-report';
import { defaultOrder, hasDateRange, subidReportQueryOf } from '../report-filters';
import { basicReportCells, type RowLabels } from '../report-rows';
import { useReportSearch } from '../use-report-search';
import { ReportPagination } from './report-pagination';
import { ReportPanel } from './report-panel';
import { DeferredSelect, loadSelect } from '@/components/deferred-select';

const FIGURES: { sort: Exclude<SubidSort, 'label'>; column: string }[] = [
  { sort: 'clicks', column: 'clicks' },
  { sort: 'conversions', column: 'conversions' },
  { sort: 'conversionRate', column: 'conversionRate' },
  { sort: 'revenue', column: 'revenue' },
  { sort: 'epc', column: 'epc' },
];
/** Long sub-IDs are cut here, the whole value on hover: EPC stays on a 1440-pixel screen. */
const LABEL_MAX_WIDTH = 320;

/**
 * The sub-ID report (spec section 2) as an analysis (decision 033): grouped by sub-ID, a tracker, the offer or the
 * day; every column sortable (clicks, most first, by default); one page at a time with the totals of every page last.
 */
export function SubidReport() {
  const { t } = useTranslation();
  const { filters, pagination, view, currency, applyView, goToPage } = useReportSearch();
  const report = useSubidReport(subidReportQueryOf(filters, pagination, view), hasDateRange(filters));
  const rows = report.data?.list ?? [];
  const total = report.data?.total ?? 0;
  const labels = { totals: t('reports.totals'), noSubid: t('reports.noSubid') };
  const cellType = view.groupBy === 'day' ? 'daily' : 'subid';

  const sortBy = (sort: SubidSort) =>
    applyView({ sort, order: view.sort === sort ? (view.order === 'asc' ? 'desc' : 'asc') : defaultOrder(sort) });
  const header = (sort: SubidSort, text: string, right: boolean) => {
    const active = view.sort === sort;
    const Icon = !active ? IconArrowsSort : view.order === 'asc' ? IconArrowUp : IconArrowDown;
    return (
      <Table.Th
        key={sort}
        ta={right ? 'right' : undefined}
        aria-sort={active ? (view.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <UnstyledButton onClick={() => sortBy(sort)} data-testid={`sort-${sort}`} fw={700} fz="sm">
          <Group gap={4} wrap="nowrap" justify={right ? 'flex-end' : 'flex-start'}>
            {text}
            <Icon size={14} aria-hidden stroke={active ? 2.2 : 1.4} />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <ReportPanel
      type="subid"
      loading={report.isFetching}
      failed={report.isError}
      refresh={() => void report.refetch()}
      summary={
        <span data-testid="report-total" data-total={total}>
          {t('reports.rows', { count: total })}
        </span>
      }
      toolbar={
        <DeferredSelect
          load={loadSelect}
          aria-label={t('reports.groupBy.label')}
          size="xs"
          w={170}
          data={SUBID_GROUPINGS.map((value) => ({ value, label: t(`reports.groupBy.${value}`) }))}
          value={view.groupBy}
          onChange={(value) => value && applyView({ groupBy: value as SubidGrouping })}
          allowDeselect={false}
          data-testid="subid-group-by"
        />
      }
      footer={
        <ReportPagination page={pagination.page} totalPages={Math.ceil(total / pagination.count)} onChange={goToPage} />
      }
    >
      {report.data ? (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="report-table" data-report="subid">
            <Table.Thead>
              <Table.Tr>
                {header('label', t(`reports.groupBy.${view.groupBy}`), false)}
                {FIGURES.map(({ sort, column }) => header(sort, t(`reports.columns.${column}`), true))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <SubidLine
                  key={`${index}:${row.label}`}
                  row={row}
                  index={index}
                  cellType={cellType}
                  currency={currency}
                  labels={labels}
                  countries={view.groupBy === 'country'}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </ReportPanel>
  );
}

type SubidLineProps = {
  row: BasicReportRow;
  index: number;
  cellType: 'daily' | 'subid';
  currency: string;
  labels: RowLabels;
  /** Labels are visitor countries (ISO codes, '' when not placed): shown by flag and name. */
  countries?: boolean;
};

function SubidLine({ row, index, cellType, currency, labels, countries = false }: SubidLineProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const cells = basicReportCells(row, cellType, currency, labels, index);
  if (countries && !row.isTotal) {
    const name = config.countries.find((c) => c.isoCode === row.label)?.name ?? row.label;
    cells.label = row.label ? `${flagEmoji(row.label)} ${name}` : t('reports.unknownCountry');
  }
  const label =
    row.offer && !row.isTotal ? (
      <Anchor component={Link} to={paths.offer.href(row.offer.id)} inherit data-testid="report-offer-link">
        {cells.label}
      </Anchor>
    ) : (
      cells.label
    );
  return (
    <Table.Tr fw={cells.isTotal ? 700 : undefined} data-testid="report-row" data-total={cells.isTotal || undefined}>
      <Table.Td maw={LABEL_MAX_WIDTH}>
        {/* Cut to one line; the whole value on hover. */}
        <Text inherit truncate="end" title={cells.label} data-testid="report-label">
          {label}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{cells.clicks}</Table.Td>
      <Table.Td ta="right">{cells.conversions}</Table.Td>
      <Table.Td ta="right">{cells.conversionRate}</Table.Td>
      <Table.Td ta="right">{cells.revenue}</Table.Td>
      <Table.Td ta="right">{cells.epc}</Table.Td>
    </Table.Tr>
  );
}
