import { type GoalCreate, type GoalUpdate, type StaffGoal } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, isUniqueViolation, notFound, type FieldErrors } from '../../lib/errors.js';
import { toIso } from '../../lib/reply.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import {
  clashes,
  insertGoal,
  listGoals,
  lockGoal,
  updateGoal,
  type GoalRow,
  type ListedGoal,
} from './goals.repository.js';

export const GOAL_NOT_FOUND = 'Goal not found.';
const CODE_TAKEN = 'Another goal already has this code.';
const NAME_TAKEN = 'Another goal already has this name.';
const CODE_LOCKED = 'The code of a goal an offer has paid on cannot change: advertisers send it.';

type Context = { actor: AuditActor; now: Date };

export function goalDto({ goal, offerCount, inPostbacks }: ListedGoal): StaffGoal {
  return {
    id: goal.id,
    code: goal.identifier,
    name: goal.name,
    retired: goal.retiredAt !== null,
    retiredAt: toIso(goal.retiredAt),
    offerCount,
    codeLocked: goal.usedAt !== null || offerCount > 0 || inPostbacks,
    minSecondsToConvert: goal.minSecondsToConvert ?? null,
  };
}

export async function staffGoals(db: DbOrTx): Promise<StaffGoal[]> {
  return (await listGoals(db)).map(goalDto);
}

export async function staffGoal(db: DbOrTx, id: number): Promise<StaffGoal> {
  const [row] = await listGoals(db, id);
  if (!row) throw notFound(GOAL_NOT_FOUND);
  return goalDto(row);
}

/** What the audit log shows of a goal. */
const auditFields = (g: GoalRow) => ({
  code: g.identifier,
  name: g.name,
  retired: g.retiredAt !== null,
  minSecondsToConvert: g.minSecondsToConvert ?? null,
});

/** A code or name another goal has is a field error; the unique indexes stay the last word (a race is a 400 too). */
async function checkUnique(
  db: DbOrTx,
  values: { code?: string | undefined; name?: string | undefined },
  exceptId?: number,
) {
  const found = await clashes(db, values, exceptId);
  const errors: FieldErrors = {};
  if (found.code) errors.code = CODE_TAKEN;
  if (found.name) errors.name = NAME_TAKEN;
  if (Object.keys(errors).length > 0) throw badRequest('The request is invalid.', errors);
}

function uniqueViolation(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict('Another goal already has this code or name.');
  throw error;
}

export async function createGoal(db: DbOrTx, body: GoalCreate, { actor, now }: Context): Promise<number> {
  const values = { code: body.code.trim(), name: body.name.trim() };
  await checkUnique(db, values);
  return db
    .transaction(async (tx) => {
      const row = await insertGoal(tx, {
        identifier: values.code,
        name: values.name,
        minSecondsToConvert: body.minSecondsToConvert ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(
        tx,
        actor,
        [{ action: 'create', entityType: 'goal', entityId: row.id, changes: diffFields(null, auditFields(row)) }],
        now,
      );
      return row.id;
    })
    .catch(uniqueViolation);
}

/** Renames, recodes (until an offer has paid on it) or retires a goal; nothing is written on a refused field. */
export async function changeGoal(db: DbOrTx, id: number, body: GoalUpdate, { actor, now }: Context): Promise<void> {
  await checkUnique(db, { code: body.code, name: body.name }, id);
  await db
    .transaction(async (tx) => {
      const before = await lockGoal(tx, id);
      if (!before) throw notFound(GOAL_NOT_FOUND);
      const [listed] = await listGoals(tx, id);
      const codeChanges = body.code !== undefined && body.code !== before.identifier;
      if (codeChanges && listed && goalDto(listed).codeLocked) throw conflict(CODE_LOCKED, { code: CODE_LOCKED });
      const after: GoalRow = {
        ...before,
        identifier: body.code ?? before.identifier,
        name: body.name ?? before.name,
        retiredAt: body.retired === undefined ? before.retiredAt : body.retired ? (before.retiredAt ?? now) : null,
        minSecondsToConvert:
          body.minSecondsToConvert === undefined ? (before.minSecondsToConvert ?? null) : body.minSecondsToConvert,
      };
      const changes = diffFields(auditFields(before), auditFields(after));
      if (changes.length === 0) return;
      await updateGoal(tx, id, { identifier: after.identifier, name: after.name, retiredAt: after.retiredAt, minSecondsToConvert: after.minSecondsToConvert, updatedAt: now }); // prettier-ignore
      await recordAudit(tx, actor, [{ action: 'update', entityType: 'goal', entityId: id, changes }], now);
    })
    .catch(uniqueViolation);
}
