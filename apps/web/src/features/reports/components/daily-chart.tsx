import { Paper, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BasicReportRow } from '@portal/contracts';
import { LineChart } from '@/components/line-chart';
import { dailyChartPoints } from '../report-rows';

const CHART_HEIGHT = 260;

/**
 * The chart's place while the report loads, of the chart's size: drawn when the rows came, the chart pushed the results
 * down, a layout shift of the whole screen (decision 133).
 */
export function DailyChartPlaceholder() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" aria-busy="true" data-testid="daily-chart-loading">
      <Text fw={500} mb="sm">
        {t('reports.chart.title')}
      </Text>
      <Skeleton h={CHART_HEIGHT} radius="md" />
    </Paper>
  );
}

/** Clicks (left axis) and conversions (right axis) per day, above the daily report. */
export function DailyChart({ rows }: { rows: readonly BasicReportRow[] }) {
  const { t } = useTranslation();
  const points = dailyChartPoints(rows);
  if (points.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="daily-chart" data-points={points.length}>
      <Text fw={500} mb="sm">
        {t('reports.chart.title')}
      </Text>
      <LineChart
        h={CHART_HEIGHT}
        data={points}
        dataKey="date"
        withLegend
        withRightYAxis
        integers
        title={t('reports.chart.title')}
        withDots={points.length <= 31}
        series={[
          { name: 'clicks', label: t('reports.chart.clicks'), color: 'indigo.6' },
          { name: 'conversions', label: t('reports.chart.conversions'), color: 'teal.6', yAxisId: 'right' },
        ]}
      />
    </Paper>
  );
}
