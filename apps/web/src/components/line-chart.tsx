import type { LineChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The charts library (Mantine charts over recharts and d3) is about as large as the rest of the front end's
// libraries together, and only the dashboard and the daily report draw a chart: it is loaded on first use, in a
// chunk of its own (vite.config.ts), so that signing in and every other screen never download it.
// A module of its own that imports LineChart by name, so that the other charts are still left out of the bundle.
const Chart = lazy(() => import('./line-chart.impl'));

/** Mantine's LineChart, loaded on first use; a placeholder of the chart's height until then. */
export function LineChart(props: LineChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h} radius="md" aria-busy="true" />}>
      <Chart {...props} />
    </Suspense>
  );
}
