import { Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  CONVERSION_STATUSES,
  DEFAULT_REPORT_DATE_PRESET,
  formatMoneyMinor,
  type ConversionStatus,
  type ConversionTotal,
  type ConvertedTotal,
} from '@portal/contracts';
import { useConversionTotals } from '../api/get-conversion-totals';
import { canRunReport, conversionViewQueryOf, filtersForPreset, hasDateRange, reportQueryOf } from '../report-filters';
import { conversionCells } from '../report-rows';
import { useReportSearch } from '../use-report-search';
import { ChangedFilter } from './changed-filter';
import { ConversionCard } from './conversion-card';
import { ConversionLine } from './conversion-line';
import { convertedTotalText } from '../converted-total-text';
import { PagedReport } from './paged-report';
import { DeferredSelect, loadSelect } from '@/components/deferred-select';

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
      minWidth={1900}
      toCells={conversionCells}
      toolbar={
        <Group gap="sm">
          <FindClick />
          <ChangedFilter />
          <DeferredSelect
            load={loadSelect}
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
          <Table.Th>{t('reports.columns.clickId')}</Table.Th>
          <Table.Th>{t('reports.columns.clickDate')}</Table.Th>
          <Table.Th>{t('reports.columns.transactionId')}</Table.Th>
          <Table.Th>{t('reports.columns.country')}</Table.Th>
        </>
      }
      renderRow={(row) => <ConversionLine key={row.key} row={row} />}
      foot={
        totals.data && totals.data.totals.length > 0 ? (
          <ConversionTotals totals={totals.data.totals} converted={totals.data.converted} />
        ) : null
      }
      renderCard={(row) => <ConversionCard key={row.key} row={row} />}
      cardsFoot={
        totals.data && totals.data.totals.length > 0 ? (
          <ConversionTotalsCards totals={totals.data.totals} converted={totals.data.converted} />
        ) : null
      }
    />
  );
}

/**
 * "Find a click" (issue 47): a click id or a transaction id, matched exactly over every date unless dates are set;
 * applied on Enter or on the search button, cleared by emptying the box.
 */
function FindClick() {
  const { t } = useTranslation();
  const { filters, view, clock, applyFiltersAndView } = useReportSearch();
  const [text, setText] = useState(view.find);
  // A search reads every date and no other filter (an exact id needs none); clearing it brings the usual dates back.
  const apply = (find: string) => {
    if (find) applyFiltersAndView(filtersForPreset('custom', clock), { find });
    else {
      const dated = hasDateRange(filters) ? filters : filtersForPreset(DEFAULT_REPORT_DATE_PRESET, clock);
      applyFiltersAndView(dated, { find: '' });
    }
  };
  const [shown, setShown] = useState(view.find);
  // The address changed it (a link, the back button): the box follows, set during render rather than in an effect.
  if (shown !== view.find) {
    setShown(view.find);
    setText(view.find);
  }
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        apply(text.trim());
      }}
    >
      <TextInput
        size="xs"
        w={260}
        type="search"
        aria-label={t('reports.findClick.label')}
        placeholder={t('reports.findClick.placeholder')}
        value={text}
        maxLength={255}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (event.currentTarget.value === '' && view.find) apply('');
        }}
        data-testid="find-click"
      />
    </form>
  );
}

/**
 * One totals line per currency: how many conversions, the approved revenue (pending payouts are not earned yet and are
 * said apart, decision 091), and the split by status.
 */
function ConversionTotals({ totals, converted }: { totals: ConversionTotal[]; converted: ConvertedTotal | null }) {
  const { t } = useTranslation();
  return (
    <Table.Tfoot>
      {totals.map((total) => (
        <Table.Tr key={total.currency} fw={700} data-testid="report-totals" data-currency={total.currency}>
          <Table.Td colSpan={LEAD_COLUMNS} data-testid="report-totals-count">
            {t('reports.totalsCount', { count: total.conversions, currency: total.currency })}
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="report-totals-revenue">
            {formatMoneyMinor(total.approvedRevenue, total.currency)}
          </Table.Td>
          <Table.Td colSpan={2 + TRACKERS.length + 4} fw={400} data-testid="report-totals-split">
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
      {/* One total in the payment currency, said to be converted (decision 118); the lines above stay as booked. */}
      {converted ? (
        <Table.Tr data-testid="report-converted-total" data-currency={converted.currency}>
          <Table.Td colSpan={LEAD_COLUMNS + 3 + TRACKERS.length + 4} fw={500} title={earlierRateTitle(t, converted)}>
            {convertedTotalText(t, converted)}
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Table.Tfoot>
  );
}

/** The totals on a phone (decision 095): the same lines, each wrapping inside the width rather than cut off. */
function ConversionTotalsCards({ totals, converted }: { totals: ConversionTotal[]; converted: ConvertedTotal | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" px="sm" pb="sm">
      {totals.map((total) => (
        <Paper
          key={total.currency}
          withBorder
          radius="md"
          p="sm"
          bg="var(--mantine-color-default-hover)"
          data-testid="report-totals"
          data-currency={total.currency}
        >
          <Text size="sm" fw={700} data-testid="report-totals-count">
            {t('reports.totalsCount', { count: total.conversions, currency: total.currency })}
          </Text>
          <Text size="lg" fw={700} data-testid="report-totals-revenue">
            {formatMoneyMinor(total.revenue, total.currency)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="report-totals-split">
            {t('reports.totalsSplit', {
              approved: total.approved,
              approvedRevenue: formatMoneyMinor(total.approvedRevenue, total.currency),
              pending: total.pending,
              pendingRevenue: formatMoneyMinor(total.pendingRevenue, total.currency),
              rejected: total.rejected,
            })}
          </Text>
        </Paper>
      ))}
      {converted ? (
        <Text
          size="sm"
          fw={500}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="report-converted-total"
          data-currency={converted.currency}
          title={earlierRateTitle(t, converted)}
        >
          {convertedTotalText(t, converted)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** "n days used the rate of an earlier day", on hover, when some did. */
const earlierRateTitle = (t: TFunction, converted: ConvertedTotal) =>
  converted.missingDays.length > 0
    ? t('reports.convertedEarlierRate', { count: converted.missingDays.length })
    : undefined;
