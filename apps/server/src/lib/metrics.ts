import { monitorEventLoopDelay } from 'node:perf_hooks';

import * as prom from 'prom-client';

/**
 * Metrics in the Prometheus text format (exposition format 0.0.4), kept by `prom-client` (issue 51; decision 096,
 * amended): each family declares its label names; the server's own registry (not the library's global one), so two
 * apps in one process (tests) keep theirs apart. Gauges are read when scraped.
 */

type Labels = Record<string, string>;
type Sample = { labels: Labels; value: number };
type Collect = () => Sample[] | number | Promise<Sample[] | number>;

export class MetricsRegistry {
  private readonly registry = new prom.Registry();

  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) {
    return new prom.Counter<L>({ name, help, labelNames, registers: [this.registry] });
  }

  /** A gauge read when scraped (the buffer's depth, the pool's waiters, an outbox's age). */
  gauge(name: string, help: string, collect: Collect, labelNames: readonly string[] = []) {
    return new prom.Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        let got: Sample[] | number;
        try {
          got = await collect();
        } catch {
          // A collector that fails (the database away) leaves its family empty rather than failing the scrape.
          return;
        }
        if (typeof got === 'number') this.set(got);
        else for (const { labels, value } of got) this.set(labels, value);
      },
    });
  }

  histogram<L extends string = never>(name: string, help: string, buckets: number[], labelNames: readonly L[] = []) {
    return new prom.Histogram<L>({ name, help, buckets, labelNames, registers: [this.registry] });
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const LATENCY_BUCKETS: number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

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
      ['reason'],
    ),
    clickJournalSkipped: registry.counter(
      'portal_click_journal_replay_skipped_total',
      'What a replay of the click journal skipped, by kind (torn: a last line cut by a kill; corrupt: a damaged line; refused: a click whose values the database refused).',
      ['kind'],
    ),
    clickBatchSeconds: registry.histogram(
      'portal_click_batch_write_seconds',
      'Time to write one batch of buffered clicks (one transaction).',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    ),
    postbacks: registry.counter(
      'portal_postbacks_total',
      "Advertisers' postbacks by outcome (approved, pending, rejected, duplicate, wrong_token, invalid, throttled, unavailable, error).",
      ['outcome'],
    ),
    partnerDeliveries: registry.counter(
      'portal_partner_postback_deliveries_total',
      'Partner postback delivery attempts by result (succeeded, retry, failed).',
      ['result'],
    ),
    replicaFallbacks: registry.counter(
      'portal_replica_fallbacks_total',
      'Report reads that failed on the reports replica and were read again on the primary, by reason (away: the replica refused, lost or timed out the connection or was shutting down; conflict: canceled by a conflict with recovery).',
      ['reason'],
    ),
    httpSeconds: registry.histogram(
      'portal_http_request_duration_seconds',
      'HTTP request duration by method, route pattern and status class (GET /click is counted apart).',
      LATENCY_BUCKETS,
      ['method', 'route', 'status'],
    ),
    eventLoop,
  };
  registry.gauge(
    'portal_event_loop_delay_seconds',
    'Event-loop delay since the last scrape, by quantile.',
    () => {
      const samples = [
        { labels: { quantile: '0.5' }, value: eventLoop.percentile(50) / 1e9 },
        { labels: { quantile: '0.99' }, value: eventLoop.percentile(99) / 1e9 },
        { labels: { quantile: '1' }, value: eventLoop.max / 1e9 },
      ];
      eventLoop.reset();
      return samples;
    },
    ['quantile'],
  );
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
    ['kind'],
  );
  registry.gauge('portal_process_uptime_seconds', 'Seconds since the process started.', () => process.uptime());
  return metrics;
}

export type ServerMetrics = ReturnType<typeof createServerMetrics>;
