import {
  OFFER_AMOUNT_MAX,
  OFFER_PERCENT_MAX,
  formErrorText,
  moneyRuleIssues,
  overrideNeedsApproval,
  type OverrideRequestDecision,
  type OverrideRequestStatus,
  type PayoutOverride,
  type PayoutOverrideCreate,
  type PayoutOverrideRequest,
  type PayoutOverrideWrite,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound, type FieldErrors } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { reaches, type StaffScope } from '../access/index.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import {
  closeRequest,
  deleteOverride,
  goalOfOffer,
  listRequests,
  lockOverride,
  lockOverrideById,
  lockRequest,
  notifyStaffMember,
  offerExists,
  overrideById,
  overridesOfOffer,
  partnerForOverride,
  requestById,
  savePendingRequest,
  upsertOverride,
  type GoalOfOffer,
} from './payout-overrides.repository.js';
import { publicLink } from '../../lib/public-url.js';

export { overridesOf } from './payout-overrides.repository.js';

const OFFER_NOT_FOUND = 'Offer not found.';
const OVERRIDE_NOT_FOUND = 'Payout override not found.';
const REQUEST_NOT_FOUND = 'Payout override request not found.';
const INVALID = 'The request is invalid.';
type Context = { actor: AuditActor; now: Date; scope: StaffScope };
/** A write that may wait for approval, or decide one: the step of the configuration and who to mail. */
type WriteContext = Context & { approvalAbovePercent: number; mailer: Mailer };

/** The offer's overrides of the partners the caller reaches, by partner then goal. */
export async function listOverrides(db: DbOrTx, offerId: number, scope: StaffScope): Promise<PayoutOverride[]> {
  if (!(await offerExists(db, offerId))) throw notFound(OFFER_NOT_FOUND);
  return overridesOfOffer(db, offerId, scope);
}

const auditFields = (r: { payoutAmount: number | null; payoutPercent: number | null }) => ({
  payoutAmount: r.payoutAmount,
  payoutPercent: r.payoutPercent,
});

/**
 * The goal's money rules (decision 063, the same function as the offer editor's) applied to an override: the field
 * errors of a payout the goal does not allow, none when it is sound.
 */
function moneyErrors(goal: GoalOfOffer, payout: { payoutAmount: number | null; payoutPercent: number | null }) {
  const errors: FieldErrors = {};
  for (const issue of moneyRuleIssues({ ...goal, ...payout })) {
    const max = issue.field.endsWith('Percent') ? OFFER_PERCENT_MAX : OFFER_AMOUNT_MAX;
    errors[issue.field] =
      issue.rule === 'negativeMargin' ? formErrorText('overrideAboveRevenue') : formErrorText(issue.rule, { n: issue.rule === 'max' ? max : 0 }); // prettier-ignore
  }
  return errors;
}

/**
 * Sets the partner's payout on a goal of the offer (replacing an earlier one): the partner must be within the caller's
 * reach, the goal one the offer pays on, and the payout within the goal's money rules, else field errors. An account
 * or team manager's payout above the approval step is stored as a pending request instead (decision 063): the partner
 * keeps its payout until an admin approves it. Either is audited with the partner's id.
 */
export async function setOverride(db: DbOrTx, offerId: number, body: PayoutOverrideCreate, ctx: WriteContext): Promise<PayoutOverrideWrite> {
  if (!(await offerExists(db, offerId))) throw notFound(OFFER_NOT_FOUND);
  const partner = await partnerForOverride(db, body.partnerId);
  const goal = await goalOfOffer(db, offerId, body.goal);
  const errors: FieldErrors = {};
  if (!partner || !reaches(ctx.scope, partner.accountManagerId, { pendingUnassigned: partner.status === 'pending' })) errors.partnerId = 'No such partner.';
  if (!goal) errors.goal = formErrorText('oneOf');
  if (!partner || !goal || Object.keys(errors).length > 0) throw badRequest(INVALID, errors);
  const values = { payoutAmount: body.payoutAmount ?? null, payoutPercent: body.payoutPercent ?? null };
  const money = moneyErrors(goal, values);
  if (Object.keys(money).length > 0) throw badRequest(INVALID, money);
  const key = { offerId, partnerId: body.partnerId, goalId: goal.id };
  const admin = ctx.scope.reach === 'all';
  if (!admin && overrideNeedsApproval(goal, values, ctx.approvalAbovePercent)) {
    const id = await db.transaction(async (tx) => {
      const saved = await savePendingRequest(tx, key, values, ctx.scope.userId, ctx.now);
      const context = [{ field: 'offerId', before: null, after: offerId }, { field: 'goal', before: null, after: body.goal }]; // prettier-ignore
      await recordAudit(tx, ctx.actor, [{ action: saved.before ? 'update' : 'create', entityType: 'payout_override_request', entityId: saved.id, parentId: offerId, partnerId: body.partnerId, changes: saved.before ? diffFields(auditFields(saved.before), auditFields(values)) : [...context, ...diffFields(null, auditFields(values))] }], ctx.now); // prettier-ignore
      return saved.id;
    });
    return { status: 'pending', override: null, request: await requestById(db, id) };
  }
  const override = await db.transaction((tx) => applyOverride(tx, key, body.goal, values, ctx));
  return { status: 'applied', override, request: null };
} // prettier-ignore

/** Writes the override and its audit entry (with the partner's id, so that its team manager sees it). */
async function applyOverride(
  tx: DbOrTx,
  key: { offerId: number; partnerId: number; goalId: number },
  goal: string,
  values: { payoutAmount: number | null; payoutPercent: number | null },
  ctx: Context,
  reason: string | null = null,
): Promise<PayoutOverride> {
  const before = await lockOverride(tx, key);
  const id = await upsertOverride(tx, key, values, before?.id ?? null, ctx.actor.actorId, ctx.now);
  const changes = diffFields(before ? auditFields(before) : null, auditFields(values));
  if (changes.length > 0) {
    const context = [{ field: 'offerId', before: null, after: key.offerId }, { field: 'partnerId', before: null, after: key.partnerId }, { field: 'goal', before: null, after: goal }]; // prettier-ignore
    await recordAudit(tx, ctx.actor, [{ action: before ? 'update' : 'create', entityType: 'payout_override', entityId: id, parentId: key.offerId, partnerId: key.partnerId, changes: before ? changes : [...context, ...changes], reason }], ctx.now); // prettier-ignore
  }
  return (await overrideById(tx, id))!;
}

/** Removes an override of a partner within reach: the goal's payout applies again to its later conversions. */
export async function removeOverride(db: DbOrTx, offerId: number, overrideId: number, { actor, now, scope }: Context): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOverrideById(tx, offerId, overrideId);
    if (!row || !reaches(scope, row.accountManagerId, { pendingUnassigned: row.status === 'pending' })) throw notFound(OVERRIDE_NOT_FOUND);
    await deleteOverride(tx, overrideId);
    const o = row.override;
    await recordAudit(tx, actor, [{ action: 'delete', entityType: 'payout_override', entityId: overrideId, parentId: offerId, partnerId: o.partnerId, changes: [
      { field: 'offerId', before: o.offerId, after: null }, { field: 'partnerId', before: o.partnerId, after: null }, { field: 'goal', before: row.goal, after: null },
      ...diffFields(auditFields(o), null),
    ] }], now);
  });
} // prettier-ignore

/** Requests of the partners the reader reaches (admins: all), of one status and one offer, newest first. */
export async function listOverrideRequests(
  db: DbOrTx,
  scope: StaffScope,
  query: { page: number; count: number; status: OverrideRequestStatus | 'all'; offerId?: number | undefined },
) {
  return listRequests(db, scope, query);
}

/**
 * An admin's decision on a pending request (decision 063): approved, the override applies as requested (the goal's
 * money rules checked again: the goal may have changed since); refused, with a reason. Never by its requester (403);
 * a partner out of reach is not found. Audited with the partner's id; the requester is told on its staff home and by
 * e-mail.
 */
export async function decideOverrideRequest(
  db: DbOrTx,
  id: number,
  decision: OverrideRequestDecision,
  ctx: WriteContext,
): Promise<PayoutOverrideRequest> {
  await db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    if (!row || !reaches(ctx.scope, row.accountManagerId, { pendingUnassigned: row.partnerStatus === 'pending' })) throw notFound(REQUEST_NOT_FOUND); // prettier-ignore
    const request = row.request;
    if (request.requestedBy === ctx.scope.userId)
      throw forbidden('You requested this payout override: another admin must approve or refuse it.');
    if (request.status !== 'pending') throw conflict('This payout override request was already decided.');
    const reason = decision.status === 'refused' ? (decision.reason ?? null) : null;
    const values = { payoutAmount: request.payoutAmount, payoutPercent: request.payoutPercent };
    if (decision.status === 'approved') {
      const goal = await goalOfOffer(tx, request.offerId, { goalId: request.goalId });
      if (!goal) throw conflict('The goal is no longer on the offer: refuse this request.');
      const money = moneyErrors(goal, values);
      if (Object.keys(money).length > 0) throw conflict("The requested payout no longer fits the goal's rules: refuse this request.", money); // prettier-ignore
      const key = { offerId: request.offerId, partnerId: request.partnerId, goalId: request.goalId };
      await applyOverride(tx, key, row.goal, values, ctx, `Request #${id} approved.`);
    }
    await closeRequest(tx, id, { status: decision.status, reason, decidedBy: ctx.scope.userId, now: ctx.now });
    await recordAudit(tx, ctx.actor, [{ action: 'decision', entityType: 'payout_override_request', entityId: id, parentId: request.offerId, partnerId: request.partnerId, changes: [{ field: 'status', before: 'pending', after: decision.status }], reason }], ctx.now); // prettier-ignore
    const title = `Payout override ${decision.status}: ${row.partnerName} (#${request.partnerId}) on ${row.offerName} (#${request.offerId}), ${row.goal}`; // prettier-ignore
    const body = reason ? `Reason: ${reason}` : 'The partner earns the requested payout on its next conversions.';
    const link = `/staff/offers/${request.offerId}`;
    const to = await notifyStaffMember(tx, request.requestedBy, { kind: `override_request_${decision.status}`, title, body, link, now: ctx.now }); // prettier-ignore
    if (to) await ctx.mailer.enqueue(tx, { to: to.email, subject: title, kind: 'staff-override-decision', text: [`Hello ${to.firstname},`, '', title, '', body, '', `See the offer's partner payouts in the staff console: ${publicLink(`${link}#overrides`)}`] }); // prettier-ignore
  });
  return (await requestById(db, id))!;
}

/** A goal's base payout for the partner: its override when it has one (both sides together), else the goal's. */
export function resolvePayout<T extends { amount: number | null; percent: number | null }>(
  overrides: Map<string, { amount: number | null; percent: number | null }>,
  offerId: number,
  goal: string,
  payout: T,
): T {
  const override = overrides.get(`${offerId}:${goal}`);
  return override ? { ...payout, amount: override.amount, percent: override.percent } : payout;
}
