import { AUDIT_SECRET_CHANGED, type AuditChange } from '@portal/contracts';

/** How some fields are shown in the log: a secret never, an IBAN by its last four characters. */
export type DiffOptions = {
  /** Fields whose values are never written: a change shows `"[changed]"`. */
  secrets?: readonly string[];
  /** Fields shown by their last four characters (`…1234`). */
  ibans?: readonly string[];
  /** Fields left out (bookkeeping such as `updatedAt`). */
  ignore?: readonly string[];
};

type Fields = Record<string, unknown>;

const ALWAYS_IGNORED = ['updatedAt', 'createdAt', 'passwordHash'];

/** A value as the log keeps it: dates as ISO strings, undefined as null. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

/** No value, however a form sends it: null, an empty string, an empty list (an empty state is not a change). */
const isEmpty = (value: unknown) => value === null || value === '' || (Array.isArray(value) && value.length === 0);
const same = (a: unknown, b: unknown) => (isEmpty(a) && isEmpty(b)) || JSON.stringify(a) === JSON.stringify(b);

export const lastFour = (value: unknown) =>
  typeof value === 'string' && value.length > 0 ? `…${value.replace(/\s+/g, '').slice(-4)}` : null;

/**
 * The field-level changes from `before` to `after` (null before: a creation; null after: a deletion), in the fields'
 * own names. Arrays are compared whole; a field present on one side only counts as null on the other.
 */
export function diffFields(before: Fields | null, after: Fields | null, options: DiffOptions = {}): AuditChange[] {
  const ignored = new Set([...ALWAYS_IGNORED, ...(options.ignore ?? [])]);
  const secrets = new Set(options.secrets ?? []);
  const ibans = new Set(options.ibans ?? []);
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (field) => !ignored.has(field),
  );
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const was = before ? plain(before[field]) : null;
    const now = after ? plain(after[field]) : null;
    if (before && after && same(was, now)) continue;
    if (!before && isEmpty(now)) continue;
    if (!after && isEmpty(was)) continue;
    if (secrets.has(field)) {
      changes.push({
        field,
        before: was === null ? null : AUDIT_SECRET_CHANGED,
        after: now === null ? null : AUDIT_SECRET_CHANGED,
      });
    } else if (ibans.has(field)) {
      changes.push({ field, before: lastFour(was), after: lastFour(now) });
    } else {
      changes.push({ field, before: was, after: now });
    }
  }
  return changes;
}
