import { useMediaQuery } from '@mantine/hooks';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import './lean.css';

/** The class names given, the falsy ones left out (lean.tsx's `cx`, not imported: the conversions screen is at its
 * budget, decision 147). */
const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** At or below 600 px the partner's lists are drawn as cards rather than tables (decision 095). */
export const PHONE_QUERY = '(max-width: 37.5em)';

/** True on a phone-wide window; read at the first render so a phone never draws the table first. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}

export type CardField = {
  key: string;
  /** The column's name, said before the value (a `dt`). */
  label: string;
  value: ReactNode;
  testId?: string;
  /** A money value: drawn bold. The caller lists these first. */
  money?: boolean;
  /** Takes the card's whole width (long values: a note, trackers). */
  wide?: boolean;
};

type RowCardsProps = {
  /** What the list holds, for a screen reader ('Conversions'). */
  label: string;
  children: ReactNode;
  testId?: string;
  /** Padding around the cards; none when the list already sits in a padded frame. */
  inset?: boolean;
};

/** Rows as a list of cards: a screen reader says how many there are and reads each card's heading and labels. */
export function RowCards({ label, children, testId, inset = true }: RowCardsProps) {
  return (
    <ul
      aria-label={label}
      data-testid={testId}
      className={join('portal-row-cards', 'lean-cards')}
      data-inset={inset || undefined}
    >
      {children}
    </ul>
  );
}

type RowCardProps = {
  /** The card's heading: what the row is (an offer's name, a day). */
  title: ReactNode;
  /** Beside the heading (a status badge, an image). */
  aside?: ReactNode;
  fields: CardField[];
  /** Below the fields (a correction's details). */
  children?: ReactNode;
  /** A totals card stands out. */
  emphasis?: boolean;
  headingOrder?: 2 | 3 | 4;
} & Omit<ComponentPropsWithoutRef<'li'>, 'title' | 'children'>;

/**
 * One row as a card: a heading, then each value under its column's name in a description list, money first. Plain
 * elements styled as Mantine's Paper, Group and Text (decision 147): a page draws tens of these.
 */
export function RowCard({
  title,
  aside,
  fields,
  children,
  emphasis = false,
  headingOrder = 3,
  className,
  ...rest
}: RowCardProps) {
  const Heading = `h${headingOrder}` as const;
  return (
    <li className={join('lean-card', className)} data-emphasis={emphasis || undefined} {...rest}>
      <div className="lean-head">
        <Heading className={join('lean-sm', 'lean-title')} data-testid="row-card-title">
          {title}
        </Heading>
        {/* A badge beside the heading keeps its whole label; the heading wraps instead. */}
        {aside ? <div className="lean-aside">{aside}</div> : null}
      </div>
      <dl className="portal-card-fields">
        {fields.map((field) => (
          <div
            key={field.key}
            className="portal-card-field"
            data-wide={field.wide || undefined}
            data-money={field.money || undefined}
          >
            <dt className={join('lean-xs', 'lean-dimmed')}>{field.label}</dt>
            <dd className={join('lean-sm', field.money && 'lean-bold')} data-testid={field.testId}>
              {field.value}
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </li>
  );
}
