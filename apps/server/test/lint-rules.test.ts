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

/** The lint rules that keep decision 034's shape: a rule that stops firing fails here. */
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

  it('makes a route file guard its routes before validation (onRequest, not preHandler)', async () => {
    const route = (hook: string) =>
      `export const r = (app: any) => app.route({ method: 'GET', url: '/x', ${hook}: app.requireAuth(), handler: () => 1 });\n`;
    expect(await ruleIdsOf(route('preHandler'), 'apps/server/src/modules/offers/offers.routes.ts')).toContain(
      'no-restricted-syntax',
    );
    expect(await ruleIdsOf(route('onRequest'), 'apps/server/src/modules/offers/offers.routes.ts')).not.toContain(
      'no-restricted-syntax',
    );
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

  it('lets a module reach another only through its front door (index.ts), at any depth', async () => {
    const deep = "import { notifyPartner } from '../notifications/notify.js';\nexport const x = notifyPartner;\n";
    const door = "import { notifyPartner } from '../notifications/index.js';\nexport const x = notifyPartner;\n";
    expect(await ruleIdsOf(deep, 'apps/server/src/modules/billing/billing-run.ts')).toEqual(['no-restricted-imports']);
    expect(await ruleIdsOf(door, 'apps/server/src/modules/billing/billing-run.ts')).toEqual([]);
    const nested = deep.replace("'../notifications/", "'../../notifications/");
    expect(await ruleIdsOf(nested, 'apps/server/src/modules/postbacks/delivery/worker.ts')).toEqual([
      'no-restricted-imports',
    ]);
    // A module's own files, nested or not, are its own business.
    const own = "import { hourOf } from '../rollups.js';\nexport const x = hourOf;\n";
    expect(await ruleIdsOf(own, 'apps/server/src/modules/rollups/sub/file.ts')).toEqual([]);
    // The composition root and the seed use front doors too.
    const fromApp =
      "import { notifyPartner } from './modules/notifications/notify.js';\nexport const x = notifyPartner;\n";
    expect(await ruleIdsOf(fromApp, 'apps/server/src/app.ts')).toEqual(['no-restricted-imports']);
    const fromSeed = "import { trackClick } from '../modules/click/click.js';\nexport const x = trackClick;\n";
    expect(await ruleIdsOf(fromSeed, 'apps/server/src/seed/traffic.ts')).toEqual(['no-restricted-imports']);
    // A route file keeps its own rules beside this one.
    const routeDeep =
      "import { eq } from 'drizzle-orm';\nimport { x as y } from '../audit/audit-diff.js';\nexport const z = [eq, y];\n";
    expect(await ruleIdsOf(routeDeep, 'apps/server/src/modules/offers/offers.routes.ts')).toEqual([
      'no-restricted-imports',
      'no-restricted-imports',
    ]);
  });

  it('keeps db/ and lib/ below every module and the seed', async () => {
    const code = "import { trackClick } from '../modules/click/index.js';\nexport const x = trackClick;\n";
    // Planted files nothing imports, so that no cycle is reported beside the layer rule.
    expect(await ruleIdsOf(code, 'apps/server/src/db/planted.ts')).toEqual(['no-restricted-imports']);
    expect(await ruleIdsOf(code, 'apps/server/src/lib/planted.ts')).toEqual(['no-restricted-imports']);
    const seed = "import { seedDemo } from '../seed/seed.js';\nexport const x = seedDemo;\n";
    expect(await ruleIdsOf(seed, 'apps/server/src/db/planted.ts')).toEqual(['no-restricted-imports']);
    // The schema's area files (decision 066) are db/ too.
    const area = "import { trackClick } from '../../modules/click/index.js';\nexport const x = trackClick;\n";
    expect(await ruleIdsOf(area, 'apps/server/src/db/schema/planted.ts')).toEqual(['no-restricted-imports']);
  });

  it('forbids an import cycle in the server, the web and the contracts (decision 065)', async () => {
    // Each planted file imports a file that imports it back at run time.
    const server = "import { takeConversionCaps } from './cap-takes.js';\nexport const x = takeConversionCaps;\n";
    expect(await ruleIdsOf(server, 'apps/server/src/modules/caps/cap-periods.ts')).toEqual(['import-x/no-cycle']);
    const acrossModules =
      "import { twoFactorRoutes } from '../two-factor/index.js';\nexport const x = twoFactorRoutes;\n";
    expect(await ruleIdsOf(acrossModules, 'apps/server/src/modules/credentials/security-notices.ts')).toEqual([
      'import-x/no-cycle',
    ]);
    const web = "import { api } from '@/lib/api-client';\nexport const x = api;\n";
    expect(await ruleIdsOf(web, 'apps/web/src/lib/session.ts')).toEqual(['import-x/no-cycle']);
    const contracts = "import { offersEndpoints } from './offers.js';\nexport const x = offersEndpoints;\n";
    expect(await ruleIdsOf(contracts, 'packages/contracts/src/caps.ts')).toEqual(['import-x/no-cycle']);
    // A type-only import vanishes at run time: not a cycle.
    const typeOnly = "import type { ConversionWorth } from './cap-takes.js';\nexport type X = ConversionWorth;\n";
    expect(await ruleIdsOf(typeOnly, 'apps/server/src/modules/caps/cap-periods.ts')).toEqual([]);
  });

  it('forbids a repository to import a service, a route or a plugin (decision 065)', async () => {
    const planted = 'apps/server/src/modules/caps/planted.repository.ts';
    for (const from of ['./caps.service.js', './caps.routes.js', '../../plugins/auth.js', '../../app.js', 'fastify']) {
      const code = `import { x } from '${from}';\nexport const y = x;\n`;
      expect(await ruleIdsOf(code, planted), from).toEqual(['no-restricted-imports']);
    }
    // Nested in its module too, and another module's internals stay closed.
    const nested = "import { x } from '../delivery.service.js';\nexport const y = x;\n";
    expect(await ruleIdsOf(nested, 'apps/server/src/modules/postbacks/delivery/planted.repository.ts')).toEqual([
      'no-restricted-imports',
    ]);
    const internals = "import { x } from '../audit/audit.repository.js';\nexport const y = x;\n";
    expect(await ruleIdsOf(internals, planted)).toEqual(['no-restricted-imports']);
    // Queries, its module's helpers and other repositories, and other modules' front doors are what it is made of.
    const allowed =
      "import { eq } from 'drizzle-orm';\nimport { offerCaps } from '../../db/schema.js';\n" +
      "import { capPeriod } from './cap-periods.js';\nimport { currentUsage } from './caps.repository.js';\n" +
      "import { partnerReachSql } from '../access/index.js';\n" +
      'export const y = [eq, offerCaps, capPeriod, currentUsage, partnerReachSql];\n';
    expect(await ruleIdsOf(allowed, planted)).toEqual([]);
    // A service may import what a repository may not.
    const service = "import { authOf } from '../../plugins/auth.js';\nexport const y = authOf;\n";
    expect(await ruleIdsOf(service, 'apps/server/src/modules/caps/planted.service.ts')).toEqual([]);
  });

  it('lets only repositories, db/ and the named exceptions run SQL (decision 068)', async () => {
    const query =
      "import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema.js';\nexport const x = [eq, users];\n";
    const twice = ['no-restricted-imports', 'no-restricted-imports'];
    // A service, a module's other files at any depth, lib/, plugins/, the seed and the app's own files do not query.
    expect(await ruleIdsOf(query, 'apps/server/src/modules/news/planted.service.ts')).toEqual(twice);
    expect(await ruleIdsOf(query, 'apps/server/src/modules/click/planted.ts')).toEqual(twice);
    const nested = query.replace("'../../db/", "'../../../db/");
    expect(await ruleIdsOf(nested, 'apps/server/src/modules/postbacks/delivery/planted.ts')).toEqual(twice);
    const low = query.replace("'../../db/", "'../db/");
    expect(await ruleIdsOf(low, 'apps/server/src/lib/planted.ts')).toEqual(twice);
    expect(await ruleIdsOf(low, 'apps/server/src/plugins/planted.ts')).toEqual(twice);
    expect(await ruleIdsOf(low, 'apps/server/src/seed/planted.ts')).toEqual(twice);
    expect(await ruleIdsOf(query.replace("'../../db/", "'./db/"), 'apps/server/src/planted.ts')).toEqual(twice);
    // The schema by area (decision 066) and drizzle's subpaths are the schema and the ORM too.
    const split =
      "import { sql } from 'drizzle-orm/sql';\nimport { users } from '../../db/schema/users.js';\nexport const x = [sql, users];\n";
    expect(await ruleIdsOf(split, 'apps/server/src/modules/news/planted.service.ts')).toEqual(twice);
    // Repositories, nested or not, in a module, in lib/, beside the auth plugin or in the seed, and db/ may.
    expect(await ruleIdsOf(query, 'apps/server/src/modules/news/planted.repository.ts')).toEqual([]);
    expect(await ruleIdsOf(nested, 'apps/server/src/modules/postbacks/delivery/planted.repository.ts')).toEqual([]);
    expect(await ruleIdsOf(low, 'apps/server/src/lib/planted.repository.ts')).toEqual([]);
    expect(await ruleIdsOf(low, 'apps/server/src/plugins/planted.repository.ts')).toEqual([]);
    expect(await ruleIdsOf(low, 'apps/server/src/seed/planted.repository.ts')).toEqual([]);
    expect(await ruleIdsOf(query.replace("'../../db/", "'./"), 'apps/server/src/db/planted.ts')).toEqual([]);
    // Outside the modules a repository keeps its folder's rules: the plugin's and lib/'s import no module, the seed's
    // reach a module through its front door only, and none imports a plugin or a service.
    const deep = "import { insertFile } from '../modules/files/files.repository.js';\nexport const x = insertFile;\n";
    const door = deep.replace('files.repository.js', 'index.js');
    expect(await ruleIdsOf(door, 'apps/server/src/plugins/planted.repository.ts')).toEqual(['no-restricted-imports']);
    expect(await ruleIdsOf(door, 'apps/server/src/lib/planted.repository.ts')).toEqual(['no-restricted-imports']);
    expect(await ruleIdsOf(deep, 'apps/server/src/seed/planted.repository.ts')).toEqual(['no-restricted-imports']);
    expect(await ruleIdsOf(door, 'apps/server/src/seed/planted.repository.ts')).toEqual([]);
    const plugin = "import { authOf } from '../plugins/auth.js';\nexport const x = authOf;\n";
    expect(await ruleIdsOf(plugin, 'apps/server/src/seed/planted.repository.ts')).toEqual(['no-restricted-imports']);
  });

  it('forbids a route file to open a transaction (decision 068)', async () => {
    const code =
      'export const f = (db: { transaction: (f: () => void) => void }) => db.transaction(() => undefined);\n';
    expect(await ruleIdsOf(code, 'apps/server/src/modules/news/planted.routes.ts')).toEqual(['no-restricted-syntax']);
    // Its service opens it.
    expect(await ruleIdsOf(code, 'apps/server/src/modules/news/planted.service.ts')).toEqual([]);
  });

  it('keeps plugins below the modules (decision 065)', async () => {
    const code = "import { staffScopeOf } from '../modules/access/index.js';\nexport const x = staffScopeOf;\n";
    expect(await ruleIdsOf(code, 'apps/server/src/plugins/planted.ts')).toEqual(['no-restricted-imports']);
    const lib = "import { forbidden } from '../lib/errors.js';\nexport const x = forbidden;\n";
    expect(await ruleIdsOf(lib, 'apps/server/src/plugins/planted.ts')).toEqual([]);
  });

  it('keeps web tests on fixtures typed from the contracts', async () => {
    const raw = "import { jsonResponse } from '@/test/render';\nexport const r = jsonResponse(200, {});\n";
    const typed = "import { answerOf } from '@/test/render';\nexport const r = answerOf;\n";
    expect(await ruleIdsOf(raw, 'apps/web/src/features/offers/components/offer-list.test.tsx')).toEqual([
      'no-restricted-imports',
    ]);
    expect(await ruleIdsOf(raw, 'apps/web/src/app/router.test.ts')).toEqual(['no-restricted-imports']);
    expect(await ruleIdsOf(typed, 'apps/web/src/features/offers/components/offer-list.test.tsx')).toEqual([]);
  });

  it('warns of a function over 150 lines, but not in a test or a listed file', async () => {
    const long = (lines: number) =>
      `export function f(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines - 4)}  return n;\n}\n`;
    expect(await ruleIdsOf(long(160), 'apps/web/src/features/offers/components/planted.tsx')).toEqual([
      'max-lines-per-function',
    ]);
    expect(await ruleIdsOf(long(160), 'apps/server/src/modules/offers/planted.ts')).toEqual(['max-lines-per-function']);
    expect(await ruleIdsOf(long(150), 'apps/server/src/modules/offers/planted.ts')).toEqual([]);
    expect(await ruleIdsOf(long(160), 'apps/web/src/features/offers/components/planted.test.tsx')).toEqual([]);
    expect(await ruleIdsOf(long(160), 'apps/web/src/sign-in-page/sign-in-page.ts')).toEqual([]);
  });
});
