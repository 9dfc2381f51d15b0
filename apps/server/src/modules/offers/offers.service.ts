import type { PartnerOffer } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { createApplication, findApplication, findOffer, type Viewer } from './offers.repository.js';

const ALREADY_APPLIED = 'You have already applied to this offer.';

/**
 * A partner applies to an offer it sees (decision 006): only once, and only to an offer that asks for approval (one
 * that does not can be run at once). Answers the pending application.
 */
export async function applyToOffer(db: Db, viewer: Viewer, partnerId: number, offerId: number): Promise<PartnerOffer> {
  const offer = await findOffer(db, viewer, offerId);
  if (!offer) throw notFound('Offer not found.');
  if (offer.application) throw conflict(ALREADY_APPLIED);
  if (!offer.requireApproval) {
    throw new AppError(422, 'This offer does not require approval: you can run it right away.');
  }
  let applicationId: number;
  try {
    applicationId = await createApplication(db, partnerId, offerId);
  } catch (error) {
    // Two submissions at once: the unique index lets one through, the other is a duplicate.
    if (isUniqueViolation(error)) throw conflict(ALREADY_APPLIED);
    throw error;
  }
  const created = await findApplication(db, applicationId);
  if (!created) throw notFound('Application not found.');
  return created;
}
