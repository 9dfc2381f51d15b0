import { Anchor, Badge, Table, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConversionStatus } from '@portal/contracts';
import { paths } from '@/lib/paths';
import { usePagedReport } from '../api/get-report';
import { hasDateRange, pagedReportQueryOf } from '../report-filters';
import { conversionCells } from '../report-rows';
import { useReportSearch } from '../use-report-search';
import { ReportPagination } from './report-pagination';
import { ReportPanel } from './report-panel';

const TRACKERS = [1, 2, 3, 4] as const;
const STATUS_COLORS: Record<ConversionStatus, string> = { approved: 'teal', pending: 'yellow', rejected: 'red' };

/**
 * The conversion report (spec section 2): Conversion ID, Offer, Date, Revenue, Tracker1-4; paginated.
 * Status (with the rejection reason) is our addition: it tells why a conversion earns nothing.
 */
export function ConversionReport() {
  const { t } = useTranslation();
  const { filters, pagination, goToPage } = useReportSearch();
  const report = usePagedReport('conversion', pagedReportQueryOf(filters, pagination), hasDateRange(filters));
  const total = report.data?.total ?? 0;
  const rows = (report.data?.list ?? []).map(conversionCells);

  return (
    <ReportPanel
      type="conversion"
      loading={report.isFetching}
      failed={report.isError}
      refresh={() => void report.refetch()}
      footer={
        <ReportPagination page={pagination.page} totalPages={Math.ceil(total / pagination.count)} onChange={goToPage} />
      }
      summary={
        <span data-testid="report-total" data-total={total}>
          {t('reports.conversions', { count: total })}
        </span>
      }
    >
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={1000}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="report-table" data-report="conversion">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.columns.conversionId')}</Table.Th>
                <Table.Th>{t('reports.columns.offer')}</Table.Th>
                <Table.Th>{t('reports.columns.date')}</Table.Th>
                <Table.Th ta="right">{t('reports.columns.revenue')}</Table.Th>
                {TRACKERS.map((n) => (
                  <Table.Th key={n}>{t('reports.columns.tracker', { n })}</Table.Th>
                ))}
                <Table.Th>{t('reports.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key} data-testid="report-row" data-id={row.id}>
                  <Table.Td>{row.id}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={paths.offer.href(row.offerId)} data-testid="report-offer-link">
                      {row.offerName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {row.revenue}
                  </Table.Td>
                  {row.trackers.map((value, index) => (
                    <Table.Td key={index}>{value}</Table.Td>
                  ))}
                  <Table.Td>
                    <Tooltip label={row.reason ? t(`reports.reasons.${row.reason}`) : ''} disabled={!row.reason}>
                      <Badge
                        variant="light"
                        color={STATUS_COLORS[row.status]}
                        style={{ minWidth: 'max-content' }}
                        data-testid="report-status"
                      >
                        {t(`reports.status.${row.status}`)}
                      </Badge>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </ReportPanel>
  );
}
