import { Table } from '@mantine/core';
import type { ComponentPropsWithoutRef, CSSProperties, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import classes from './lean.module.css';

/*
 * A list's row drawn with plain elements that look as Mantine's components do (decision 147): a page of 50 cards drew
 * a thousand Mantine components, each with its `Box`, `useStyles` and `useProps`, in the render that follows the
 * page's answer. The classes repeat Mantine's rules with the theme's variables (lean.module.css).
 */
export { classes as lean };

/** The class names given, the falsy ones left out. */
export const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * Mantine's `<Anchor component={Link}>`: the theme's link colour, underlined on hover, the focus ring of the theme; in
 * Text's size md as Anchor's is, another `size`, or the text around it (`inherit`).
 */
export function LeanLink({ className, size = 'md', ...props }: LinkProps & { size?: 'md' | 'sm' | 'xs' | 'inherit' }) {
  return (
    <Link
      className={cx('mantine-focus-auto', classes.anchor, size === 'inherit' ? null : classes[size], className)}
      {...props}
    />
  );
}

type LeanBadgeProps = {
  /** A colour of the theme ('green', 'teal'). */
  color: string;
  variant: 'filled' | 'light' | 'outline';
  children: ReactNode;
} & Omit<ComponentPropsWithoutRef<'span'>, 'color' | 'children'>;

/** The colours Mantine's default variant resolver gives a badge of a theme colour, by variant. */
const BADGE_COLOURS = {
  filled: (color: string) => ({
    '--badge-bg': `var(--mantine-color-${color}-filled)`,
    '--badge-color': 'var(--mantine-color-white)',
  }),
  light: (color: string) => ({
    '--badge-bg': `var(--mantine-color-${color}-light)`,
    '--badge-color': `var(--mantine-color-${color}-light-color)`,
  }),
  outline: (color: string) => ({
    '--badge-bg': 'transparent',
    '--badge-color': `var(--mantine-color-${color}-outline)`,
    '--badge-bd': `calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-${color}-outline)`,
  }),
};

/** Mantine's `<Badge>` at size md, filled, light or outlined, in a colour of the theme (as its variant resolver colours it). */
export function LeanBadge({ color, variant, children, style, className, ...rest }: LeanBadgeProps) {
  const colours = BADGE_COLOURS[variant](color);
  return (
    <span className={cx(classes.badge, className)} style={{ ...colours, ...style } as CSSProperties} {...rest}>
      <span className={classes.badgeLabel}>{children}</span>
    </span>
  );
}

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
