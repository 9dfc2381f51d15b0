/**
 * What the server's command-line tools share (`create-admin`, decision 028; `refold-grains`, decision 136): the
 * configuration parsed once, the embedded database's data directory held against a running server (PGlite is one
 * process's database; PostgreSQL needs no lock) and the database opened as the server opens it. A problem is printed
 * and answered as the tool's exit code: 2 for the configuration, 1 for a data directory in use.
 */
import { loadConfig, type AppConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { holdDataDirLock } from './lib/data-dir-lock.js';

export type ToolDatabase = { config: AppConfig; database: Database; close: () => Promise<void> };

export async function openToolDatabase(): Promise<ToolDatabase | 1 | 2> {
  let config: AppConfig;
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
  return {
    config,
    database,
    close: async () => {
      await database.close();
      lock?.release();
    },
  };
}

/** Runs a tool's `main` and ends the process with its exit code; an unexpected error is printed and exits 1. */
export function runTool(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
