import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import path from 'node:path';
import { buildDate } from './vite/build-date';
import { countryFlags } from './vite/country-flags';
import { firstLoadChunks } from './vite/first-load-chunks';
import { TITLE_SHELLS } from './src/lib/title-shells';
import { htmlTexts } from './vite/html-texts';
import { reactRouterProduction } from './vite/react-router-production';
import { jitlessZod, leanContracts, scrollAreaWithoutFloatingUi, tablesWithoutScrollArea } from './vite/lean-bundle';
import { routeChunks } from './vite/route-chunks';
import { screens } from './src/lib/screens';
import { startSteps } from './vite/start-steps';
import { titleShells } from './vite/title-shells';

const SERVER = 'http://localhost:3000';

/** The line chart, our own SVG (decision 119; Mantine's over recharts and d3 before). */
const CHART_MODULES = /src[\\/]components[\\/]line-chart\.impl/;
/** The back office: its screens (app/routes/staff-*) and features (features/staff-*). */
const STAFF_MODULES = /src[\\/](app[\\/]routes|features)[\\/]staff-/;

/**
 * A chunk's file name before its hash: 'charts' for the chart library's, 'staff-…' for any holding back-office code,
 * its own name (a route's, a component's) otherwise.
 */
function chunkPrefix(name: string, moduleIds: readonly string[]): string {
  if (moduleIds.some((id) => STAFF_MODULES.test(id))) return name.startsWith('staff-') ? name : `staff-${name}`;
  if (moduleIds.some((id) => CHART_MODULES.test(id))) return 'charts';
  return name;
}

/** The app's entry, its steps (src/main.tsx), the bundler's runtime and the stylesheet: what index.html loads, by name. */
const START_FILES = /^assets\/(index|react|libs|start|rolldown-runtime)-[\w-]{8}\.(js|css)$/;

/** The app's first load, and the signed-in frame every signed-in screen draws in: one chunk each (decision 062). */
const firstLoad = firstLoadChunks({
  configFile: import.meta.filename,
  entry: 'index',
  apart: ['sign-in'],
  closures: {
    // The app's start, imported by the entry in steps (src/main.tsx, decision 148): React, then the libraries, then
    // the app's own modules, each step a chunk evaluated in a task of its own.
    start: `${import.meta.dirname}/src/start.tsx`,
    'portal-layout': `${import.meta.dirname}/src/app/layouts/portal-layout.tsx`,
    dashboard: `${import.meta.dirname}/src/app/routes/dashboard.tsx`,
  },
  steps: {
    start: [
      {
        name: 'react',
        module: `${import.meta.dirname}/src/boot/stage-react.ts`,
        test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
      },
      {
        name: 'libs',
        module: `${import.meta.dirname}/src/boot/stage-libs.ts`,
        test: /node_modules[\\/](@mantine|@tanstack|i18next|react-i18next|react-router|clsx|html-parse-stringify|void-elements|cookie|set-cookie-parser)[\\/]/,
      },
    ],
  },
  // The dashboard's own code apart from what it shares with the other screens, which load only the latter.
  shared: { dashboard: 'first-screen-shared' },
});

export default defineConfig({
  root: import.meta.dirname,
  // The build label's day (spec: 'build #410' dated the build's day, decision 116).
  define: { __BUILD_DATE__: JSON.stringify(buildDate(import.meta.dirname)) },
  plugins: [
    react(),
    reactRouterProduction(),
    firstLoad.plugin,
    jitlessZod(),
    leanContracts(),
    scrollAreaWithoutFloatingUi(`${import.meta.dirname}/vite/merge-refs.ts`),
    tablesWithoutScrollArea(),
    htmlTexts(`${import.meta.dirname}/src/locales/en.json`),
    // The flags in one folder a script computes addresses in, not a table of hashed names in every screen (decision 149).
    countryFlags(path.join(import.meta.dirname, '../../node_modules/country-flag-icons/3x2')),
    // The entry's steps (src/main.tsx), imported one after another, downloaded together (decision 148).
    startSteps('index'),
    // Each screen route's files, for the server to name in the page it answers for that address (decision 151).
    routeChunks({ router: `${import.meta.dirname}/src/app/router.tsx`, screens, exclude: START_FILES }),
    // The title painted by the page on the screens whose largest element is their title (decision 139).
    titleShells({ locale: `${import.meta.dirname}/src/locales/en.json`, shells: TITLE_SHELLS }),
    // Brotli and gzip copies of every text asset, made once at build time: the server picks one by Accept-Encoding
    // (decision 043). Source maps are built for debugging but never compressed or served.
    compression({ algorithms: ['gzip', 'brotliCompress'], exclude: [/\.map$/], threshold: 1024, logLevel: 'silent' }),
  ],
  // '@/lib/…' keeps features off deep relative paths (which the lint rule reads as cross-feature imports).
  resolve: { alias: { '@': `${import.meta.dirname}/src` } },
  server: {
    // Same-origin URLs in the app; in dev the API is proxied to the server.
    proxy: {
      '/api/v1': { target: SERVER, changeOrigin: true },
      '/healthz': { target: SERVER, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // What a lazily loaded chunk names as module preloads when it is imported (Vite's `__vitePreload`): its scripts
    // and stylesheets, less the app's entry, its steps and its stylesheet (decision 148), which the page has already
    // loaded before anything can import a screen: a dozen names fewer in every list of every chunk that imports one.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !START_FILES.test(dep)) },
    emptyOutDir: true,
    // Maps stay on disk for whoever debugs the build; no bundle points at them and the server refuses them.
    sourcemap: 'hidden',
    rolldownOptions: {
      // Two pages: the app, and the sign-in page with a script of its own (decision 055).
      input: { index: `${import.meta.dirname}/index.html`, 'sign-in': `${import.meta.dirname}/login.html` },
      output: {
        // Split by route (decision 048): every screen is a lazy route (app/router.tsx), and chunks are left to fall
        // where the routes share them, so that a screen downloads only the libraries it draws with; but what the app's
        // first load and the signed-in frame load anyway is one chunk each (decision 062). A chunk is named
        // after what it holds, so that a test can tell which code a page asked for: any chunk with back-office code
        // is 'staff-…', any chunk with the chart library 'charts-…'.
        chunkFileNames: (chunk) => `assets/${chunkPrefix(chunk.name, chunk.moduleIds)}-[hash].js`,
        codeSplitting: {
          groups: [
            ...firstLoad.groups,
            // zod in one chunk of its own, shared by the screens that parse with it (forms); the screens that parse
            // nothing never ask for it (decision 059). It is jitless from its first line (vite/lean-bundle.ts).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // react-hook-form and its resolvers in a chunk of their own, named after what they are: left alone, the chunk
            // took the name of @hookform/resolvers' `zod` module (decision 122). Only them: React stays where it is.
            {
              name: 'react-hook-form',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/,
              includeDependenciesRecursively: false,
            },
            // The offer fields the offer editor draws with (contracts' offer-fields.ts), apart from the offer's schemas:
            // left alone, it rode in the chunk of staff-offers.ts, which imports it, and brought zod to the editor's first
            // paint (decision 129).
            {
              name: 'offer-fields',
              test: /contracts[\\/]dist[\\/]offer-fields\.js$/,
              includeDependenciesRecursively: false,
            },
            // floating-ui, what Mantine's popovers (selects, menus) place their dropdowns with, in a chunk of its own:
            // left to fall where it may, it rode in a chunk every screen loads (ScrollArea's), although the dashboard
            // loads its selects and its menu on demand (decision 059).
            // Only floating-ui: the React it draws with stays where every screen has it.
            {
              name: 'floating-ui',
              test: /node_modules[\\/]@floating-ui[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // No `include` here: the root vitest.config.ts runs these tests as two projects (web, web-mocking), each with its
    // own list, and a list here would be added to theirs.
    css: false,
    restoreMocks: true,
    // Above the 5 s that findBy…/waitFor may wait (src/test/setup.ts): on a loaded 2-CPU machine a whole form's
    // test can take longer than vitest's default 5 s without anything being wrong.
    testTimeout: 20_000,
  },
});
