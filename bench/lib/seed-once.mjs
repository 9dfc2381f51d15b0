// Migrates the database of DATA_DIR or DATABASE_URL and seeds the demo network without its 90 days of traffic, then
// prints the bench's link ids as JSON on its last line: the reliability scripts start the real server on it after.
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { openDatabase } from '../../apps/server/dist/db/client.js';
import { seedDemo } from '../../apps/server/dist/seed/seed.js';
import { sql } from 'drizzle-orm';

const config = loadConfig({ ...process.env, SEED_DEMO: 'true' });
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: `${config.dataDir}/pglite`,
  pgliteWorker: config.pgliteWorker,
});
await database.migrate();
const app = await buildApp({ config, database, workers: false });
await seedDemo(app.ctx, { traffic: false });
const result = await database.db.execute(sql`select
  (select id from partners where email = 'partner@demo.test') as "partnerId",
  (select id from offers where name = 'LunaDate – FR – SOI') as "offerId",
  (select a.security_token from advertisers a join products p on p.advertiser_id = a.id join offers o on o.product_id = p.id where o.name = 'LunaDate – FR – SOI') as "token",
  (select g.identifier from offer_goals og join goals g on g.id = og.goal_id join offers o on o.id = og.offer_id
    where o.name = 'LunaDate – FR – SOI' order by og.id limit 1) as "goal"`);
const ids = (Array.isArray(result) ? result : result.rows)[0];
// No caps on the bench's offer: the demo's daily click cap would refuse clicks after 5,000.
await database.db.execute(sql`delete from offer_caps where offer_id = ${ids.offerId}`);
await app.close();
await database.close();
console.log(JSON.stringify(ids));
