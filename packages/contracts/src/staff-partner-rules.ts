import type { PartnerStatus } from './constants.js';

// ---------------------------------------------------------------- the partners list's rules, without a schema
// Apart from staff.ts, whose forms' schemas the staff screens run: the partners list and its status dialogs read these
// names and limits, and must not load the validation library for them (decisions 103, 115). staff.ts re-exports them.

export const STAFF_PARTNER_SORTS = ['id', 'companyName', 'status', 'createdAt', 'lastActivityAt'] as const;

/**
 * Where a partner's status may go. A registration is approved or declined; an active partner is suspended or
 * closed; a suspended one comes back or is closed; a declined request may be reconsidered. Closed is final.
 */
export const PARTNER_STATUS_TRANSITIONS: Readonly<Record<PartnerStatus, readonly PartnerStatus[]>> = {
  pending: ['active', 'rejected'],
  active: ['suspended', 'closed'],
  suspended: ['active', 'closed'],
  rejected: ['active'],
  closed: [],
};

/** The longest reason staff may give; it is sent to the partner. */
export const PARTNER_STATUS_REASON_MAX = 1000;
