import { asc, count, eq, sql } from 'drizzle-orm';
import type { RegisterBody } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { partnerContacts, partners, users } from '../../db/schema.js';

/** Whether a user or a partner already has this e-mail (compared in lower case). */
export async function emailTaken(db: DbOrTx, email: string) {
  const [u, p] = await Promise.all([
    db
      .select({ n: count() })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email)),
    db
      .select({ n: count() })
      .from(partners)
      .where(eq(sql`lower(${partners.email})`, email)),
  ]);
  return Number(u[0]?.n ?? 0) + Number(p[0]?.n ?? 0) > 0;
}

export type AssignedManager = { id: number; email: string; firstname: string };

/** The enabled account manager with the fewest partners takes the new request. */
export async function pickAccountManager(db: DbOrTx): Promise<AssignedManager | null> {
  const rows = await db
    .select({ id: users.id, email: users.email, firstname: users.firstname, partnerCount: count(partners.id) })
    .from(users)
    .leftJoin(partners, eq(partners.accountManagerId, users.id))
    .where(sql`${users.accountManager} and ${users.enabled}`)
    .groupBy(users.id)
    .orderBy(asc(count(partners.id)), asc(users.id))
    .limit(1);
  return rows[0] ?? null;
}

/** The prospect partner of a registration request and its main contact; answers the partner's id. */
export async function createProspect(
  tx: DbOrTx,
  body: RegisterBody,
  accountManagerId: number | null,
  now: Date,
): Promise<number> {
  const [partner] = await tx
    .insert(partners)
    .values({
      accountManagerId,
      accountType: 'affiliate',
      status: 'pending',
      prospect: true,
      prospectOrigin: 'registration',
      companyName: body.companyName,
      langs: body.langs,
      country: body.country,
      address: body.address,
      zipCode: body.zipCode,
      state: body.state ?? null,
      city: body.city,
      email: body.email,
      phoneNumber: body.phoneNumber,
      typology: body.typology,
      verticals: body.verticals,
      geographicAreas: body.geographicAreaList,
      trafficSources: body.trafficSourceList,
      experience: body.experience,
      monthlyEstimateRevenue: body.estimatedMonthlyRevenue,
      websiteUrl: body.websiteUrl,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: partners.id });
  if (!partner) throw new Error('partner insert returned nothing');
  await tx.insert(partnerContacts).values({
    partnerId: partner.id,
    companyRole: 'main',
    firstname: body.firstname,
    lastname: body.lastname,
    email: body.email,
    phoneNumber: body.phoneNumber,
    telegram: body.telegram ?? null,
    teams: body.teams ?? null,
    timezone: body.timezone,
  });
  return partner.id;
}
