import { Anchor, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import {
  decimalText,
  formatBasisPoints,
  formatDate,
  formatHour,
  formatMoneyMinor,
  type AuditLine,
} from '@portal/contracts';
import { paths } from '@/lib/paths';

/** The words a caller's locale gives the lines (this component carries no text of its own). */
export type AuditWords = {
  /** A line's label: its goal, its tier and its field (`First deposit · Payout amount`). */
  label: (line: AuditLine) => string;
  /** The arrow's accessible name ("changed to"). */
  to: string;
  yes: string;
  no: string;
};

/** A camelCase field as words ("payoutAmount" → "Payout amount"): the label of a field the locale does not name. */
export function fieldWords(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The words of a locale's group of audit texts (`prefix`: the staff console's, which only staff screens load): its
 * `fields.*` labels (a field it does not name reads as its own name in words), `tier`, `to`, `yes` and `no`.
 */
export function auditWords(t: TFunction, prefix: string): AuditWords {
  return {
    label: (line) =>
      [
        line.goal?.name,
        line.tier ? t(`${prefix}.tier`, { tier: line.tier }) : null,
        t(`${prefix}.fields.${line.field}`, { defaultValue: fieldWords(line.field) }),
      ]
        .filter(Boolean)
        .join(' · '),
    to: t(`${prefix}.to`),
    yes: t(`${prefix}.yes`),
    no: t(`${prefix}.no`),
  };
}

/** The staff page of a referenced entity, where it has one. */
function hrefOf(kind: AuditLine['kind'], id: string): string | null {
  if (!/^\d+$/.test(id)) return null;
  if (kind === 'partner') return paths.staffPartner.href(Number(id));
  if (kind === 'offer') return paths.staffOffer.href(Number(id));
  if (kind === 'advertiser') return paths.staffAdvertiser.href(Number(id));
  return null;
}

/** One value of a line, in words: an amount with its currency, a percentage, a date, names linked to their pages. */
export function AuditValue({
  line,
  value,
  currency,
  words,
}: {
  line: AuditLine;
  value: unknown;
  currency: string | null;
  words: AuditWords;
}): ReactNode {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '—'; // prettier-ignore
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  switch (line.kind) {
    case 'money':
      if (typeof value !== 'number') break;
      return currency ? formatMoneyMinor(value, currency) : decimalText(value);
    case 'percent':
      if (typeof value !== 'number') break;
      return formatBasisPoints(value);
    case 'date': {
      const date = typeof value === 'string' ? new Date(value) : null;
      if (!date || Number.isNaN(date.getTime())) break;
      return `${formatDate(date)} ${formatHour(date)}`;
    }
    case 'text':
      break;
    default: {
      const items = (Array.isArray(value) ? value : [value]).map(String);
      return items.map((id, index) => {
        const name = line.names[id] ?? (/^\d+$/.test(id) ? `#${id}` : id);
        const href = hrefOf(line.kind, id);
        return (
          <Fragment key={`${id}-${index}`}>
            {index > 0 ? ', ' : null}
            {href ? (
              <Anchor component={Link} to={href} size="sm">
                {name}
              </Anchor>
            ) : (
              name
            )}
          </Fragment>
        );
      });
    }
  }
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', '); // prettier-ignore
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** An entry's changed fields, one line each: label, before → after, in words (decision 081). */
export function AuditLines({
  lines,
  currency,
  words,
}: {
  lines: readonly AuditLine[];
  currency: string | null;
  words: AuditWords;
}) {
  if (lines.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2} data-testid="audit-changes">
      {lines.map((line, index) => (
        <Text
          key={`${line.goal?.code ?? ''}.${line.tier ?? ''}.${line.field}.${index}`}
          size="sm"
          data-testid="audit-change"
        >
          <b>{words.label(line)}</b>: <AuditValue line={line} value={line.before} currency={currency} words={words} />{' '}
          <span aria-label={words.to}>→</span>{' '}
          <AuditValue line={line} value={line.after} currency={currency} words={words} />
        </Text>
      ))}
    </Stack>
  );
}
