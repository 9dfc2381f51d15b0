import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
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
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      // Configuration is parsed once, in config.ts; nothing else reads the environment.
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read config.ts instead.' }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/lib/csv.ts'],
    rules: {
      // Every CSV goes through lib/csv.ts, which makes formula-like cells inert (decision 029).
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'csv-stringify', message: 'Write CSV with csvStringifier from lib/csv.ts.' }] },
      ],
    },
  },
  {
    // Routes stay thin (issue 15, decision 034): a route file reads its contract and calls a repository or service;
    // queries live in the module's repository. The CSV rule above is repeated, as this one replaces it here.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'csv-stringify', message: 'Write CSV with csvStringifier from lib/csv.ts.' },
            { name: 'drizzle-orm', message: 'Route files do not query: move the query into the module repository.' },
          ],
          patterns: [
            {
              group: ['drizzle-orm/*', '**/db/schema', '**/db/schema.js', '**/db/schema/**'],
              message: 'Route files do not query: move the query into the module repository.',
            },
          ],
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
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      // Features don't import each other; app/ composes them.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*/**', '**/features/*/**'],
              message: 'Features do not import each other; move shared code to lib/ or components/.',
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
