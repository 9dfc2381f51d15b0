import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { importEcbRates } from './fx-rates.service.js';

/** The ECB publishes around 16:00 CET: the job reads the file at 15:30 UTC, and once at start. */
const DAILY_AT_UTC_MINUTES = 15 * 60 + 30;
const FETCH_TIMEOUT_MS = 15_000;

export function nextFxRatesAt(now: Date): Date {
  const at = new Date(now);
  at.setUTCHours(0, DAILY_AT_UTC_MINUTES, 0, 0);
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

export type FxRatesRun = { ok: true; days: string[] } | { ok: false; reason: string };

/**
 * The daily reference rates read from FX_RATES_URL (decision 111). A machine without internet, a server error or a
 * file that is not the ECB's format leaves the known rates as they are: the run logs why and tries again tomorrow,
 * and reports keep converting at the last known rate (and say so).
 */
export class FxRatesJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<FxRatesRun> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly logger: FastifyBaseLogger,
  ) {}

  start(firstInMs = 5_000): void {
    if (this.timer) return;
    const now = this.ctx.now();
    const wait = Math.min(firstInMs, nextFxRatesAt(now).getTime() - now.getTime());
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.runDue().finally(() => this.start(Number.POSITIVE_INFINITY));
      },
      Math.max(1000, wait),
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One read of the file; never throws. */
  runDue(): Promise<FxRatesRun> {
    if (this.running) return this.running;
    this.running = this.fetchAndStore().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async fetchAndStore(): Promise<FxRatesRun> {
    const url = this.ctx.config.fxRatesUrl;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!response.ok) return this.failed(`HTTP ${response.status}`);
      const days = await importEcbRates(this.ctx.db, await response.text(), this.ctx.now());
      if (days.length === 0) return this.failed('no rates in the file');
      this.logger.info({ days: days.length, last: days.at(-1) }, 'reference rates read');
      return { ok: true, days };
    } catch (error) {
      return this.failed(error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)); // prettier-ignore
    }
  }

  private failed(reason: string): FxRatesRun {
    this.logger.warn({ url: this.ctx.config.fxRatesUrl, reason }, 'reference rates not read; the known rates stay');
    return { ok: false, reason };
  }
}
