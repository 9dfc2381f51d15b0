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
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  await database.migrate();
  const app = await buildApp({ config, database });
  await prepareInstall(app.ctx, app.log);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    lock?.release();
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`portal and API on ${config.publicUrl} (database: ${database.kind})`);
}

void main();
