import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files whose subject is not the database: the API document and the clients made from it, the contracts' routes, the
 * lint rules, the logs, and the fuzzing of every route's input (validation answers before any query, and PGlite is
 * PostgreSQL's own engine). They run once, in the PGlite pass; the PostgreSQL pass is for what the database does
 * (decision 060: the PostgreSQL pass was near five minutes of a thirty-minute budget).
 */
const DATABASE_INDEPENDENT = [
  'test/endpoint-contracts.test.ts',
  'test/fuzz-routes.test.ts',
  'test/generated-client.test.ts',
  'test/lint-rules.test.ts',
  'test/logging.test.ts',
  'test/openapi-document.test.ts',
  'test/openapi-snapshot.test.ts',
  // PGlite's worker thread (decision 104): it opens embedded databases of its own whatever the pass.
  'test/pglite-worker.test.ts',
];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // `*.pg.test.ts`: what only PostgreSQL has (a database behind a network that can be cut), run on PostgreSQL only,
    // rather than counted as skipped on PGlite.
    exclude: [...configDefaults.exclude, ...(onPostgres ? DATABASE_INDEPENDENT : ['test/**/*.pg.test.ts'])],
    // Every test app starts from one migrated database made here: a PGlite cluster, or a PostgreSQL template database
    // (test/pglite-template.ts).
    globalSetup: ['test/pglite-template.ts'],
    // Socket and seeding tests take about 10 s on this 2-CPU machine; under outside load CI saw them take 3 to 4 times as
    // long. A test that fails for being slow tells nothing about the product.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One module graph per worker, not per file: importing the app (Fastify, PGlite, argon2, sharp, pdfkit …) took
    // 1.2 s per file. Every file builds its own app and database (helper.ts), no server test mocks a module, and the
    // files pass in any order (checked with --sequence.shuffle.files). PGlite 6 min 21 s → 2 min 38 s with the template,
    // PostgreSQL 3 min 33 s → 2 min 13 s (decision 060).
    isolate: false,
    maxWorkers: 2,
  },
});
