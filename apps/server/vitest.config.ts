import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // On PGlite, every test app starts from one migrated cluster made here (test/pglite-template.ts).
    globalSetup: ['test/pglite-template.ts'],
    // Socket and seeding tests take about 10 s on this 2-CPU machine; under outside load CI saw them take 3 to 4 times as
    // long. A test that fails for being slow tells nothing about the product.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
