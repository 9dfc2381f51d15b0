import { CLICK_PATH, type Offer } from '@portal/contracts';

/** The values a partner may add to a tracking link, in the order they are appended. */
export const TRACKING_PARAMS = ['subid', 'tc1', 'tc2', 'tc3', 'tc4'] as const;
export type TrackingParam = (typeof TRACKING_PARAMS)[number];
export type TrackingValues = Partial<Record<TrackingParam, string>>;

/**
 * A traffic source's macro, as ad platforms substitute it only when it stands literally in the link: `{name}`,
 * `{{name}}` or `${name}` (decision 033), or `[NAME]` in capitals (RichAds, decision 110). Double braces first, so
 * `{{ad.id}}` is one token, not `{` + `{ad.id}` + `}`.
 */
const MACRO_TOKEN = /\{\{[\w.:-]+\}\}|\$\{[\w.:-]+\}|\{[\w.:-]+\}|\[[A-Z][A-Z0-9_]*\]/g;

/**
 * A tracking value for the link's query: URL-encoded, except the traffic-source macros in it, kept literal so that
 * the platform can replace them (`fb_{{adset.id}}` stays as typed; `a&b` becomes `a%26b`). GET /click accepts the
 * braces and the dollar unencoded in the query, and records whatever the platform put in their place.
 */
export function encodeTrackingValue(value: string): string {
  let encoded = '';
  let last = 0;
  for (const match of value.matchAll(MACRO_TOKEN)) {
    encoded += encodeURIComponent(value.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return encoded + encodeURIComponent(value.slice(last));
}

/**
 * The click URL of an offer for a partner: `{origin}/click?offer_id=…&aff_id=…`, then each non-empty value
 * (trimmed, URL-encoded but for traffic-source macros). The origin is the portal's, where the server answers /click.
 */
export function buildTrackingLink(
  origin: string,
  offerId: number,
  partnerId: number,
  values: TrackingValues = {},
  landingPageId: number | null = null,
) {
  const parts = [`offer_id=${offerId}`, `aff_id=${partnerId}`];
  // One of the offer's landing pages (decision 050): /click sends there instead of the offer's own URL.
  if (landingPageId !== null) parts.push(`lp=${landingPageId}`);
  for (const name of TRACKING_PARAMS) {
    const value = values[name]?.trim();
    if (value) parts.push(`${name}=${encodeTrackingValue(value)}`);
  }
  return `${origin.replace(/\/+$/, '')}${CLICK_PATH}?${parts.join('&')}`;
}

/** Why a partner has no link for an offer; null when it may run it. */
export type NoLinkReason = 'disabled' | 'pending' | 'refused' | 'not_applied';

/**
 * Mirrors the click decision of the server (modules/click/click.ts): an offer without approval runs as
 * soon as the partner sees it; one that requires approval runs only with an active application.
 */
export function noLinkReason(offer: Pick<Offer, 'enabled' | 'requireApproval' | 'partnerStatus'>): NoLinkReason | null {
  if (!offer.enabled) return 'disabled';
  if (!offer.requireApproval || offer.partnerStatus === 'active') return null;
  if (offer.partnerStatus === 'pending') return 'pending';
  if (offer.partnerStatus === 'refused') return 'refused';
  return 'not_applied';
}
