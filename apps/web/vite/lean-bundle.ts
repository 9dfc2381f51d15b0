import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The built contracts (@portal/contracts resolves to packages/contracts/dist). */
const CONTRACTS = /[\\/]packages[\\/]contracts[\\/]dist[\\/][^\\/]+\.js$/;

/** What the browser reads of an endpoint: `api.call` builds the request from these two alone. */
const KEPT_ENDPOINT_KEYS = new Set(['method', 'path']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);

/** The nodes directly under a node. */
function children(node: Node): Node[] {
  const found: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    if (Array.isArray(value)) found.push(...value.filter(isNode));
    else if (isNode(value)) found.push(value);
  }
  return found;
}

const isDefineEndpoint = (node: Node) =>
  node.type === 'CallExpression' &&
  isNode(node.callee) &&
  node.callee.type === 'Identifier' &&
  node.callee.name === 'defineEndpoint' &&
  Array.isArray(node.arguments) &&
  isNode(node.arguments[0]) &&
  node.arguments[0].type === 'ObjectExpression';

/** Whether evaluating the expression calls anything (a schema built, a Set made), not counting function bodies. */
function calls(node: Node): boolean {
  if (FUNCTIONS.has(node.type) || isDefineEndpoint(node)) return false;
  if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'TaggedTemplateExpression') {
    return true;
  }
  return children(node).some(calls);
}

/**
 * The contracts as the browser needs them (decision 059). Every endpoint is `defineEndpoint({ method, path, summary,
 * query, body, response, … })`, one definition for the server (validation, OpenAPI) and the web (types, the request).
 * In the browser only `method` and `path` are read, so the web's build keeps only those two, and marks every
 * module-level value that is computed by a call (a zod schema, above all) as free of side effects, so that a schema
 * no screen parses is dropped with zod itself: the dashboard, which parses nothing, no longer loads zod. A form that
 * validates with a contract's schema imports it, and gets it with zod in its own chunk.
 *
 * Only for `vite build`: the unit tests and the dev server use the contracts whole.
 */
export function leanContracts(): Plugin {
  return {
    name: 'portal:lean-contracts',
    apply: 'build',
    transform: {
      filter: { id: CONTRACTS },
      handler(code, id) {
        const program = this.parse(code) as unknown as Node;
        const edited = new MagicString(code);

        const strip = (node: Node) => {
          if (isDefineEndpoint(node)) {
            const definition = (node.arguments as Node[])[0]!;
            const kept = (definition.properties as Node[]).filter(
              (property) =>
                property.type === 'Property' &&
                isNode(property.key) &&
                KEPT_ENDPOINT_KEYS.has(String(property.key.name ?? property.key.value)),
            );
            edited.overwrite(
              node.start,
              node.end,
              `{ ${kept.map((property) => code.slice(property.start, property.end)).join(', ')} }`,
            );
            return;
          }
          children(node).forEach(strip);
        };
        strip(program);

        for (const statement of program.body as Node[]) {
          const declaration =
            statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)
              ? statement.declaration
              : statement;
          if (declaration.type !== 'VariableDeclaration') continue;
          for (const declarator of declaration.declarations as Node[]) {
            const init = declarator.init;
            if (!isNode(init) || !calls(init)) continue;
            edited.prependLeft(init.start, '/* @__PURE__ */ (() => (');
            edited.appendRight(init.end, '))()');
          }
        }
        if (!edited.hasChanged()) return null;
        return { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }) };
      },
    },
  };
}

/** Where zod keeps its settings, made once, when zod is first evaluated. */
const ZOD_CONFIG = '(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});';

/**
 * zod, jitless from its first line (decision 031, 059). Under the Content-Security-Policy (no 'unsafe-eval') zod's
 * probe for `new Function` is refused and reported as a violation, although zod then parses without it; jitless skips
 * the probe. A call of `z.config` in the app would have to run before the first schema is built, in whichever chunk
 * zod lands and whichever screen loads it first; set where zod makes its settings, it holds wherever zod is, and a
 * screen that parses nothing loads neither. A zod that makes its settings differently fails the build here.
 */
export function jitlessZod(): Plugin {
  return {
    name: 'portal:jitless-zod',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/ },
      handler(code, id) {
        const at = code.indexOf(ZOD_CONFIG);
        if (at < 0) throw new Error('zod no longer makes its settings as vite/lean-bundle.ts expects.');
        const edited = new MagicString(code);
        edited.overwrite(
          at,
          at + ZOD_CONFIG.length,
          '(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = { jitless: true });',
        );
        return { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }) };
      },
    },
  };
}

/** Mantine's ScrollArea, which every screen draws (the menu, every table's scroll box). */
const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;

/**
 * Mantine's ScrollArea takes one hook from floating-ui, `useMergeRefs`, and with it the whole of floating-ui (15 KB,
 * what popovers place their dropdowns with) on every screen, whether it opens a popover or not. Here its import is
 * answered by `mergeRefsModule`, the same hook over Mantine's own `useMergedRef` (decision 059); the popovers still
 * get floating-ui itself.
 */
export function scrollAreaWithoutFloatingUi(mergeRefsModule: string): Plugin {
  return {
    name: 'portal:scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId: {
      filter: { id: /^@floating-ui\/react$/ },
      handler(source, importer) {
        return importer && SCROLL_AREA.test(importer) ? mergeRefsModule : null;
      },
    },
  };
}

/** Mantine's Table.ScrollContainer, which every `Table` module brings along (a static property). */
const TABLE_SCROLL_CONTAINER = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]TableScrollContainer\.mjs$/;

/** The three places TableScrollContainer.mjs names ScrollArea, each replaced by what a native box needs. */
const TABLE_SCROLL_AREA_EDITS: readonly [string, string][] = [
  ['import { ScrollArea } from "../ScrollArea/ScrollArea.mjs";', ''],
  ['const defaultProps = { type: "scrollarea" };', 'const defaultProps = { type: "native" };'],
  ['component: type === "scrollarea" ? ScrollArea : "div",', 'component: "div",'],
];

/**
 * Every table of the app scrolls in a native box (the theme's `TableScrollContainer` default, app/providers.tsx:
 * touch and momentum on a phone, decision 032), yet `Table` names its scroll container statically, and that names
 * Mantine's ScrollArea: 5 KB of script on every screen with a table, the dashboard's included, for a component no
 * table draws. In the build the container is the native box alone (decision 061); `type="scrollarea"` is not
 * available on a table. A Mantine whose container reads differently fails the build here.
 */
export function tablesWithoutScrollArea(): Plugin {
  return {
    name: 'portal:tables-without-scroll-area',
    apply: 'build',
    transform: {
      filter: { id: TABLE_SCROLL_CONTAINER },
      handler(code, id) {
        const edited = new MagicString(code);
        for (const [from, to] of TABLE_SCROLL_AREA_EDITS) {
          const at = code.indexOf(from);
          if (at < 0) throw new Error(`Mantine's TableScrollContainer no longer reads as vite/lean-bundle.ts expects.`);
          edited.overwrite(at, at + from.length, to);
        }
        return { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }) };
      },
    },
  };
}
