/** Partners, their contacts and documents, and their reporting API keys (decisions 013, 026, 040). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { files } from './files-and-news.js';
import { countries } from './reference.js';
import { users } from './users.js';

export const partners = pgTable(
  'partners',
  {
    id: id(),
    accountManagerId: integer().references(() => users.id, { onDelete: 'set null' }),
    accountType: varchar({ length: 16 }).notNull().default('affiliate'),
    status: varchar({ length: 16 }).notNull().default('pending'),
    advertisingPlatform: text(),
    prospect: boolean().notNull().default(false),
    companyStatus: text(),
    companyName: text().notNull(),
    companyRegistrationNumber: text(),
    companyVatNumber: text(),
    langs: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    country: varchar({ length: 2 }).references(() => countries.isoCode),
    address: text(),
    zipCode: text(),
    state: text(),
    city: text(),
    email: varchar({ length: 254 }).notNull(),
    phoneNumber: text(),
    prospectOrigin: text(),
    typology: text(),
    verticals: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    geographicAreas: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    trafficSources: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    experience: text(),
    monthlyEstimateRevenue: text(),
    websiteUrl: text(),
    /** Minimum payout, minor units. */
    paymentThreshold: integer(),
    paymentTerms: varchar({ length: 16 }).notNull().default('net30'),
    paymentCurrency: varchar({ length: 3 }).notNull().default('EUR'),
    paymentMethod: varchar({ length: 16 }).notNull().default('wire'),
    accountHolder: text(),
    bankName: text(),
    bankAddress: text(),
    iban: text(),
    swift: text(),
    routingNumber: text(),
    /**
     * When the bank details last changed (decision 069): the partner's unpaid invoices are held for PAYOUT_HOLD_DAYS
     * from then; null when they never changed since registration.
     */
    bankDetailsChangedAt: timestamp({ withTimezone: true }),
    credentialUrl: text(),
    credentialUsername: text(),
    credentialPassword: text(),
    imageId: integer().references(() => files.id, { onDelete: 'set null' }),
    lastActivityAt: timestamp({ withTimezone: true }),
    allOffersAccess: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.accountManagerId), uniqueIndex('partners_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const partnerContacts = pgTable(
  'partner_contacts',
  {
    id: id(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    companyRole: varchar({ length: 16 }).notNull(),
    civility: text(),
    firstname: text().notNull(),
    lastname: text().notNull(),
    nickname: text(),
    email: varchar({ length: 254 }),
    phoneNumber: text(),
    telegram: text(),
    teams: text(),
    /** The registering browser's offset ('+01:00', decision 092), given to the partner's first user. */
    timezone: text(),
    documentId: integer().references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.partnerId, t.companyRole)],
);

export const partnerDocuments = pgTable(
  'partner_documents',
  {
    id: id(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    type: varchar({ length: 40 }).notNull(),
    status: varchar({ length: 16 }).notNull().default('pending'),
    expireAt: timestamp({ withTimezone: true }),
    fileId: integer().references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.partnerId, t.type)],
);

/** Read-only reporting API keys of a partner. Only the SHA-256 of the key is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** The first characters of the key, shown in lists so that a partner can tell keys apart. */
    prefix: varchar({ length: 16 }).notNull(),
    keyHash: varchar({ length: 64 }).notNull().unique(),
    scopes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.partnerId)],
);
