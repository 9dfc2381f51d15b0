/**
 * The integration suite's embedded databases, reused within a worker (decision 157). Loading the migrated cluster
 * (test/pglite-template.ts) into a new in-memory PGlite took ~1.2 s of a test app's ~1.5 s on this machine (2.5 s of
 * CPU), for each of the PGlite pass's ~200 test apps; a closed app's database brought back to the template's state
 * takes a small fraction of that. What "the template's state" means here, checked on every reuse:
 * - the same catalog: no relation, column, function, constraint, trigger, type or schema added or dropped since the
 *   template was loaded (a test's DDL: the database is closed, never reused);
 * - every table as the template holds it: the reference tables (rows written by `seedReference`) equal to the
 *   template's rows, every other table empty;
 * - every sequence at the template's value, and the session as new (`discard all`: settings, prepared statements,
 *   temporary tables, advisory locks; it refuses to run inside an open transaction, which closes the database too).
 * A database whose reset fails in any way is closed and a fresh one loaded, so reuse can only save time.
 * `TEST_PGLITE_REUSE=off` loads a fresh cluster for every app, as before.
 */
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../src/db/client.js';

const enabled = process.env.TEST_PGLITE_REUSE !== 'off';
/** Two spares: a file's app and its reports replica stand-in, or two apps of one file. Each holds its WASM memory. */
const MAX_SPARES = 2;
const spares: Database[] = [];
/** The databases `templateDatabase` gave out: only those may be kept for another app. */
const handedOut = new WeakSet<Database>();

type TemplateState = {
  /** The catalog's print (see `CATALOG_PRINT`). */
  catalog: string;
  /** Every user table (schema-qualified, quoted), but drizzle's migrations journal. */
  tables: string[];
  /** The tables that hold rows in the template, with those rows as JSON, and a print of them. */
  reference: { table: string; rows: string; print: string }[];
  /** `select setval(…)` of every sequence back to its value in the template. */
  restoreSequences: string;
};
let template: TemplateState | undefined;

/** Count and highest oid of each catalog a DDL statement writes a row to; columns by count. */
const CATALOG_PRINT = `select concat_ws(',',
  (select count(*) || ':' || max(oid) from pg_class), (select count(*) from pg_attribute),
  (select count(*) || ':' || max(oid) from pg_proc), (select count(*) || ':' || coalesce(max(oid), 0) from pg_constraint),
  (select count(*) || ':' || coalesce(max(oid), 0) from pg_trigger), (select count(*) || ':' || coalesce(max(oid), 0) from pg_attrdef),
  (select count(*) || ':' || max(oid) from pg_type), (select count(*) || ':' || max(oid) from pg_namespace),
  (select count(*) || ':' || coalesce(max(oid), 0) from pg_rewrite), (select count(*) || ':' || coalesce(max(oid), 0) from pg_policy),
  (select count(*) from pg_db_role_setting), (select count(*) || ':' || max(oid) from pg_extension)) as print`; // prettier-ignore

const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

async function one<T>(client: PGlite, query: string): Promise<T> {
  return (await client.query<T>(query)).rows[0]!;
}

async function readTemplate(client: PGlite): Promise<TemplateState> {
  const { print: catalog } = await one<{ print: string }>(client, CATALOG_PRINT);
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and not c.relispartition and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
         and n.nspname not like 'pg\\_%' order by 1`,
    )
  ).rows.map((row) => row.name);
  const reference: TemplateState['reference'] = [];
  for (const table of await nonEmpty(client, tables)) {
    const { rows, print } = await one<{ rows: string; print: string }>(
      client,
      `select coalesce(json_agg(t), '[]')::text as rows, ${printOf('t')} as print from ${table} t`,
    );
    reference.push({ table, rows, print });
  }
  const sequences = (
    await client.query<{ name: string; value: string | null }>(
      `select format('%I.%I', n.nspname, c.relname) as name, s.last_value::text as value
       from pg_sequences s join pg_namespace n on n.nspname = s.schemaname join pg_class c on c.relname = s.sequencename and c.relnamespace = n.oid`,
    )
  ).rows;
  // pg_sequences shows a sequence never called as a null last_value: its start, not called.
  const restoreSequences = `select ${
    sequences
      .map((s) =>
        s.value === null
          ? `setval('${s.name}', (select seqstart from pg_sequence where seqrelid = '${s.name}'::regclass), false)`
          : `setval('${s.name}', ${s.value}, true)`,
      )
      .join(', ') || '1'
  }`;
  return { catalog, tables, reference, restoreSequences };
}

const printOf = (alias: string) => `md5(coalesce(string_agg(${alias}::text, '|' order by ${alias}::text), ''))`;

async function nonEmpty(client: PGlite, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const checks = tables.map(
    (table) => `(select '${table.replaceAll("'", "''")}' where exists (select 1 from ${table}))`,
  );
  const rows = (await client.query<{ name: string }>(`select name from (${checks.join(' union all ')}) v(name)`)).rows;
  return rows.map((row) => row.name);
}

/** Brings a used database back to the template's state; false when it cannot be (it is then closed by the caller). */
async function reset(database: Database, state: TemplateState): Promise<boolean> {
  const client = clientOf(database);
  if (client.closed) return false;
  await client.exec('discard all');
  if ((await one<{ print: string }>(client, CATALOG_PRINT)).print !== state.catalog) return false;
  const written = new Set(await nonEmpty(client, state.tables));
  const changed: TemplateState['reference'] = [];
  for (const ref of state.reference) {
    const { print } = await one<{ print: string }>(client, `select ${printOf('t')} as print from ${ref.table} t`);
    if (print !== ref.print) changed.push(ref);
    else written.delete(ref.table);
  }
  // Triggers and foreign keys off for the session (`replica`): the audit log refuses deletes by a trigger, and the
  // tables are emptied in any order. Deletes, not truncates: a truncate must name or cascade to every referencing table.
  await client.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    for (const table of written) await tx.exec(`delete from ${table}`);
    for (const ref of changed)
      await tx.query(`insert into ${ref.table} overriding system value select * from json_populate_recordset(null::${ref.table}, $1)`, [ref.rows]); // prettier-ignore
    await tx.query(state.restoreSequences);
  });
  return true;
}

/** An in-memory database at the template's state: a reset spare, else the template loaded into a new one. */
export async function templateDatabase(loaded: Blob): Promise<Database> {
  while (enabled && template && spares.length > 0) {
    const database = spares.pop()!;
    if (await reset(database, template).catch(() => false)) {
      handedOut.add(database);
      return database;
    }
    await database.close().catch(() => undefined);
  }
  const database = await openDatabase({ dataDir: 'memory://', pgliteTemplate: loaded });
  if (enabled) template ??= await readTemplate(clientOf(database));
  handedOut.add(database);
  return database;
}

/** A closed test app's database: one `templateDatabase` gave out is kept for the next app of this worker; any other is closed. */
export async function releaseDatabase(database: Database): Promise<void> {
  const kept = enabled && handedOut.delete(database) && !clientOf(database).closed && spares.length < MAX_SPARES;
  if (kept) spares.push(database);
  else await database.close();
}
