/**
 * `npm run refold-grains` (decision 136): once every server runs a build with the weekly grains (migrations 0045 and,
 * for the landing grain, 0048, decision 150) and the goal grain per offer (migration 0046, decision 141), makes each weekly grain equal to its daily grain folded per
 * Monday and the goal grain per offer equal to the goal grain's days, adding what servers of an earlier build wrote to
 * the finer grains alone during a rolling deploy. Runs beside the servers on PostgreSQL; with the embedded PGlite, stop the
 * server first (it refuses while one holds the data directory). A second run changes nothing.
 * Then builds the weekly grains in the base currency again (decision 142): an earlier build's postbacks wrote money to
 * the daily grains alone.
 *
 * Exit codes: 0 done, 1 refused (database in use) or failed, 2 bad configuration.
 */
import { rebuildConvertedWeeksFor, refoldWeeklyGrains } from './modules/rollups/index.js';
import { openToolDatabase, runTool } from './tool-database.js';

async function main(): Promise<number> {
  const opened = await openToolDatabase();
  if (typeof opened === 'number') return opened;
  try {
    await opened.database.migrate();
    const changed = await refoldWeeklyGrains(opened.database.db);
    const total = Object.values(changed).reduce((sum, n) => sum + n, 0);
    console.log(
      total === 0
        ? 'The weekly grains and the goal grain per offer already equal the grains they fold: nothing changed.'
        : `Folded grain rows corrected: ${Object.entries(changed)
            .map(([table, n]) => `${table} ${n}`)
            .join(', ')}.`,
    );
    await rebuildConvertedWeeksFor(opened.database.db, opened.config.baseCurrency);
    console.log(`The weekly grains in the base currency (${opened.config.baseCurrency}) built again.`);
    return 0;
  } finally {
    await opened.close();
  }
}

runTool(main);
