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

/**
 * A statement whose text never changes, its parameters written `$1`, `$2` … (decision 128): the text is cut once, and
 * each call only puts the values in (drizzle numbers them again in order, so a parameter may appear more than once).
 */
export function fixedSql(text: string): (values: readonly unknown[]) => SQL {
  const parts = text.split(/\$(\d+)/);
  return (values) => {
    const chunks: SQL[] = [];
    for (let i = 0; i < parts.length; i++) {
      if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
      else chunks.push(sql`${sql.param(values[Number(parts[i]) - 1])}`);
    }
    return sql.join(chunks);
  };
}
