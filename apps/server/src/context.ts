import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import type { ReportReads } from './db/report-reads.js';
import type { Mailer } from './lib/mailer.js';
import type { ServerMetrics } from './lib/metrics.js';
import type { SmsSender } from './lib/sms.js';
import type { FileStorage } from './lib/storage.js';

/** What every module receives: the parsed configuration and the shared services. */
export type AppContext = {
  config: AppConfig;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  mailer: Mailer;
  /** Text messages (two-factor codes), through the SMS outbox. */
  sms: SmsSender;
  storage: FileStorage;
  /** The clock, replaceable in tests (token expiry, reset keys). */
  now: () => Date;
  /** The counters and histograms GET /metrics shows (issue 51). */
  metrics: ServerMetrics;
  /** Where partner and network report reads go: a replica when REPORTS_DATABASE_URL is set (decision 097). */
  reports: ReportReads;
};
