/** Billing requests and invoices (decisions 025, 027, 052, 056). */
import {
  bigint,
  boolean,
  date,
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
import { partners } from './partners.js';
import { users } from './users.js';

export const billingRequests = pgTable(
  'billing_requests',
  {
    id: id(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    startingAt: timestamp({ withTimezone: true }).notNull(),
    endingAt: timestamp({ withTimezone: true }).notNull(),
    totalAmount: bigint({ mode: 'number' }).notNull(),
    totalVatAmount: bigint({ mode: 'number' }).notNull().default(0),
    partnerAccountType: varchar({ length: 16 }).notNull(),
    partnerName: text().notNull(),
    paymentThreshold: integer(),
    paymentTerms: varchar({ length: 16 }).notNull(),
    paymentCurrency: varchar({ length: 3 }).notNull(),
    deferred: boolean().notNull().default(false),
    /** Σ of the adjustments ledger lines it carries (decision 069), minor units, before VAT; in `totalAmount`. */
    adjustmentsAmount: bigint({ mode: 'number' }).notNull().default(0),
    /** The period's kind by the partner's payment terms: 'month', 'half_month', 'week' or 'day' (decision 069). */
    periodKind: varchar({ length: 16 }).notNull().default('month'),
    /** The invoice's due day (Paris), by the payment terms; null for a deferred request. */
    dueOn: date({ mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.partnerId, t.startingAt),
    // One request per partner, period and currency: a billing run cannot bill a month twice (decision 027).
    uniqueIndex('billing_requests_partner_period_currency_idx').on(t.partnerId, t.startingAt, t.paymentCurrency),
  ],
);

export const invoices = pgTable('invoices', {
  id: id(),
  billingRequestId: integer()
    .notNull()
    .unique()
    .references(() => billingRequests.id, { onDelete: 'cascade' }),
  reference: text().notNull().unique(),
  status: varchar({ length: 32 }).notNull().default('waiting_for_approval'),
  invoiceFileId: integer().references(() => files.id, { onDelete: 'set null' }),
  /** When finance marked it paid (decision 052); null while it is not paid. */
  paidAt: timestamp({ withTimezone: true }),
  /**
   * Separated duties (decision 064): the staff member who started the billing run that created it, who may not
   * validate it; null when no person did (the demo seed's replay, invoices of before the column).
   */
  createdById: integer().references(() => users.id, { onDelete: 'set null' }),
  /** The last time a bank returned its payment (payment_in_progress → invoice_validated) and why: shown to the partner. */
  returnedAt: timestamp({ withTimezone: true }),
  returnReason: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
