import type { Role, StaffRole } from './constants.js';

/**
 * What staff do to money, one duty per action (decision 064). Who performs each is this one table: the server checks
 * it on every path that moves money, and the console shows an action only to the roles it names. A second rule sits
 * beside it, on the server: nobody approves a payable they created (an invoice from a billing run they started, a
 * payout override they requested).
 */
export const DUTIES = [
  'validate_invoice',
  'start_invoice_payment',
  'mark_invoice_paid',
  'send_invoice_back',
  'approve_payout_override',
  'run_billing',
  'build_payment_batch',
  'approve_payment_batch',
  'bill_advertisers',
  'read_ledger',
] as const;
export type Duty = (typeof DUTIES)[number];

/** The roles that perform each duty; account and team managers perform none of them: they read invoices. */
export const DUTY_ROLES: Readonly<Record<Duty, readonly StaffRole[]>> = {
  validate_invoice: ['ROLE_ADMIN', 'ROLE_FINANCE'],
  start_invoice_payment: ['ROLE_ADMIN', 'ROLE_FINANCE'],
  mark_invoice_paid: ['ROLE_ADMIN', 'ROLE_FINANCE'],
  send_invoice_back: ['ROLE_ADMIN', 'ROLE_FINANCE'],
  // Never the member who requested it (the approval queue checks that).
  approve_payout_override: ['ROLE_ADMIN'],
  // Finance runs billing too (decision 079); it never validates an invoice of a run it started (the rule beside this).
  run_billing: ['ROLE_ADMIN', 'ROLE_FINANCE'],
  // Payment batches (decision 073): never approved by the member who built it (the batch's approval checks that).
  build_payment_batch: ['ROLE_ADMIN', 'ROLE_FINANCE'],
  approve_payment_batch: ['ROLE_ADMIN', 'ROLE_FINANCE'],
  bill_advertisers: ['ROLE_ADMIN', 'ROLE_FINANCE'],
  read_ledger: ['ROLE_ADMIN', 'ROLE_FINANCE'],
};

/** Whether a user of these roles performs a duty. */
export const performsDuty = (roles: readonly (Role | string)[], duty: Duty): boolean =>
  DUTY_ROLES[duty].some((role) => roles.includes(role));
