import { Button, Checkbox, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Fragment, lazy, Suspense, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_PAGE_SIZE,
  NETWORK_BREAKDOWNS,
  NETWORK_RANGES,
  NETWORK_REPORT_COLUMNS,
  NETWORK_REPORT_SORTS,
  REPORT_OPTION_FILTERS,
  addDays,
  canNest,
  formatCount,
  formatMoneyAmounts,
  formatPercent,
  localToday,
  type MoneyAmount,
  type NetworkBreakdown,
  type NetworkFx,
  type NetworkLeafRow,
  type NetworkReportColumn,
  type NetworkReportQueryInput,
  type NetworkReportRow,
  type NetworkReportSort,
  type ReportOptionFilter,
} from '@portal/contracts';
import { DataLagNotice } from '@/components/data-lag-notice';
import { cx, LeanLink } from '@/components/lean';
import { leanTableParts } from '@/components/lean-table';
import { DeferredMultiSelect, DeferredSelect } from '@/components/deferred-select';
import { DayRangeInput } from '@/components/day-range-input';
import { LineChart } from '@/components/line-chart';
import { SortableTh } from '@/components/sortable-th';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useExportNetworkReport } from '../api/export-network-report';
import { useNetworkReport } from '../api/get-network-report';
import { FilterPickers } from './filter-picker';
import { SavedViews, viewQueryOf } from './saved-views';

/** The filters, each repeatable in the address (`?partnerId=1&partnerId=2`), as the API takes them (decision 089). */
const FILTERS = ['partnerId', 'offerId', 'advertiserId', 'managerId', 'goal', 'landingPageId', 'country', 'subid', 'tc1', 'tc2', 'tc3', 'tc4'] as const; // prettier-ignore
type Filter = (typeof FILTERS)[number];
/** The filters picked by name (decision 113); the others stay chips, added as `country:FR`. */
const isPicked = (name: Filter): name is ReportOptionFilter =>
  (REPORT_OPTION_FILTERS as readonly string[]).includes(name);
const DEFAULT_CURRENCY = 'EUR';
const COLUMNS = NETWORK_REPORT_COLUMNS;
type Column = NetworkReportColumn;

/** Where the reader's column choice is remembered, per staff user (decision 106). */
export const columnsStorageKey = (userId: number) => `staff-reports-columns:${userId}`;
/** The columns a list names ('clicks,margin'), in the table's order; null when it names none of them. */
export function columnsOf(list: string | null): Column[] | null {
  if (!list) return null;
  const names = new Set(list.split(','));
  const chosen = COLUMNS.filter((c) => names.has(c));
  return chosen.length > 0 ? chosen : null;
}
function rememberedColumns(userId: number): string | null {
  try {
    return window.localStorage.getItem(columnsStorageKey(userId));
  } catch {
    return null;
  }
}

/** The address without one value of a repeatable filter. */
function withoutValue(params: URLSearchParams, name: Filter, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const rest = next.getAll(name).filter((v) => v !== value);
  next.delete(name);
  for (const v of rest) next.append(name, v);
  return next;
}

/** The columns the server sorts on (decision 153); the name column sorts by `label`. */
const SORTABLE: Partial<Record<Column, NetworkReportSort>> = { clicks: 'clicks', conversions: 'conversions', advertiserRevenue: 'advertiserRevenue', payout: 'payout', margin: 'margin' }; // prettier-ignore
type Sort = { name: NetworkReportSort; order: 'asc' | 'desc' } | null;

const amountIn = (list: MoneyAmount[], currency: string) => list.find((m) => m.currency === currency)?.amount ?? 0;

/**
 * Where a row's name leads in the same screen (decision 089): the row becomes a filter and the next breakdown opens,
 * a partner's offers, an offer's countries, a day's hours …
 */
const DRILL: Partial<Record<NetworkBreakdown, { filter: Filter | null; next: NetworkBreakdown }>> = {
  partner: { filter: 'partnerId', next: 'offer' },
  offer: { filter: 'offerId', next: 'country' },
  advertiser: { filter: 'advertiserId', next: 'offer' },
  manager: { filter: 'managerId', next: 'partner' },
  country: { filter: 'country', next: 'partner' },
  subid: { filter: 'subid', next: 'partner' },
  tc1: { filter: 'tc1', next: 'partner' },
  tc2: { filter: 'tc2', next: 'partner' },
  tc3: { filter: 'tc3', next: 'partner' },
  tc4: { filter: 'tc4', next: 'partner' },
  day: { filter: null, next: 'hour' },
  // A landing page's partners (decision 117).
  landing: { filter: 'landingPageId', next: 'partner' },
};

/**
 * The staff's network reports (decision 046): advertiser revenue, payout and margin by day, partner, offer, advertiser,
 * account manager or country, in the viewer's time zone and scope; a chart of the three per day, Totals, CSV. The
 * breakdown, dates and filters live in the address, so that a report can be shared.
 */
export function StaffReports() {
  const { t } = useTranslation();
  const config = useConfig();
  // The server's sort and, for a nested report, the page of its first level (decision 153).
  const { params, setParams, page, setPage, sort } = useReportAddress();
  const [today] = useState(() => localToday(new Date(), config.user.timezone));
  const by = (NETWORK_BREAKDOWNS as readonly string[]).includes(params.get('by') ?? '') ? (params.get('by') as NetworkBreakdown) : 'partner'; // prettier-ignore
  const quick = (NETWORK_RANGES as readonly string[]).includes(params.get('range') ?? '') ? params.get('range')! : null;
  const startDate = params.get('startDate') ?? addDays(today, -29);
  const endDate = params.get('endDate') ?? today;
  const compare = params.get('compare') === 'previous';
  // Every amount in the network's base currency at its day's rate (decision 111).
  const inBase = params.get('currency') === 'base';
  const thenParam = params.get('then') ?? '';
  const then = (NETWORK_BREAKDOWNS as readonly string[]).includes(thenParam) && canNest(by, thenParam as NetworkBreakdown) ? (thenParam as NetworkBreakdown) : null; // prettier-ignore
  // The columns: the address's (a shared link, a saved view), else the reader's remembered choice, else all.
  const columns = columnsOf(params.get('columns')) ?? columnsOf(rememberedColumns(config.user.id)) ?? [...COLUMNS];
  const chooseColumns = (chosen: string[]) => {
    const list = COLUMNS.filter((c) => chosen.includes(c)).join(',');
    try {
      window.localStorage.setItem(columnsStorageKey(config.user.id), list);
    } catch {
      // A browser that keeps nothing keeps the choice in the address only.
    }
    set({ columns: list || null });
  };
  const filters = Object.fromEntries(FILTERS.flatMap((name) => (params.getAll(name).length > 0 ? [[name, params.getAll(name)]] : []))); // prettier-ignore
  const dates = quick ? { range: quick } : { startDate, endDate };
  const currency = inBase ? ({ currency: 'base' } as const) : {};
  const query: NetworkReportQueryInput = { ...dates, ...filters, ...currency, ...(compare ? { compare: 'previous' } : {}), ...(then ? { then } : {}), ...(sort ? { sortName: sort.name, sortOrder: sort.order } : {}) }; // prettier-ignore
  const report = useNetworkReport(by, then ? { ...query, page, count: DEFAULT_PAGE_SIZE } : query);
  const daily = useNetworkReport('day', { ...dates, ...filters, ...currency });
  const exporter = useExportNetworkReport(by);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
  };
  const dropFilter = (name: Filter, value: string) => setParams(withoutValue(params, name, value));
  /** A row's name opens the next breakdown filtered on it; a day opens its hours. */
  const drill = (row: NetworkReportRow) => {
    const step = DRILL[by];
    if (!step) return;
    const next = new URLSearchParams(params);
    next.set('by', step.next);
    if (next.get('then') === step.next) next.delete('then');
    if (step.filter) {
      next.delete(step.filter);
      next.append(step.filter, row.key);
    } else {
      next.delete('range');
      next.set('startDate', row.key);
      next.set('endDate', row.key);
    }
    setParams(next);
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group align="flex-end" wrap="wrap">
          <DeferredSelect
            label={t('staff.reports.quickRange')}
            data={[{ value: 'custom', label: t('staff.reports.ranges.custom') }, ...NETWORK_RANGES.map((r) => ({ value: r, label: t(`staff.reports.ranges.${r}`) }))]}
            value={quick ?? 'custom'}
            onChange={(value) => set({ range: value && value !== 'custom' ? value : null })}
            allowDeselect={false}
            w={170}
            data-testid="staff-reports-range"
          />
          {quick ? null : (
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
          )}
          <TextInput
            label={t('staff.reports.addFilter')}
            placeholder={t('staff.reports.addFilterHint')}
            w={220}
            data-testid="staff-reports-add-filter"
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              // 'country:FR', 'subid:news', 'partnerId:12': one value of one filter, added beside the others.
              const match = /^([a-zA-Z0-9]+):(.+)$/.exec(e.currentTarget.value.trim());
              const name = FILTERS.find((f) => f.toLowerCase() === match?.[1]?.toLowerCase());
              if (!match || !name) return;
              const next = new URLSearchParams(params);
              next.append(name, name === 'country' ? match[2]!.toUpperCase() : match[2]!);
              setParams(next);
              e.currentTarget.value = '';
            }}
          />
          <Checkbox label={t('staff.reports.inBase')} checked={inBase} onChange={(e) => set({ currency: e.currentTarget.checked ? 'base' : null })} mb={8} data-testid="staff-reports-base-currency" />
          <Checkbox label={t('staff.reports.compare')} checked={compare} onChange={(e) => set({ compare: e.currentTarget.checked ? 'previous' : null })} mb={8} data-testid="staff-reports-compare" />
          <Button variant="default" onClick={() => exporter.mutate(query)} loading={exporter.isPending} data-testid="staff-reports-export">
            {t('staff.reports.export')}
          </Button>
        </Group>
        <FilterPickers params={params} onChange={setParams} />
        <SavedViews query={viewQueryOf(params.has('columns') ? params : new URLSearchParams([...params, ['columns', columns.join(',')]]))} onApply={(saved) => setParams(saved)} />
        {FILTERS.some((name) => !isPicked(name) && params.getAll(name).length > 0) ? (
          <Group mt="sm" gap="xs">
            {FILTERS.filter((name) => !isPicked(name)).flatMap((name) => params.getAll(name).map((value) => (
              <Button key={`${name}=${value}`} size="compact-sm" variant="light" onClick={() => dropFilter(name, value)} data-testid={`staff-reports-filter-${name}`}>
                {t('staff.reports.removeFilter', { filter: t(`staff.reports.filters.${name}`), value })}
              </Button>
            )))}
          </Group>
        ) : null}
      </Paper>

      <NetworkChart rows={daily.data?.rows} pending={daily.isPending} />

      <Group align="flex-end" wrap="wrap">
        <DeferredSelect
          label={t('staff.reports.breakdown')}
          value={by}
          onChange={(value) => set({ by: value, ...(value === then ? { then: null } : {}) })}
          data={NETWORK_BREAKDOWNS.map((b) => ({ value: b, label: t(`staff.reports.by.${b}`) }))}
          allowDeselect={false}
          w={220}
          data-testid="staff-reports-breakdown"
        />
        <DeferredSelect
          label={t('staff.reports.then')}
          value={then ?? ''}
          onChange={(value) => set({ then: value || null })}
          data={[{ value: '', label: t('staff.reports.thenNone') }, ...NETWORK_BREAKDOWNS.filter((b) => canNest(by, b)).map((b) => ({ value: b, label: t(`staff.reports.by.${b}`) }))]} // prettier-ignore
          allowDeselect={false}
          w={220}
          data-testid="staff-reports-then"
        />
        <DeferredMultiSelect
          label={t('staff.reports.columnChooser')}
          data={COLUMNS.map((c) => ({ value: c, label: t(`staff.reports.columns.${c}`) }))}
          value={columns}
          onChange={chooseColumns}
          w={420}
          data-testid="staff-reports-columns"
        />
      </Group>

      {report.isError ? <Text c="red">{t('errors.generic')}</Text> : null}
      {report.isPending ? <Skeleton h={200} /> : null}
      <DataLagNotice seconds={report.data?.lagSeconds} />
      {report.data?.fx ? <FxNote fx={report.data.fx} /> : null}
      {report.data ? <ReportTable rows={report.data.rows} by={by} then={then} columns={columns} onDrill={drill} sort={sort} onSort={(name) => set(sortChange(sort, name))} /> : null}
      {report.data && then ? <ReportPages total={report.data.total} page={page} onChange={setPage} /> : null}
    </Stack>
  );
} // prettier-ignore

/** The address; a new breakdown, filter, range or sort opens the first page (decision 153), the pages change alone. */
function useReportAddress() {
  const [params, setAddress] = useSearchParams();
  const setParams = (next: URLSearchParams) => {
    next.delete('page');
    setAddress(next);
  };
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const setPage = (n: number) => setAddress(new URLSearchParams([...[...params].filter(([k]) => k !== 'page'), ['page', String(n)]])); // prettier-ignore
  return { params, setParams, page, setPage, sort: sortOf(params) };
}

/** A header's click: its figure, the other way round when already sorted by it, else largest (or A) first. */
const sortChange = (sort: Sort, name: NetworkReportSort) => ({ sortName: name, sortOrder: sort?.name === name ? (sort.order === 'asc' ? 'desc' : 'asc') : name === 'label' ? 'asc' : 'desc' }); // prettier-ignore

/** The sort the address names (decision 153), its order the name's own unless told; null: the server's (margin). */
function sortOf(params: URLSearchParams): Sort {
  const name = params.get('sortName') ?? '';
  if (!(NETWORK_REPORT_SORTS as readonly string[]).includes(name)) return null;
  const order = params.get('sortOrder');
  return { name: name as NetworkReportSort, order: order === 'asc' || order === 'desc' ? order : name === 'label' ? 'asc' : 'desc' }; // prettier-ignore
}

// Only a nested report is paged (decision 153): the default day-by-day view does not load the paginator (the first load
// stays within 220 KB, issue 52 item 5); its place is kept while its chunk arrives.
const WindowPagination = lazy(() => import('@/components/window-pagination').then((m) => ({ default: m.WindowPagination }))); // prettier-ignore

/** How many rows every page holds and the pages of a nested report (decision 153). */
function ReportPages({ total, page, onChange }: { total: number; page: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / DEFAULT_PAGE_SIZE);
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="staff-reports-pages-total">
        {t('staff.reports.pageOf', {
          count: Math.max(1, pages),
          rows: t('staff.reports.rowCount', { count: total }),
        })}
      </Text>
      <Suspense fallback={pages > 1 ? <div style={{ minHeight: 32 }} /> : null}>
        <WindowPagination
          page={page}
          totalPages={pages}
          onChange={onChange}
          label={t('staff.reports.pages')}
          testId="staff-reports-pages"
        />
      </Suspense>
    </>
  );
}

/** A converted amount, with the amounts as booked (per currency) on hover (decision 111). */
function AsBooked({ amounts, children, t }: { amounts: MoneyAmount[]; children: string; t: TFunction }) {
  const booked = amounts.length > 0 ? formatMoneyAmounts(amounts, DEFAULT_CURRENCY) : '0';
  return (
    <span title={t('staff.reports.original', { amounts: booked })} data-testid="staff-reports-original">
      {children}
    </span>
  );
}

/** What a converted report says of its rates (decision 111): the base, and the days without a rate of their own. */
function FxNote({ fx }: { fx: NetworkFx }) {
  const { t } = useTranslation();
  const missing = fx.missingDays.map((d) => t('staff.reports.fxMissingDay', d)).join('\n');
  return (
    <Text size="sm" c="dimmed" data-testid="staff-reports-fx-note" title={missing || undefined}>
      {t('staff.reports.fxNote', { base: fx.base, count: fx.missingDays.length })}
    </Text>
  );
}

/** Advertiser revenue, payout and margin per day, in the network's currency when the days have it. */
function NetworkChart({ rows, pending }: { rows: NetworkReportRow[] | undefined; pending: boolean }) {
  const { t } = useTranslation();
  const dayRows = (rows ?? []).filter((r) => !r.isTotal);
  const currencies = [...new Set(dayRows.flatMap((r) => r.advertiserRevenue.map((m) => m.currency)))];
  const chartCurrency = currencies.includes(DEFAULT_CURRENCY) ? DEFAULT_CURRENCY : (currencies[0] ?? DEFAULT_CURRENCY);
  const points = dayRows.map((r) => ({
    label: r.label.slice(8, 10) + '/' + r.label.slice(5, 7),
    advertiserRevenue: amountIn(r.advertiserRevenue, chartCurrency) / 100,
    payout: amountIn(r.payout, chartCurrency) / 100,
    margin: amountIn(r.margin, chartCurrency) / 100,
  }));

  return (
    <Paper withBorder p="md" data-testid="staff-reports-chart">
      <Title order={2} size="h4" mb="sm">
        {t('staff.reports.chartTitle', { currency: chartCurrency })}
      </Title>
      {pending ? (
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
          title={t('staff.reports.chartTitle', { currency: chartCurrency })}
          valueFormatter={(value) =>
            formatMoneyAmounts([{ currency: chartCurrency, amount: Math.round(value * 100) }], chartCurrency)
          }
        />
      )}
    </Paper>
  );
}

/** The report's rows and Totals; a row's name drills down (`onDrill`), a partner's or offer's opens its page. */

/**
 * Refused clicks (their reasons on hover, decision 106), clicks the rules flagged and conversions they held or refused
 * (the rules on hover, decision 109); a dash where the breakdown has none (countries, sub-IDs).
 */
function ByRuleCount({
  row,
  column,
  t,
}: {
  row: NetworkLeafRow;
  column: 'refusedClicks' | 'flaggedClicks' | 'flaggedConversions';
  t: TFunction;
}) {
  const count = row[column];
  if (count === undefined) return '—';
  const parts =
    column === 'refusedClicks'
      ? (row.refusedByReason ?? []).map((r) => `${t(`staff.reports.refusedReasons.${r.reason}`, { defaultValue: r.reason })}: ${formatCount(r.clicks)}`) // prettier-ignore
      : column === 'flaggedClicks'
        ? (row.flaggedClicksByRule ?? []).map((r) => `${t(`staff.traffic.rules.${r.rule}`, { defaultValue: r.rule })}: ${formatCount(r.clicks)}`) // prettier-ignore
        : (row.flaggedConversionsByRule ?? []).map((r) => `${t(`staff.traffic.rules.${r.rule}`, { defaultValue: r.rule })}: ${formatCount(r.conversions)}`); // prettier-ignore
  const title = parts.join('\n');
  return (
    <span
      title={title || undefined}
      data-testid={column === 'refusedClicks' ? 'staff-reports-refused' : `staff-reports-${column}`}
    >
      {formatCount(count)}
    </span>
  );
}

/** The table's header: the name and the figures the server sorts on as sorting headers (decision 153). */
function ReportHeader({
  by,
  columns,
  sort,
  onSort,
}: {
  by: NetworkBreakdown;
  columns: Column[];
  sort: Sort;
  onSort: (name: NetworkReportSort) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      {/* Periods of time keep their order; the others sort on the server (decision 153). */}
      {TIME.includes(by) ? (
        <Table.Th>{t(`staff.reports.by.${by}`)}</Table.Th>
      ) : (
        <SortableTh
          order={sort?.name === 'label' ? sort.order : null}
          onSort={() => onSort('label')}
          data-testid="staff-reports-sort-label"
        >
          {t(`staff.reports.by.${by}`)}
        </SortableTh>
      )}
      {columns.map((c) => {
        const name = SORTABLE[c];
        return name && !TIME.includes(by) ? (
          <SortableTh
            key={c}
            order={(sort?.name ?? 'margin') === name ? (sort?.order ?? 'desc') : null}
            onSort={() => onSort(name)}
            data-testid={`staff-reports-sort-${c}`}
          >
            {t(`staff.reports.columns.${c}`)}
          </SortableTh>
        ) : (
          <Table.Th key={c} ta="right">
            {t(`staff.reports.columns.${c}`)}
          </Table.Th>
        );
      })}
    </Table.Tr>
  );
}

/** The breakdowns whose rows are periods of time, in order. */
const TIME: readonly NetworkBreakdown[] = ['hour', 'day', 'week', 'month'];
const RIGHT = { textAlign: 'right' } as const;
const NEGATIVE = { textAlign: 'right', color: 'var(--mantine-color-red-8)' } as const;
const SMALL = 'var(--mantine-font-size-sm)';
/** A figure's cell: to the right, a negative margin in red. */
const figureStyle = (row: NetworkLeafRow, column: Column) =>
  column === 'margin' && row.margin.some((m) => m.amount < 0) ? NEGATIVE : RIGHT;

function ReportTable({
  rows,
  by,
  then,
  columns,
  onDrill,
  sort,
  onSort,
}: {
  rows: NetworkReportRow[];
  by: NetworkBreakdown;
  then: NetworkBreakdown | null;
  columns: Column[];
  onDrill: (row: NetworkReportRow) => void;
  sort: Sort;
  onSort: (name: NetworkReportSort) => void;
}) {
  const { t } = useTranslation();
  const nameIn = (breakdown: NetworkBreakdown, row: NetworkLeafRow) => {
    if ((breakdown === 'partner' || breakdown === 'offer' || breakdown === 'landing') && Number(row.key) > 0) return `${row.label} #${row.key}`; // prettier-ignore
    if (breakdown === 'day' || breakdown === 'week') return `${row.key.slice(8, 10)}/${row.key.slice(5, 7)}/${row.key.slice(0, 4)}`; // prettier-ignore
    return row.label;
  };
  const nameOf = (row: NetworkLeafRow) => nameIn(by, row);
  const labelOf = (row: NetworkReportRow) => {
    if (row.isTotal) return t('staff.reports.totals');
    const name = DRILL[by] ? (
      <button
        type="button"
        onClick={() => onDrill(row)}
        className={cx('mantine-focus-auto', 'lean-anchor', 'lean-md', 'lean-link-button', 'portal-target')}
        data-testid="staff-reports-drill"
      >
        {nameOf(row)}
      </button>
    ) : (
      nameOf(row)
    );
    const page = by === 'partner' ? paths.staffPartner.href(Number(row.key)) : by === 'offer' ? paths.staffOffer.href(Number(row.key)) : null; // prettier-ignore
    return page ? (
      <div className="lean-row-6">
        {name}
        <LeanLink
          to={page}
          size="xs"
          className="portal-target"
          aria-label={t('staff.reports.openPage', { name: nameOf(row) })}
        >
          ↗
        </LeanLink>
      </div>
    ) : (
      name
    );
  };
  // Rows and cells as plain elements with Table.Tr's and Table.Td's classes, the nested rows' label read once
  // (decision 147).
  const parts = leanTableParts({ striped: true });
  const thenLabel = then ? t(`staff.reports.by.${then}`) : '';
  /** A cell's figure, and with the comparison its previous value below it. */
  const cell = (row: NetworkLeafRow, column: Column) => {
    if (column === 'refusedClicks' || column === 'flaggedClicks' || column === 'flaggedConversions')
      return <ByRuleCount row={row} column={column} t={t} />;
    const value = row[column];
    const shown =
      typeof value === 'number'
        ? column === 'conversionRate'
          ? formatPercent(value)
          : formatCount(value)
        : column === 'marginRate'
          ? value.map((m) => `${formatPercent(m.amount)} ${m.currency}`).join(' · ')
          : formatMoneyAmounts(value, DEFAULT_CURRENCY);
    // Converted amounts show the amounts as they were on hover (decision 111).
    const original = row.original && column in row.original ? row.original[column as keyof typeof row.original] : undefined; // prettier-ignore
    const before = row.previous && (column === 'clicks' || column === 'conversions' || column === 'margin') ? row.previous[column] : undefined; // prettier-ignore
    const figure = original ? (
      <AsBooked amounts={original} t={t}>
        {shown}
      </AsBooked>
    ) : (
      shown
    );
    if (before === undefined) return figure;
    return (
      <>
        {figure}
        <p className={cx('lean-xs', 'lean-dimmed')} data-testid={`staff-reports-previous-${column}`}>
          {t('staff.reports.previous', {
            value: typeof before === 'number' ? formatCount(before) : formatMoneyAmounts(before, DEFAULT_CURRENCY),
          })}
        </p>
      </>
    );
  };

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder data-testid="staff-reports-table">
        <Table.Thead>
          <ReportHeader by={by} columns={columns} sort={sort} onSort={onSort} />
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 1 ? (
            <tr {...parts.tr}>
              <td {...parts.td} colSpan={columns.length + 1}>
                {t('staff.reports.empty')}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <Fragment key={row.key}>
              <tr
                {...parts.tr}
                style={row.isTotal ? { fontWeight: 700 } : undefined}
                data-testid={row.isTotal ? 'staff-reports-totals' : 'staff-reports-row'}
              >
                <td {...parts.td}>{labelOf(row)}</td>
                {columns.map((c) => (
                  <td key={c} {...parts.td} style={figureStyle(row, c)}>
                    {cell(row, c)}
                  </td>
                ))}
              </tr>
              {/* The nested breakdown's rows under their row, indented (decision 106). */}
              {then
                ? (row.children ?? []).map((child) => (
                    <tr key={`${row.key}/${child.key}`} {...parts.tr} data-testid="staff-reports-child">
                      <td {...parts.td} style={{ paddingLeft: 'var(--mantine-spacing-xl)' }}>
                        <span className={cx('lean-sm', 'lean-dimmed')}>{thenLabel}: </span>
                        {nameIn(then, child)}
                      </td>
                      {columns.map((c) => (
                        <td key={c} {...parts.td} style={{ ...figureStyle(child, c), fontSize: SMALL }}>
                          {cell(child, c)}
                        </td>
                      ))}
                    </tr>
                  ))
                : null}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
