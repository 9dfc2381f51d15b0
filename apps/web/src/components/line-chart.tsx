import { Box, Skeleton } from '@mantine/core';
import { lazy, Suspense, type HTMLAttributes } from 'react';
import { useNearViewport } from '@/lib/use-near-viewport';

// The chart (our own SVG since decision 119, in place of Mantine's over recharts, 116.7 KB) is loaded on first use,
// in a chunk of its own named `charts-…` (vite.config.ts), so that signing in and the screens without a chart never
// download it.
const Chart = lazy(() => import('./line-chart.impl'));

/** One line: the points' `name` field, drawn in a Mantine colour ('indigo.6'), on the left axis unless `right`. */
export type LineChartSeries = { name: string; label: string; color: string; yAxisId?: 'left' | 'right' };

export type LineChartProps = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  /** The height, legend included, in pixels. */
  h: number;
  data: Record<string, unknown>[];
  /** The field of a point that names it on the x axis. */
  dataKey: string;
  series: LineChartSeries[];
  /** What the chart shows, its accessible name (role img). */
  title: string;
  withLegend?: boolean;
  /** A second axis, on the right, for the series whose `yAxisId` is 'right'. */
  withRightYAxis?: boolean;
  withDots?: boolean;
  /** Whole-number ticks only (counts). */
  integers?: boolean;
  valueFormatter?: (value: number) => string;
  [dataAttribute: `data-${string}`]: string | number | undefined;
};

/** The line chart, loaded when it nears the viewport; a placeholder of the chart's height until then. */
export function LineChart(props: LineChartProps) {
  const [ref, near] = useNearViewport();
  // A skeleton (busy) only while the library loads: a chart still waiting below the fold is not work under way, just
  // its space kept (screens and tests read a skeleton or `aria-busy` as "not ready yet").
  if (!near) return <Box ref={ref} h={props.h} />;
  return (
    <Suspense fallback={<Skeleton h={props.h} radius="md" aria-busy="true" />}>
      <Chart {...props} />
    </Suspense>
  );
}
