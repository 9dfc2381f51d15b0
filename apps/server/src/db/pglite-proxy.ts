/**
 * The main thread's side of the embedded database in its own thread (decision 104): what drizzle's pglite driver calls
 * on a PGlite client (`query`, `exec`, `transaction`), each call a message to pglite-worker.ts and its answer back.
 * Nothing runs PostgreSQL on this thread any more, so a click batch no longer stops the event loop while it is written.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { errorFromMessage, type WasmModule, type WorkerReply, type WorkerRequest } from './pglite-protocol.js';

type Request = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** What drizzle's pglite driver and the migrator use of a PGlite client, and of a transaction. */
export type PGliteLike = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: PGliteLike & { rollback(): Promise<void>; closed: boolean }) => Promise<T>): Promise<T>;
};

/**
 * The worker's module: the compiled `.js` beside this file in a build; under the tests, which run the TypeScript
 * sources, the `.ts` one loaded through tsx (a development dependency) from a small bootstrap.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (!/\.ts$/.test(new URL(here).pathname)) return new Worker(new URL('./pglite-worker.js', here));
  const tsxApi = createRequire(here)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const source = new URL('./pglite-worker.ts', here).href;
  const boot = `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(boot, { eval: true });
}

/**
 * PGlite's WASM, compiled once per process, and its file-system bundle, read once (decision 121). Each worker is a new
 * V8 isolate: left to itself, PGlite in it reads both again, compiles 9 MB of WASM and tiers its hot functions up
 * again, 1.1–1.5 s more CPU per worker on this machine (an open, 50 queries and a close: 3.2–3.9 s, 2.0–2.3 s shared).
 * A compiled `WebAssembly.Module` crosses threads without a copy, its code shared; so does a `Blob`.
 */
let artifacts: Promise<{ wasmModule?: WasmModule; fsBundle?: Blob }> | undefined;
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } })
  .WebAssembly;
function pgliteArtifacts() {
  artifacts ??= (async () => {
    const dist = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [binary, data] = await Promise.all([
      readFile(new URL('./pglite.wasm', dist)),
      readFile(new URL('./pglite.data', dist)),
    ]);
    return { wasmModule: await wasm.compile(binary), fsBundle: new Blob([data]) };
  })().catch(() => ({})); // not where this PGlite keeps them: each worker's PGlite finds its own, as before
  return artifacts;
}

export class PGliteProxy implements PGliteLike {
  readonly #worker: Worker;
  #next = 1;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #failed: Error | null = null;
  #closing = false;

  private constructor() {
    this.#worker = startWorker();
    this.#worker.on('message', (reply: WorkerReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      this.#idle();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(errorFromMessage(reply.error));
    });
    // A worker that dies (out of memory, a WASM abort) fails every query in flight and every one after.
    const fail = (error: Error) => {
      this.#failed ??= error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      this.#idle();
    };
    // Idle, the thread does not keep the process alive, as PGlite in the main thread does not: a tool, or a test file,
    // that ends without closing its database still exits. A call in flight does keep it alive until its answer.
    this.#worker.unref();
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) =>
      fail(
        new Error(
          this.#closing ? 'The embedded database is closed' : `The embedded database's thread exited (code ${code})`,
        ),
      ),
    );
  }

  #idle() {
    if (this.#pending.size === 0) this.#worker.unref();
  }

  /** Starts the worker and opens the data directory in it (from a `dumpDataDir` tarball when one is given). */
  static async open(dataDir: string, template?: Blob): Promise<PGliteProxy> {
    const proxy = new PGliteProxy();
    try {
      const shared = await pgliteArtifacts();
      if (template) {
        const buffer = await template.arrayBuffer();
        await proxy.#call({ op: 'open', dataDir, ...shared, template: buffer, templateType: template.type }, [buffer]);
      } else {
        await proxy.#call({ op: 'open', dataDir, ...shared });
      }
    } catch (error) {
      await proxy.#worker.terminate();
      throw error;
    }
    return proxy;
  }

  #call(request: Request, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.#failed) return Promise.reject(this.#failed);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id }, transfer);
    });
  }

  #query<T>(tx: number | undefined, sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#call({
      op: 'query',
      ...(tx === undefined ? {} : { tx }),
      sql,
      ...(params ? { params } : {}),
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      ...(options?.parsers ? { rawTypes: Object.keys(options.parsers).map(Number) } : {}),
    }) as Promise<Results<T>>;
  }

  #exec(tx: number | undefined, sql: string): Promise<Results[]> {
    return this.#call({ op: 'exec', ...(tx === undefined ? {} : { tx }), sql }) as Promise<Results[]>;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#exec(undefined, sql);
  }

  /**
   * BEGIN in the worker, the callback here with a transaction whose queries name it, then COMMIT (or ROLLBACK when the
   * callback throws or rolled back). The worker holds PGlite's transaction lock the whole time, as an in-process
   * `transaction` would: other queries wait for it there.
   */
  async transaction<T>(
    callback: (tx: PGliteLike & { rollback(): Promise<void>; closed: boolean }) => Promise<T>,
  ): Promise<T> {
    const id = (await this.#call({ op: 'begin' })) as number;
    let closed = false;
    const check = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        check();
        return this.#query<R>(id, sql, params, options);
      },
      exec: (sql: string) => {
        check();
        return this.#exec(id, sql);
      },
      transaction: () => Promise.reject(new Error('Nested transactions use savepoints (drizzle does)')),
      rollback: async () => {
        check();
        closed = true;
        await this.#call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  async dumpDataDir(_compression?: 'none'): Promise<Blob> {
    const { buffer, type } = (await this.#call({ op: 'dump' })) as { buffer: ArrayBuffer; type: string };
    return new Blob([buffer], { type });
  }

  async close(): Promise<void> {
    this.#closing = true;
    try {
      if (!this.#failed) await this.#call({ op: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }
}
