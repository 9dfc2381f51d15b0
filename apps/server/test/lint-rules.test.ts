import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository root, where eslint.config.js lives. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleIdsOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? 'fatal');
}

/** The lint rules that keep issue 15's shape (decision 034): a rule that stops firing fails here. */
describe('lint rules', () => {
  it('forbids a route file to import the ORM or the schema', async () => {
    const code =
      "import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema.js';\nexport const x = [eq, users];\n";
    expect(await ruleIdsOf(code, 'apps/server/src/modules/offers/offers.routes.ts')).toEqual([
      'no-restricted-imports',
      'no-restricted-imports',
    ]);
    // A repository may query.
    expect(await ruleIdsOf(code, 'apps/server/src/modules/offers/offers.repository.ts')).toEqual([]);
  });

  it('keeps the CSV rule on route files', async () => {
    const code = "import { stringify } from 'csv-stringify';\nexport const x = stringify;\n";
    expect(await ruleIdsOf(code, 'apps/server/src/modules/statistics/statistics.routes.ts')).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('forbids an untyped api call in a feature, and allows api.call', async () => {
    const untyped = "import { api } from '@/lib/api-client';\nexport const f = () => api.get('/offer');\n";
    const typed =
      "import { offersEndpoints } from '@portal/contracts';\nimport { api } from '@/lib/api-client';\n" +
      'export const f = () => api.call(offersEndpoints.list);\n';
    for (const method of ['get', 'post', 'put', 'delete', 'download']) {
      const code = untyped.replace('api.get', `api.${method}`);
      expect(await ruleIdsOf(code, 'apps/web/src/features/offers/api/get-offers.ts')).toEqual(['no-restricted-syntax']);
    }
    expect(await ruleIdsOf(typed, 'apps/web/src/features/offers/api/get-offers.ts')).toEqual([]);
  });
});
