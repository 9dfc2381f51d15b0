import { Skeleton, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChart } from '@/components/line-chart';
import { useDailyStats } from '../api/get-daily-stats';
import { chartPoints, chartRange, formatCount } from '../dashboard-format';
import { BlockError, DashboardBlock } from './dashboard-block';

/**
 * Clicks and conversions of the last 30 days, today included, cut in the partner's time zone. Conversions
 * are a small fraction of clicks: they get their own axis on the right so their line is readable.
 */
export function TrafficChart({ timezone }: { timezone: string | null }) {
  const { t } = useTranslation();
  // Fixed for the life of the screen: a re-render near midnight doesn't switch the range under the user.
  const [range] = useState(() => chartRange(new Date(), timezone));
  const daily = useDailyStats(range);
  const points = daily.data ? chartPoints(daily.data, range) : [];
  const hasTraffic = points.some((point) => point.clicks > 0 || point.conversions > 0);

  return (
    <DashboardBlock title={t('dashboard.chart.title')} data-testid="traffic-chart">
      {daily.isPending ? (
        <Skeleton height={280} radius="md" data-testid="traffic-chart-loading" aria-busy="true" />
      ) : !daily.data ? (
        <BlockError>{t('errors.generic')}</BlockError>
      ) : (
        <>
          {/* The chart shows even without traffic: two flat lines at 0 say the same as the note, on the same axes. */}
          {!hasTraffic && (
            <Text c="dimmed" size="sm" mb="xs" data-testid="traffic-chart-empty">
              {t('dashboard.chart.empty')}
            </Text>
          )}
          <LineChart
            h={280}
            data={points}
            dataKey="label"
            series={[
              { name: 'clicks', label: t('dashboard.chart.clicks'), color: 'indigo.6' },
              { name: 'conversions', label: t('dashboard.chart.conversions'), color: 'teal.6', yAxisId: 'right' },
            ]}
            withRightYAxis
            withLegend
            title={t('dashboard.chart.title')}
            // Counts: whole-number ticks from 0 on both axes (a conversion is never 0.5).
            integers
            valueFormatter={formatCount}
            data-testid="traffic-chart-svg"
            data-start-date={range.startDate}
            data-end-date={range.endDate}
            data-points={points.length}
            data-clicks={points.reduce((sum, point) => sum + point.clicks, 0)}
            data-conversions={points.reduce((sum, point) => sum + point.conversions, 0)}
          />
        </>
      )}
    </DashboardBlock>
  );
}
