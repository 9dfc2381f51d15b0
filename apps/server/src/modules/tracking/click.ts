import { randomBytes } from 'node:crypto';
import { CLICK_MACROS, type ClickQuery, type ClickRejectionReason } from '@portal/contracts';
import type { BufferedClick, ClickBuffer } from './click-buffer.js';
import type { ClickContext, ClickContextCache } from './click-lookup.js';
import { hourOf } from './rollups.js';

/**
 * 6 bytes of milliseconds then 10 random bytes, base64url (22 characters): unguessable (80 random bits) and
 * roughly increasing, so the unique index grows at its right edge instead of splitting pages everywhere.
 */
export function newClickId(now: Date): string {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(now.getTime(), 0, 6);
  randomTail().copy(bytes, 6);
  return bytes.toString('base64url');
}

/** CSPRNG bytes drawn 8 KiB at a time and handed out 10 by 10, never twice: one system call per ~800 clicks. */
let pool = Buffer.alloc(0);
let used = 0;
function randomTail(): Buffer {
  if (used + 10 > pool.length) {
    pool = randomBytes(8190);
    used = 0;
  }
  used += 10;
  return pool.subarray(used - 10, used);
}

export type ClickDecision =
  | { ok: true; offer: NonNullable<ClickContext['offer']> }
  | { ok: false; reason: ClickRejectionReason; status: 403 | 404 };

/** Whether the partner may send traffic to the offer: the visibility rule of decision 006, then approval. */
export function decideClick(context: ClickContext): ClickDecision {
  const { offer, partner, applicationStatus } = context;
  if (!offer) return { ok: false, reason: 'unknown_offer', status: 404 };
  if (!offer.enabled) return { ok: false, reason: 'offer_disabled', status: 404 };
  if (!partner) return { ok: false, reason: 'unknown_partner', status: 404 };
  if (partner.status !== 'active') return { ok: false, reason: 'partner_inactive', status: 403 };
  const approved = applicationStatus === 'active';
  const visible = approved || (!offer.private && (partner.allOffersAccess || applicationStatus !== null));
  if (!visible) return { ok: false, reason: 'offer_not_visible', status: 404 };
  if (offer.requireApproval && !approved) return { ok: false, reason: 'approval_required', status: 403 };
  return { ok: true, offer };
}

export const CLICK_REJECTION_MESSAGES: Record<ClickRejectionReason, string> = {
  invalid_request: 'The tracking link is not valid.',
  unknown_offer: 'This offer does not exist.',
  offer_disabled: 'This offer does not exist.',
  unknown_partner: 'This partner does not exist.',
  partner_inactive: 'This partner account is not active.',
  offer_not_visible: 'This offer does not exist.',
  approval_required: 'This offer requires an approved application.',
};

const MACRO_PATTERN = new RegExp(`\\{(${CLICK_MACROS.join('|')})\\}`, 'g');

/** The offer's own URL with every macro replaced by its URL-encoded value ('' when absent). */
export function landingUrl(template: string, query: ClickQuery, clickId: string): string {
  const values: Record<(typeof CLICK_MACROS)[number], string> = {
    click_id: clickId,
    offer_id: String(query.offer_id),
    aff_id: String(query.aff_id),
    subid: query.subid ?? '',
    tc1: query.tc1 ?? '',
    tc2: query.tc2 ?? '',
    tc3: query.tc3 ?? '',
    tc4: query.tc4 ?? '',
  };
  return template.replace(MACRO_PATTERN, (_, name: string) => encodeURIComponent(values[name as keyof typeof values]));
}

/** Who followed the link, as the request tells it. */
export type ClickVisitor = Pick<BufferedClick, 'ip' | 'userAgent' | 'referrer'>;

export type ClickOutcome =
  { ok: true; clickId: string; location: string } | { ok: false; reason: ClickRejectionReason; status: 403 | 404 };

/**
 * GET /click once its query is valid: decides from the cached context, then buffers the click (or counts the
 * refusal) and builds the redirect. `now` is the click's time: the request's clock, or the traffic seed's
 * replayed past (decision 018), so that both go through this one path.
 */
export async function trackClick(
  engine: { contexts: ClickContextCache; buffer: ClickBuffer },
  query: ClickQuery,
  visitor: ClickVisitor,
  now: Date,
): Promise<ClickOutcome> {
  const context = await engine.contexts.get(query.offer_id, query.aff_id);
  const decision = decideClick(context);
  if (!decision.ok) {
    engine.buffer.reject({
      hour: hourOf(now),
      reason: decision.reason,
      offerId: context.offer?.id ?? 0,
      partnerId: context.partner?.id ?? 0,
    });
    return decision;
  }
  const clickId = newClickId(now);
  engine.buffer.push({
    clickId,
    offerId: query.offer_id,
    partnerId: query.aff_id,
    currency: decision.offer.currency,
    subid: query.subid || null,
    tc1: query.tc1 || null,
    tc2: query.tc2 || null,
    tc3: query.tc3 || null,
    tc4: query.tc4 || null,
    ...visitor,
    createdAt: now,
  });
  return { ok: true, clickId, location: landingUrl(decision.offer.defaultUrl, query, clickId) };
}
