// Imported by line-chart.tsx only, on first use (decision 119): a line chart of our own in SVG, in place of Mantine's
// over recharts and d3 (116.7 KB gzipped), for the few lines a day-by-day chart draws.
import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatCount } from '@portal/contracts';
import type { LineChartProps } from './line-chart';
import './line-chart.css';

const MARGIN = { top: 12, bottom: 28, side: 56 };
/** The legend's line, below the chart, inside its height. */
const LEGEND_HEIGHT = 28;
/** The width an x-axis label is given before every other label is skipped. */
const X_LABEL_WIDTH = 48;

/** A Mantine colour ('indigo.6') as its CSS variable. */
const colorOf = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/** Round steps (1, 2, 5 × 10ⁿ) from `min` to `max`, about `count` of them; whole numbers when asked. */
export function niceTicks(min: number, max: number, count: number, integers: boolean): number[] {
  const low = Math.min(0, min);
  const high = max > low ? max : low + 1;
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  if (integers) step = Math.max(1, Math.ceil(step));
  const ticks: number[] = [];
  for (let tick = Math.floor(low / step) * step; tick < high + step; tick += step) {
    ticks.push(Number(tick.toPrecision(12)));
    if (tick >= high) break;
  }
  return ticks;
}

/** The width of the element, followed as it changes (600 where nothing lays it out: tests). */
function useWidth(): [(node: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((node: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!node) return;
    setWidth(node.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(() => setWidth(node.getBoundingClientRect().width));
    observer.current.observe(node);
  }, []);
  useLayoutEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width > 0 ? width : 600];
}

/**
 * A line per series over the points, left to right; a series on the `right` axis is scaled on its own. Named and
 * described for assistive technology (role img: what it plots, over which days, each series' lowest and highest
 * value); the numbers themselves are in the screen's table. A pointer over the chart, or the arrow keys once it has
 * the focus, show the values of a day.
 */
export default function LineChart({
  h,
  data,
  dataKey,
  series,
  title,
  withLegend = false,
  withRightYAxis = false,
  withDots = false,
  valueFormatter = formatCount,
  integers = false,
  ...rest
}: LineChartProps) {
  const { t } = useTranslation();
  const id = useId();
  const [wrapperRef, width] = useWidth();
  const [active, setActive] = useState<number | null>(null);

  const labels = data.map((point) => String(point[dataKey] ?? ''));
  const valueOf = (point: Record<string, unknown>, name: string) => {
    const value = point[name];
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  };
  const onRight = (name: string) => withRightYAxis && series.find((s) => s.name === name)?.yAxisId === 'right';
  const axisTicks = (right: boolean) => {
    const values = series
      .filter((s) => onRight(s.name) === right)
      .flatMap((s) => data.map((point) => valueOf(point, s.name)));
    return niceTicks(Math.min(0, ...values), Math.max(0, ...values), 4, integers);
  };
  const leftTicks = axisTicks(false);
  const rightTicks = withRightYAxis ? axisTicks(true) : leftTicks;

  const left = MARGIN.side;
  const right = width - (withRightYAxis ? MARGIN.side : 16);
  const top = MARGIN.top;
  const height = withLegend ? h - LEGEND_HEIGHT : h;
  const bottom = height - MARGIN.bottom;
  const plotWidth = Math.max(1, right - left);
  const xOf = (index: number) =>
    data.length <= 1 ? left + plotWidth / 2 : left + (index * plotWidth) / (data.length - 1);
  const yOf = (value: number, ticks: number[]) => {
    const low = ticks[0] ?? 0;
    const high = ticks.at(-1) ?? 1;
    return bottom - ((value - low) / (high - low || 1)) * (bottom - top);
  };
  const labelEvery = Math.max(1, Math.ceil((data.length * X_LABEL_WIDTH) / plotWidth));

  const summary = summaryOf(t, labels, series, (name) => data.map((point) => valueOf(point, name)), valueFormatter);

  const pointAt = (event: PointerEvent<SVGSVGElement>) => {
    if (data.length === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const index = data.length <= 1 ? 0 : Math.round(((x - left) / plotWidth) * (data.length - 1));
    setActive(Math.min(data.length - 1, Math.max(0, index)));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const next = keyedIndex(event.key, active, data.length);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };

  const activePoint = active === null ? undefined : data[active];
  const tipLeft = active === null ? 0 : xOf(active);

  return (
    <div {...rest} className="line-chart" ref={wrapperRef} style={{ height: h }}>
      <svg
        className="line-chart-surface"
        width={width}
        height={height}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        tabIndex={0}
        onPointerMove={pointAt}
        onPointerLeave={() => setActive(null)}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <g className="line-chart-grid" aria-hidden="true">
          {leftTicks.map((tick) => (
            <g key={tick}>
              <line x1={left} x2={right} y1={yOf(tick, leftTicks)} y2={yOf(tick, leftTicks)} />
              <text x={left - 8} y={yOf(tick, leftTicks)} textAnchor="end" dominantBaseline="middle">
                {valueFormatter(tick)}
              </text>
            </g>
          ))}
          {withRightYAxis &&
            rightTicks.map((tick) => (
              <text key={tick} x={right + 8} y={yOf(tick, rightTicks)} dominantBaseline="middle">
                {valueFormatter(tick)}
              </text>
            ))}
          {labels.map((label, index) =>
            index % labelEvery === 0 ? (
              <text key={index} x={xOf(index)} y={bottom + 18} textAnchor="middle">
                {label}
              </text>
            ) : null,
          )}
        </g>
        {series.map((s) => {
          const ticks = onRight(s.name) ? rightTicks : leftTicks;
          const points = data.map((point, index) => `${xOf(index)},${yOf(valueOf(point, s.name), ticks)}`);
          return (
            <g key={s.name} className="line-chart-line" data-series={s.name} aria-hidden="true">
              <polyline points={points.join(' ')} fill="none" stroke={colorOf(s.color)} strokeWidth={2} />
              {withDots &&
                points.map((point, index) => {
                  const [cx, cy] = point.split(',');
                  return <circle key={index} cx={cx} cy={cy} r={3} fill={colorOf(s.color)} />;
                })}
            </g>
          );
        })}
        {active !== null && (
          <g aria-hidden="true">
            <line className="line-chart-cursor" x1={tipLeft} x2={tipLeft} y1={top} y2={bottom} />
            {series.map((s) => (
              <circle
                key={s.name}
                cx={tipLeft}
                cy={yOf(valueOf(data[active] ?? {}, s.name), onRight(s.name) ? rightTicks : leftTicks)}
                r={4}
                fill={colorOf(s.color)}
              />
            ))}
          </g>
        )}
      </svg>
      {activePoint && active !== null && (
        <ChartTooltip
          label={labels[active] ?? ''}
          point={activePoint}
          series={series}
          valueOf={valueOf}
          valueFormatter={valueFormatter}
          style={tipLeft > width / 2 ? { right: width - tipLeft + 12 } : { left: tipLeft + 12 }}
        />
      )}
      {withLegend && <ChartLegend series={series} />}
    </div>
  );
}

type Series = LineChartProps['series'];

/** The values of the day a pointer or the arrow keys chose, beside its line. */
function ChartTooltip({
  label,
  point,
  series,
  valueOf,
  valueFormatter,
  style,
}: {
  label: string;
  point: Record<string, unknown>;
  series: Series;
  valueOf: (point: Record<string, unknown>, name: string) => number;
  valueFormatter: (value: number) => string;
  style: CSSProperties;
}) {
  return (
    <div className="line-chart-tooltip" data-testid="line-chart-tooltip" role="status" style={style}>
      <div className="line-chart-tooltip-label">{label}</div>
      {series.map((s) => (
        <div key={s.name} className="line-chart-tooltip-row">
          <span className="line-chart-swatch" style={{ background: colorOf(s.color) }} />
          <span>{s.label}</span>
          <span className="line-chart-tooltip-value">{valueFormatter(valueOf(point, s.name))}</span>
        </div>
      ))}
    </div>
  );
}

/** Each line's colour and name, below the chart. */
function ChartLegend({ series }: { series: Series }) {
  return (
    <ul className="line-chart-legend" data-testid="line-chart-legend">
      {series.map((s) => (
        <li key={s.name}>
          <span className="line-chart-swatch" style={{ background: colorOf(s.color) }} aria-hidden="true" />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/** The day a key chooses from the current one (`null`: none shown), `undefined` for a key that chooses none. */
function keyedIndex(key: string, active: number | null, count: number): number | null | undefined {
  const last = count - 1;
  if (key === 'ArrowRight') return Math.min(last, (active ?? -1) + 1);
  if (key === 'ArrowLeft') return Math.max(0, (active ?? count) - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  if (key === 'Escape') return null;
  return undefined;
}

/** What the chart shows, in words: its days, and each line's lowest and highest value. */
function summaryOf(
  t: TFunction,
  labels: string[],
  series: LineChartProps['series'],
  valuesOf: (name: string) => number[],
  valueFormatter: (value: number) => string,
): string {
  return [
    t('chart.days', { count: labels.length, first: labels[0] ?? '', last: labels.at(-1) ?? '' }),
    ...series.map((s) => {
      const values = valuesOf(s.name);
      return t('chart.seriesRange', {
        label: s.label,
        min: valueFormatter(values.length ? Math.min(...values) : 0),
        max: valueFormatter(values.length ? Math.max(...values) : 0),
      });
    }),
  ].join(' ');
}
