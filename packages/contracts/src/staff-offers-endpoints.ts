import { z } from 'zod';
import { IdParamsSchema, MessageSchema, envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import {
  CatalogueOptionsSchema,
  OfferDuplicateSchema,
  OfferCreateSchema,
  OfferUpdateSchema,
  OverrideParamsSchema,
  OverrideRequestDecisionSchema,
  OverrideRequestsQuerySchema,
  PayoutOverrideCreateSchema,
  PayoutOverrideRequestSchema,
  PayoutOverrideSchema,
  PayoutOverrideWriteSchema,
  ScheduledChangeCreateSchema,
  ScheduledChangeParamsSchema,
  ScheduledChangeSchema,
  StaffOfferDetailSchema,
  StaffOfferRowSchema,
  StaffOffersQuerySchema,
} from './staff-offers.js';

// The staff offers' endpoints, in a module of their own (decision 119): the staff home asks for override requests
// and decides them; beside the offer form's schemas (staff-offers.ts), those would load zod with it. A web build strips
// the endpoints to their method and path (apps/web/vite/lean-bundle.ts), so nothing here then needs the schemas.

const staffOffer = envelope(StaffOfferDetailSchema);

export const staffOffersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/offers',
    tags: ['staff'],
    summary: 'The catalogue for staff: every offer, enabled or not, searched by name or id, newest first',
    query: StaffOffersQuerySchema,
    response: envelope(z.array(StaffOfferRowSchema)),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/staff/catalogue-options',
    tags: ['staff'],
    summary: 'What the offer editor picks from: products, verticals, goals and payout tiers',
    response: envelope(CatalogueOptionsSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/staff/offers/:id',
    tags: ['staff'],
    summary: 'One offer with its goals (revenue and payout), countries, verticals and allow-list',
    params: IdParamsSchema,
    response: staffOffer,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/staff/offers',
    tags: ['staff'],
    summary: 'Create an offer and its goals in one transaction (admins, audited)',
    body: OfferCreateSchema,
    response: staffOffer,
  }),
  overrides: defineEndpoint({
    method: 'GET',
    path: '/staff/offers/:id/overrides',
    tags: ['staff'],
    summary: "An offer's partner payout overrides, of the partners within the caller's reach",
    params: IdParamsSchema,
    response: envelope(z.array(PayoutOverrideSchema)),
  }),
  createOverride: defineEndpoint({
    method: 'POST',
    path: '/staff/offers/:id/overrides',
    tags: ['staff'],
    summary:
      "Set a partner's payout on a goal of the offer, replacing any earlier one (audited); a manager's above the approval step is stored as a pending request",
    params: IdParamsSchema,
    body: PayoutOverrideCreateSchema,
    response: envelope(PayoutOverrideWriteSchema),
  }),
  overrideRequests: defineEndpoint({
    method: 'GET',
    path: '/staff/payout-override-requests',
    tags: ['staff'],
    summary: "Payout override requests of the partners within the reader's reach, newest first (pending by default)",
    query: OverrideRequestsQuerySchema,
    response: envelope(z.array(PayoutOverrideRequestSchema)),
  }),
  decideOverrideRequest: defineEndpoint({
    method: 'PUT',
    path: '/staff/payout-override-requests/:id',
    tags: ['staff'],
    summary:
      'Approve (the override applies) or refuse a payout override request, never one of your own (admins, audited, the requester notified)',
    params: IdParamsSchema,
    body: OverrideRequestDecisionSchema,
    response: envelope(PayoutOverrideRequestSchema),
  }),
  deleteOverride: defineEndpoint({
    method: 'DELETE',
    path: '/staff/offers/:id/overrides/:overrideId',
    tags: ['staff'],
    summary: "Remove a partner's payout override: the goal's payout applies again (audited)",
    params: OverrideParamsSchema,
    response: MessageSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/staff/offers/:id',
    tags: ['staff'],
    summary: 'Change an offer; goals sent replace its goals (admins, audited)',
    params: IdParamsSchema,
    body: OfferUpdateSchema,
    response: staffOffer,
  }),
};

// A copy of an offer and its scheduled changes, here too (decision 129): the editor's Duplicate button would otherwise
// load the offer form's schemas, and zod, with its first paint.
export const staffOfferScheduleEndpoints = {
  duplicate: defineEndpoint({
    method: 'POST',
    path: '/staff/offers/:id/duplicate',
    tags: ['staff'],
    summary:
      'Copy an offer with its goals, targeting, caps, landing pages and creatives into a new disabled offer "<name> (copy)" (admins, audited)',
    params: IdParamsSchema,
    response: envelope(OfferDuplicateSchema),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/offers/:id/scheduled-changes',
    tags: ['staff'],
    summary: "An offer's scheduled payout and revenue changes, pending first by moment, then the latest others",
    params: IdParamsSchema,
    response: envelope(z.array(ScheduledChangeSchema)),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/staff/offers/:id/scheduled-changes',
    tags: ['staff'],
    summary: "Schedule a new payout and/or revenue for one of the offer's goals from a future moment (admins, audited)",
    params: IdParamsSchema,
    body: ScheduledChangeCreateSchema,
    response: envelope(ScheduledChangeSchema),
  }),
  cancel: defineEndpoint({
    method: 'DELETE',
    path: '/staff/offers/:id/scheduled-changes/:changeId',
    tags: ['staff'],
    summary: 'Cancel a scheduled change before its moment (admins, audited)',
    errors: { 409: 'The change is no longer pending: applied, failed or cancelled already.' },
    params: ScheduledChangeParamsSchema,
    response: envelope(ScheduledChangeSchema),
  }),
};
