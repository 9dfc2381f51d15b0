import { build, type Plugin, type Rolldown } from 'vite';

/** Set while the first pass runs: that build only looks, and must not start a pass of its own. */
const FIRST_PASS = 'PORTAL_CHUNKS_FIRST_PASS';

type Chunk = Rolldown.OutputChunk;

/** A chunk and every chunk it imports statically, which the browser always loads with it. */
function closureOf(start: Chunk, byFile: Map<string, Chunk>): Set<Chunk> {
  const seen = new Set<Chunk>();
  const queue = [start];
  while (queue.length > 0) {
    const chunk = queue.pop() as Chunk;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) queue.push(imported);
    }
  }
  return seen;
}

/**
 * Chunks cut along what a page needs at once (decision 062, which holds the reasons and the figures): the app's entry,
 * the signed-in frame and the dashboard each become one chunk of all they import statically. The sets are known only
 * once the bundler has split the app, so a first pass, written nowhere, splits it; the real build groups each set.
 */
export function firstLoadChunks(options: {
  /** This config file, for the first pass. */
  configFile: string;
  /** The entry's name in `rolldownOptions.input` (its closure is the group 'app'). */
  entry: string;
  /** Entries of their own whose closures no group takes from (the sign-in page, decision 055). */
  apart: string[];
  /** Further closures, by group name: the module (a lazy route's) whose chunk starts each, after the entry's. */
  closures: Record<string, string>;
  /**
   * Closures cut in two (decision 103): of such a closure, what no other lazily loaded chunk loads too stays in its
   * group, and what some other one shares goes to the group named here, so that another screen sharing a table or an
   * input with the dashboard does not download the dashboard's own code with it.
   */
  shared?: Record<string, string>;
  /**
   * Closures evaluated in steps (decision 148): of a closure named here, the modules each step's `test` matches go to
   * the step's group (the first step matching), with the step's own `module` (what the entry imports for that step),
   * so that each step is a chunk of its own, imported, and so evaluated, in a task of its own.
   */
  steps?: Record<string, Array<{ name: string; module: string; test: RegExp }>>;
}) {
  const groupOf = new Map<string, string>();
  const names = ['app', ...Object.keys(options.closures)];
  for (const [closure, group] of Object.entries(options.shared ?? {}))
    names.splice(names.indexOf(closure) + 1, 0, group);
  for (const [closure, steps] of Object.entries(options.steps ?? {}))
    names.splice(names.indexOf(closure), 0, ...steps.map((step) => step.name));

  const plugin: Plugin = {
    name: 'portal:first-load-chunks',
    apply: 'build',
    async buildStart() {
      if (process.env[FIRST_PASS]) return;
      process.env[FIRST_PASS] = '1';
      let result: Awaited<ReturnType<typeof build>>;
      try {
        result = await build({ configFile: options.configFile, logLevel: 'silent', build: { write: false } });
      } finally {
        delete process.env[FIRST_PASS];
      }
      const outputs = Array.isArray(result) ? result : [result];
      const chunks = outputs.flatMap((output) =>
        'output' in output ? output.output.filter((item): item is Chunk => item.type === 'chunk') : [],
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entryNamed = (name: string) => chunks.find((chunk) => chunk.isEntry && chunk.name === name);
      const starts: Array<[string, Chunk | undefined]> = [
        ['app', entryNamed(options.entry)],
        ...Object.entries(options.closures).map(([name, module]): [string, Chunk | undefined] => [
          name,
          chunks.find((chunk) => chunk.facadeModuleId === module),
        ]),
      ];
      const taken = new Set<Chunk>();
      for (const name of options.apart) {
        const entry = entryNamed(name);
        if (!entry) this.error(`firstLoadChunks: the first pass made no entry '${name}'`);
        closureOf(entry, byFile).forEach((chunk) => taken.add(chunk));
      }
      for (const [name, start] of starts) {
        if (!start) this.error(`firstLoadChunks: the first pass made no chunk for '${name}'`);
        const sharedGroup = options.shared?.[name];
        // What the other lazily loaded chunks (routes, components) load: a closure cut in two gives it away.
        const elsewhere = new Set<Chunk>();
        if (sharedGroup) {
          for (const other of chunks)
            if (other !== start && other.isDynamicEntry) closureOf(other, byFile).forEach((c) => elsewhere.add(c));
        }
        for (const chunk of closureOf(start, byFile)) {
          if (taken.has(chunk)) continue;
          taken.add(chunk);
          const group = sharedGroup && chunk !== start && elsewhere.has(chunk) ? sharedGroup : name;
          for (const id of chunk.moduleIds) groupOf.set(id, group);
        }
      }
      for (const [closure, steps] of Object.entries(options.steps ?? {})) {
        for (const [id, group] of groupOf) {
          const step = group === closure ? steps.find((candidate) => candidate.test.test(id)) : undefined;
          if (step) groupOf.set(id, step.name);
        }
        for (const step of steps) groupOf.set(step.module, step.name);
      }
    },
  };

  /** The code-splitting groups, the app's first (a module in two closures goes with the first). */
  const groups = names.map((name, index) => ({
    name,
    priority: 100 - index,
    // Only the closure's own modules: what it shares with a page apart (the sign-in page's) stays where it is.
    includeDependenciesRecursively: false,
    test: (id: string) => groupOf.get(id) === name,
  }));
  return { plugin, groups };
}
