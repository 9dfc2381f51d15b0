import type { Db } from '../db/client.js';
import { capPeriod, replaceCaps } from '../modules/caps/index.js';
import { scopeOfRoles } from '../modules/access/index.js';
import { DEMO_OFFERS } from './catalogue.js';
import * as repo from './seed.repository.js';

/**
 * Caps and a payout override for the demo, after the replayed traffic so that they count what the month
 * already holds: Northwind's monthly conversion cap on its approved loan offer set just above what it has converted
 * this month (so its account manager has an alert and the staff home a cap over 90 %), an offer-wide daily click cap
 * on the public dating offer, and Northwind's own payout on that loan offer's first goal. Set as the demo admin would
 * set them, so the audit log shows who did.
 */
export async function seedCapsAndOverrides(
  db: Db,
  now: Date,
  emails: { admin: string; partner: string },
): Promise<void> {
  const adminId = await repo.userIdByEmail(db, emails.admin);
  const northwindId = await repo.partnerIdByEmail(db, emails.partner);
  const named = await repo.offerIdsByName(db, [DEMO_OFFERS.active, DEMO_OFFERS.public]);
  const loan = named.find((o) => o.name === DEMO_OFFERS.active);
  const dating = named.find((o) => o.name === DEMO_OFFERS.public);
  if (!adminId || !northwindId || !loan || !dating) return;
  const context = { actor: { actorId: adminId, ip: null, requestId: 'demo-seed' }, now, scope: scopeOfRoles(adminId, ['ROLE_ADMIN'], []) }; // prettier-ignore

  const monthStart = new Date(capPeriod('month', now.getTime()).start);
  const n = await repo.countedConversions(db, loan.id, northwindId, monthStart);
  await replaceCaps(db, loan.id, [{ partnerId: northwindId, metric: 'conversions', period: 'month', limit: Math.max(Math.ceil((n * 100) / 92), n + 1, 10) }], context); // prettier-ignore
  await replaceCaps(db, dating.id, [{ partnerId: null, metric: 'clicks', period: 'day', limit: 5000 }], context);

  const goal = await repo.firstOfferGoal(db, loan.id);
  if (goal) {
    await repo.insertPayoutOverride(db, {
      offerId: loan.id,
      partnerId: northwindId,
      goalId: goal.goalId,
      // A tenth more than the goal pays, on whichever side it pays.
      payoutAmount: goal.amount === null ? null : Math.round(goal.amount * 1.1),
      payoutPercent: goal.percent === null ? null : Math.round(goal.percent * 1.1),
      createdBy: adminId,
      createdAt: now,
      updatedAt: now,
    });
  }
}
