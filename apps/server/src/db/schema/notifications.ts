/** Notifications for partners and staff, and the e-mail and SMS outboxes (decision 014). */
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { partners } from './partners.js';
import { users } from './users.js';

/** Mail is written here in the same transaction as what caused it, then sent by the mail worker. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** Names the kind of mail ('password-reset', 'registration') for logs and preferences. */
    kind: varchar({ length: 32 }).notNull(),
    meta: jsonb().$type<Record<string, unknown>>(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.sentAt, t.nextAttemptAt)],
);

/** Text messages, written in the transaction that caused them and sent by the SMS worker. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    to: text().notNull(),
    text: text().notNull(),
    kind: varchar({ length: 32 }).notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.sentAt, t.nextAttemptAt)],
);

/** What happened that concerns a partner (an application decided, a document reviewed …). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 40 }).notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    /** A portal path the notification points at ('/offer/12'). */
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.partnerId, t.createdAt), index().on(t.partnerId, t.readAt)],
);

/** What happened that a staff member must know (a cap nearing its limit, decision 045): shown on the staff home. */
export const staffNotifications = pgTable(
  'staff_notifications',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 40 }).notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    /** A console path ('/staff/offers/12'). */
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

/**
 * The Paris days whose refused clicks a partner was told of (decision 105): the insert is the claim, so of two servers
 * running the daily notification, one tells and the other finds the day taken.
 */
export const refusedClickDigests = pgTable(
  'refused_click_digests',
  {
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'refused_click_digests_pk', columns: [t.partnerId, t.day] })],
);
