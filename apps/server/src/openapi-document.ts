/**
 * Writes the OpenAPI document the server serves at /api/v1/docs/json to a file, built through the app without
 * listening and without a database of its own (decision 075): `tsx apps/server/src/openapi-document.ts <file>`.
 * `npm run lint:openapi` lints what it writes with Redocly and Spectral.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig, testConfig } from './config.js';
import { openDatabase } from './db/client.js';

async function main() {
  const target = process.argv[2];
  if (!target) throw new Error('usage: openapi-document <file>');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-openapi-'));
  // Nothing is read or written: the routes are registered, the document built from their schemas.
  const database = await openDatabase({ dataDir: 'memory://' });
  // The servers entry is this installation's PUBLIC_URL (http://localhost:<PORT> when unset).
  const { publicUrl } = loadConfig();
  const app = await buildApp({ config: testConfig({ dataDir, publicUrl }), database, workers: false });
  try {
    await app.ready();
    fs.writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
