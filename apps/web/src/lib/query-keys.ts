/**
 * The roots of the query keys that another feature refreshes. Features never import each other (lint), so a key
 * one feature reads and another invalidates starts here, and both sides name the same array: the staff home's
 * counts after a queue's decision, the partner's billing requests after a billing run, the top bar's unread count
 * (shell) after the notifications screen's changes. Every other key is its feature's own, in `api/keys.ts`.
 */
export const sharedQueryRoots = {
  staffHome: ['staff-home'],
  billingRequests: ['billing-requests'],
  notifications: ['notifications'],
} as const;
