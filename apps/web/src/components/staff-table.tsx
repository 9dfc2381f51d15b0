import { Center, Checkbox, Loader, rem, Stack, Table, Text, type TableProps } from '@mantine/core';
import { useDeferredValue, type CSSProperties, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstRowsFirst } from '@/lib/use-first-rows-first';
import { leanTableParts } from './lean-table';
import { SortableTh } from './sortable-th';
import { WindowPagination } from './window-pagination';

/** One column of a staff list: its header (already translated) and what each row shows in it. */
export type StaffColumn<Row> = {
  /** Unique within the table; the sort's name of the column when `sortable`. */
  key: string;
  label: ReactNode;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** The header cell's test id, for a sortable header. */
  testId?: string;
  /** The cells' least width, for a column that must not wrap into a sliver. */
  minWidth?: number;
  /** The header's width, for a column that should not take the table's spare room. */
  width?: number;
  /** A long unbroken value (an address) wraps anywhere rather than widening the table. */
  breakAll?: boolean;
  /** The cells never wrap (a date and hour). */
  noWrap?: boolean;
  /** Header and cells set to the right, for an amount whose digits line up. */
  align?: 'right';
  /** Each cell's test id. */
  cellTestId?: string;
};

/** The list's sort, as the address holds it (react-admin's `sort` / `order`): the screen owns the parameters. */
export type StaffTableSort = {
  by: string | null;
  order: 'asc' | 'desc';
  onSort: (key: string) => void;
};

export type StaffTablePaging = {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** What the pages are of, for assistive technology. */
  label: string;
  testId: string;
};

/**
 * Bulk selection (react-admin's `<Datagrid>` bulk actions): a checkbox before each row, named for assistive
 * technology, and one in the header for every row of the page. The screen owns what is selected.
 */
export type StaffTableSelection<Row> = {
  isSelected: (row: Row) => boolean;
  onToggle: (row: Row, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  /** Each row's checkbox's accessible name ('Select INV-2026-0001'). */
  rowLabel: (row: Row) => string;
  /** The header checkbox's accessible name ('Select every invoice of the page'). */
  allLabel: string;
  /** A row that cannot be selected gets no checkbox (none: every row can). */
  selectable?: (row: Row) => boolean;
};

type StaffTableProps<Row> = {
  columns: readonly StaffColumn<Row>[];
  /** Undefined while loading or after an error. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => Key;
  /** Each row's test id, and any other attributes a row carries (data-status, ...). */
  rowTestId?: string;
  rowAttributes?: (row: Row) => Record<`data-${string}`, string | number | undefined>;
  loading: boolean;
  loadingTestId?: string;
  /** What shows while loading (a small loader, or nothing) for a list inside a card; else a centred loader. */
  loadingView?: ReactNode;
  /** Shown instead of the table when truthy: a text is drawn red, a node as it is. */
  error?: ReactNode;
  /** Shown when there are no rows: a text is drawn dimmed, a node as it is. */
  empty: ReactNode;
  /** The last column's buttons for a row, under `actionsLabel`. */
  rowActions?: (row: Row) => ReactNode;
  actionsLabel?: string;
  actionsWidth?: number;
  paging?: StaffTablePaging;
  sort?: StaffTableSort;
  selection?: StaffTableSelection<Row>;
  /** Above the table once it has rows (a count); the table then sits in a tighter stack with it. */
  above?: ReactNode;
  /**
   * The width below which the table scrolls sideways in its own box (decision 032; native scrolling, decision 059);
   * without it the table sits in its panel as it is (the small tables of an offer's page).
   */
  minWidth?: number;
  testId?: string;
  tableProps?: Omit<TableProps, 'children'>;
};

/** A column's cells: their least width, wrapping anywhere or never, and set to the right. */
function cellStyle<Row>(column: StaffColumn<Row>): CSSProperties | undefined {
  const style: CSSProperties = {
    ...(column.minWidth === undefined ? {} : { minWidth: rem(column.minWidth) }),
    ...(column.breakAll ? { wordBreak: 'break-all' } : column.noWrap ? { whiteSpace: 'nowrap' } : {}),
    ...(column.align ? { textAlign: column.align } : {}),
  };
  return Object.keys(style).length > 0 ? style : undefined;
}

/**
 * Every staff list's one shape: a loader while it loads, its error or its empty text instead of the table, else the
 * table in its own scrolling box, sortable headers, the row actions in the last column, and the pages below.
 */
export function StaffTable<Row>({
  columns,
  rows: allRows,
  rowKey,
  rowTestId,
  rowAttributes,
  loading,
  loadingTestId,
  loadingView,
  error,
  empty,
  rowActions,
  actionsLabel,
  actionsWidth,
  paging,
  sort,
  selection,
  above,
  minWidth,
  testId,
  tableProps = { striped: true, highlightOnHover: true },
}: StaffTableProps<Row>) {
  const { t } = useTranslation();
  // The rows an answer brings are drawn in a transition, which React renders in slices (decision 147): the render
  // that follows a query's answer is otherwise one task (the partners list's 628 ms under Lighthouse, decision 144).
  // Until it is drawn the list shows its loader (a first page) or its rows before, busy.
  const drawn = useDeferredValue(allRows);
  const behind = drawn !== allRows;
  // A long page's first rows with the list, the others in a transition (decision 139).
  const shown = useFirstRowsFirst(drawn?.length ?? 0);
  if (loading && loadingView !== undefined) return <>{loadingView}</>;
  const loader = (
    <Center p="xl" data-testid={loadingTestId}>
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
  if (loading) return loader;
  if (error) return typeof error === 'string' ? <Text c="red">{error}</Text> : <>{error}</>;
  if (allRows && allRows.length > 0 && !drawn) return loadingView !== undefined ? <>{loadingView}</> : loader;
  const rows = drawn;
  if (!rows || rows.length === 0) return typeof empty === 'string' ? <Text c="dimmed">{empty}</Text> : <>{empty}</>;
  // Rows and cells as plain elements with Table.Tr's and Table.Td's classes, each cell's style made once a column
  // (decision 147): a page of 50 rows of 8 cells was 400 Mantine components.
  const parts = leanTableParts(tableProps);
  const cellStyles = columns.map(cellStyle);
  const selectable = selection ? rows.filter((row) => selection.selectable?.(row) ?? true) : [];
  const selectedCount = selection ? selectable.filter((row) => selection.isSelected(row)).length : 0;
  const grid = (
    <Table {...tableProps} data-testid={testId} aria-busy={behind || shown < rows.length}>
      <Table.Thead>
        <Table.Tr>
          {selection ? (
            <Table.Th w={40}>
              <Checkbox
                aria-label={selection.allLabel}
                checked={selectable.length > 0 && selectedCount === selectable.length}
                indeterminate={selectedCount > 0 && selectedCount < selectable.length}
                disabled={selectable.length === 0}
                onChange={(event) => selection.onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
          ) : null}
          {columns.map((column) =>
            column.sortable && sort ? (
              <SortableTh
                key={column.key}
                order={sort.by === column.key ? sort.order : null}
                onSort={() => sort.onSort(column.key)}
                data-testid={column.testId}
              >
                {column.label}
              </SortableTh>
            ) : (
              <Table.Th
                key={column.key}
                w={column.width}
                data-testid={column.testId}
                style={column.align ? { textAlign: column.align } : undefined}
              >
                {column.label}
              </Table.Th>
            ),
          )}
          {rowActions ? <Table.Th w={actionsWidth}>{actionsLabel}</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.slice(0, shown).map((row) => (
          <tr key={rowKey(row)} {...parts.tr} data-testid={rowTestId} {...rowAttributes?.(row)}>
            {selection ? (
              <td {...parts.td}>
                {(selection.selectable?.(row) ?? true) ? (
                  <Checkbox
                    aria-label={selection.rowLabel(row)}
                    checked={selection.isSelected(row)}
                    onChange={(event) => selection.onToggle(row, event.currentTarget.checked)}
                  />
                ) : null}
              </td>
            ) : null}
            {columns.map((column, index) => (
              <td key={column.key} {...parts.td} data-testid={column.cellTestId} style={cellStyles[index]}>
                {column.cell(row)}
              </td>
            ))}
            {rowActions ? <td {...parts.td}>{rowActions(row)}</td> : null}
          </tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  const table =
    minWidth === undefined ? grid : <Table.ScrollContainer minWidth={minWidth}>{grid}</Table.ScrollContainer>;
  const pages = paging ? (
    <WindowPagination
      page={paging.page}
      totalPages={Math.ceil(paging.total / paging.pageSize)}
      onChange={paging.onChange}
      label={paging.label}
      testId={paging.testId}
    />
  ) : null;
  if (above)
    return (
      <Stack gap="sm">
        {above}
        {table}
        {pages}
      </Stack>
    );
  return (
    <>
      {table}
      {pages}
    </>
  );
}
