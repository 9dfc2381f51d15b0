/**
 * `npm run seed:traffic -w @portal/server` (or `npm run seed:traffic` at the root): adds the demo traffic of
 * decision 018 to the database of DATA_DIR / DATABASE_URL, ending now. It refuses when the demo partners already
 * have clicks, unless `-- --force`. Its conversions are left unbilled: an admin's billing run bills them (decision
 * 027). Both scripts run it from the repository root, so a relative DATA_DIR means what it means to `npm start`. With
 * the embedded PGlite, stop the server first (one process per data directory).
 */
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedTraffic } from './seed/traffic.js';

async function main(): Promise<number> {
  const force = process.argv.includes('--force');
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: `${config.dataDir}/pglite`,
    pgliteWorker: config.pgliteWorker,
  });
  try {
    await database.migrate();
    const summary = await seedTraffic(database.db, { now: new Date(), force });
    if (!summary) {
      console.error('The demo partners already have traffic: nothing added (add `-- --force` to add more).');
      return 1;
    }
    const { clicks, refused, postbacks, conversions, reasons, ms } = summary;
    console.log(
      `Demo traffic added in ${(ms / 1000).toFixed(1)} s (database: ${database.kind}): ${clicks} clicks, ` +
        `${refused} refused, ${postbacks} postbacks → ${conversions.approved} approved, ${conversions.pending} ` +
        `pending, ${conversions.rejected} rejected ${JSON.stringify(reasons)}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
