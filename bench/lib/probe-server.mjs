// Probes in the real server's process (issue 52 item 1, decision 125): what a fixed 302 costs there on node's own
// request (the click's fast path), with the click's headers, and through Fastify's router with every hook the app has,
// beside /click itself. The same start-up as app-server.mjs (the built server, the demo network, no traffic).
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { ClickQuerySchema } from '@portal/contracts';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { openDatabase } from '../../apps/server/dist/db/client.js';
import { seedDemo } from '../../apps/server/dist/seed/seed.js';
import { SECURITY_HEADERS } from '../../apps/server/dist/lib/security-headers.js';

const location = 'https://www.example.com/landing?click_id=AAAAAAAAAAAAAAAAAAAAAA&aff=1&sub=bench';
const cookie = 'pt_1=AAAAAAAAAAAAAAAAAAAAAA; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=None';
const clickHeaders = [...Object.entries(SECURITY_HEADERS).flat(), 'cache-control', 'no-store', 'location', location, 'set-cookie', cookie]; // prettier-ignore

// The probes on node's request, ahead of the app's own listener (which the fast path and Fastify sit behind).
const createServer = http.createServer;
http.createServer = (listener) =>
  createServer((request, response) => {
    const url = request.url ?? '';
    if (url.startsWith('/p-bare')) {
      response.writeHead(302, { location, 'cache-control': 'no-store' });
      return response.end();
    }
    if (url.startsWith('/p-headers')) {
      response.writeHead(302, clickHeaders);
      return response.end();
    }
    return listener(request, response);
  });

const config = loadConfig({ ...process.env, SEED_DEMO: 'true' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/pglite`, pgliteWorker: config.pgliteWorker }); // prettier-ignore
await database.migrate();
const app = await buildApp({ config, database, workers: false });
await seedDemo(app.ctx, { traffic: false });
// Through the router, with every hook (request id, child logger, auth's onRequest, security headers, the metrics'
// histogram): a fixed 302, without and with the click's query schema (zod type provider).
app.get('/p-fastify', { schema: { hide: true } }, (_request, reply) => reply.redirect(location, 302));
app.get('/p-fastify-zod', { schema: { hide: true, querystring: ClickQuerySchema } }, (_request, reply) => reply.redirect(location, 302)); // prettier-ignore
const rows = await database.db.execute(sql`select
  (select id from partners where email = 'partner@demo.test') as partner_id,
  (select id from offers where name = 'LunaDate – FR – SOI') as offer_id`);
const ids = (Array.isArray(rows) ? rows : rows.rows)[0];
await database.db.execute(sql`delete from offer_caps where offer_id = ${ids.offer_id}`);
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: app.server.address().port, partnerId: ids.partner_id, offerId: ids.offer_id });
process.on('disconnect', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
