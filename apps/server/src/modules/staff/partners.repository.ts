import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  CONTACT_ROLES,
  DEFAULT_REQUIRED_DOCUMENT_TYPES,
  DOCUMENT_TYPES,
  partnerDisplayName,
  payoutHoldOf,
  type AccountType,
  type ApplicationStatus,
  type ComplianceDocument,
  type ContactRole,
  type DocumentStatus,
  type DocumentType,
  type PartnerStatus,
  type PartnerStatusChange,
  type PaymentTerms,
  type StaffPartner,
  type StaffPartnerProfile,
  type StaffPartnersFilter,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  auditLog,
  clicks,
  conversions,
  files,
  networkSettings,
  offers,
  partnerContacts,
  partnerDocuments,
  partnerOffers,
  partners,
  users,
} from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';
import { fileDto } from '../../lib/uploads.js';
import { partnerReachSql, type StaffScope } from '../access/index.js';
import { lastFour } from '../audit/index.js';

type PartnerRow = typeof partners.$inferSelect;

// ---------------------------------------------------------------- the network's required documents

const REQUIRED_DOCUMENTS = 'compliance.required_document_types';

/** The document types every partner must hold, approved and unexpired (decision 040); a default until an admin sets it. */
export async function requiredDocumentTypes(db: DbOrTx): Promise<DocumentType[]> {
  const [row] = await db.select().from(networkSettings).where(eq(networkSettings.name, REQUIRED_DOCUMENTS));
  const value = row?.value;
  if (!Array.isArray(value)) return [...DEFAULT_REQUIRED_DOCUMENT_TYPES];
  return value.filter((t): t is DocumentType => (DOCUMENT_TYPES as readonly string[]).includes(t as string));
}

export async function saveRequiredDocumentTypes(tx: DbOrTx, types: DocumentType[], by: number, now: Date) {
  await tx
    .insert(networkSettings)
    .values({ name: REQUIRED_DOCUMENTS, value: types, updatedBy: by, updatedAt: now })
    .onConflictDoUpdate({ target: networkSettings.name, set: { value: types, updatedBy: by, updatedAt: now } });
}

/** Whether a document's expiry has come: it is valid until the start (00:00 UTC) of its expiry date. */
export const isExpired = (expireAt: Date | null, now: Date) => expireAt !== null && expireAt.getTime() <= now.getTime();

/**
 * The required types the partner lacks an approved, unexpired document of, as a SQL array (one subquery per row; the
 * unique (partner, type) index answers it). Closed and declined partners lack nothing.
 */
function missingDocumentsSql(required: readonly DocumentType[], now: Date): SQL<string[]> {
  if (required.length === 0) return sql<string[]>`'{}'::text[]`;
  const types = sql.join(
    required.map((type) => sql`${type}`),
    sql`, `,
  );
  // A closed or declined partner is no longer asked for anything.
  // Written out: drizzle leaves a single-table select's columns unqualified, which the subquery would misread.
  return sql<string[]>`case when "partners"."status" in ('closed', 'rejected') then '{}'::text[] else array(
    select required.type from unnest(array[${types}]::text[]) with ordinality as required(type, n)
    where not exists (
      select 1 from partner_documents d
      where d.partner_id = "partners"."id" and d.type = required.type and d.status = 'approved'
        and (d.expire_at is null or d.expire_at > ${now.toISOString()}::timestamptz)
    )
    order by required.n
  ) end`;
}

// ---------------------------------------------------------------- the list

/**
 * The partner's true last activity (decision 082): its latest click or conversion, each one descent of the
 * (partner, created_at) indexes; the spec's `last_activity_at` column, which the click path never writes (it must
 * stay fast), counts when it is later. Written out like `missingDocumentsSql`: the outer partners row by its name.
 */
const lastActivitySql = sql<Date | null>`greatest(
  "partners"."last_activity_at",
  (select max(${clicks.createdAt}) from ${clicks} where ${clicks.partnerId} = "partners"."id"),
  (select max(${conversions.createdAt}) from ${conversions} where ${conversions.partnerId} = "partners"."id")
)`.mapWith(partners.lastActivityAt);

const SORT_COLUMNS = {
  id: partners.id,
  companyName: partners.companyName,
  status: partners.status,
  createdAt: partners.createdAt,
  lastActivityAt: lastActivitySql,
} as const;

const managerName = sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.lastname}), '')`;

function summaryDto(
  p: PartnerRow,
  manager: { id: number; name: string | null; email: string } | null,
  missing: string[] | null,
  lastActivityAt: Date | null,
): StaffPartner {
  return {
    id: p.id,
    displayName: partnerDisplayName(p.companyName, p.id),
    companyName: p.companyName,
    email: p.email,
    status: p.status as PartnerStatus,
    accountType: p.accountType as AccountType,
    prospect: p.prospect,
    accountManagerId: p.accountManagerId,
    accountManager: manager ? { id: manager.id, name: manager.name ?? manager.email, email: manager.email } : null,
    country: p.country,
    missingDocuments: (missing ?? []) as DocumentType[],
    lastActivityAt: toIso(lastActivityAt),
    createdAt: toIso(p.createdAt),
  };
}

/** Escapes LIKE's wildcards, so that a search for "50%" finds "50%". */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The partners a staff member may handle: search (company name, e-mail, id), filters, paging and sorting; ties
 * broken by id so that pages never overlap.
 */
export async function listStaffPartners(
  db: DbOrTx,
  scope: StaffScope,
  query: StaffPartnersFilter,
  now: Date,
): Promise<{ list: StaffPartner[]; total: number }> {
  const required = await requiredDocumentTypes(db);
  const missing = missingDocumentsSql(required, now);
  const where: (SQL | undefined)[] = [partnerReachSql(scope, partners.accountManagerId, partners.status)];
  if (query.status) where.push(eq(partners.status, query.status));
  if (query.accountManagerId) where.push(eq(partners.accountManagerId, query.accountManagerId));
  if (query.accountType) where.push(eq(partners.accountType, query.accountType));
  if (query.documents === 'missing') where.push(sql`cardinality(${missing}) > 0`);
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${likeEscaped(q)}%`;
    const byId = /^#?\d{1,9}$/.test(q) ? eq(partners.id, Number(q.replace('#', ''))) : undefined;
    where.push(or(ilike(partners.companyName, pattern), ilike(partners.email, pattern), byId));
  }
  const condition = and(...where);
  const column = SORT_COLUMNS[query.sortName];
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const rows = await db
    .select({
      partner: partners,
      manager: { id: users.id, name: managerName, email: users.email },
      missing,
      lastActivityAt: lastActivitySql,
    })
    .from(partners)
    .leftJoin(users, eq(users.id, partners.accountManagerId))
    .where(condition)
    .orderBy(sql`${direction(column)} nulls last`, direction(partners.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const [total] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(partners)
    .where(condition);
  return {
    total: total?.n ?? 0,
    list: rows.map((row) => summaryDto(row.partner, row.manager, row.missing, row.lastActivityAt)),
  };
}

/** One partner as the list shows it, without a scope check (the caller made it). */
export async function staffPartnerSummary(db: DbOrTx, partnerId: number, now: Date): Promise<StaffPartner | null> {
  const missing = missingDocumentsSql(await requiredDocumentTypes(db), now);
  const [row] = await db
    .select({
      partner: partners,
      manager: { id: users.id, name: managerName, email: users.email },
      missing,
      lastActivityAt: lastActivitySql,
    })
    .from(partners)
    .leftJoin(users, eq(users.id, partners.accountManagerId))
    .where(eq(partners.id, partnerId));
  return row ? summaryDto(row.partner, row.manager, row.missing, row.lastActivityAt) : null;
}

// ---------------------------------------------------------------- one partner

export function complianceDocumentDto(
  doc: typeof partnerDocuments.$inferSelect,
  file: typeof files.$inferSelect | null | undefined,
  now: Date,
): ComplianceDocument {
  return {
    id: doc.id,
    type: doc.type as DocumentType,
    status: doc.status as DocumentStatus,
    expireAt: toIso(doc.expireAt),
    expired: isExpired(doc.expireAt, now),
    document: fileDto(file),
  };
}

/**
 * Everything staff see of a partner (decision 040), without the scope check (the route makes it first). Bank details are
 * masked to their last four characters for a reader who may not read them in clear.
 */
export async function staffPartnerProfile(
  db: DbOrTx,
  scope: StaffScope,
  partnerId: number,
  now: Date,
  /** PAYOUT_HOLD_DAYS: how long a change of the bank details holds the partner's payments (decision 072). */
  payoutHoldDays: number,
): Promise<StaffPartnerProfile | null> {
  const summary = await staffPartnerSummary(db, partnerId, now);
  if (!summary) return null;
  const [partner] = await db.select().from(partners).where(eq(partners.id, partnerId));
  if (!partner) return null;
  const [contactRows, documentRows, applicationRows, userRows] = await Promise.all([
    db.select().from(partnerContacts).where(eq(partnerContacts.partnerId, partnerId)).orderBy(asc(partnerContacts.id)),
    db.select().from(partnerDocuments).where(eq(partnerDocuments.partnerId, partnerId)),
    db
      .select({ application: partnerOffers, offerName: offers.name })
      .from(partnerOffers)
      .innerJoin(offers, eq(offers.id, partnerOffers.offerId))
      .where(eq(partnerOffers.partnerId, partnerId))
      .orderBy(desc(partnerOffers.createdAt), desc(partnerOffers.id))
      .limit(500),
    db
      .select({
        id: users.id,
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        enabled: users.enabled,
        loggedAt: users.loggedAt,
      })
      .from(users)
      .where(eq(users.partnerId, partnerId))
      .orderBy(asc(users.id)),
  ]);
  const fileIds = [...contactRows.map((c) => c.documentId), ...documentRows.map((d) => d.fileId)].filter(
    (id): id is number => id !== null,
  );
  const fileRows = fileIds.length > 0 ? await db.select().from(files).where(inArray(files.id, fileIds)) : [];
  const fileOf = (id: number | null) => (id === null ? null : fileRows.find((f) => f.id === id));

  const contacts: StaffPartnerProfile['contacts'] = {};
  for (const c of contactRows) {
    if (!(CONTACT_ROLES as readonly string[]).includes(c.companyRole)) continue;
    contacts[c.companyRole as ContactRole] = {
      id: c.id,
      partnerId: c.partnerId,
      companyRole: c.companyRole,
      civility: c.civility,
      firstname: c.firstname,
      lastname: c.lastname,
      nickname: c.nickname,
      email: c.email,
      phoneNumber: c.phoneNumber,
      telegram: c.telegram,
      teams: c.teams,
      document: fileDto(fileOf(c.documentId)),
    };
  }
  const documents: StaffPartnerProfile['documents'] = {};
  for (const d of documentRows) {
    if (!(DOCUMENT_TYPES as readonly string[]).includes(d.type)) continue;
    documents[d.type as DocumentType] = complianceDocumentDto(d, fileOf(d.fileId), now);
  }
  const masked = !scope.unmaskedBankDetails;
  return {
    ...summary,
    advertisingPlatform: partner.advertisingPlatform,
    companyStatus: partner.companyStatus,
    companyRegistrationNumber: partner.companyRegistrationNumber,
    companyVatNumber: partner.companyVatNumber,
    langs: partner.langs,
    address: partner.address,
    zipCode: partner.zipCode,
    state: partner.state,
    city: partner.city,
    phoneNumber: partner.phoneNumber,
    prospectOrigin: partner.prospectOrigin,
    typology: partner.typology,
    verticals: partner.verticals,
    geographicAreas: partner.geographicAreas,
    trafficSources: partner.trafficSources,
    experience: partner.experience,
    monthlyEstimateRevenue: partner.monthlyEstimateRevenue,
    websiteUrl: partner.websiteUrl,
    paymentThreshold: partner.paymentThreshold,
    paymentTerms: partner.paymentTerms as PaymentTerms,
    paymentCurrency: partner.paymentCurrency,
    paymentMethod: partner.paymentMethod,
    accountHolder: partner.accountHolder,
    bankName: partner.bankName,
    bankAddress: partner.bankAddress,
    iban: masked ? lastFour(partner.iban) : partner.iban,
    swift: partner.swift,
    routingNumber: masked ? lastFour(partner.routingNumber) : partner.routingNumber,
    bankDetailsMasked: masked,
    payoutHold: payoutHoldOf(partner.bankDetailsChangedAt, payoutHoldDays, now),
    credentialUrl: partner.credentialUrl,
    credentialUsername: partner.credentialUsername,
    credentialPasswordSet: Boolean(partner.credentialPassword),
    allOffersAccess: partner.allOffersAccess,
    contacts,
    documents,
    applications: applicationRows.map(({ application, offerName }) => ({
      id: application.id,
      status: application.status as ApplicationStatus,
      offer: { id: application.offerId, name: offerName },
      createdAt: application.createdAt.toISOString(),
      updatedAt: application.updatedAt.toISOString(),
    })),
    statusHistory: await statusHistoryOf(db, partnerId),
    users: userRows.map((u) => ({
      id: u.id,
      email: u.email,
      name: `${u.firstname} ${u.lastname}`.trim(),
      enabled: u.enabled,
      loggedAt: toIso(u.loggedAt),
    })),
  };
}

/** The partner row, locked until the transaction ends. */
export async function lockPartnerRow(tx: DbOrTx, partnerId: number): Promise<PartnerRow | null> {
  const [row] = await tx.select().from(partners).where(eq(partners.id, partnerId)).for('update');
  return row ?? null;
}

export async function updatePartnerRow(tx: DbOrTx, partnerId: number, values: Partial<PartnerRow>, now: Date) {
  const [row] = await tx
    .update(partners)
    .set({ ...values, updatedAt: now })
    .where(eq(partners.id, partnerId))
    .returning();
  return row ?? null;
}

/** A staff member who may manage partners: enabled, an account manager (by role or flag) or a team manager. */
export async function assignableManager(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      teamId: users.teamId,
      enabled: users.enabled,
      roles: users.roles,
      partnerId: users.partnerId,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !row.enabled || row.partnerId !== null) return null;
  const manages = row.roles.some(
    (r) => r === 'ROLE_ACCOUNT_MANAGER' || r === 'ROLE_TEAM_MANAGER' || r === 'ROLE_ADMIN',
  );
  return manages ? row : null;
}

/** A partner's status changes, newest first, read from the audit log. */
export async function statusHistoryOf(db: DbOrTx, partnerId: number): Promise<PartnerStatusChange[]> {
  const rows = await db
    .select({
      entry: auditLog,
      staff: { id: users.id, firstname: users.firstname, lastname: users.lastname },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(eq(auditLog.entityType, 'partner'), eq(auditLog.entityId, String(partnerId)), eq(auditLog.action, 'status')),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return rows.map(({ entry, staff }) => {
    const change = (entry.changes as { field: string; before: unknown; after: unknown }[]).find(
      (c) => c.field === 'status',
    );
    return {
      id: entry.id,
      from: change?.before as PartnerStatus,
      to: change?.after as PartnerStatus,
      reason: entry.reason,
      changedBy: staff ? { id: staff.id, name: `${staff.firstname} ${staff.lastname}`.trim() } : null,
      createdAt: entry.createdAt.toISOString(),
    };
  });
}
