import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { usePagedReport } from '../api/get-report';
import { hasDateRange, pagedReportQueryOf } from '../report-filters';
import { clickCells } from '../report-rows';
import { useReportSearch } from '../use-report-search';
import { ReportPagination } from './report-pagination';
import { ReportPanel } from './report-panel';

const TRACKERS = [1, 2, 3, 4] as const;

/** The click report (spec section 2): Date, Hour, Offer, Click ID, IP Address, SubID, Tracker1-4; paginated. */
export function ClickReport() {
  const { t } = useTranslation();
  const { filters, pagination, goToPage } = useReportSearch();
  const report = usePagedReport('click', pagedReportQueryOf(filters, pagination), hasDateRange(filters));
  const total = report.data?.total ?? 0;
  const rows = (report.data?.list ?? []).map(clickCells);

  return (
    <ReportPanel
      type="click"
      loading={report.isFetching}
      failed={report.isError}
      refresh={() => void report.refetch()}
      footer={
        <ReportPagination page={pagination.page} totalPages={Math.ceil(total / pagination.count)} onChange={goToPage} />
      }
      summary={
        <span data-testid="report-total" data-total={total}>
          {t('reports.clicks', { count: total })}
        </span>
      }
    >
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={1000}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="report-table" data-report="click">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.columns.date')}</Table.Th>
                <Table.Th>{t('reports.columns.hour')}</Table.Th>
                <Table.Th>{t('reports.columns.offer')}</Table.Th>
                <Table.Th>{t('reports.columns.clickId')}</Table.Th>
                <Table.Th>{t('reports.columns.ip')}</Table.Th>
                <Table.Th>{t('reports.columns.subid')}</Table.Th>
                {TRACKERS.map((n) => (
                  <Table.Th key={n}>{t('reports.columns.tracker', { n })}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key} data-testid="report-row" data-id={row.clickId}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date}</Table.Td>
                  <Table.Td>{row.hour}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={paths.offer.href(row.offerId)} data-testid="report-offer-link">
                      {row.offerName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ff="monospace">{row.clickId}</Table.Td>
                  <Table.Td>{row.ip}</Table.Td>
                  <Table.Td>{row.subid}</Table.Td>
                  {row.trackers.map((value, index) => (
                    <Table.Td key={index}>{value}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </ReportPanel>
  );
}
