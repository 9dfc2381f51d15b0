/**
 * Staff and partner users, their teams, and what signing in needs: sessions, password-reset keys, sign-in
 * failures and two-factor codes (decisions 003, 012, 030, 037).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { files } from './files-and-news.js';

export const teams = pgTable('teams', {
  id: id(),
  name: text().notNull().unique(),
  managerId: integer(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    email: varchar({ length: 254 }).notNull(),
    passwordHash: text(),
    firstname: text().notNull(),
    lastname: text().notNull(),
    nickname: text(),
    /** Microsoft Teams handle, as on the spec's User. */
    teams: text(),
    telegram: text(),
    phone: text(),
    loggedAt: timestamp({ withTimezone: true }),
    enabled: boolean().notNull().default(true),
    authorizedCountries: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authorizedIps: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    accountManager: boolean().notNull().default(false),
    teamManager: boolean().notNull().default(false),
    managerId: integer(),
    teamId: integer().references(() => teams.id, { onDelete: 'set null' }),
    roles: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageId: integer().references(() => files.id, { onDelete: 'set null' }),
    /** The partner a partner user belongs to; null for staff. */
    partnerId: integer(),
    /** The advertiser an advertiser portal user belongs to (decision 087); null for everyone else. */
    advertiserId: integer(),
    /**
     * Display time zone for reports, the dashboard, exports and mails, as a fixed offset ('+01:00'); UTC unless the
     * registration or Settings stored another (decision 092). Null only on rows written before it was kept.
     */
    timezone: text().default('+00:00'),
    /** The five preferences of the account screen. */
    newsletter: boolean().notNull().default(true),
    offerNotifications: boolean().notNull().default(true),
    paymentNotifications: boolean().notNull().default(true),
    urgentNotifications: boolean().notNull().default(true),
    partnerSpecialOffers: boolean().notNull().default(false),
    /** Two-factor authentication by SMS: set once the phone is confirmed. */
    twoFactorPhone: text(),
    twoFactorEnabledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), index().on(t.partnerId)],
);

/** Bearer sessions: only the SHA-256 of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** A "view as partner" session: every write is refused. */
    readOnly: boolean().notNull().default(false),
    /** The staff member viewing the portal as this session's partner user. */
    viewedById: integer().references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

export const passwordResetKeys = pgTable(
  'password_reset_keys',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: varchar({ length: 64 }).notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/** Failed sign-ins, counted per account and per IP over a sliding window. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: id(),
    scope: varchar({ length: 8 }).notNull(),
    key: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.scope, t.key, t.createdAt)],
);

/** One-time SMS codes: enrolment of a phone, or the second step of a sign-in. Only hashes are kept. */
export const twoFactorCodes = pgTable(
  'two_factor_codes',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'enrol' or 'login'. */
    purpose: varchar({ length: 8 }).notNull(),
    /** The phone the code went to (E.164). */
    phone: text().notNull(),
    codeHash: varchar({ length: 64 }).notNull(),
    /** For 'login': the SHA-256 of the challenge token handed to the client after the password step. */
    challengeHash: varchar({ length: 64 }).unique(),
    /** For 'login': whether the session asked for remember-me. */
    rememberMe: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.purpose)],
);
