import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import type { ReportReads } from '../db/report-reads.js';

/** Set on a report read from a replica lagging past REPLICA_MAX_LAG_S: how many seconds old its data may be. */
export const REPORT_LAG_HEADER = 'x-report-data-lag-seconds';

/**
 * In a report plugin's scope (decision 097): before each handler, the database its reads go to (the replica, or the
 * primary when there is none or it lags too far), and the lag header when the replica is behind. The handler asks
 * `dbOf(request)`; on the replica's handle, a statement the replica fails for its own reason runs again on the primary
 * (decision 127).
 */
export function reportReadsFor(app: FastifyInstance, reads: ReportReads, primary: Db): (request: FastifyRequest) => Db {
  const chosen = new WeakMap<FastifyRequest, Db>();
  if (!reads.routed) return () => primary;
  app.addHook('preHandler', async (request, reply) => {
    const read = await reads.pick();
    chosen.set(request, read.db);
    if (read.staleSeconds !== null) reply.header(REPORT_LAG_HEADER, String(read.staleSeconds));
  });
  return (request) => chosen.get(request) ?? primary;
}
