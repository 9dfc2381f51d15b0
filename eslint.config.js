import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURE_MESSAGE =
  'Features do not import each other or app/; app/ composes them. Move shared code to lib/ or components/.';

/** An import of the web's `target` folder (by alias or by a relative path) from a lower `layer`. */
function webZone(target, layer) {
  return {
    regex: `^(@/|(\\./)?(\\.\\./)+)${target}(/|$)`,
    message: `${layer}/ may not import ${target}/: the layers point one way (lib, components ← features ← app).`,
  };
}

/** Web tests answer fetches with fixtures typed from the contracts (decision 034): answerOf, errorOf, configAnswer. */
const TYPED_FIXTURES = {
  name: '@/test/render',
  importNames: ['jsonResponse'],
  message:
    'Answer with answerOf(endpoint, data), errorOf(status, message) or configAnswer(): typed from the contracts.',
};

/**
 * The files whose functions are over 150 lines today (see the max-lines-per-function block below), each with its
 * longest: the sign-in page's one closure over the page's state (busy, the pending challenge, the recovery mode).
 */
const LONG_FUNCTIONS = [
  'apps/web/src/sign-in-page/sign-in-page.ts', // startSignInPage
];

const CSV_PATH = { name: 'csv-stringify', message: 'Write CSV with csvStringifier from lib/csv.ts.' };
const FRONT_DOOR = "Modules reach each other only through the other module's index.ts (decision 035).";

const SQL_MESSAGE =
  "SQL runs only in repositories (*.repository.ts) and db/: move the query into the module's repository (decision 068).";
const SQL_PATTERNS = ['drizzle-orm/*', '**/db/schema', '**/db/schema.js', '**/db/schema/**'];

/**
 * Server files that may run SQL although they are no repository nor in db/, each for its reason (decision 068). Empty:
 * the click fast path and the rollup accumulator call their repositories, the migrations are generated SQL in
 * apps/server/drizzle/ (not linted) run by db/. A new entry needs a decision.
 */
const SQL_EXCEPTIONS = [];

/** The server's import restrictions for one group of files (see the blocks below). */
function serverImports({
  frontDoors = false,
  lowLayer = false,
  plugin = false,
  moduleDepth = null,
  route = false,
  repository = false,
  noSql = false,
}) {
  const paths = [CSV_PATH];
  const patterns = [];
  if (noSql || route) {
    paths.push({ name: 'drizzle-orm', message: SQL_MESSAGE });
    patterns.push({ group: SQL_PATTERNS, message: SQL_MESSAGE });
  }
  if (frontDoors) {
    patterns.push({ regex: '(^|/)modules/[^/]+/(?!index\\.js$).+', message: FRONT_DOOR });
  }
  if (lowLayer) {
    patterns.push({
      regex: '(^|/)(modules|seed)(/|$)',
      message: 'db/ and lib/ are the lowest layers: they import no module and not the seed (decision 035).',
    });
  }
  if (plugin) {
    patterns.push({
      regex: '(^|/)(modules|seed)(/|$)',
      message: 'Plugins sit below the modules: they import no module and not the seed (decision 065).',
    });
  }
  if (moduleDepth !== null) {
    // From modules/<m>/ plus `moduleDepth` folders, one more '../' than that leaves the module.
    patterns.push({ regex: `^(\\.\\./){${moduleDepth + 1}}[^./][^/]*/(?!index\\.js$).+`, message: FRONT_DOOR });
    patterns.push({ regex: '(^|/)seed(/|$)', message: 'Modules do not import the seed; the seed drives the modules.' });
  }
  if (repository) {
    const message = 'A repository runs queries: it imports no service, route or plugin (decision 065).';
    patterns.push({ regex: '(^|/)[^/]+\\.(service|routes)(\\.js)?$', message });
    patterns.push({ regex: '(^|/)plugins(/|$)', message });
    patterns.push({ regex: '^(\\.\\./)+(app|tracking|main)(\\.js)?$', message });
    patterns.push({ regex: '^fastify(-[a-z-]+)?$', message: `${message} Nor the HTTP framework.` });
  }
  return { paths, patterns };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      // Made by test/generated-client.test.ts from the OpenAPI document (not committed).
      'apps/server/test/client/openapi.generated.d.ts',
      '**/.data-test/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': 'off',
    },
  },
  // No import cycles in the server, the web or the contracts (decision 065): a module's layers and the modules point
  // one way. Type-only imports are left out (they vanish at run time); packages are not followed. One resolver per
  // workspace, each on its own tsconfig (the web's '@/' alias).
  ...[
    ['apps/server', 'src/**/*.ts'],
    ['apps/web', 'src/**/*.{ts,tsx}'],
    ['packages/contracts', 'src/**/*.ts'],
  ].map(([dir, glob]) => ({
    files: [`${dir}/${glob}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          tsconfig: { configFile: fileURLToPath(new URL(`${dir}/tsconfig.json`, import.meta.url)) },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  })),
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      // Configuration is parsed once, in config.ts; nothing else reads the environment.
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read config.ts instead.' }],
    },
  },
  // The server's imports (decisions 029, 034, 035, 068). ESLint replaces a rule's options per matching block rather
  // than merging them, so each block below carries every restriction of its files: CSV through lib/csv.ts everywhere;
  // modules reach each other only through their front door (index.ts); only repositories, db/ and SQL_EXCEPTIONS
  // import the ORM or the schema (SQL runs there and nowhere else); db/ and lib/, the lowest layers, import no module
  // (nor the seed).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/lib/csv.ts'],
    rules: { 'no-restricted-imports': ['error', serverImports({ frontDoors: true, noSql: true })] },
  },
  {
    files: ['apps/server/src/db/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    ignores: ['apps/server/src/lib/csv.ts'],
    rules: { 'no-restricted-imports': ['error', serverImports({ lowLayer: true, noSql: true })] },
  },
  ...[0, 1, 2].map((depth) => ({
    files: [`apps/server/src/modules/*/${'*/'.repeat(depth)}*.ts`],
    rules: { 'no-restricted-imports': ['error', serverImports({ moduleDepth: depth, noSql: true })] },
  })),
  // A repository is the bottom of its module (decision 065): it imports no service, route or plugin, and other
  // modules only through their front door.
  ...[0, 1, 2].map((depth) => ({
    files: [`apps/server/src/modules/*/${'*/'.repeat(depth)}*.repository.ts`],
    rules: { 'no-restricted-imports': ['error', serverImports({ moduleDepth: depth, repository: true })] },
  })),
  {
    // Plugins (sessions, errors) sit below the modules: modules use them, not the other way (decision 065).
    files: ['apps/server/src/plugins/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', serverImports({ plugin: true, noSql: true })] },
  },
  // Repositories outside the modules (decision 068) query too, and keep their folder's other restrictions: lib/'s
  // import no module, the auth plugin's none either, the seed's reach the modules through their front doors.
  {
    files: ['apps/server/src/lib/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', serverImports({ lowLayer: true, repository: true })] },
  },
  {
    files: ['apps/server/src/plugins/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', serverImports({ plugin: true, repository: true })] },
  },
  {
    files: ['apps/server/src/seed/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', serverImports({ frontDoors: true, repository: true })] },
  },
  {
    // db/ is the schema, the client and the migrator: it queries, and imports no module.
    files: ['apps/server/src/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', serverImports({ lowLayer: true })] },
  },
  ...(SQL_EXCEPTIONS.length > 0
    ? [{ files: SQL_EXCEPTIONS, rules: { 'no-restricted-imports': ['error', serverImports({ frontDoors: true })] } }]
    : []),
  {
    // Routes stay thin (decisions 034, 068): a route file reads its contract and calls one service function;
    // queries live in the module's repository.
    files: ['apps/server/src/modules/*/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', serverImports({ moduleDepth: 0, route: true })] },
  },
  {
    // A route's guard (app.requireAuth / app.requireStaff) runs as its onRequest hook, before the body is parsed and
    // validated, so that a caller who may not use the route is refused before a 400 describes its schema (decision 067).
    // And a route file opens no transaction: its service does (decision 068).
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='preHandler']",
          message: 'Guard a route with onRequest: app.requireAuth() or app.requireStaff() (decision 067).',
        },
        // A route calls one service function; the service opens the transaction (decision 068).
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Route files open no transaction: call a service function that does (decision 068).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // A function of more than 150 lines (blank lines and comments aside) is too long to read at once: a warning, so that
  // it is split when next touched. The root lint allows no warning, so the files holding today's longer functions are
  // listed in LONG_FUNCTIONS (top of this file); take a file off the list once its functions are split. Tests are left
  // out: a describe block is a list of cases, not a function to split.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', ...LONG_FUNCTIONS],
    rules: { 'max-lines-per-function': ['warn', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  // The web's layers point one way: lib/ and components/ ← features/ ← app/ (bulletproof-react's zones).
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webZone('features', 'lib'), webZone('app', 'lib')] }],
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [webZone('features', 'components'), webZone('app', 'components')] },
      ],
    },
  },
  // Features don't import each other, by alias or by a relative path, nor app/; app/ composes them. A feature reaches
  // its own files relatively and leaves its folder only through '@/lib', '@/components' and the packages. One block
  // per folder depth, since a relative path leaves the feature after as many '../' as the file is deep, plus one.
  ...[0, 1, 2, 3, 4].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [TYPED_FIXTURES],
          patterns: [
            {
              regex: `^(\\./)?(\\.\\./){${depth + 1},}`,
              message:
                'Features do not import each other: leave a feature only through @/lib or @/components (move shared code there).',
            },
            { regex: '^@/(features|app)(/|$)', message: FEATURE_MESSAGE },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [TYPED_FIXTURES] }] },
  },
  {
    // The sign-in page is a page of its own with a few KB of script (decision 055): no React, no Mantine, no schema
    // library, none of the app's features or components; it reaches only lib/ and the contracts' plain rules.
    files: ['apps/web/src/sign-in-page/**/*.ts'],
    ignores: ['apps/web/src/sign-in-page/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(react|react-dom|react-router|@mantine/.*|@tanstack/.*|zod|i18next|react-i18next|react-hook-form)(/|$)',
              message: 'The sign-in page loads no framework or library of the app (decision 055).',
            },
            {
              regex: '^@/(app|features|components)(/|$)',
              message: 'The sign-in page reaches only @/lib and the contracts (decision 055).',
            },
          ],
        },
      ],
    },
  },
  {
    // Each call names its endpoint's contract (decision 034): the path, method and answer type come from
    // @portal/contracts, so no feature writes a path or an answer type by hand.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.object.name='api'][callee.property.name=/^(get|post|put|delete|download)$/]",
          message:
            'Call the endpoint through its contract: api.call(endpoint, input) or api.downloadFrom(endpoint, input).',
        },
      ],
    },
  },
);
