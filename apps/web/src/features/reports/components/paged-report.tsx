import { Alert, Table } from '@mantine/core';
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowCards, usePhoneLayout } from '@/components/row-cards';
import { usePagedReport, type PagedReportType, type PagedRows } from '../api/get-paged-report';
import { canRunReport, conversionReportQueryOf, pagedReportQueryOf } from '../report-filters';
import { useReportSearch } from '../use-report-search';
import { ReportPagination } from './report-pagination';
import { ReportPanel } from './report-panel';

type PagedReportProps<T extends PagedReportType, Cells> = {
  type: T;
  /** i18n key of the '{{count}} rows' summary. */
  summaryKey: string;
  minWidth: number;
  toCells: (row: PagedRows[T]) => Cells;
  head: ReactNode;
  renderRow: (cells: Cells) => ReactNode;
  /** Above the table: a control of this report's own (the conversion status). */
  toolbar?: ReactNode;
  /** The table's footer (the conversion totals), shown with the rows. */
  foot?: ReactNode;
  /** On a phone, a row as a card (decision 095); without it the table scrolls in its box. */
  renderCard?: (cells: Cells) => ReactNode;
  /** On a phone, what the footer says, under the cards. */
  cardsFoot?: ReactNode;
};

/** The frame of the paginated reports (conversion, click): the query from the URL, the panel, the table, the pager. */
export function PagedReport<T extends PagedReportType, Cells>({
  type,
  summaryKey,
  minWidth,
  toCells,
  head,
  renderRow,
  toolbar,
  foot,
  renderCard,
  cardsFoot,
}: PagedReportProps<T, Cells>) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const { filters, pagination, view, goToPage } = useReportSearch();
  const query =
    type === 'conversion'
      ? conversionReportQueryOf(filters, pagination, view)
      : pagedReportQueryOf(filters, pagination);
  const report = usePagedReport(type, query, canRunReport(type, filters, view));
  const total = report.data?.total ?? 0;
  // The cells made once an answer, so that a row drawn already (a memoised card) is not drawn again (decision 147).
  // The cells made once an answer, so that a re-render does not make them again (decision 147). Deferring the
  // answer (a transition, as the staff lists do) was measured and dropped here: the panel's footer, drawn before the
  // rows, moved when they came (Lighthouse CLS 0.004 → 0.058 on the conversion report).
  const rows = useMemo(() => (report.data?.list ?? []).map(toCells), [report.data, toCells]);
  const shown = useFirstRowsFirst(report.data, rows.length);

  return (
    <ReportPanel
      type={type}
      loading={report.isFetching}
      failed={report.isError}
      refresh={() => void report.refetch()}
      footer={
        <ReportPagination page={pagination.page} totalPages={Math.ceil(total / pagination.count)} onChange={goToPage} />
      }
      summary={
        <span data-testid="report-total" data-total={total}>
          {t(summaryKey, { count: total })}
        </span>
      }
      toolbar={toolbar}
    >
      {report.data?.notice ? (
        <Alert color="yellow" variant="light" mb="sm" data-testid="report-notice">
          {report.data.notice}
        </Alert>
      ) : null}
      {rows.length > 0 && phone && renderCard ? (
        <div data-testid="report-cards" data-report={type} aria-busy={shown < rows.length}>
          <RowCards label={t(`reports.cardsLabel.${type as PagedReportType}`)}>
            {rows.slice(0, shown).map(renderCard)}
          </RowCards>
          {cardsFoot}
        </div>
      ) : rows.length > 0 ? (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="xs"
            data-testid="report-table"
            data-report={type}
            aria-busy={shown < rows.length}
          >
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows.slice(0, shown).map(renderRow)}</Table.Tbody>
            {foot}
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </ReportPanel>
  );
}

/** How many rows a page of the report draws at once; the others in a render of their own (decision 135). */
export const FIRST_ROWS = 12;

/**
 * How many of a page's rows to draw: the first FIRST_ROWS as the page comes, then all of them in a transition, which
 * React renders in slices between which the browser can paint and answer (decision 135). A page of 50 cards drawn at
 * once was one long task on a phone (the conversion report's 1.1 s of blocking time under Lighthouse's slowed CPU).
 * Each new page (another answer) starts again from its first rows.
 */
function useFirstRowsFirst(page: unknown, count: number): number {
  const [state, setState] = useState({ page, shown: FIRST_ROWS });
  let shown = state.shown;
  if (state.page !== page) {
    shown = FIRST_ROWS;
    setState({ page, shown });
  }
  useEffect(() => {
    if (shown >= count) return;
    const timer = setTimeout(() => startTransition(() => setState((now) => ({ ...now, shown: count }))));
    return () => clearTimeout(timer);
  }, [shown, count]);
  return shown;
}
