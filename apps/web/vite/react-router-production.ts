import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** A module of React Router's development build, by its path. */
const DEVELOPMENT_BUILD = /[\\/]react-router[\\/]dist[\\/]development[\\/]/;

/**
 * React Router's production build for the app (decision 158). Its package exports only its development build
 * (react-router#12437, "temporary"; #14102), whose development warnings and checks then run in production: in the
 * app's start (`createBrowserRouter`) and at every navigation. Both entries the app imports, `react-router` and
 * `react-router/dom`, are taken from the production build, which share one copy of the router; a build that still
 * bundles a module of the development build (a new entry imported, the package's layout changed) fails.
 */
export function reactRouterProduction(): Plugin {
  const dir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return {
    name: 'portal:react-router-production',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dir, 'dist/production/index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(dir, 'dist/production/dom-export.mjs') },
        ],
      },
    }),
    generateBundle() {
      const development = [...this.getModuleIds()].filter((id) => DEVELOPMENT_BUILD.test(id));
      if (development.length > 0) this.error(`React Router's development build is bundled: ${development.join(', ')}`);
    },
  };
}
