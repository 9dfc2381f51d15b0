import { Group, rem, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUBID_GROUPINGS,
  type BasicReportChild,
  type BasicReportRow,
  type SubidGrouping,
  type SubidSort,
} from '@portal/contracts';
import { CountryFlag } from '@/components/country-flag';
import { cx, LeanLink } from '@/components/lean';
import { leanTableParts } from '@/components/lean-table';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useSubidReport } from '../api/get-subid-report';
import { defaultOrder, hasDateRange, subidReportQueryOf } from '../report-filters';
import { basicReportCells, type RowLabels } from '../report-rows';
import { useReportSearch } from '../use-report-search';
import { ReportPagination } from './report-pagination';
import { ReportPanel } from './report-panel';
import { TotalsByStatus } from './totals-by-status';
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

/** The second level's value for none. */
const NO_THEN = 'none';

/**
 * The sub-ID report (spec section 2) as an analysis (decision 033): grouped by sub-ID, a tracker, the offer, the day
 * or the visitor's country, and optionally then by a second of them (decision 110: each row followed by its split,
 * indented); every column sortable (clicks, most first, by default); one page at a time with the totals of every
 * page last.
 */
export function SubidReport() {
  const { t } = useTranslation();
  const { filters, pagination, view, currency, applyView, goToPage } = useReportSearch();
  const report = useSubidReport(subidReportQueryOf(filters, pagination, view), hasDateRange(filters));
  const rows = report.data?.list ?? [];
  const total = report.data?.total ?? 0;
  const config = useConfig();
  // What every row reads, once a render rather than once a row (decision 147).
  const countryNames = useMemo(
    () => new Map(config.countries.map((country) => [country.isoCode, country.name])),
    [config.countries],
  );
  const labels: LineLabels = {
    totals: t('reports.totals'),
    noSubid: t('reports.noSubid'),
    unknownCountry: t('reports.unknownCountry'),
    countryNames,
  };
  const then = view.then || null;

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
        <Group gap="xs" wrap="nowrap">
          <DeferredSelect
            load={loadSelect}
            aria-label={t('reports.groupBy.label')}
            size="xs"
            w={150}
            data={SUBID_GROUPINGS.map((value) => ({ value, label: t(`reports.groupBy.${value}`) }))}
            value={view.groupBy}
            onChange={(value) =>
              value &&
              applyView({ groupBy: value as SubidGrouping, ...(value === view.then ? { then: '' as const } : {}) })
            }
            allowDeselect={false}
            data-testid="subid-group-by"
          />
          <DeferredSelect
            load={loadSelect}
            aria-label={t('reports.thenBy.label')}
            size="xs"
            w={150}
            data={[
              { value: NO_THEN, label: t('reports.thenBy.none') },
              ...SUBID_GROUPINGS.filter((value) => value !== view.groupBy).map((value) => ({
                value,
                label: `${t('reports.thenBy.label')}: ${t(`reports.groupBy.${value}`)}`,
              })),
            ]}
            value={view.then || NO_THEN}
            onChange={(value) => applyView({ then: !value || value === NO_THEN ? '' : (value as SubidGrouping) })}
            allowDeselect={false}
            data-testid="subid-then-by"
          />
        </Group>
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
                {header(
                  'label',
                  then
                    ? `${t(`reports.groupBy.${view.groupBy}`)} › ${t(`reports.groupBy.${then}`)}`
                    : t(`reports.groupBy.${view.groupBy}`),
                  false,
                )}
                {FIGURES.map(({ sort, column }) => header(sort, t(`reports.columns.${column}`), true))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.flatMap((row, index) => [
                <SubidLine
                  key={`${index}:${row.label}`}
                  row={row}
                  index={index}
                  grouping={view.groupBy}
                  currency={currency}
                  labels={labels}
                />,
                ...(then && !row.isTotal
                  ? (row.children ?? []).map((child, childIndex) => (
                      <SubidLine
                        key={`${index}:${row.label}:${childIndex}:${child.label}`}
                        row={child}
                        index={childIndex}
                        grouping={then}
                        currency={currency}
                        labels={labels}
                        child
                      />
                    ))
                  : []),
              ])}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {report.data ? <TotalsByStatus rows={rows} converted={report.data.converted} /> : null}
    </ReportPanel>
  );
}

type SubidLineProps = {
  row: BasicReportRow | BasicReportChild;
  index: number;
  /** What the row's label is: countries show by flag and name, days as dates, offers as links. */
  grouping: SubidGrouping;
  currency: string;
  labels: LineLabels;
  /** A row of the second level (decision 110), indented under its parent. */
  child?: boolean;
};

/** The texts and names every line reads, resolved once a report. */
type LineLabels = RowLabels & { unknownCountry: string; countryNames: ReadonlyMap<string, string> };

const RIGHT = { textAlign: 'right' } as const;
const parts = leanTableParts({ striped: true, highlightOnHover: true });

/** A line of the report: plain elements with Table.Tr's and Table.Td's classes (decision 147). */
function SubidLine({ row, index, grouping, currency, labels, child = false }: SubidLineProps) {
  const isTotal = 'isTotal' in row && row.isTotal;
  const cells = basicReportCells({ ...row, isTotal }, grouping === 'day' ? 'daily' : 'subid', currency, labels, index);
  const country = grouping === 'country' && !isTotal;
  if (country) {
    cells.label = row.label ? (labels.countryNames.get(row.label) ?? row.label) : labels.unknownCountry;
  }
  const text =
    row.offer && !isTotal ? (
      <LeanLink to={paths.offer.href(row.offer.id)} size="inherit" data-testid="report-offer-link">
        {cells.label}
      </LeanLink>
    ) : (
      cells.label
    );
  // The flag is an image named by the country's name beside it: decorative (its alt is empty).
  const label =
    country && row.label ? (
      <span className="lean-country-label">
        <CountryFlag code={row.label} />
        <span>{text}</span>
      </span>
    ) : (
      text
    );
  return (
    <tr
      {...parts.tr}
      style={cells.isTotal ? { fontWeight: 700 } : undefined}
      data-testid={child ? 'report-child-row' : 'report-row'}
      data-total={cells.isTotal || undefined}
      data-label={row.label}
    >
      <td {...parts.td} style={{ maxWidth: rem(LABEL_MAX_WIDTH) }}>
        {/* Cut to one line; the whole value on hover. A child is indented under its row. */}
        <div style={child ? { paddingLeft: 'var(--mantine-spacing-lg)' } : undefined}>
          <p className={cx('lean-truncate', child && 'lean-dimmed')} title={cells.label} data-testid="report-label">
            {label}
          </p>
        </div>
      </td>
      <td {...parts.td} style={RIGHT}>
        {cells.clicks}
      </td>
      <td {...parts.td} style={RIGHT}>
        {cells.conversions}
      </td>
      <td {...parts.td} style={RIGHT}>
        {cells.conversionRate}
      </td>
      <td {...parts.td} style={RIGHT}>
        {cells.revenue}
      </td>
      <td {...parts.td} style={RIGHT}>
        {cells.epc}
      </td>
    </tr>
  );
}
