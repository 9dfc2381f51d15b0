import { addDays, parisDayOf } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { runAdvertiserInvoices, type AdvertiserInvoiceRunOutcome } from './advertiser-invoice-run.js';

/**
 * The daily advertiser invoicing (decision 073): at the billing job's hour (02:00 Paris, `nextAt`), every advertiser
 * period over by yesterday's end and not invoiced yet, by its billing terms, as the system. Each server runs it; the
 * runs' advisory lock and the one live invoice per advertiser, period and currency (a unique index) make a second
 * server's run issue nothing. `runDue()` runs it now (tests drive it by hand: the test app starts no workers).
 */
export class AdvertiserInvoiceJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<AdvertiserInvoiceRunOutcome> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly logger: FastifyBaseLogger,
    private readonly nextAt: (now: Date) => Date,
  ) {}

  start(): void {
    if (this.timer) return;
    const wait = Math.max(1000, this.nextAt(this.ctx.now()).getTime() - this.ctx.now().getTime());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runDue()
        .then((result) =>
          this.logger.info({ issued: result.issued.length, skipped: result.skipped }, 'daily advertiser invoice run'),
        )
        .catch((error: unknown) =>
          this.logger.error({ err: error }, 'daily advertiser invoice run failed; retried tomorrow'),
        )
        .finally(() => this.start());
    }, wait);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Invoices what is due now: every period over by the end of yesterday (Paris); one run at a time here. */
  runDue(): Promise<AdvertiserInvoiceRunOutcome> {
    if (this.running) return this.running;
    const now = this.ctx.now();
    this.running = runAdvertiserInvoices(
      { db: this.ctx.db, storage: this.ctx.storage, now, network: this.ctx.config.network },
      { until: addDays(parisDayOf(now), -1) },
    ).finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
