import { Group, Select, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONVERSION_STATUSES, formatMoneyMinor, type ConversionStatus, type ConversionTotal } from '@portal/contracts';
import { useConversionTotals } from '../api/get-conversion-totals';
import { canRunReport, conversionViewQueryOf, reportQueryOf } from '../report-filters';
import { conversionCells } from '../report-rows';
import { useReportSearch } from '../use-report-search';
import { ChangedFilter } from './changed-filter';
import { ConversionLine } from './conversion-line';
import { PagedReport } from './paged-report';

const TRACKERS = [1, 2, 3, 4] as const;
/** Columns before the revenue in the footer's first cell: Conversion ID, Offer, Date, Goal. */
const LEAD_COLUMNS = 4;

/**
 * The conversion report (spec section 2): Conversion ID, Offer, Date, Revenue, Tracker1-4 in that order; paginated.
 * Added to reconcile with an advertiser (decision 033): Goal, Status with the reason of every conversion that is not
 * approved, in words with a tooltip explaining it, Sub-ID, a status filter, and a totals row per currency over every
 * page. Added for changes after the fact (decision 069): why a conversion changed, its note and its payout before,
 * and a switch to the changed conversions only (the daily digest links to it with `changedFrom`).
 */
export function ConversionReport() {
  const { t } = useTranslation();
  const { filters, view, applyView } = useReportSearch();
  const totalsQuery = { ...reportQueryOf(filters), ...conversionViewQueryOf(view) };
  const totals = useConversionTotals(totalsQuery, canRunReport('conversion', filters, view));

  return (
    <PagedReport
      type="conversion"
      summaryKey="reports.conversions"
      minWidth={1300}
      toCells={conversionCells}
      toolbar={
        <Group gap="sm">
          <ChangedFilter />
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
        </Group>
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
