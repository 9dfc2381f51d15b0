import type { Db } from '../../db/client.js';
import { OutboxWorker } from '../../lib/outbox-worker.js';
import { prunePostbackLog } from './conversions.repository.js';

/**
 * The postback log is for debugging an integration, not an archive (the conversions are): entries older than the
 * retention (POSTBACK_LOG_RETENTION_DAYS, decision 044) are deleted every hour, in batches so that no round holds
 * locks for long. Shares the outbox workers' timer and single flight.
 */
export class PostbackLogPruner extends OutboxWorker {
  constructor(
    private readonly db: Db,
    private readonly retentionDays: number,
    private readonly now: () => Date,
  ) {
    super();
  }

  protected async sendDue(): Promise<number> {
    const before = new Date(this.now().getTime() - this.retentionDays * 86_400_000);
    let total = 0;
    for (let round = 0; round < 100; round += 1) {
      const gone = await prunePostbackLog(this.db, before);
      total += gone;
      if (gone < 10_000) break;
    }
    return total;
  }
}
