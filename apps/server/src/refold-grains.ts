/**
 * `npm run refold-grains` (decision 136): once every server runs a build with the weekly grains (migration 0045), makes
 * each weekly grain equal to its daily grain folded per Monday, adding what servers of an earlier build wrote to the
 * daily grains alone during a rolling deploy. Runs beside the servers on PostgreSQL; with the embedded PGlite, stop the
 * server first (it refuses while one holds the data directory). A second run changes nothing.
 *
 * Exit codes: 0 done, 1 refused (database in use) or failed, 2 bad configuration.
 */
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { holdDataDirLock } from './lib/data-dir-lock.js';
import { refoldWeeklyGrains } from './modules/rollups/index.js';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  let lock: { release: () => void } | null;
  try {
    lock = config.databaseUrl ? null : holdDataDirLock(config.dataDir);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    migrationDatabaseUrl: config.migrationDatabaseUrl,
    dataDir: `${config.dataDir}/pglite`,
    pgliteWorker: config.pgliteWorker,
  });
  try {
    await database.migrate();
    const changed = await refoldWeeklyGrains(database.db);
    const total = Object.values(changed).reduce((sum, n) => sum + n, 0);
    console.log(
      total === 0
        ? 'The weekly grains already equal the daily grains: nothing changed.'
        : `Weekly grain rows corrected: ${Object.entries(changed)
            .map(([table, n]) => `${table} ${n}`)
            .join(', ')}.`,
    );
    return 0;
  } finally {
    await database.close();
    lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
