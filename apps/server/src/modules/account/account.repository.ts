import { and, eq, inArray } from 'drizzle-orm';
import {
  API_PREFIX,
  DOCUMENT_TYPES,
  partnerDisplayName,
  personName,
  type AccountType,
  type ComplianceDocument,
  type ConnectedPartner,
  type CurrentUser,
  type DocumentStatus,
  type DocumentType,
  type PartnerContact,
  type Role,
  type UpdatePartnerContactBody,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { countries, files, partnerContacts, partnerDocuments, partners, users } from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';
import { fileDto, type StoredUpload } from '../../lib/uploads.js';
import { insertFile } from '../files/index.js';

export const imageUrl = (fileId: number | null) => (fileId ? `${API_PREFIX}/image/${fileId}` : null);

type FileRow = typeof files.$inferSelect;
type ContactRow = typeof partnerContacts.$inferSelect;

export async function currentUser(db: DbOrTx, userId: number): Promise<CurrentUser | null> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const user = rows[0];
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    displayName: personName(user.firstname, user.lastname),
    roles: user.roles as Role[],
    timezone: user.timezone,
  };
}

export function contactDto(contact: ContactRow, document: FileRow | null | undefined): PartnerContact {
  return {
    id: contact.id,
    partnerId: contact.partnerId,
    companyRole: contact.companyRole,
    civility: contact.civility,
    firstname: contact.firstname,
    lastname: contact.lastname,
    nickname: contact.nickname,
    email: contact.email,
    phoneNumber: contact.phoneNumber,
    telegram: contact.telegram,
    teams: contact.teams,
    document: fileDto(document),
  };
}

export async function filesById(db: DbOrTx, ids: (number | null)[]) {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return new Map<number, FileRow>();
  const rows = await db.select().from(files).where(inArray(files.id, wanted));
  return new Map(rows.map((f) => [f.id, f]));
}

/** The connected partner as the portal sees it, with its account manager, main contact and documents. */
export async function connectedPartner(db: DbOrTx, partnerId: number, now: Date): Promise<ConnectedPartner | null> {
  const rows = await db.select().from(partners).where(eq(partners.id, partnerId)).limit(1);
  const partner = rows[0];
  if (!partner) return null;
  const [managerRows, contactRows, documentRows] = await Promise.all([
    partner.accountManagerId
      ? db.select().from(users).where(eq(users.id, partner.accountManagerId)).limit(1)
      : Promise.resolve([]),
    db
      .select()
      .from(partnerContacts)
      .where(and(eq(partnerContacts.partnerId, partnerId), eq(partnerContacts.companyRole, 'main')))
      .limit(1),
    db.select().from(partnerDocuments).where(eq(partnerDocuments.partnerId, partnerId)),
  ]);
  const manager = managerRows[0];
  const contact = contactRows[0];
  const fileMap = await filesById(db, [contact?.documentId ?? null, ...documentRows.map((d) => d.fileId)]);

  const mainContact = contact ? contactDto(contact, contact.documentId ? fileMap.get(contact.documentId) : null) : null;

  const documents: Partial<Record<DocumentType, ComplianceDocument>> = {};
  for (const doc of documentRows) {
    if (!(DOCUMENT_TYPES as readonly string[]).includes(doc.type)) continue;
    documents[doc.type as DocumentType] = {
      id: doc.id,
      type: doc.type as DocumentType,
      status: doc.status as DocumentStatus,
      expireAt: toIso(doc.expireAt),
      expired: doc.expireAt !== null && doc.expireAt.getTime() <= now.getTime(),
      document: fileDto(doc.fileId ? fileMap.get(doc.fileId) : null),
    };
  }

  return {
    id: partner.id,
    displayName: partnerDisplayName(partner.companyName, partner.id),
    accountType: partner.accountType as AccountType,
    status: partner.status === 'active' ? 'active' : 'inactive',
    firstname: contact?.firstname ?? '',
    lastname: contact?.lastname ?? '',
    nickname: contact?.nickname ?? null,
    companyStatus: partner.companyStatus,
    companyName: partner.companyName,
    companyNumber: partner.companyRegistrationNumber,
    vatNumber: partner.companyVatNumber,
    logo: imageUrl(partner.imageId),
    langs: partner.langs,
    country: partner.country,
    address: partner.address,
    zipCode: partner.zipCode,
    state: partner.state,
    city: partner.city,
    email: partner.email,
    phoneNumber: partner.phoneNumber,
    websiteUrl: partner.websiteUrl,
    paymentThreshold: partner.paymentThreshold,
    paymentTerms: partner.paymentTerms,
    paymentCurrency: partner.paymentCurrency,
    paymentMethod: partner.paymentMethod,
    accountHolder: partner.accountHolder,
    bankName: partner.bankName,
    bankAddress: partner.bankAddress,
    iban: partner.iban,
    swift: partner.swift,
    routingNumber: partner.routingNumber,
    allOffersAccess: partner.allOffersAccess,
    lastActivityAt: toIso(partner.lastActivityAt),
    termsAgreedAt: toIso(partner.createdAt),
    accountManager: manager
      ? {
          id: manager.id,
          name: personName(manager.firstname, manager.lastname),
          firstname: manager.firstname,
          lastname: manager.lastname,
          email: manager.email,
          telegram: manager.telegram,
          teams: manager.teams,
          phone: manager.phone,
          image: imageUrl(manager.imageId),
        }
      : null,
    mainContact,
    documents,
  };
}

type PartnerUpdate = Partial<
  Pick<
    typeof partners.$inferInsert,
    | 'langs'
    | 'country'
    | 'address'
    | 'zipCode'
    | 'state'
    | 'city'
    | 'email'
    | 'phoneNumber'
    | 'accountHolder'
    | 'bankName'
    | 'bankAddress'
    | 'iban'
    | 'swift'
    | 'routingNumber'
    | 'bankDetailsChangedAt'
  >
>;

/** Writes only the listed columns: the caller has already kept the fields a partner may set. */
export async function updatePartnerFields(db: DbOrTx, partnerId: number, values: PartnerUpdate, now: Date) {
  await db
    .update(partners)
    .set({ ...values, updatedAt: now })
    .where(eq(partners.id, partnerId));
}

/** The partner's bank details as stored, to tell a change from a save of the same details. */
export async function bankDetailsOf(db: DbOrTx, partnerId: number) {
  const rows = await db
    .select({
      accountHolder: partners.accountHolder,
      bankName: partners.bankName,
      bankAddress: partners.bankAddress,
      iban: partners.iban,
      swift: partners.swift,
      routingNumber: partners.routingNumber,
    })
    .from(partners)
    .where(eq(partners.id, partnerId))
    .limit(1);
  return rows[0] ?? null;
}

export async function findContact(db: DbOrTx, partnerId: number, contactId: number, forUpdate = false) {
  const query = db
    .select()
    .from(partnerContacts)
    .where(and(eq(partnerContacts.id, contactId), eq(partnerContacts.partnerId, partnerId)))
    .limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function countryExists(db: DbOrTx, isoCode: string) {
  const rows = await db.select({ isoCode: countries.isoCode }).from(countries).where(eq(countries.isoCode, isoCode));
  return rows.length > 0;
}

export async function fileOf(db: DbOrTx, fileId: number | null) {
  if (!fileId) return null;
  const rows = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
  return rows[0] ?? null;
}

/**
 * Saves the fields of the partner's contact and, with a stored upload, makes it the contact's document (the former
 * document's row is removed, and its storage key answered for deletion once committed). Null for an unknown contact
 * or another partner's. Run it in a transaction.
 */
export async function saveContact(
  tx: DbOrTx,
  partnerId: number,
  contactId: number,
  fields: Omit<UpdatePartnerContactBody, 'document'>,
  stored: StoredUpload | null,
  now: Date,
): Promise<{ result: PartnerContact; obsoleteKeys: string[] } | null> {
  const current = await findContact(tx, partnerId, contactId, true);
  if (!current) return null;
  const documentId = stored
    ? await insertFile(tx, {
        type: 'contact_document',
        filename: stored.filename,
        mimeType: stored.mimeType,
        size: stored.bytes.length,
        storageKey: stored.storageKey,
        ownerPartnerId: partnerId,
        createdAt: now,
      })
    : current.documentId;
  const [updated] = await tx
    .update(partnerContacts)
    .set({ ...fields, documentId, updatedAt: now })
    .where(eq(partnerContacts.id, current.id))
    .returning();
  if (!updated) return null;
  const obsoleteKeys: string[] = [];
  if (stored && current.documentId) {
    const old = await fileOf(tx, current.documentId);
    if (old) {
      await tx.delete(files).where(eq(files.id, old.id));
      obsoleteKeys.push(old.storageKey);
    }
  }
  return { result: contactDto(updated, await fileOf(tx, updated.documentId)), obsoleteKeys };
}
