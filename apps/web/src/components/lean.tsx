import type { ComponentPropsWithoutRef, CSSProperties, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import './lean.css';

/*
 * A list's row drawn with plain elements that look as Mantine's components do (decision 147): a page of 50 cards drew
 * a thousand Mantine components, each with its `Box`, `useStyles` and `useProps`, in the render that follows the
 * page's answer. The classes repeat Mantine's rules with the theme's variables (lean.css: `lean-…` classes).
 */

/** The class names given, the falsy ones left out. */
export const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * Mantine's `<Anchor component={Link}>`: the theme's link colour, underlined on hover, the focus ring of the theme; in
 * Text's size md as Anchor's is, another `size`, or the text around it (`inherit`).
 */
export function LeanLink({ className, size = 'md', ...props }: LinkProps & { size?: 'md' | 'sm' | 'xs' | 'inherit' }) {
  return (
    <Link
      className={cx('mantine-focus-auto', 'lean-anchor', size === 'inherit' ? null : `lean-${size}`, className)}
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
    <span className={cx('lean-badge', className)} style={{ ...colours, ...style } as CSSProperties} {...rest}>
      <span className="lean-badge-label">{children}</span>
    </span>
  );
}
