import { z } from 'zod';
import { IdParamsSchema, envelope } from './api.js';
import { CAP_METRICS, CAP_PERIODS } from './caps-partner.js';
import { CapInputSchema } from './caps-input.js';
import { defineEndpoint } from './endpoint.js';

export * from './caps-partner.js';
export * from './caps-input.js';

// ---------------------------------------------------------------- caps (decision 045)

/** The most caps one offer holds. */
export const OFFER_CAPS_MAX = 200;
/** A cap's usage at which the account managers concerned are alerted, in percent. */
export const CAP_ALERT_PERCENT = 90;

/** PUT /staff/offers/{id}/caps body: the list itself; one cap per partner (or the offer), metric and period. */
export const CapsBodySchema = z
  .array(CapInputSchema, { error: 'type' })
  .max(OFFER_CAPS_MAX, { error: 'max' })
  .superRefine((caps, ctx) => {
    const seen = new Set<string>();
    caps.forEach((cap, i) => {
      const key = `${cap.partnerId ?? ''}:${cap.metric}:${cap.period}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i, 'period'] });
      seen.add(key);
    });
  });
export type CapsBody = z.input<typeof CapsBodySchema>;

export const CapSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  partner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  metric: z.enum(CAP_METRICS),
  period: z.enum(CAP_PERIODS),
  limit: z.number().int(),
  /** Used in the current period (clicks as the rollups hold them: within a flush of the truth). */
  used: z.number().int(),
  /** When the current period ends (ISO 8601), null for a total cap. */
  resetsAt: z.string().nullable(),
});
export type Cap = z.infer<typeof CapSchema>;

/**
 * A cap as the partner it concerns sees it on the offer detail: its own caps with what is left, and for an offer-wide
 * cap only whether the offer is still available, never other partners' volume.
 */
export const PartnerCapSchema = z.discriminatedUnion('scope', [
  z.object({
    scope: z.literal('partner'),
    metric: z.enum(CAP_METRICS),
    period: z.enum(CAP_PERIODS),
    limit: z.number().int(),
    remaining: z.number().int(),
    resetsAt: z.string().nullable(),
  }),
  z.object({
    scope: z.literal('offer'),
    metric: z.enum(CAP_METRICS),
    period: z.enum(CAP_PERIODS),
    status: z.enum(['available', 'capped']),
    resetsAt: z.string().nullable(),
  }),
]);
export type PartnerCap = z.infer<typeof PartnerCapSchema>;

/** A cap at or above CAP_ALERT_PERCENT of its limit in its current period: the staff home lists them. */
export const CapAlertSchema = CapSchema.extend({ offerName: z.string() });
export type CapAlert = z.infer<typeof CapAlertSchema>;

export const capsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/offers/:id/caps',
    tags: ['staff'],
    summary: "An offer's caps with their use in the current period: offer-wide ones and those of partners in reach",
    params: IdParamsSchema,
    response: envelope(z.array(CapSchema)),
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: '/staff/offers/:id/caps',
    tags: ['staff'],
    summary:
      "Replace the offer's caps the caller may set (offer-wide: admins and team managers; a partner's: within reach); audited",
    params: IdParamsSchema,
    body: CapsBodySchema,
    response: envelope(z.array(CapSchema)),
  }),
  alerts: defineEndpoint({
    method: 'GET',
    path: '/staff/caps/alerts',
    tags: ['staff'],
    summary: `Caps at ${CAP_ALERT_PERCENT} % or more of their limit in the current period, within the caller's scope`,
    response: envelope(z.array(CapAlertSchema)),
  }),
};

/** A staff member's notification (a cap nearing its limit): the staff home lists the latest. */
export const StaffNotificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffNotification = z.infer<typeof StaffNotificationSchema>;

export const staffNotificationsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/notifications',
    tags: ['staff'],
    summary: "The signed-in staff member's latest notifications (cap alerts)",
    response: envelope(z.array(StaffNotificationSchema)),
  }),
};
