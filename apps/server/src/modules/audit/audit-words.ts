import type { AuditChange, AuditLine, AuditValueKind } from '@portal/contracts';

/**
 * The log in words (decision 081): the stored changes, as written, become lines a person reads when the log is read.
 * A goal's change (`goals.sale`, one object) becomes one line per field of the goal that changed; a line whose two
 * sides are the same or both empty (`null`, `''`, `[]`) is dropped; each line says how its values read.
 */

/** The reference kinds, whose values the repository names. */
export const REFERENCE_KINDS = ['user', 'partner', 'offer', 'advertiser', 'product', 'goal', 'country', 'vertical'] as const; // prettier-ignore
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** How a field's values read, by the field's own name; unknown fields read as text. */
const FIELD_KINDS: Record<string, AuditValueKind> = {
  payoutAmount: 'money',
  revenueAmount: 'money',
  amount: 'money',
  totalAmount: 'money',
  totalVatAmount: 'money',
  vatAmount: 'money',
  payout: 'money',
  revenue: 'money',
  minimumPayout: 'money',
  paymentThreshold: 'money',
  payoutPercent: 'percent',
  revenuePercent: 'percent',
  accountManagerId: 'user',
  managerId: 'user',
  requestedBy: 'user',
  decidedBy: 'user',
  userId: 'user',
  partnerId: 'partner',
  allowedPartnerIds: 'partner',
  partnerIds: 'partner',
  offerId: 'offer',
  offerIds: 'offer',
  duplicatedFrom: 'offer',
  advertiserId: 'advertiser',
  productId: 'product',
  goal: 'goal',
  country: 'country',
  countries: 'country',
  verticals: 'vertical',
  startsAt: 'date',
  endsAt: 'date',
  effectiveAt: 'date',
  readOnlySessionUntil: 'date',
};

/** The cap metrics whose limit is an amount of money. */
const MONEY_METRICS = new Set(['payout', 'revenue']);

export type LineContext = {
  /** A cap's metric, when the entry is a cap's: its `limit` is money for payout and revenue caps. */
  capMetric?: string | null;
};

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
const same = (a: unknown, b: unknown) => (isEmpty(a) && isEmpty(b)) || JSON.stringify(a) === JSON.stringify(b);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function kindOf(field: string, context: LineContext): AuditValueKind {
  if (field === 'limit') return context.capMetric && MONEY_METRICS.has(context.capMetric) ? 'money' : 'text';
  return FIELD_KINDS[field] ?? 'text';
}

type Flat = Map<string, unknown>;

/** A goal's audited object as field → value, its payout tiers (`types`) one field each (`types.vip.payoutAmount`). */
function flattenGoal(value: unknown): Flat {
  const flat: Flat = new Map();
  if (!isPlainObject(value)) return flat;
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'types' && Array.isArray(inner)) {
      for (const tier of inner) {
        if (!isPlainObject(tier) || typeof tier.type !== 'string') continue;
        for (const [tierKey, tierValue] of Object.entries(tier)) {
          if (tierKey !== 'type') flat.set(`types.${tier.type}.${tierKey}`, tierValue);
        }
      }
    } else flat.set(key, inner);
  }
  return flat;
}

const line = (
  field: string,
  goal: string | null,
  tier: string | null,
  before: unknown,
  after: unknown,
  context: LineContext,
): AuditLine => ({
  field,
  goal: goal === null ? null : { code: goal, name: goal },
  tier,
  kind: kindOf(field, context),
  before: before ?? null,
  after: after ?? null,
  names: {},
});

/** The lines of an entry's stored changes, names not yet filled in (the repository does). */
export function auditLines(changes: readonly AuditChange[], context: LineContext = {}): AuditLine[] {
  const lines: AuditLine[] = [];
  for (const change of changes) {
    const goal = /^goals\.(.+)$/.exec(change.field)?.[1];
    if (goal !== undefined && (isPlainObject(change.before) || isPlainObject(change.after))) {
      const before = flattenGoal(change.before);
      const after = flattenGoal(change.after);
      for (const key of new Set([...before.keys(), ...after.keys()])) {
        if (same(before.get(key), after.get(key))) continue;
        const tier = /^types\.(.+)\.([^.]+)$/.exec(key);
        lines.push(
          tier
            ? line(tier[2]!, goal, tier[1]!, before.get(key), after.get(key), context)
            : line(key, goal, null, before.get(key), after.get(key), context),
        );
      }
      continue;
    }
    if (same(change.before, change.after)) continue;
    lines.push(line(change.field, null, null, change.before, change.after, context));
  }
  return lines;
}

/** The ids or codes a line's values hold, as strings (a value may be one or a list). */
export function referencedValues(line: AuditLine): string[] {
  const values = [line.before, line.after].flatMap((value) => (Array.isArray(value) ? value : [value]));
  return values.filter((value) => typeof value === 'string' || typeof value === 'number').map(String);
}

export const isReferenceKind = (kind: AuditValueKind): kind is ReferenceKind =>
  (REFERENCE_KINDS as readonly string[]).includes(kind);
