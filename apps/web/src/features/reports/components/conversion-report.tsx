import { Anchor, Badge, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CLICK_ATTRIBUTION_DAYS,
  CONVERSION_STATUSES,
  formatMoneyMinor,
  type ConversionStatus,
  type ConversionTotal,
} from '@portal/contracts';
import { paths } from '@/lib/paths';
import { useConversionTotals } from '../api/get-conversion-totals';
import { hasDateRange, reportQueryOf } from '../report-filters';
import { conversionCells, type ConversionCells } from '../report-rows';
import { useReportSearch } from '../use-report-search';
import { PagedReport } from './paged-report';

const TRACKERS = [1, 2, 3, 4] as const;
const STATUS_COLORS: Record<ConversionStatus, string> = { approved: 'teal', pending: 'yellow', rejected: 'red' };
/** Columns before the revenue in the footer's first cell: Conversion ID, Offer, Date, Goal. */
const LEAD_COLUMNS = 4;

/**
 * The conversion report (spec section 2): Conversion ID, Offer, Date, Revenue, Tracker1-4 in that order; paginated.
 * Added to reconcile with an advertiser (decision 033): Goal, Status with the reason of every conversion that is not
 * approved, in words with a tooltip explaining it, Sub-ID, a status filter, and a totals row per currency over every
 * page.
 */
export function ConversionReport() {
  const { t } = useTranslation();
  const { filters, view, applyView } = useReportSearch();
  const totalsQuery = { ...reportQueryOf(filters), ...(view.status ? { status: view.status } : {}) };
  const totals = useConversionTotals(totalsQuery, hasDateRange(filters));

  return (
    <PagedReport
      type="conversion"
      summaryKey="reports.conversions"
      minWidth={1300}
      toCells={conversionCells}
      toolbar={
        <Select
          aria-label={t('reports.filters.status')}
          size="xs"
          w={170}
          data={[
            { value: '', label: t('reports.filters.allStatuses') },
            ...CONVERSION_STATUSES.map((status) => ({ value: status, label: t(`reports.status.${status}`) })),
          ]}
          value={view.status}
          onChange={(value) => applyView({ status: (value ?? '') as ConversionStatus | '' })}
          allowDeselect={false}
          data-testid="filter-status"
        />
      }
      head={
        <>
          <Table.Th>{t('reports.columns.conversionId')}</Table.Th>
          <Table.Th>{t('reports.columns.offer')}</Table.Th>
          <Table.Th>{t('reports.columns.date')}</Table.Th>
          <Table.Th>{t('reports.columns.goal')}</Table.Th>
          <Table.Th ta="right">{t('reports.columns.revenue')}</Table.Th>
          <Table.Th>{t('reports.columns.status')}</Table.Th>
          <Table.Th>{t('reports.columns.subid')}</Table.Th>
          {TRACKERS.map((n) => (
            <Table.Th key={n}>{t('reports.columns.tracker', { n })}</Table.Th>
          ))}
        </>
      }
      renderRow={(row) => <ConversionLine key={row.key} row={row} />}
      foot={totals.data && totals.data.length > 0 ? <ConversionTotals totals={totals.data} /> : null}
    />
  );
}

function ConversionLine({ row }: { row: ConversionCells }) {
  const { t } = useTranslation();
  const reason = row.reason ? t(`reports.reasons.${row.reason}`) : null;
  const help = row.reason
    ? t(`reports.reasonHelp.${row.reason}`, { days: CLICK_ATTRIBUTION_DAYS })
    : row.status === 'pending'
      ? t('reports.pendingHelp')
      : null;
  return (
    <Table.Tr data-testid="report-row" data-id={row.id} data-status={row.status}>
      <Table.Td>{row.id}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={paths.offer.href(row.offerId)} data-testid="report-offer-link">
          {row.offerName}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date}</Table.Td>
      <Table.Td>{row.goal}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {row.revenue}
        {row.status === 'rejected' ? (
          <Text size="xs" c="dimmed" data-testid="report-unpaid">
            {t('reports.unpaid')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Tooltip label={help ?? ''} disabled={!help} multiline w={280} withArrow>
          <Stack gap={2} align="flex-start" tabIndex={help ? 0 : undefined} data-testid="report-status-cell">
            <Badge
              variant="light"
              color={STATUS_COLORS[row.status]}
              style={{ minWidth: 'max-content' }}
              data-testid="report-status"
            >
              {t(`reports.status.${row.status}`)}
            </Badge>
            {reason ? (
              <Text size="xs" data-testid="report-reason" data-reason={row.reason}>
                {reason}
              </Text>
            ) : null}
          </Stack>
        </Tooltip>
      </Table.Td>
      <Table.Td>{row.subid}</Table.Td>
      {row.trackers.map((value, index) => (
        <Table.Td key={index}>{value}</Table.Td>
      ))}
    </Table.Tr>
  );
}

/** One totals line per currency: how many conversions, their revenue (approved and pending), and the split by status. */
function ConversionTotals({ totals }: { totals: ConversionTotal[] }) {
  const { t } = useTranslation();
  return (
    <Table.Tfoot>
      {totals.map((total) => (
        <Table.Tr key={total.currency} fw={700} data-testid="report-totals" data-currency={total.currency}>
          <Table.Td colSpan={LEAD_COLUMNS} data-testid="report-totals-count">
            {t('reports.totalsCount', { count: total.conversions, currency: total.currency })}
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="report-totals-revenue">
            {formatMoneyMinor(total.revenue, total.currency)}
          </Table.Td>
          <Table.Td colSpan={2 + TRACKERS.length} fw={400} data-testid="report-totals-split">
            {t('reports.totalsSplit', {
              approved: total.approved,
              approvedRevenue: formatMoneyMinor(total.approvedRevenue, total.currency),
              pending: total.pending,
              pendingRevenue: formatMoneyMinor(total.pendingRevenue, total.currency),
              rejected: total.rejected,
            })}
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tfoot>
  );
}
