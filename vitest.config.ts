import { defineConfig } from 'vitest/config';

// Unit tests (contracts, web) and the server integration suite, selected by --project.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vite.config.ts',
      './apps/server/vitest.config.ts',
    ],
  },
});
