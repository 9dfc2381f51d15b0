import type { PGliteOptions } from '@electric-sql/pglite';

/** A compiled `WebAssembly.Module` (node's types do not declare the WebAssembly namespace; PGlite's do). */
export type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

/** The messages between PGliteProxy (main thread) and pglite-worker.ts (decision 104). */
export type WorkerRequest =
  | {
      id: number;
      op: 'open';
      dataDir: string;
      template?: ArrayBuffer;
      templateType?: string;
      /** PGlite's WASM compiled once per process and its file-system bundle, shared by every worker (decision 121). */
      wasmModule?: WasmModule;
      fsBundle?: Blob;
    }
  | {
      id: number;
      op: 'query';
      tx?: number;
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      rawTypes?: number[];
    }
  | { id: number; op: 'exec'; tx?: number; sql: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

export type ErrorMessage = { name: string; message: string; stack?: string; props: Record<string, unknown> };

export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorMessage };

/**
 * An error as a message: structured cloning keeps an error's message and stack but not PostgreSQL's fields (`code`,
 * `constraint`, `detail` …), which the error handling reads (lib/errors.ts), so they travel as plain properties.
 */
export function errorToMessage(error: unknown): ErrorMessage {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), props: {} };
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (value !== null && typeof value === 'object') continue; // a query's params, a cause: not needed across
    props[key] = value;
  }
  return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}), props };
}

export function errorFromMessage(message: ErrorMessage): Error {
  const error = new Error(message.message);
  error.name = message.name;
  if (message.stack) error.stack = message.stack;
  return Object.assign(error, message.props);
}
