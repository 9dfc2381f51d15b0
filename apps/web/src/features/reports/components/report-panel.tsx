import { Anchor, Box, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLocalDate, zoneName, type ReportType } from '@portal/contracts';
import { FoldingFilters } from '@/components/folding-filters';
import { paths } from '@/lib/paths';
import { useExportReport } from '../api/export-report';
import {
  canRunReport,
  conversionViewQueryOf,
  hasDateRange,
  reportQueryOf,
  reportSearchParams,
  TRACKING_FILTERS,
  type ReportFilters,
} from '../report-filters';
import { useReportSearch } from '../use-report-search';
import { ReportFilterForm } from './report-filter-form';

type ReportPanelProps = {
  type: ReportType;
  /** The report's query is running: a loader replaces the table until it ends (spec section 2). */
  loading: boolean;
  failed: boolean;
  /** What the report found; null shows the empty state. */
  children: ReactNode;
  /** A line above the results (a row count, say). */
  summary?: ReactNode;
  /** Shown between the filter and the results (the daily chart). */
  chart?: ReactNode;
  /** Shown under the loaded results (the paginator). */
  footer?: ReactNode;
  /** Runs the report's query again. */
  refresh: () => void;
  /** Beside the export button: a control of the report's own view (status, grouping). */
  toolbar?: ReactNode;
};

/** The filters set besides the dates (which the line under the form names): the offer, the sub-ID, the trackers. */
export const setFilterCount = (filters: ReportFilters) =>
  [filters.offerId, ...TRACKING_FILTERS.map((name) => filters[name])].filter((value) => value !== '').length +
  (filters.country.length > 0 ? 1 : 0);

/** What every report screen shares: the filter, the CSV export, and the loading and empty states. */
export function ReportPanel({
  type,
  loading,
  failed,
  children,
  summary,
  chart,
  footer,
  refresh,
  toolbar,
}: ReportPanelProps) {
  const { t } = useTranslation();
  const { filters, pagination, view, clock, applyFilters } = useReportSearch();
  const exporter = useExportReport(type);
  // A date range, or for the conversion report a filter on changes (conversions of every date then).
  const datesSet = canRunReport(type, filters, view);

  // Submit runs the report even when the query stays the same (another preset naming the same days,
  // or fresh traffic since): the address alone would not change the query's key.
  const submit = (next: ReportFilters) => {
    const sameQuery = JSON.stringify(reportQueryOf(next)) === JSON.stringify(reportQueryOf(filters));
    applyFilters(next);
    if (sameQuery && pagination.page === 1 && hasDateRange(next)) refresh();
  };

  let body: ReactNode;
  if (!datesSet) body = <Empty testId="report-no-dates" text={t('reports.noDates')} />;
  else if (loading)
    body = (
      <Center p="xl" mih={200} data-testid="report-loading" aria-busy="true">
        <Loader />
      </Center>
    );
  else if (failed) body = <Empty testId="report-error" text={t('errors.generic')} />;
  else body = children ?? <Empty testId="report-empty" text={t('reports.empty')} />;

  return (
    <Stack gap="md">
      {/* On a phone the form folds behind a "Filters (n)" button (decision 095). */}
      <FoldingFilters count={setFilterCount(filters)} appliedKey={reportSearchParams(filters).toString()}>
        <Paper withBorder p="md" radius="md">
          {/* Remounted when the address changes (back, forward, a shared link) so the form shows it. */}
          <ReportFilterForm
            key={reportSearchParams(filters).toString()}
            initial={filters}
            clock={clock}
            onSubmit={submit}
          />
        </Paper>
      </FoldingFilters>
      {datesSet ? (
        // What the rows below are: the applied range (the address's, not the form's) and the zone its days are cut in.
        <Group gap={6} px="xs" data-testid="report-applied" data-zone={zoneName(clock.offset)}>
          <Text size="sm" fw={500} data-testid="report-applied-range">
            {!hasDateRange(filters)
              ? t('reports.applied.anyDate')
              : filters.startDate && filters.endDate
                ? t('reports.applied.range', {
                    start: formatLocalDate(filters.startDate),
                    end: formatLocalDate(filters.endDate),
                  })
                : filters.startDate
                  ? t('reports.applied.from', { start: formatLocalDate(filters.startDate) })
                  : t('reports.applied.until', { end: formatLocalDate(filters.endDate) })}
          </Text>
          <Text size="sm" c="dimmed">
            ·
          </Text>
          <Text size="sm" c="dimmed" data-testid="report-applied-zone">
            {t('reports.applied.zone', { zone: zoneName(clock.offset) })}
          </Text>
          <Anchor component={Link} to={paths.account.href()} size="sm" data-testid="report-zone-change">
            {t('reports.applied.change')}
          </Anchor>
        </Group>
      ) : null}
      {datesSet ? chart : null}
      <Paper withBorder radius="md" mih={200} data-testid="report-results" data-report={type}>
        <Group justify="space-between" px="md" pt="sm">
          <Text size="sm" c="dimmed">
            {datesSet && !loading ? summary : null}
          </Text>
          <Group gap="sm">
            {toolbar}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconDownload size={16} />}
              loading={exporter.isPending}
              disabled={!datesSet}
              onClick={() =>
                exporter.mutate({
                  ...reportQueryOf(filters),
                  ...(type === 'conversion' ? conversionViewQueryOf(view) : {}),
                  // The sub-ID report is exported as it is grouped on screen.
                  ...(type === 'subid' && view.groupBy !== 'subid' ? { groupBy: view.groupBy } : {}),
                  ...(type === 'subid' && view.then && view.then !== view.groupBy ? { then: view.then } : {}),
                })
              }
              data-testid="report-export"
            >
              {t('reports.export')}
            </Button>
          </Group>
        </Group>
        {body}
        {datesSet && !loading && !failed && footer ? <Box pb="md">{footer}</Box> : null}
      </Paper>
    </Stack>
  );
}

function Empty({ testId, text }: { testId: string; text: string }) {
  return (
    <Center p="xl" mih={200}>
      <Text c="dimmed" data-testid={testId}>
        {text}
      </Text>
    </Center>
  );
}
