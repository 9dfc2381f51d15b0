import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { conversions, offerGoals, offers, partners, payoutOverrides, users } from '../db/schema.js';
import { capPeriod, replaceCaps } from '../modules/caps/index.js';
import { scopeOfRoles } from '../modules/access/index.js';
import { DEMO_OFFERS } from './catalogue.js';

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
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, emails.admin));
  const [northwind] = await db.select({ id: partners.id }).from(partners).where(eq(partners.email, emails.partner));
  const named = await db.select({ id: offers.id, name: offers.name }).from(offers).where(inArray(offers.name, [DEMO_OFFERS.active, DEMO_OFFERS.public])); // prettier-ignore
  const loan = named.find((o) => o.name === DEMO_OFFERS.active);
  const dating = named.find((o) => o.name === DEMO_OFFERS.public);
  if (!admin || !northwind || !loan || !dating) return;
  const context = { actor: { actorId: admin.id, ip: null, requestId: 'demo-seed' }, now, scope: scopeOfRoles(admin.id, ['ROLE_ADMIN'], []) }; // prettier-ignore

  const monthStart = new Date(capPeriod('month', now.getTime()).start);
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(conversions)
    .where(and(eq(conversions.offerId, loan.id), eq(conversions.partnerId, northwind.id), inArray(conversions.status, ['approved', 'pending']), gte(conversions.createdAt, monthStart))); // prettier-ignore
  const n = counted?.n ?? 0;
  await replaceCaps(db, loan.id, [{ partnerId: northwind.id, metric: 'conversions', period: 'month', limit: Math.max(Math.ceil((n * 100) / 92), n + 1, 10) }], context); // prettier-ignore
  await replaceCaps(db, dating.id, [{ partnerId: null, metric: 'clicks', period: 'day', limit: 5000 }], context);

  const [goal] = await db
    .select({ goalId: offerGoals.goalId, amount: offerGoals.payoutAmount, percent: offerGoals.payoutPercent })
    .from(offerGoals)
    .where(eq(offerGoals.offerId, loan.id))
    .orderBy(offerGoals.id)
    .limit(1);
  if (goal) {
    await db.insert(payoutOverrides).values({
      offerId: loan.id,
      partnerId: northwind.id,
      goalId: goal.goalId,
      // A tenth more than the goal pays, on whichever side it pays.
      payoutAmount: goal.amount === null ? null : Math.round(goal.amount * 1.1),
      payoutPercent: goal.percent === null ? null : Math.round(goal.percent * 1.1),
      createdBy: admin.id,
      createdAt: now,
      updatedAt: now,
    });
  }
}
