import type { LineChartProps } from '@mantine/charts';
import { Box, Skeleton } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';

// The charts library (Mantine charts over recharts and d3) is about as large as the rest of the front end's
// libraries together, and only the dashboard and the daily report draw a chart: it is loaded on first use, in a
// chunk of its own (vite.config.ts), so that signing in and every other screen never download it.
// A module of its own that imports LineChart by name, so that the other charts are still left out of the bundle.
const Chart = lazy(() => import('./line-chart.impl'));

/**
 * Whether the element has come near the viewport (once true, it stays true). The dashboard's chart sits below the
 * fold on a phone: its library is fetched when the chart is about to be seen, not with the page (decision 048).
 * Without IntersectionObserver (tests, old browsers) it is at once.
 */
function useNearViewport(): [(node: HTMLElement | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (node: HTMLElement | null) => {
      if (!node || near) return undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setNear(true);
            observer.disconnect();
          }
        },
        { rootMargin: '200px' },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [near],
  );
  return [ref, near];
}

/** Mantine's LineChart, loaded when it nears the viewport; a placeholder of the chart's height until then. */
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
