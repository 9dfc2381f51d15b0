/**
 * Global setup of the integration suite on PGlite: one embedded cluster migrated and seeded with the reference data,
 * written to a file that every test app starts from (`buildTestApp`). A new PGlite runs `initdb` and then the
 * migrations, seconds each time on this machine; loading the migrated cluster takes a fraction of that. The migrations
 * themselves still run here, once per run, and on PostgreSQL for every test file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { seedReference } from '../src/seed/reference.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated cluster's tarball (empty on PostgreSQL runs). */
    pgliteTemplate: string;
  }
}

export async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return undefined;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedReference(database.db);
  const dump = await database.dump!();
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-template-'));
  const file = path.join(dir, 'cluster.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
