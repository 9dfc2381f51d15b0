import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Metrics in the Prometheus text format (exposition format 0.0.4), written here rather than with `prom-client`: the
 * package is not installed and the workspace adds no dependency without the lead (decision 096). Counters, gauges
 * read at scrape time and histograms, with labels; nothing else of the format is needed.
 */

type Labels = Record<string, string>;
type Sample = { labels: Labels; value: number };

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const formatLabels = (labels: Labels) => {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([key, value]) => `${key}="${escapeLabel(value)}"`).join(',')}}`;
};
const formatValue = (value: number) =>
  Number.isFinite(value) ? String(value) : Number.isNaN(value) ? 'NaN' : value > 0 ? '+Inf' : '-Inf';
const keyOf = (labels: Labels) => JSON.stringify(labels);

interface Family {
  readonly name: string;
  render(): Promise<string> | string;
}

export class Counter implements Family {
  private readonly values = new Map<string, Sample>();
  constructor(
    readonly name: string,
    private readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = keyOf(labels);
    const sample = this.values.get(key);
    if (sample) sample.value += by;
    else this.values.set(key, { labels, value: by });
  }

  value(labels: Labels = {}): number {
    return this.values.get(keyOf(labels))?.value ?? 0;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values()) {
      lines.push(`${this.name}${formatLabels(labels)} ${formatValue(value)}`);
    }
    return lines.join('\n');
  }
}

/** A gauge read when scraped (the buffer's depth, the pool's waiters, an outbox's age). */
export class Gauge implements Family {
  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly collect: () => Sample[] | number | Promise<Sample[] | number>,
  ) {}

  async render(): Promise<string> {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`];
    let samples: Sample[];
    try {
      const got = await this.collect();
      samples = typeof got === 'number' ? [{ labels: {}, value: got }] : got;
    } catch {
      // A collector that fails (the database away) leaves its family empty rather than failing the scrape.
      samples = [];
    }
    for (const { labels, value } of samples) lines.push(`${this.name}${formatLabels(labels)} ${formatValue(value)}`);
    return lines.join('\n');
  }
}

type Buckets = { labels: Labels; counts: number[]; sum: number; count: number };

export class Histogram implements Family {
  private readonly series = new Map<string, Buckets>();
  constructor(
    readonly name: string,
    private readonly help: string,
    readonly buckets: readonly number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = keyOf(labels);
    let series = this.series.get(key);
    if (!series) {
      series = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) series.counts[i]!++;
    series.sum += value;
    series.count++;
  }

  count(labels: Labels = {}): number {
    return this.series.get(keyOf(labels))?.count ?? 0;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.series.values()) {
      this.buckets.forEach((bound, i) => {
        lines.push(`${this.name}_bucket${formatLabels({ ...labels, le: formatValue(bound) })} ${counts[i]}`);
      });
      lines.push(`${this.name}_bucket${formatLabels({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${formatLabels(labels)} ${formatValue(sum)}`);
      lines.push(`${this.name}_count${formatLabels(labels)} ${count}`);
    }
    return lines.join('\n');
  }
}

export class MetricsRegistry {
  private readonly families: Family[] = [];

  counter(name: string, help: string): Counter {
    return this.add(new Counter(name, help));
  }

  gauge(name: string, help: string, collect: () => Sample[] | number | Promise<Sample[] | number>): Gauge {
    return this.add(new Gauge(name, help, collect));
  }

  histogram(name: string, help: string, buckets: readonly number[]): Histogram {
    return this.add(new Histogram(name, help, buckets));
  }

  private add<F extends Family>(family: F): F {
    if (this.families.some((f) => f.name === family.name)) throw new Error(`metric ${family.name} registered twice`);
    this.families.push(family);
    return family;
  }

  async render(): Promise<string> {
    const parts = await Promise.all(this.families.map((family) => family.render()));
    return `${parts.join('\n')}\n`;
  }
}

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The server's instruments (issue 51): what the request paths count as they go. Gauges read at scrape time are
 * added by app.ts, which knows the click buffer, the pool and the outbox.
 */
export function createServerMetrics() {
  const registry = new MetricsRegistry();
  const eventLoop = monitorEventLoopDelay({ resolution: 10 });
  eventLoop.enable();
  const metrics = {
    registry,
    clicksRedirected: registry.counter('portal_clicks_redirected_total', 'Clicks answered with a redirect.'),
    clicksRefused: registry.counter(
      'portal_clicks_refused_total',
      'Clicks answered without a redirect, by reason (unavailable: the database or the journal could not take it).',
    ),
    clickJournalSkipped: registry.counter(
      'portal_click_journal_replay_skipped_total',
      'What a replay of the click journal skipped, by kind (torn: a last line cut by a kill; corrupt: a damaged line; refused: a click whose values the database refused).',
    ),
    clickBatchSeconds: registry.histogram(
      'portal_click_batch_write_seconds',
      'Time to write one batch of buffered clicks (one transaction).',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    ),
    postbacks: registry.counter(
      'portal_postbacks_total',
      "Advertisers' postbacks by outcome (approved, pending, rejected, duplicate, wrong_token, invalid, throttled, unavailable, error).",
    ),
    partnerDeliveries: registry.counter(
      'portal_partner_postback_deliveries_total',
      'Partner postback delivery attempts by result (succeeded, retry, failed).',
    ),
    replicaFallbacks: registry.counter(
      'portal_replica_fallbacks_total',
      'Report reads that failed on the reports replica and were read again on the primary, by reason (away: the replica refused, lost or timed out the connection or was shutting down; conflict: canceled by a conflict with recovery).',
    ),
    httpSeconds: registry.histogram(
      'portal_http_request_duration_seconds',
      'HTTP request duration by method, route pattern and status class (GET /click is counted apart).',
      LATENCY_BUCKETS,
    ),
    eventLoop,
  };
  registry.gauge('portal_event_loop_delay_seconds', 'Event-loop delay since the last scrape, by quantile.', () => {
    const samples = [
      { labels: { quantile: '0.5' }, value: eventLoop.percentile(50) / 1e9 },
      { labels: { quantile: '0.99' }, value: eventLoop.percentile(99) / 1e9 },
      { labels: { quantile: '1' }, value: eventLoop.max / 1e9 },
    ];
    eventLoop.reset();
    return samples;
  });
  registry.gauge(
    'portal_process_memory_bytes',
    'Process memory by kind (rss, heap_used, heap_total, external).',
    () => {
      const memory = process.memoryUsage();
      return [
        { labels: { kind: 'rss' }, value: memory.rss },
        { labels: { kind: 'heap_used' }, value: memory.heapUsed },
        { labels: { kind: 'heap_total' }, value: memory.heapTotal },
        { labels: { kind: 'external' }, value: memory.external },
      ];
    },
  );
  registry.gauge('portal_process_uptime_seconds', 'Seconds since the process started.', () => process.uptime());
  return metrics;
}

export type ServerMetrics = ReturnType<typeof createServerMetrics>;
