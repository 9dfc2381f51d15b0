import { randomBytes } from 'node:crypto';
import { CLICK_MACROS, type ClickQuery, type ClickRejectionReason } from '@portal/contracts';
import type { ClickContext } from './click-lookup.js';

/**
 * 6 bytes of milliseconds then 10 random bytes, base64url (22 characters): unguessable (80 random bits) and
 * roughly increasing, so the unique index grows at its right edge instead of splitting pages everywhere.
 */
export function newClickId(now: Date): string {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(now.getTime(), 0, 6);
  randomBytes(10).copy(bytes, 6);
  return bytes.toString('base64url');
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
