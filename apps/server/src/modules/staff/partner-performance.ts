import { addDays, localToday, type StaffPartnerPerformance } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { reaches, type StaffScope } from '../access/index.js';
import { networkFigures, offsetOf } from '../network-reports/index.js';
import { userTimezone, utcWindow } from '../statistics/index.js';
import { staffPartnerSummary } from './partners.repository.js';

/** The 30 days of the panel, today included: the staff network report's default range too. */
export const PERFORMANCE_DAYS = 30;

/**
 * One partner's panel on its page (decision 082): its last 30 days and today in the network's numbers, cut in the
 * reader's time zone like the network reports it links to, and its last click or conversion. A partner the reader may
 * not handle is a 404, as on its page.
 */
export async function partnerPerformance(
  db: DbOrTx,
  scope: StaffScope,
  partnerId: number,
  now: Date,
): Promise<StaffPartnerPerformance> {
  const partner = await staffPartnerSummary(db, partnerId, now);
  if (!partner || !reaches(scope, partner.accountManagerId, { pendingUnassigned: partner.status === 'pending' })) {
    throw notFound('Partner not found.');
  }
  const offset = offsetOf(await userTimezone(db, scope.userId), now);
  const endDate = localToday(now, offset);
  const startDate = addDays(endDate, -(PERFORMANCE_DAYS - 1));
  const filters = { partnerId: [partnerId] };
  const last30Days = await networkFigures(db, scope, utcWindow({ startDate, endDate }, offset), filters);
  const today = await networkFigures(db, scope, utcWindow({ startDate: endDate, endDate }, offset), filters);
  return {
    startDate,
    endDate,
    last30Days,
    today: { clicks: today.clicks, conversions: today.conversions },
    lastActivityAt: partner.lastActivityAt,
  };
}
