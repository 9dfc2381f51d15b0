import { Box, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportType } from '@portal/contracts';
import { useExportReport } from '../api/export-report';
import { hasDateRange, reportQueryOf, reportSearchParams, type ReportFilters } from '../report-filters';
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
};

/** What every report screen shares: the filter, the CSV export, and the loading and empty states. */
export function ReportPanel({ type, loading, failed, children, summary, chart, footer, refresh }: ReportPanelProps) {
  const { t } = useTranslation();
  const { filters, pagination, clock, applyFilters } = useReportSearch();
  const exporter = useExportReport(type);
  const datesSet = hasDateRange(filters);

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
      <Paper withBorder p="md" radius="md">
        {/* Remounted when the address changes (back, forward, a shared link) so the form shows it. */}
        <ReportFilterForm
          key={reportSearchParams(filters).toString()}
          initial={filters}
          clock={clock}
          onSubmit={submit}
        />
      </Paper>
      {datesSet ? chart : null}
      <Paper withBorder radius="md" mih={200} data-testid="report-results" data-report={type}>
        <Group justify="space-between" px="md" pt="sm">
          <Text size="sm" c="dimmed">
            {datesSet && !loading ? summary : null}
          </Text>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDownload size={16} />}
            loading={exporter.isPending}
            disabled={!datesSet}
            onClick={() => exporter.mutate(reportQueryOf(filters))}
            data-testid="report-export"
          >
            {t('reports.export')}
          </Button>
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
