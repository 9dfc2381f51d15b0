import { z } from 'zod';
import { IdParamsSchema, envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import {
  ALL_TRAFFIC_RULES,
  BLOCKLIST_KINDS,
  BLOCKLIST_NOTE_MAX_LENGTH,
  BLOCKLIST_VALUE_MAX_LENGTH,
  CONVERSIONS_PER_IP_PER_DAY_MAX,
  TRAFFIC_ACTIONS,
  VELOCITY_PER_MINUTE_MAX,
  isIpOrCidr,
  type TrafficRule,
} from './traffic-rules.js';

// ---------------------------------------------------------------- traffic you can trust (issue 48, decision 083)

export * from './traffic-rules.js';

const action = z.enum(TRAFFIC_ACTIONS, { error: 'oneOf' });
const perDay = z.number({ error: 'type' }).int({ error: 'type' }).min(1, { error: 'min' }).max(CONVERSIONS_PER_IP_PER_DAY_MAX, { error: 'max' }); // prettier-ignore
const perMinute = z.number({ error: 'type' }).int({ error: 'type' }).min(1, { error: 'min' }).max(VELOCITY_PER_MINUTE_MAX, { error: 'max' }); // prettier-ignore
const id = z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).max(2_147_483_647, { error: 'max' }); // prettier-ignore

export const TrafficRulesSchema = z.object({
  bot: z.enum(TRAFFIC_ACTIONS),
  missingUserAgent: z.enum(TRAFFIC_ACTIONS),
  dataCentre: z.enum(TRAFFIC_ACTIONS),
  velocity: z.enum(TRAFFIC_ACTIONS),
  velocityPerMinute: z.number().int(),
  tooFast: z.enum(TRAFFIC_ACTIONS),
  countryMismatch: z.enum(TRAFFIC_ACTIONS),
  ipConversions: z.enum(TRAFFIC_ACTIONS),
  duplicateTransaction: z.enum(TRAFFIC_ACTIONS),
  conversionRateSpike: z.enum(TRAFFIC_ACTIONS),
  flaggedClick: z.enum(TRAFFIC_ACTIONS),
  conversionsPerIpPerDay: z.number().int(),
});
export type TrafficRules = z.infer<typeof TrafficRulesSchema>;

/** An offer's overrides: a rule left null follows the network's. */
export const TrafficRuleOverridesSchema = z.object({
  bot: z.enum(TRAFFIC_ACTIONS).nullable(),
  missingUserAgent: z.enum(TRAFFIC_ACTIONS).nullable(),
  dataCentre: z.enum(TRAFFIC_ACTIONS).nullable(),
  velocity: z.enum(TRAFFIC_ACTIONS).nullable(),
  velocityPerMinute: z.number().int().nullable(),
  tooFast: z.enum(TRAFFIC_ACTIONS).nullable(),
  countryMismatch: z.enum(TRAFFIC_ACTIONS).nullable(),
  ipConversions: z.enum(TRAFFIC_ACTIONS).nullable(),
  duplicateTransaction: z.enum(TRAFFIC_ACTIONS).nullable(),
  conversionRateSpike: z.enum(TRAFFIC_ACTIONS).nullable(),
  flaggedClick: z.enum(TRAFFIC_ACTIONS).nullable(),
  conversionsPerIpPerDay: z.number().int().nullable(),
});
export type TrafficRuleOverrides = z.infer<typeof TrafficRuleOverridesSchema>;

export const TrafficRulesViewSchema = z.object({
  network: TrafficRulesSchema,
  offers: z.array(
    z.object({ offerId: z.number().int(), offerName: z.string(), overrides: TrafficRuleOverridesSchema }),
  ),
});
export type TrafficRulesView = z.infer<typeof TrafficRulesViewSchema>;

/**
 * PUT /staff/traffic-rules: the network's rules (`offerId` left out: every click rule's field required) or one offer's
 * overrides (`offerId`: each field null follows the network; all null removes the override). The conversion rules'
 * fields (decision 101) may be left out: a field left out keeps its current value (older clients send none).
 */
export const TrafficRulesBodySchema = z
  .strictObject({
    offerId: id.optional(),
    bot: action.nullable(),
    missingUserAgent: action.nullable(),
    dataCentre: action.nullable(),
    velocity: action.nullable(),
    velocityPerMinute: perMinute.nullable(),
    tooFast: action.nullable().optional(),
    countryMismatch: action.nullable().optional(),
    ipConversions: action.nullable().optional(),
    duplicateTransaction: action.nullable().optional(),
    conversionRateSpike: action.nullable().optional(),
    flaggedClick: action.nullable().optional(),
    conversionsPerIpPerDay: perDay.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.offerId !== undefined) return;
    for (const key of [...ALL_TRAFFIC_RULES, 'velocityPerMinute', 'conversionsPerIpPerDay'] as const)
      if (body[key] === null) ctx.addIssue({ code: 'custom', message: 'required', path: [key] });
  });
export type TrafficRulesBody = z.input<typeof TrafficRulesBodySchema>;

export const BlocklistInputSchema = z
  .strictObject({
    kind: z.enum(BLOCKLIST_KINDS, { error: 'oneOf' }),
    value: z
      .string({ error: 'type' })
      .trim()
      .min(1, { error: 'required' })
      .max(BLOCKLIST_VALUE_MAX_LENGTH, { error: 'max' }),
    offerId: id.nullable().default(null),
    partnerId: id.nullable().default(null),
    /** ISO 8601; null: for good. */
    expiresAt: z.iso.datetime({ offset: true, error: 'type' }).nullable().default(null),
    note: z.string({ error: 'type' }).trim().max(BLOCKLIST_NOTE_MAX_LENGTH, { error: 'max' }).nullable().default(null),
  })
  .superRefine((entry, ctx) => {
    if (entry.kind === 'ip' && !isIpOrCidr(entry.value))
      ctx.addIssue({ code: 'custom', message: 'ip', path: ['value'] });
    if (entry.kind === 'asn' && !/^(AS)?\d{1,10}$/i.test(entry.value))
      ctx.addIssue({ code: 'custom', message: 'asn', path: ['value'] });
  });
export type BlocklistInput = z.input<typeof BlocklistInputSchema>;

export const BlocklistEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(BLOCKLIST_KINDS),
  value: z.string(),
  offer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  partner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  expiresAt: z.string().nullable(),
  note: z.string().nullable(),
  /** Who added it: a staff member, or the partner blocking its own sub-ID. */
  createdBy: z.enum(['staff', 'partner']),
  createdAt: z.string(),
  /** Its expiry has passed: it no longer refuses anything. */
  expired: z.boolean(),
});
export type BlocklistEntry = z.infer<typeof BlocklistEntrySchema>;

export const BlocklistQuerySchema = z.strictObject({
  kind: z.enum(BLOCKLIST_KINDS, { error: 'oneOf' }).optional(),
  offerId: z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).optional(),
  partnerId: z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).optional(),
});

/** A partner's own blocked sub-IDs on an offer (a placement that does not convert). */
export const PartnerSubidBlockSchema = z.strictObject({
  subid: z
    .string({ error: 'type' })
    .trim()
    .min(1, { error: 'required' })
    .max(BLOCKLIST_VALUE_MAX_LENGTH, { error: 'max' }),
  note: z.string({ error: 'type' }).trim().max(BLOCKLIST_NOTE_MAX_LENGTH, { error: 'max' }).nullable().default(null),
});
export const PartnerBlockedSubidSchema = z.object({
  id: z.number().int(),
  subid: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type PartnerBlockedSubid = z.infer<typeof PartnerBlockedSubidSchema>;

/** The click rules' refusal reasons, in the refused-traffic rollup (decision 083): the rules', then the blocklists'. */
export const CLICK_RULE_REASONS = {
  bot: 'bot',
  missingUserAgent: 'missing_user_agent',
  dataCentre: 'data_centre',
  velocity: 'ip_velocity',
} as const satisfies Record<TrafficRule, string>;
export const BLOCKLIST_REASONS = [
  'blocked_ip',
  'blocked_asn',
  'blocked_subid',
  'blocked_tracking_code',
  'blocked_user_agent',
] as const;

/** How many, and their share of the whole (0–1; 0 when the whole is 0). */
const ShareSchema = z.object({ count: z.number().int(), share: z.number() });

/**
 * A partner's traffic quality over the last 30 days (decision 108), for staff: its clicks, the share refused and the
 * share flagged by each click rule (and refused by a blocklist), and its conversions the rules held for review, still
 * held, approved after review, declined after review, or refused outright by a rule. Read-only.
 */
export const PartnerTrafficQualitySchema = z.object({
  partnerId: z.number().int(),
  /** The window's start (ISO 8601): 30 days before now. */
  since: z.string(),
  /** Clicks recorded, plus the clicks refused: every click the partner sent. */
  clicks: z.number().int(),
  refused: z.object({
    total: ShareSchema,
    byRule: z.object({
      bot: ShareSchema,
      missingUserAgent: ShareSchema,
      dataCentre: ShareSchema,
      velocity: ShareSchema,
    }),
    blocklists: ShareSchema,
  }),
  flagged: z.object({
    total: ShareSchema,
    byRule: z.object({
      bot: ShareSchema,
      missingUserAgent: ShareSchema,
      dataCentre: ShareSchema,
      velocity: ShareSchema,
    }),
  }),
  conversions: z.object({
    /** Every conversion recorded on a known click. */
    total: z.number().int(),
    /** Held for review by a rule at some point: still held, approved after review, declined after review. */
    held: ShareSchema,
    stillHeld: z.number().int(),
    approvedAfterReview: z.number().int(),
    rejectedAfterReview: z.number().int(),
    /** Refused outright by a conversion rule (status rejected, the rule as reason). */
    refusedByRule: ShareSchema,
  }),
});
export type PartnerTrafficQuality = z.infer<typeof PartnerTrafficQualitySchema>;

export const trafficEndpoints = {
  rules: defineEndpoint({
    method: 'GET',
    path: '/staff/traffic-rules',
    tags: ['staff'],
    summary: "The network's traffic rules and the offers that override them",
    response: envelope(TrafficRulesViewSchema),
  }),
  setRules: defineEndpoint({
    method: 'PUT',
    path: '/staff/traffic-rules',
    tags: ['staff'],
    summary: "Set the network's traffic rules, or one offer's overrides (admins and team managers); audited",
    body: TrafficRulesBodySchema,
    response: envelope(TrafficRulesViewSchema),
    errors: { 404: 'The offer does not exist.' },
  }),
  blocklists: defineEndpoint({
    method: 'GET',
    path: '/staff/blocklists',
    tags: ['staff'],
    summary: 'Blocklist entries in reach: network-wide, per offer, per partner, per partner on one offer',
    query: BlocklistQuerySchema,
    response: envelope(z.array(BlocklistEntrySchema)),
  }),
  addBlock: defineEndpoint({
    method: 'POST',
    path: '/staff/blocklists',
    tags: ['staff'],
    summary: 'Block an address or range, an ASN, a sub-ID, a tracking code or a user agent; audited',
    body: BlocklistInputSchema,
    response: envelope(BlocklistEntrySchema),
    errors: { 404: 'The offer or the partner does not exist, or the partner is not in reach.' },
  }),
  removeBlock: defineEndpoint({
    method: 'DELETE',
    path: '/staff/blocklists/:id',
    tags: ['staff'],
    summary: 'Remove a blocklist entry; audited',
    params: IdParamsSchema,
    response: envelope(z.null()),
  }),
  partnerQuality: defineEndpoint({
    method: 'GET',
    path: '/staff/partners/:id/traffic-quality',
    tags: ['staff'],
    summary:
      "A partner's traffic quality over 30 days: clicks refused and flagged by rule, conversions held and reviewed",
    params: IdParamsSchema,
    response: envelope(PartnerTrafficQualitySchema),
    errors: { 404: 'The partner does not exist or is not in reach.' },
  }),
  partnerBlockedSubids: defineEndpoint({
    method: 'GET',
    path: '/offer/:id/blocked-subids',
    tags: ['offers'],
    summary: "The partner's own blocked sub-IDs on an offer",
    params: IdParamsSchema,
    response: envelope(z.array(PartnerBlockedSubidSchema)),
  }),
  partnerBlockSubid: defineEndpoint({
    method: 'POST',
    path: '/offer/:id/blocked-subids',
    tags: ['offers'],
    summary: 'Block one of its own sub-IDs on an offer: its clicks go to the fallback',
    params: IdParamsSchema,
    body: PartnerSubidBlockSchema,
    response: envelope(PartnerBlockedSubidSchema),
  }),
  partnerUnblockSubid: defineEndpoint({
    method: 'DELETE',
    path: '/offer/:id/blocked-subids/:blockId',
    tags: ['offers'],
    summary: 'Unblock one of its own sub-IDs on an offer',
    params: z.strictObject({
      id: z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }),
      blockId: z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }),
    }),
    response: envelope(z.null()),
  }),
};
