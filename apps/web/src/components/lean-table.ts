import { Table } from '@mantine/core';

/** The props of a Mantine `<Table>` that its rows and cells read (their defaults as Mantine's). */
type TableLook = {
  striped?: boolean | 'odd' | 'even';
  highlightOnHover?: boolean;
  withRowBorders?: boolean;
  withColumnBorders?: boolean;
};

/**
 * A Mantine table's `<tr>`, `<td>` and `<th>` as plain elements (decision 147): the classes and data attributes
 * `Table.Tr` and `Table.Td` would give them inside a table of these props (`Table.classes`, Mantine's own), without a
 * `Box`, `useProps` and `useStyles` a cell. The table, its head and body stay Mantine's.
 */
export function leanTableParts(look: TableLook) {
  const striped = look.striped === true ? 'odd' : look.striped || undefined;
  return {
    tr: {
      className: `${Table.classes.tr} mantine-Table-tr`,
      'data-with-row-border': (look.withRowBorders ?? true) || undefined,
      'data-striped': striped,
      'data-hover': look.highlightOnHover || undefined,
    },
    td: {
      className: `${Table.classes.td} mantine-Table-td`,
      'data-with-column-border': look.withColumnBorders || undefined,
    },
    th: {
      className: `${Table.classes.th} mantine-Table-th`,
      'data-with-column-border': look.withColumnBorders || undefined,
    },
  };
}
