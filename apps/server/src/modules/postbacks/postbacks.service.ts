import { MAX_POSTBACKS_PER_PARTNER, type Postback, type PostbackBody, type PostbackPatch } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import * as repo from './postbacks.repository.js';

export const POSTBACK_NOT_FOUND = 'Postback not found.';
const INVALID = 'The postback is invalid.';

/** A goal or offers the partner may not use refuse the write (400, per field). */
async function refuseBadReferences(
  db: Db,
  partnerId: number,
  body: { goalId?: number | null | undefined; offers?: number[] | undefined },
) {
  const errors = await repo.referenceErrors(db, partnerId, body);
  if (Object.keys(errors).length > 0) throw badRequest(INVALID, errors);
}

async function saved(db: Db, partnerId: number, id: number): Promise<Postback> {
  const postback = await repo.findPostback(db, partnerId, id);
  if (!postback) throw notFound(POSTBACK_NOT_FOUND);
  return postback;
}

/**
 * A partner's new postback, at most MAX_POSTBACKS_PER_PARTNER of them (409 past it): counted and inserted in one
 * transaction, so that two creations at once cannot both pass the count.
 */
export async function createPartnerPostback(
  db: Db,
  partnerId: number,
  body: PostbackBody,
  now: Date,
): Promise<Postback> {
  await refuseBadReferences(db, partnerId, body);
  const id = await db.transaction(async (tx) => {
    if ((await repo.postbackCount(tx, partnerId)) >= MAX_POSTBACKS_PER_PARTNER) return null;
    return repo.createPostback(tx, partnerId, body, now);
  });
  if (id === null) {
    throw conflict(`You already have ${MAX_POSTBACKS_PER_PARTNER} postbacks. Delete one before adding another.`);
  }
  return saved(db, partnerId, id);
}

/** Edits one of the partner's postbacks; another partner's answers 404, as if it did not exist. */
export async function updatePartnerPostback(
  db: Db,
  partnerId: number,
  id: number,
  patch: PostbackPatch,
  now: Date,
): Promise<Postback> {
  if (!(await repo.findPostbackRow(db, partnerId, id))) throw notFound(POSTBACK_NOT_FOUND);
  await refuseBadReferences(db, partnerId, patch);
  const updated = await db.transaction((tx) => repo.updatePostback(tx, partnerId, id, patch, now));
  if (!updated) throw notFound(POSTBACK_NOT_FOUND);
  return saved(db, partnerId, id);
}
