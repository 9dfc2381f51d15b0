/**
 * The embedded database's own thread (decision 104). PGlite is PostgreSQL compiled to WASM and runs synchronously on the
 * thread that calls it: in the server's main thread a click batch blocked answering for ~50 ms per 1,000 clicks. Here
 * it runs in a `worker_threads` Worker, and the main thread's drizzle talks to it through `PGliteProxy`
 * (pglite-proxy.ts), one message per query.
 *
 * The worker calls PGlite exactly as the main thread used to: `query`, `exec` and `transaction` on one instance, whose
 * own locks order them (a query outside a transaction waits while one is open, as it did in-process). A transaction
 * stays open here, inside PGlite's `transaction` callback, until the main thread's callback has finished and sends
 * `end`: its queries name it (`tx`) and run on its `Transaction`.
 */
import { parentPort } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import type { WorkerReply, WorkerRequest } from './pglite-protocol.js';
import { errorToMessage } from './pglite-protocol.js';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (PGliteProxy starts it)');

let pg: PGlite | null = null;
/** The open transactions, by the id of the `begin` that opened them. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();
/** Thrown inside PGlite's transaction callback to roll it back (PGlite rolls back on a throw). */
const ROLLBACK = Symbol('rollback');

/**
 * The parsers drizzle passes are functions and cannot cross threads; every one it passes is the identity (timestamps,
 * dates, intervals and their arrays kept as PostgreSQL's text), so the proxy sends the types and they are rebuilt here.
 */
const identity = (value: string) => value;
function options(request: { rowMode?: 'array' | 'object'; rawTypes?: number[] }): QueryOptions {
  const result: QueryOptions = {};
  if (request.rowMode) result.rowMode = request.rowMode;
  if (request.rawTypes) result.parsers = Object.fromEntries(request.rawTypes.map((type) => [type, identity]));
  return result;
}

function on(txId: number | undefined): PGlite | Transaction {
  if (txId === undefined) {
    if (!pg) throw new Error('The embedded database is not open');
    return pg;
  }
  const entry = open.get(txId);
  if (!entry) throw new Error('Transaction is closed');
  return entry.tx;
}

async function handle(request: WorkerRequest): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case 'open': {
      const template = request.template
        ? new Blob([request.template], { type: request.templateType ?? '' })
        : undefined;
      pg = new PGlite(request.dataDir, {
        ...(template ? { loadDataDir: template } : {}),
        ...(request.wasmModule ? { pgliteWasmModule: request.wasmModule } : {}),
        ...(request.fsBundle ? { fsBundle: request.fsBundle } : {}),
      });
      await pg.waitReady;
      return { value: null };
    }
    case 'query':
      return { value: await on(request.tx).query(request.sql, request.params, options(request)) };
    case 'exec':
      return { value: await on(request.tx).exec(request.sql) };
    case 'begin': {
      if (!pg) throw new Error('The embedded database is not open');
      const id = request.id;
      return await new Promise((resolve, reject) => {
        let end!: (commit: boolean) => void;
        const decided = new Promise<boolean>((settle) => (end = settle));
        let begun = false;
        const done = pg!
          .transaction(async (tx) => {
            begun = true;
            open.set(id, { tx, end, done });
            resolve({ value: id });
            if (!(await decided)) throw ROLLBACK;
          })
          .then(
            () => undefined,
            (error: unknown) => {
              open.delete(id);
              if (error === ROLLBACK) return;
              if (!begun) reject(error as Error);
              throw error;
            },
          );
        // A failed BEGIN rejects `begin`; a failed COMMIT is answered to `end`.
        done.catch(() => undefined);
      });
    }
    case 'end': {
      const entry = open.get(request.tx);
      if (!entry) throw new Error('Transaction is closed');
      entry.end(request.commit);
      try {
        await entry.done;
      } finally {
        open.delete(request.tx);
      }
      return { value: null };
    }
    case 'dump': {
      if (!pg) throw new Error('The embedded database is not open');
      const blob = await pg.dumpDataDir('none');
      const buffer = await blob.arrayBuffer();
      return { value: { buffer, type: blob.type }, transfer: [buffer] };
    }
    case 'close': {
      await pg?.close();
      pg = null;
      return { value: null };
    }
  }
}

/** Answers a request; a value that cannot be cloned (a DataCloneError) is answered as that error, never a dead thread. */
function reply(message: WorkerReply, transfer: ArrayBuffer[] = []) {
  try {
    port!.postMessage(message, transfer);
  } catch (error) {
    port!.postMessage({ id: message.id, ok: false, error: errorToMessage(error) } satisfies WorkerReply);
  }
}

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    ({ value, transfer }) => reply({ id: request.id, ok: true, value }, transfer),
    (error: unknown) => reply({ id: request.id, ok: false, error: errorToMessage(error) }),
  );
});
