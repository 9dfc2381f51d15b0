/**
 * Global setup of the integration suite: one database migrated and seeded with the reference data, that every test app
 * starts from (`buildTestApp`). On PGlite, an embedded cluster written to a file: a new PGlite runs `initdb` and then
 * the migrations, seconds each time on this machine; loading the migrated cluster takes a fraction of that. On
 * PostgreSQL, a template database: `create database … template` took 45 ms where migrating and seeding a new one took
 * 465 ms, for each of the suite's 112 test apps. The migrations themselves still run here, once per run, on each kind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { seedReference } from '../src/seed/reference.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated cluster's tarball (empty on PostgreSQL runs). */
    pgliteTemplate: string;
    /** The migrated template database's name (empty on PGlite runs). */
    postgresTemplate: string;
  }
}

export async function setup(project: TestProject) {
  // Through PgBouncer (scripts/pgbouncer-tests.sh) the template is made and migrated on the direct connection.
  const databaseUrl = process.env.TEST_DIRECT_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (databaseUrl) {
    project.provide('pgliteTemplate', '');
    const name = `portal_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await adminQuery(databaseUrl, `create database ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await database.migrate();
    await seedReference(database.db);
    // A template must have no connection while a database is made from it.
    await database.close();
    project.provide('postgresTemplate', name);
    return () => adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
  }
  project.provide('postgresTemplate', '');
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

async function adminQuery(databaseUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
