/**
 * A report read in flight when the replica goes away (decision 127), PostgreSQL only: the replica is a stand-in (a
 * second, empty database: a report that counts the primary's clicks was answered by the primary) reached through a
 * TCP proxy the test cuts, its lag read for real (0: the stand-in is no standby; a failure once cut off). Each report
 * is held in flight by a lock the test takes on the stand-in, then the stand-in's backends are terminated (57P01, what
 * `pg_ctl stop -m fast` sends) or the proxy cut (a connection lost, then refused): the report answers 200 from the
 * primary, never 503, and the following ones go to the primary without trying the replica until a lag reading
 * succeeds again. An embedded database has no replica to lose (`*.pg.test.ts`, vitest.config.ts).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { statisticsEndpoints } from '@portal/contracts';
import { buildTestApp, callEndpoint, createPartner, login, type TestApp } from './helper.js';
import { createOffer } from './offer-fixtures.js';
import { readSpreadsheetCsv } from './csv.js';
import { startProxy } from './tcp-proxy.js';

const TOKEN = 'metrics-token-for-the-replica-test';
let t: TestApp;
let proxy: Awaited<ReturnType<typeof startProxy>>;

beforeAll(async () => {
  t = await buildTestApp({
    config: { replicaMaxLagS: 30, metricsToken: TOKEN },
    reportsReplica: {
      via: async (url) => {
        proxy = await startProxy(new URL(url));
        const reached = new URL(url);
        reached.port = String(proxy.port);
        return reached.toString();
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await proxy?.close().catch(() => undefined);
});

/** The fallbacks counted on /metrics, by reason. */
async function fallbacks(reason: 'away' | 'conflict'): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const line = res.body.split('\n').find((l) => l.startsWith(`portal_replica_fallbacks_total{reason="${reason}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/**
 * A session on the stand-in itself (not through the proxy) holding every rollup table and the raw clicks: a report
 * that reads the stand-in waits on it, in flight, until `release`.
 */
async function holdReplica() {
  const admin = new pg.Client({ connectionString: t.replicaUrl });
  admin.on('error', () => undefined);
  await admin.connect();
  const { rows } = await admin.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' and (tablename like 'stats\\_%' or tablename = 'clicks')",
  );
  await admin.query('begin');
  await admin.query(`lock table ${rows.map((r) => `"${r.name}"`).join(', ')} in access exclusive mode`);
  return {
    /** Waits until a report's query waits on the lock. */
    waiting: () =>
      vi.waitFor(
        async () => {
          const { rows: waiting } = await admin.query<{ n: string }>(
            "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
          );
          expect(Number(waiting[0]!.n)).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 50 },
      ),
    /** What `pg_ctl stop -m fast` does to the stand-in's sessions: 57P01 to each but this one. */
    terminateOthers: () =>
      admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()'), // prettier-ignore
    release: async () => {
      await admin.query('rollback');
      await admin.end();
    },
  };
}

describe('a report read when the replica goes away (PostgreSQL)', () => {
  it('answers 200 from the primary, never 503, and reads the primary until the replica answers again', async () => {
    const partner = await createPartner(t);
    const token = await login(t, partner.email, partner.password);
    const offerId = await createOffer(t, { name: 'Replica away', goals: [{ goal: 'registration', p1: { amount: 100 } }] }); // prettier-ignore
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` });
      expect(res.statusCode).toBe(302);
    }
    await t.app.tracking.buffer.flush();
    const today = new Date().toISOString().slice(0, 10);
    const quickStats = () => callEndpoint(t.app, statisticsEndpoints.quickStats, {}, token);
    const clicksRead = async () => {
      const res = await quickStats();
      if (!res.ok) throw new Error(`quick stats answered ${res.status}`);
      return res.body.data.clicks;
    };

    // The replica answers (the stand-in holds no clicks).
    t.app.ctx.reports.forget();
    expect(await clicksRead()).toBe(0);
    expect(await fallbacks('away')).toBe(0);

    // In flight on the replica when its sessions are terminated (57P01): read again on the primary.
    const held = await holdReplica();
    t.app.ctx.reports.forget();
    const inFlight = quickStats();
    await held.waiting();
    await held.terminateOthers();
    const answered = await inFlight;
    expect(answered.status, answered.raw.body).toBe(200);
    expect(answered.ok && answered.body.data.clicks).toBe(3);
    const afterTerminate = await fallbacks('away');
    expect(afterTerminate).toBeGreaterThan(0);
    await held.release();
    // A lag reading that succeeds sends reports to the replica again.
    t.app.ctx.reports.forget();
    expect(await clicksRead()).toBe(0);

    // A CSV export in flight on the replica when the replica's network goes (the connection lost, then refused):
    // the whole file, from the primary.
    const again = await holdReplica();
    t.app.ctx.reports.forget();
    const exporting = callEndpoint(t.app, statisticsEndpoints.export, { params: { type: 'click' }, query: { startDate: today, endDate: today } }, token); // prettier-ignore
    await again.waiting();
    await proxy.cut();
    const file = await exporting;
    expect(file.status, file.raw.body).toBe(200);
    expect(readSpreadsheetCsv(file.raw.body).lines).toHaveLength(3);
    const afterCut = await fallbacks('away');
    expect(afterCut).toBeGreaterThan(afterTerminate);
    await again.release();

    // Following reads, the lag reading failing too: the primary answers and the replica is not tried.
    for (let i = 0; i < 3; i++) {
      t.app.ctx.reports.forget();
      expect(await clicksRead()).toBe(3);
    }
    expect(await fallbacks('away')).toBe(afterCut);

    // The replica back: once a lag reading succeeds, the replica answers again.
    await proxy.restore();
    t.app.ctx.reports.forget();
    expect(await clicksRead()).toBe(0);
  });
});
