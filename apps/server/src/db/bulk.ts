import { sql, type SQL } from 'drizzle-orm';

/** One column of a bulk insert: its name, its PostgreSQL type and one value per row. */
export type BulkColumn = readonly [name: string, type: string, values: readonly unknown[]];

/**
 * `(a, b, …) SELECT * FROM unnest($1::type[], $2::type[], …)`: a batch of rows as one array parameter per column.
 * A multi-row VALUES list costs a parameter per cell to build, send and parse; this costs one per column, whatever
 * the batch size (decision 018). Values go through the driver's array encoding (nulls and quoting included).
 */
export function unnestRows(columns: readonly BulkColumn[]): SQL {
  const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '));
  const arrays = sql.join(
    columns.map(([, type, values]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  return sql`(${names}) select * from unnest(${arrays})`;
}

/** A timestamp as the array encoding expects it (with its offset: no time zone guessing). */
export const isoTime = (date: Date) => date.toISOString();

/**
 * The rows of a raw `execute`: node-postgres answers `{ rows }`, PGlite's driver answers them as they are (the
 * drizzle result types differ by driver; the queries do not).
 */
export function rowsOf<T>(result: unknown): T[] {
  const value = result as T[] | { rows: T[] };
  return Array.isArray(value) ? value : value.rows;
}
