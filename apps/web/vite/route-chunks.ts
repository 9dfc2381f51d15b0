import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin, Rolldown } from 'vite';

/** A route of the app's table that loads code of its own: its full pattern and its lazy modules, outermost first. */
export interface RouteModules {
  path: string;
  modules: readonly string[];
}

/** A route's screen files: what `route-chunks.json` holds for the server (decision 151, addendum). */
export interface RouteChunks {
  path: string;
  /** The lazy modules' chunks and what they import statically, less the start's files. */
  scripts: readonly string[];
  styles: readonly string[];
}

/** The string of the first `import('…')` under a node, if any. */
function importedBy(node: ts.Node): string | undefined {
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [specifier] = node.arguments;
    if (specifier && ts.isStringLiteral(specifier)) return specifier.text;
  }
  return ts.forEachChild(node, importedBy);
}

/** `screens.key` in `...screen(screens.key, …)` or `handle: handle(screens.key)`, the screen a route is made from. */
function screenKeyOf(route: ts.ObjectLiteralExpression): string | undefined {
  for (const property of route.properties) {
    const call = ts.isSpreadAssignment(property)
      ? property.expression
      : ts.isPropertyAssignment(property) && property.name.getText() === 'handle'
        ? property.initializer
        : undefined;
    if (!call || !ts.isCallExpression(call)) continue;
    const [screen] = call.arguments;
    if (screen && ts.isPropertyAccessExpression(screen) && screen.expression.getText() === 'screens')
      return screen.name.text;
  }
  return undefined;
}

function propertyOf(route: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of route.properties)
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property.initializer;
  return undefined;
}

/**
 * Every screen route of the router's table (app/router.tsx's `routes`, read from its source) with its pattern (its
 * screen's path in lib/screens.ts, as the router's `screen()` makes it) and the modules its `lazy` imports and its
 * parents' do: the one table the app routes with, so no second list of routes can drift from it.
 */
export function routeModulesOf(
  source: string,
  screenPaths: Readonly<Record<string, { path: string }>>,
): RouteModules[] {
  const file = ts.createSourceFile('router.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let table: ts.ArrayLiteralExpression | undefined;
  const find = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'routes' && node.initializer) {
      if (ts.isArrayLiteralExpression(node.initializer)) table = node.initializer;
    } else ts.forEachChild(node, find);
  };
  find(file);
  if (!table) throw new Error('routeModulesOf: no `routes` array in the router');
  const found: RouteModules[] = [];
  const visit = (routes: ts.ArrayLiteralExpression, parents: readonly string[]): void => {
    for (const route of routes.elements) {
      if (!ts.isObjectLiteralExpression(route)) continue;
      const lazy = propertyOf(route, 'lazy');
      const module = lazy ? importedBy(lazy) : undefined;
      const modules = module ? [...parents, module] : parents;
      const children = propertyOf(route, 'children');
      if (children && ts.isArrayLiteralExpression(children)) {
        visit(children, modules);
        continue;
      }
      const key = screenKeyOf(route);
      if (!module || !key) continue;
      const screen = screenPaths[key];
      if (!screen) throw new Error(`routeModulesOf: screens.${key} is not in the screens table`);
      found.push({ path: screen.path, modules });
    }
  };
  visit(table, []);
  return found;
}

const withoutExtension = (id: string): string => id.replace(/\.[cm]?[jt]sx?$/, '');

/**
 * A route's files in a build: each lazy module's chunk and the chunks it imports statically, in order, less those
 * `exclude` matches (the start's, which the page already names); the stylesheets those chunks import.
 */
export function chunksOf(
  modules: readonly string[],
  bundle: Rolldown.OutputBundle,
  exclude: RegExp,
): { scripts: string[]; styles: string[] } {
  // A lazy module is its chunk's facade, or one of the modules of a chunk made by a group (the signed-in frame's).
  const byModule = new Map<string, Rolldown.OutputChunk>();
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    for (const id of output.moduleIds)
      if (!byModule.has(withoutExtension(id))) byModule.set(withoutExtension(id), output);
    if (output.facadeModuleId) byModule.set(withoutExtension(output.facadeModuleId), output);
  }
  const scripts: string[] = [];
  const styles: string[] = [];
  const add = (file: string): void => {
    const chunk = bundle[file];
    if (!chunk || chunk.type !== 'chunk' || exclude.test(file) || scripts.includes(file)) return;
    scripts.push(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!styles.includes(css)) styles.push(css);
    chunk.imports.forEach(add);
  };
  for (const module of modules) {
    const chunk = byModule.get(module);
    if (!chunk) throw new Error(`routeChunks: no chunk for the lazy module ${module}`);
    add(chunk.fileName);
  }
  return { scripts, styles };
}

/**
 * Writes `route-chunks.json`: for every screen route of the app's router, the files its lazy modules load, so that the
 * server names them as module preloads in the page it answers for that address (decision 151's addendum): the screen's
 * chunks download with the start's, not after the start has run.
 */
export function routeChunks(options: {
  router: string;
  screens: Readonly<Record<string, { path: string }>>;
  exclude: RegExp;
}): Plugin {
  return {
    name: 'portal:route-chunks',
    apply: 'build',
    // Once the bundle is final: Vite drops the chunks that held only stylesheets at its end (their stylesheets go to
    // their importers'), so a table made earlier would name files that are not written.
    writeBundle(output, bundle) {
      const routes = routeModulesOf(fs.readFileSync(options.router, 'utf8'), options.screens);
      const base = path.dirname(options.router);
      const table: RouteChunks[] = routes.map((route) => ({
        path: route.path,
        ...chunksOf(
          route.modules.map((module) => path.resolve(base, module)),
          bundle,
          options.exclude,
        ),
      }));
      if (!output.dir) throw new Error('routeChunks: the build has no output directory');
      for (const route of table)
        for (const file of [...route.scripts, ...route.styles])
          if (!fs.existsSync(path.join(output.dir, file))) throw new Error(`routeChunks: ${file} was not written`);
      fs.writeFileSync(path.join(output.dir, 'route-chunks.json'), `${JSON.stringify(table, null, 1)}\n`);
    },
  };
}
