import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditChange, AuditEntityType, AuditEntry, AuditLogQuery } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  advertiserInvoices,
  advertisers,
  auditLog,
  billingRequests,
  conversions,
  countries,
  goals,
  invoices,
  offerCaps,
  offers,
  partners,
  products,
  users,
  verticals,
} from '../../db/schema.js';
import { partnerReachSql, type StaffScope } from '../access/index.js';
import { auditLines, isReferenceKind, referencedValues, type ReferenceKind } from './audit-words.js';

/** Who wrote, from where, in which request: the same for every entry of one request. */
export type AuditActor = { actorId: number | null; ip: string | null; requestId: string | null };

export type AuditRecord = {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | number;
  parentId?: string | number | null;
  /** The partner the entity belongs to, if any: the log's staff scope reads it. */
  partnerId?: number | null;
  changes: AuditChange[];
  reason?: string | null;
};

/**
 * Writes the entries of one staff write, in that write's transaction (pass the transaction), so that an entry exists
 * exactly when its write does. An `update` that changed nothing writes nothing.
 */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, records: AuditRecord[], now: Date): Promise<void> {
  const rows = records
    .filter((record) => record.action !== 'update' || record.changes.length > 0)
    .map((record) => ({
      createdAt: now,
      actorId: actor.actorId,
      action: record.action,
      entityType: record.entityType,
      entityId: String(record.entityId),
      parentId: record.parentId === undefined || record.parentId === null ? null : String(record.parentId),
      partnerId: record.partnerId ?? null,
      changes: record.changes,
      reason: record.reason ? record.reason : null,
      ip: actor.ip,
      requestId: actor.requestId,
    }));
  if (rows.length > 0) await tx.insert(auditLog).values(rows);
}

/** The log as a staff member may read it: admins every entry, others the entries of partners within their reach. */
export async function listAuditLog(
  db: DbOrTx,
  scope: StaffScope,
  query: AuditLogQuery,
): Promise<{ list: AuditEntry[]; total: number }> {
  const where: SQL[] = [];
  if (scope.reach !== 'all') {
    const reach = partnerReachSql(scope, partners.accountManagerId, partners.status) ?? sql`true`;
    // Entries of no partner (staff users, teams, settings) are the admins' alone.
    where.push(inArray(auditLog.partnerId, db.select({ id: partners.id }).from(partners).where(reach)));
  }
  if (query.entityType) where.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) where.push(eq(auditLog.entityId, query.entityId));
  if (query.actorId) where.push(eq(auditLog.actorId, query.actorId));
  if (query.partnerId) where.push(eq(auditLog.partnerId, query.partnerId));
  if (query.from) where.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) where.push(lt(auditLog.createdAt, new Date(query.to)));
  const condition = and(...where);
  const rows = await db
    .select({
      entry: auditLog,
      actor: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(condition)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLog)
    .where(condition);
  const entries = rows.map(({ entry, actor }) => ({
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    actor: actor ? { id: actor.id, name: `${actor.firstname} ${actor.lastname}`.trim(), email: actor.email } : null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    parentId: entry.parentId,
    partnerId: entry.partnerId,
    changes: entry.changes as AuditChange[],
    reason: entry.reason,
    ip: entry.ip,
    requestId: entry.requestId,
  }));
  return { total: counted?.n ?? 0, list: await inWords(db, entries) };
}

/** The staff members who wrote entries within the reader's scope, by name. */
export async function listAuditActors(db: DbOrTx, scope: StaffScope) {
  const where: SQL[] = [];
  if (scope.reach !== 'all') {
    const reach = partnerReachSql(scope, partners.accountManagerId, partners.status) ?? sql`true`;
    where.push(inArray(auditLog.partnerId, db.select({ id: partners.id }).from(partners).where(reach)));
  }
  const rows = await db
    .selectDistinct({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...where));
  return rows
    .map((u) => ({ id: u.id, name: `${u.firstname} ${u.lastname}`.trim(), email: u.email }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

type StoredEntry = Omit<AuditEntry, 'changes' | 'entityName' | 'parentName' | 'partnerName' | 'currency'> & {
  changes: AuditChange[];
};

const OFFER_CHILDREN = new Set([
  'creative',
  'landing_page',
  'payout_override',
  'payout_override_request',
  'scheduled_change',
]);
const numeric = (values: Iterable<string | null>) => [
  ...new Set([...values].filter((v): v is string => v !== null && /^\d{1,9}$/.test(v)).map(Number)),
];
const valueOf = (changes: AuditChange[], field: string) => {
  const change = changes.find((c) => c.field === field);
  const value = change?.after ?? change?.before;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
};

/**
 * The log in words (decision 081): each entry's changes as lines, with the names of the people, partners, offers,
 * advertisers, products, goals, countries and verticals they name, the entity's, its parent's and its partner's names,
 * and the currency of its amounts, all read now (names change; ids stay in the entries and in the links).
 */
async function inWords(db: DbOrTx, entries: StoredEntry[]): Promise<AuditEntry[]> {
  if (entries.length === 0) return [];
  const ofType = (...types: string[]) => entries.filter((e) => types.includes(e.entityType));
  // The caps of the page, for their offer (their currency) and their metric (whose limit is money).
  const capIds = numeric(ofType('cap').map((e) => e.entityId));
  const capRows = capIds.length
    ? await db
        .select({ id: offerCaps.id, offerId: offerCaps.offerId, metric: offerCaps.metric })
        .from(offerCaps)
        .where(inArray(offerCaps.id, capIds))
    : [];
  const caps = new Map(capRows.map((c) => [String(c.id), c]));
  const offerOf = (e: StoredEntry): string | null => {
    if (e.entityType === 'offer') return e.entityId;
    if (OFFER_CHILDREN.has(e.entityType)) return e.parentId;
    if (e.entityType === 'cap') return caps.has(e.entityId) ? String(caps.get(e.entityId)!.offerId) : valueOf(e.changes, 'offerId'); // prettier-ignore
    return null;
  };
  const metricOf = (e: StoredEntry) => caps.get(e.entityId)?.metric ?? valueOf(e.changes, 'metric');
  const lines = new Map(entries.map((e) => [e.id, auditLines(e.changes, { capMetric: e.entityType === 'cap' ? metricOf(e) : null })])); // prettier-ignore

  // Every id or code each reference kind is asked for.
  const wanted = new Map<ReferenceKind, Set<string>>();
  const want = (kind: ReferenceKind, value: string | null) => {
    if (value === null) return;
    if (!wanted.has(kind)) wanted.set(kind, new Set());
    wanted.get(kind)!.add(value);
  };
  for (const e of entries) {
    for (const line of lines.get(e.id)!) {
      if (line.goal) want('goal', line.goal.code);
      if (isReferenceKind(line.kind)) for (const value of referencedValues(line)) want(line.kind, value);
    }
    if (e.partnerId !== null) want('partner', String(e.partnerId));
    if (e.entityType === 'partner') want('partner', e.entityId);
    if (e.entityType === 'user') want('user', e.entityId);
    if (e.entityType === 'advertiser') want('advertiser', e.entityId);
    if (e.entityType === 'product') {
      want('product', e.entityId);
      want('advertiser', e.parentId);
    }
    want('offer', offerOf(e));
  }
  const ids = (kind: ReferenceKind) => numeric(wanted.get(kind) ?? []);
  const codes = (kind: ReferenceKind) => [...(wanted.get(kind) ?? [])];
  const offerIds = ids('offer');
  const [userRows, partnerRows, offerRows, advertiserRows, productRows, goalRows, countryRows, verticalRows] =
    await Promise.all([
      ids('user').length ? db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname }).from(users).where(inArray(users.id, ids('user'))) : [], // prettier-ignore
      ids('partner').length ? db.select({ id: partners.id, name: partners.companyName }).from(partners).where(inArray(partners.id, ids('partner'))) : [], // prettier-ignore
      offerIds.length ? db.select({ id: offers.id, name: offers.name, currency: offers.currency }).from(offers).where(inArray(offers.id, offerIds)) : [], // prettier-ignore
      ids('advertiser').length ? db.select({ id: advertisers.id, name: advertisers.name, currency: advertisers.currency }).from(advertisers).where(inArray(advertisers.id, ids('advertiser'))) : [], // prettier-ignore
      ids('product').length ? db.select({ id: products.id, name: products.identifier }).from(products).where(inArray(products.id, ids('product'))) : [], // prettier-ignore
      codes('goal').length ? db.select({ id: goals.identifier, name: goals.name }).from(goals).where(inArray(goals.identifier, codes('goal'))) : [], // prettier-ignore
      codes('country').length ? db.select({ id: countries.isoCode, name: countries.name }).from(countries).where(inArray(countries.isoCode, codes('country'))) : [], // prettier-ignore
      ids('vertical').length ? db.select({ id: verticals.id, name: verticals.name }).from(verticals).where(inArray(verticals.id, ids('vertical'))) : [], // prettier-ignore
    ]);
  const names: Record<ReferenceKind, Map<string, string>> = {
    user: new Map(userRows.map((u) => [String(u.id), `${u.firstname} ${u.lastname}`.trim()])),
    partner: new Map(partnerRows.map((p) => [String(p.id), p.name])),
    offer: new Map(offerRows.map((o) => [String(o.id), o.name])),
    advertiser: new Map(advertiserRows.map((a) => [String(a.id), a.name])),
    product: new Map(productRows.map((p) => [String(p.id), p.name])),
    goal: new Map(goalRows.map((g) => [g.id, g.name])),
    country: new Map(countryRows.map((c) => [c.id, c.name])),
    vertical: new Map(verticalRows.map((v) => [String(v.id), v.name])),
  };
  const currencies = await currenciesOf(db, entries, {
    offers: new Map(offerRows.map((o) => [String(o.id), o.currency])),
    advertisers: new Map(advertiserRows.map((a) => [String(a.id), a.currency])),
    offerOf,
  });
  const nameOf = (kind: ReferenceKind, id: string | null) => (id === null ? null : (names[kind].get(id) ?? null));

  return entries.map((e) => {
    const entityName =
      e.entityType === 'partner' ? nameOf('partner', e.entityId)
      : e.entityType === 'offer' ? nameOf('offer', e.entityId)
      : e.entityType === 'advertiser' ? nameOf('advertiser', e.entityId)
      : e.entityType === 'user' ? nameOf('user', e.entityId)
      : e.entityType === 'product' ? nameOf('product', e.entityId)
      : null; // prettier-ignore
    const parentName =
      e.entityType === 'product' ? nameOf('advertiser', e.parentId)
      : e.entityType === 'cap' || OFFER_CHILDREN.has(e.entityType) ? nameOf('offer', offerOf(e))
      : null; // prettier-ignore
    return {
      ...e,
      entityName,
      parentName,
      partnerName: e.partnerId === null ? null : nameOf('partner', String(e.partnerId)),
      currency: currencies.get(e.id) ?? valueOf(e.changes, 'currency'),
      changes: lines.get(e.id)!.map((line) => {
        const goal = line.goal ? { code: line.goal.code, name: nameOf('goal', line.goal.code) ?? line.goal.code } : null; // prettier-ignore
        if (!isReferenceKind(line.kind)) return { ...line, goal };
        const kind = line.kind;
        const named = referencedValues(line).flatMap((id) => {
          const name = nameOf(kind, id);
          return name === null ? [] : [[id, name] as const];
        });
        return { ...line, goal, names: Object.fromEntries(named) };
      }),
    };
  });
}

/** The currency of each entry's amounts: its offer's, its advertiser's, its conversion's or its invoice's. */
async function currenciesOf(
  db: DbOrTx,
  entries: StoredEntry[],
  known: { offers: Map<string, string>; advertisers: Map<string, string>; offerOf: (e: StoredEntry) => string | null },
): Promise<Map<number, string>> {
  const idsOf = (type: string) => numeric(entries.filter((e) => e.entityType === type).map((e) => e.entityId));
  const [conversionRows, invoiceRows, advertiserInvoiceRows] = await Promise.all([
    idsOf('conversion').length ? db.select({ id: conversions.id, currency: conversions.currency }).from(conversions).where(inArray(conversions.id, idsOf('conversion'))) : [], // prettier-ignore
    idsOf('invoice').length ? db.select({ id: invoices.id, currency: billingRequests.paymentCurrency }).from(invoices).innerJoin(billingRequests, eq(billingRequests.id, invoices.billingRequestId)).where(inArray(invoices.id, idsOf('invoice'))) : [], // prettier-ignore
    idsOf('advertiser_invoice').length ? db.select({ id: advertiserInvoices.id, currency: advertiserInvoices.currency }).from(advertiserInvoices).where(inArray(advertiserInvoices.id, idsOf('advertiser_invoice'))) : [], // prettier-ignore
  ]);
  const byType: Record<string, Map<string, string>> = {
    conversion: new Map(conversionRows.map((r) => [String(r.id), r.currency])),
    invoice: new Map(invoiceRows.map((r) => [String(r.id), r.currency])),
    advertiser_invoice: new Map(advertiserInvoiceRows.map((r) => [String(r.id), r.currency])),
    advertiser: known.advertisers,
  };
  const currencies = new Map<number, string>();
  for (const e of entries) {
    const offer = known.offerOf(e);
    const currency = offer !== null ? known.offers.get(offer) : byType[e.entityType]?.get(e.entityId);
    if (currency) currencies.set(e.id, currency);
  }
  return currencies;
}
