import { addDays, parisDayOf, parisMidnightOf, type BillingRunResult } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { runBilling } from './billing-run.js';

/** The job's hour, Paris wall clock: after midnight's periods are over, before anyone's working day. */
const RUN_HOUR = 2;

/** The next 02:00 in Paris after `now` (on 29 March, when 02:00 does not exist, 03:00 summer time). */
export function nextBillingJobAt(now: Date): Date {
  const today = parisDayOf(now);
  const at = new Date(parisMidnightOf(today).getTime() + RUN_HOUR * 3_600_000);
  return at.getTime() > now.getTime()
    ? at
    : new Date(parisMidnightOf(addDays(today, 1)).getTime() + RUN_HOUR * 3_600_000);
}

/**
 * The daily billing job (decision 070): at 02:00 Paris, every partner's periods over by yesterday's end and not billed
 * yet, by its payment terms, as the system (no actor; finance validates its invoices). Each server runs it; the run's
 * advisory lock and its one request per partner, period and currency make a second server's run bill nothing.
 * `runDue()` runs it now (tests drive it by hand: the test app starts no workers).
 */
export class BillingJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<BillingRunResult> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly logger: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.timer) return;
    const wait = Math.max(1000, nextBillingJobAt(this.ctx.now()).getTime() - this.ctx.now().getTime());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runDue()
        .then((result) =>
          this.logger.info(
            { until: result.until, created: result.created.length, alreadyBilled: result.alreadyBilled.length },
            'daily billing run',
          ),
        )
        .catch((error: unknown) => this.logger.error({ err: error }, 'daily billing run failed; retried tomorrow'))
        .finally(() => this.start());
    }, wait);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Bills what is due now: every period over by the end of yesterday (Paris); one run at a time in this process. */
  runDue(): Promise<BillingRunResult> {
    if (this.running) return this.running;
    const now = this.ctx.now();
    this.running = runBilling(
      {
        db: this.ctx.db,
        storage: this.ctx.storage,
        now,
        publicUrl: this.ctx.config.publicUrl,
        network: this.ctx.config.network,
      },
      { until: addDays(parisDayOf(now), -1) },
    ).finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
