import {
  AUDIT_SECRET_CHANGED,
  BASE_PAYOUT_TIER,
  formErrorText,
  type OfferCreateParsed,
  type OfferUpdateParsed,
  type StaffOfferDetail,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest, notFound, type FieldErrors } from '../../lib/errors.js';
import { htmlToText, sanitizeHtml } from '../../lib/html.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import { markGoalsUsed } from '../goals/index.js';
import {
  goalsOfOffer,
  insertOffer,
  lockOffer,
  referenceIds,
  replaceAllowList,
  replaceCountries,
  replaceGoals,
  replaceVerticals,
  staffOfferDetail,
  updateOffer,
  type GoalWrite,
  type OfferInsert,
  type OfferRow,
} from './staff-offers.repository.js';
import { copyCaps, copyCreatives, copyGoals, copyLandingPages } from './offer-duplicate.repository.js';

export const OFFER_NOT_FOUND = 'Offer not found.';
const GOAL_RETIRED = 'This goal is retired: it stays on the offers that have it but cannot be added.';
type Context = { actor: AuditActor; now: Date };
type GoalsInput = OfferCreateParsed['goals'];

/**
 * Checks every id the body names against the database (product, countries, verticals, partners of the allow-list,
 * the picture, goal identifiers and tiers), each unknown one a field error, and turns the goals into rows.
 */
async function resolveReferences(
  db: DbOrTx,
  body: Pick<OfferUpdateParsed, 'productId' | 'countries' | 'verticals' | 'allowedPartnerIds' | 'imageId' | 'goals'>,
  /** The goals the offer pays on already: a retired one may stay, none may be added (decision 078). */
  current: readonly string[] = [],
): Promise<GoalWrite[] | undefined> {
  const goalsIn = body.goals ?? [];
  const found = await referenceIds(db, {
    productId: body.productId,
    countries: body.countries ?? [],
    verticals: body.verticals ?? [],
    partners: body.allowedPartnerIds ?? [],
    imageId: body.imageId,
    goals: goalsIn.map((g) => g.goal),
    tiers: goalsIn.flatMap((g) => g.types.map((t) => t.type)),
  });
  const errors: FieldErrors = {};
  const oneOf = formErrorText('oneOf');
  if (body.productId !== undefined && !found.product) errors.productId = 'No such product.';
  body.countries?.forEach((code, i) => {
    if (!found.countries.has(code)) errors[`countries.${i}`] = oneOf;
  });
  body.verticals?.forEach((id, i) => {
    if (!found.verticals.has(id)) errors[`verticals.${i}`] = oneOf;
  });
  body.allowedPartnerIds?.forEach((id, i) => {
    if (!found.partners.has(id)) errors[`allowedPartnerIds.${i}`] = 'No such partner.';
  });
  if (body.imageId && (!found.image || !found.image.mimeType.startsWith('image/'))) errors.imageId = 'No such picture.';
  const baseTier = found.tiers.get(BASE_PAYOUT_TIER);
  const rows = goalsIn.map((g, i): GoalWrite => {
    const goalId = found.goals.get(g.goal);
    if (goalId === undefined) errors[`goals.${i}.goal`] = oneOf;
    else if (found.retiredGoals.has(g.goal) && !current.includes(g.goal)) errors[`goals.${i}.goal`] = GOAL_RETIRED;
    const tiers = g.types.map((t, j) => {
      const goalTypeId = found.tiers.get(t.type);
      if (goalTypeId === undefined) errors[`goals.${i}.types.${j}.type`] = oneOf;
      return { goalTypeId: goalTypeId ?? 0, payoutAmount: t.payoutAmount, payoutPercent: t.payoutPercent };
    });
    return {
      goalId: goalId ?? 0,
      ...goalSides(g),
      tiers: [{ goalTypeId: baseTier ?? 0, payoutAmount: g.payoutAmount, payoutPercent: g.payoutPercent }, ...tiers],
    };
  });
  if (Object.keys(errors).length > 0) throw badRequest('The request is invalid.', errors);
  return body.goals ? rows : undefined;
}

type GoalSides = Omit<GoalWrite, 'goalId' | 'tiers'>;
/** A goal's two sides and flags, as written and as audited. */
const goalSides = (g: GoalSides): GoalSides => ({
  revenueAmount: g.revenueAmount,
  revenuePercent: g.revenuePercent,
  payoutAmount: g.payoutAmount,
  payoutPercent: g.payoutPercent,
  allowNegativeMargin: g.allowNegativeMargin,
  manualValidation: g.manualValidation,
  trustClientConversions: g.trustClientConversions,
  private: g.private,
  main: g.main,
});

/** The audited fields of an offer: the description by its length, the goals one field each (`goals.sale`). */
function auditFields(
  row: OfferRow,
  lists: { countries: string[]; verticals: number[]; allowedPartnerIds: number[]; goals: GoalsInput | StaffOfferDetail['goals'] }, // prettier-ignore
) {
  const goalFields = Object.fromEntries(
    lists.goals.map((g) => [
      `goals.${g.goal}`,
      {
        ...goalSides(g),
        types: g.types.map((t) => ({ type: t.type, payoutAmount: t.payoutAmount, payoutPercent: t.payoutPercent })),
      },
    ]),
  );
  return {
    name: row.name,
    productId: row.productId,
    conversionType: row.conversionType,
    currency: row.currency,
    defaultUrl: row.defaultUrl,
    previewUrl: row.previewUrl,
    fallbackUrl: row.fallbackUrl,
    descriptionLength: row.descriptionHtml.length,
    private: row.private,
    requireApproval: row.requireApproval,
    enabled: row.enabled,
    geoTargeting: row.geoTargeting,
    tagOrigins: row.tagOrigins,
    tagClickParam: row.tagClickParam,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    imageId: row.imageId,
    countries: lists.countries,
    verticals: lists.verticals,
    allowedPartnerIds: lists.allowedPartnerIds,
    ...goalFields,
  };
}

/** The offer's own columns a body sets, its description sanitised and its plain text derived. */
function columnsOf(body: OfferUpdateParsed): Partial<OfferInsert> {
  const values: Partial<OfferInsert> = {};
  const copy = ['name', 'productId', 'conversionType', 'currency', 'defaultUrl', 'previewUrl', 'fallbackUrl', 'private', 'requireApproval', 'enabled', 'geoTargeting', 'tagOrigins', 'tagClickParam', 'imageId'] as const; // prettier-ignore
  for (const key of copy) if (body[key] !== undefined) Object.assign(values, { [key]: body[key] });
  if (body.descriptionHtml !== undefined) {
    values.descriptionHtml = sanitizeHtml(body.descriptionHtml);
    values.descriptionText = htmlToText(values.descriptionHtml);
  }
  if (body.startsAt !== undefined) values.startsAt = body.startsAt ? new Date(body.startsAt) : null;
  if (body.endsAt !== undefined) values.endsAt = body.endsAt ? new Date(body.endsAt) : null;
  return values;
}

/** Creates the offer, its countries, verticals, allow-list and goals in one transaction; answers its id. */
export async function createOffer(db: DbOrTx, body: OfferCreateParsed, { actor, now }: Context): Promise<number> {
  const goalRows = (await resolveReferences(db, body)) ?? [];
  return db.transaction(async (tx) => {
    const row = await insertOffer(tx, {
      ...(columnsOf(body) as OfferInsert),
      createdAt: now,
      updatedAt: now,
    });
    await replaceCountries(tx, row.id, body.countries);
    await replaceVerticals(tx, row.id, body.verticals);
    await replaceAllowList(tx, row.id, body.allowedPartnerIds);
    await replaceGoals(tx, row.id, goalRows);
    await markGoalsUsed(
      tx,
      goalRows.map((g) => g.goalId),
      now,
    );
    const after = auditFields(row, body);
    await recordAudit(
      tx,
      actor,
      [{ action: 'create', entityType: 'offer', entityId: row.id, changes: diffFields(null, after) }],
      now,
    );
    return row.id;
  });
}

/** Changes what the body sends; `goals`, when sent, becomes the whole list. Nothing is written on a bad field. */
export async function changeOffer(
  db: DbOrTx,
  id: number,
  body: OfferUpdateParsed,
  { actor, now }: Context,
): Promise<void> {
  const current = body.goals ? (await goalsOfOffer(db, id)).map((g) => g.goal) : [];
  const goalRows = await resolveReferences(db, body, current);
  await db.transaction(async (tx) => {
    const row = await lockOffer(tx, id);
    if (!row) throw notFound(OFFER_NOT_FOUND);
    const before = await staffOfferDetail(tx, id);
    if (!before) throw notFound(OFFER_NOT_FOUND);
    const values = columnsOf(body);
    const startsAt = values.startsAt !== undefined ? values.startsAt : row.startsAt;
    const endsAt = values.endsAt !== undefined ? values.endsAt : row.endsAt;
    if (startsAt && endsAt && endsAt <= startsAt)
      throw badRequest('The request is invalid.', { endsAt: formErrorText('endsBeforeStart') });
    const lists = {
      countries: body.countries ?? before.countries,
      verticals: body.verticals ?? before.verticals,
      allowedPartnerIds: body.allowedPartnerIds ?? before.allowedPartnerIds,
      goals: body.goals ?? before.goals,
    };
    const changes = diffFields(auditFields(row, before), auditFields({ ...row, ...values } as OfferRow, lists));
    const described = values.descriptionHtml !== undefined && values.descriptionHtml !== row.descriptionHtml;
    if (described && !changes.some((c) => c.field === 'descriptionLength'))
      changes.push({ field: 'descriptionHtml', before: AUDIT_SECRET_CHANGED, after: AUDIT_SECRET_CHANGED });
    if (changes.length === 0) return;
    await updateOffer(tx, id, { ...values, updatedAt: now });
    if (body.countries) await replaceCountries(tx, id, body.countries);
    if (body.verticals) await replaceVerticals(tx, id, body.verticals);
    if (body.allowedPartnerIds) await replaceAllowList(tx, id, body.allowedPartnerIds);
    if (goalRows) await replaceGoals(tx, id, goalRows);
    if (goalRows)
      await markGoalsUsed(
        tx,
        goalRows.map((g) => g.goalId),
        now,
      );
    await recordAudit(tx, actor, [{ action: 'update', entityType: 'offer', entityId: id, changes }], now);
  });
}

/** The copy's name: the source's, cut so that " (copy)" fits the name's 255 characters. */
const COPY_SUFFIX = ' (copy)';
const copyName = (name: string) => `${name.slice(0, 255 - COPY_SUFFIX.length)}${COPY_SUFFIX}`;

/**
 * Copies an offer into a new disabled one named "<name> (copy)" (decision 098), all in one transaction: its columns,
 * countries, verticals, allow-list, goals with their tiers (the retired ones left out), caps (nothing used), creatives
 * and landing pages (their pictures shared). Audited as the new offer's creation, naming the source. Answers its id.
 */
export async function duplicateOffer(db: DbOrTx, id: number, { actor, now }: Context): Promise<number> {
  return db.transaction(async (tx) => {
    const source = await lockOffer(tx, id);
    const detail = source ? await staffOfferDetail(tx, id) : null;
    if (!source || !detail) throw notFound(OFFER_NOT_FOUND);
    const { id: _sourceId, createdAt: _createdAt, updatedAt: _updatedAt, ...columns } = source;
    const row = await insertOffer(tx, {
      ...columns,
      name: copyName(source.name),
      enabled: false,
      createdAt: now,
      updatedAt: now,
    });
    await replaceCountries(tx, row.id, detail.countries);
    await replaceVerticals(tx, row.id, detail.verticals);
    await replaceAllowList(tx, row.id, detail.allowedPartnerIds);
    const goalIds = await copyGoals(tx, id, row.id);
    await markGoalsUsed(tx, goalIds, now);
    const stamp = { createdBy: actor.actorId, now };
    const copied = {
      caps: await copyCaps(tx, id, row.id, stamp),
      creatives: await copyCreatives(tx, id, row.id, stamp),
      landingPages: await copyLandingPages(tx, id, row.id, stamp),
    };
    const goals = await goalsOfOffer(tx, row.id);
    const after = auditFields(row, { ...detail, goals });
    await recordAudit(
      tx,
      actor,
      [
        {
          action: 'create',
          entityType: 'offer',
          entityId: row.id,
          changes: [{ field: 'duplicatedFrom', before: null, after: id }, ...diffFields(null, { ...after, ...copied })],
          reason: `Duplicated from offer #${id}.`,
        },
      ],
      now,
    );
    return row.id;
  });
}

/**
 * Enables or disables many offers in one transaction, all or none (decision 080): each locked in id order, an unknown
 * one refusing the whole change (404, `ids.{n}`), each changed one audited as the editor audits `enabled`.
 */
export async function bulkOfferEnabled(
  db: DbOrTx,
  ids: readonly number[],
  enabled: boolean,
  { actor, now }: Context,
): Promise<{ changed: number; unchanged: number }> {
  return db.transaction(async (tx) => {
    const locked: OfferRow[] = [];
    const missing: FieldErrors = {};
    const order = ids.map((id, index) => ({ id, index })).sort((a, b) => a.id - b.id);
    for (const { id, index } of order) {
      const row = await lockOffer(tx, id);
      if (row) locked.push(row);
      else missing[`ids.${index}`] = 'Not found.';
    }
    if (Object.keys(missing).length > 0) {
      throw new AppError(
        404,
        ids.length === 1 ? OFFER_NOT_FOUND : 'Some offers were not found.',
        ids.length === 1 ? null : missing,
      );
    }
    let changed = 0;
    for (const row of locked) {
      const changes = diffFields({ enabled: row.enabled }, { enabled });
      if (changes.length === 0) continue;
      changed += 1;
      await updateOffer(tx, row.id, { enabled, updatedAt: now });
      await recordAudit(tx, actor, [{ action: 'update', entityType: 'offer', entityId: row.id, changes }], now);
    }
    return { changed, unchanged: locked.length - changed };
  });
}
