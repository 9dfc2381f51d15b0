import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // `*.pg.test.ts`: what only PostgreSQL has (a database behind a network that can be cut), run on PostgreSQL only,
    // rather than counted as skipped on PGlite.
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ['test/**/*.pg.test.ts'])],
    // On PGlite, every test app starts from one migrated cluster made here (test/pglite-template.ts).
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
