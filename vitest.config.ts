import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The web's tests that replace a module (`vi.mock`): they run each in a fresh module graph. The others share one per
 * worker (`isolate: false`), which took them from 98 to about 35 s: a module mocked in one file would otherwise be the
 * mock in the next file of the same worker. A new test that mocks a module goes here.
 */
const WEB_MOCKING = [
  'src/app/router.test.ts',
  'src/features/my-account/components/company-form.test.tsx',
  'src/lib/api-client.test.ts',
  'src/lib/form-errors.test.ts',
];

const web = path.join(import.meta.dirname, 'apps/web');
const unlisted = readdirSync(path.join(web, 'src'), { recursive: true, encoding: 'utf8' })
  .map((file) => `src/${file.split(path.sep).join('/')}`)
  .filter((file) => /\.test\.tsx?$/.test(file) && !WEB_MOCKING.includes(file))
  .filter((file) => /\bvi\.mock\(/.test(readFileSync(path.join(web, file), 'utf8')));
if (unlisted.length > 0)
  throw new Error(`vitest.config.ts: add to WEB_MOCKING the tests that mock: ${unlisted.join(', ')}`);

// Unit tests (contracts, web, web-mocking) and the server integration suite, selected by --project.
export default defineConfig({
  test: {
    // Both cores: left to itself vitest keeps one core free in a run (one worker on this 2-core machine), which made the
    // unit tests take 2 min 18 s instead of 1 min 34 s.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...WEB_MOCKING],
          isolate: false,
        },
      },
      { extends: './apps/web/vite.config.ts', test: { name: 'web-mocking', include: WEB_MOCKING } },
      './apps/server/vitest.config.ts',
    ],
  },
});
