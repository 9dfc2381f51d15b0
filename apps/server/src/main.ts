import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { prepareInstall } from './startup.js';
import { holdDataDirLock } from './lib/data-dir-lock.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // PGlite is one process's database: a second process (create-admin) must not open it while this one runs.
  let lock: { release: () => void } | null = null;
  try {
    lock = config.databaseUrl ? null : holdDataDirLock(config.dataDir);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    migrationDatabaseUrl: config.migrationDatabaseUrl,
    dataDir: `${config.dataDir}/pglite`,
    pgliteWorker: config.pgliteWorker,
  });
  await database.migrate();
  // Reports on a read replica (decision 097): its own pool, never migrated (it follows the primary).
  const reports = config.reportsDatabaseUrl
    ? { database: await openDatabase({ databaseUrl: config.reportsDatabaseUrl }) }
    : undefined;
  const app = await buildApp({ config, database, ...(reports ? { reports } : {}) });
  await prepareInstall(app.ctx, app.log);

  closeWithGrace({ delay: 10_000 + config.drainSeconds * 1000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    // Draining (issue 51): /readyz answers 503 while requests are still served, so that a load balancer stops
    // sending new ones before the listener closes.
    if (signal && config.drainSeconds > 0) {
      app.health.draining = true;
      await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    }
    await app.close();
    await database.close();
    await reports?.database.close();
    lock?.release();
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`portal and API on ${config.publicUrl} (database: ${database.kind})`);
}

void main();
