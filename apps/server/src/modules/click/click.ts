import { randomBytes } from 'node:crypto';
import {
  CLICK_MACROS,
  LANDING_NOT_RECORDED,
  LANDING_OFFER_URL,
  type ClickQuery,
  type ClickRejectionReason,
} from '@portal/contracts';
import type { BufferedClick } from './buffered-click.js';
import type { ClickBuffer } from './click-buffer.js';
import type { ClickContext, ClickContextCache } from './click-lookup.js';
import type { CapRef } from './click-caps.js';
import { hourOf } from '../rollups/index.js';
import { judgeClick, type VelocityCounter } from '../traffic/index.js';

/**
 * 6 bytes of milliseconds then 10 random bytes, base64url (22 characters): unguessable (80 random bits) and
 * roughly increasing, so the unique index grows at its right edge instead of splitting pages everywhere.
 * Six bytes are exactly eight base64url characters, so the id is the time's eight (worked out once per
 * millisecond) followed by the random bytes' fourteen: the encoding of the 16 bytes, without a buffer per click.
 */
/**
 * The time a click id carries in its first 6 bytes (milliseconds, newClickId): its click's `created_at`, the partition
 * key of `clicks` (decision 054). Null for an id that is not one of ours.
 */
export function timeOfClickId(clickId: string): Date | null {
  if (clickId.length !== 22 || !/^[A-Za-z0-9_-]+$/.test(clickId)) return null;
  const ms = Buffer.from(clickId.slice(0, 8), 'base64url').readUIntBE(0, 6);
  return new Date(ms);
}

export function newClickId(now: Date): string {
  const ms = now.getTime();
  if (ms !== lastMs) {
    lastMs = ms;
    const bytes = Buffer.alloc(6);
    bytes.writeUIntBE(ms, 0, 6);
    lastTime = bytes.toString('base64url');
  }
  if (used + 10 > pool.length) {
    pool = randomBytes(8190);
    used = 0;
  }
  used += 10;
  return lastTime + pool.toString('base64url', used - 10, used);
}

let lastMs = -1;
let lastTime = '';
/** CSPRNG bytes drawn 8 KiB at a time and handed out 10 by 10, never twice: one system call per ~800 clicks. */
let pool = Buffer.alloc(0);
let used = 0;

export type ClickDecision =
  | { ok: true; offer: NonNullable<ClickContext['offer']> }
  | { ok: false; reason: ClickRejectionReason; status: 403 | 404; fallbackUrl?: string | undefined };

/**
 * Whether the partner may send traffic to the offer: the visibility rule of decision 006 (the allow-list of a private
 * offer counting as public, decision 044), then approval, then the offer's targeting: its dates and the visitor's country
 * (`country` null: unknown, which no country list accepts). A targeting refusal, or one of a partner not approved
 * for the offer (issue 47), names the offer's fallback URL.
 * Everything is in the cached context: no database round trip (decision 044).
 */
export function decideClick(context: ClickContext, now: number, country: string | null | undefined): ClickDecision {
  const { offer, partner, applicationStatus } = context;
  if (!offer) return { ok: false, reason: 'unknown_offer', status: 404 };
  if (!offer.enabled) return { ok: false, reason: 'offer_disabled', status: 404 };
  if (!partner) return { ok: false, reason: 'unknown_partner', status: 404 };
  if (partner.status !== 'active') return { ok: false, reason: 'partner_inactive', status: 403 };
  const approved = applicationStatus === 'active';
  const seen = !offer.private || context.allowListed;
  const visible = approved || (seen && (partner.allOffersAccess || applicationStatus !== null));
  if (!visible) return { ok: false, reason: 'offer_not_visible', status: 404 };
  const refuse = (reason: ClickRejectionReason): ClickDecision => ({
    ok: false,
    reason,
    status: 403,
    fallbackUrl: offer.fallbackUrl ?? undefined,
  });
  // Paid traffic is not wasted (issue 47): a partner not approved yet sends its visitor to the fallback URL too.
  if (offer.requireApproval && !approved) return refuse('approval_required');
  if (offer.startsAt !== null && now < offer.startsAt) return refuse('offer_not_started');
  if (offer.endsAt !== null && now >= offer.endsAt) return refuse('offer_ended');
  if (offer.countries && country !== undefined && !(country && offer.countries.has(country)))
    return refuse('geo_mismatch');
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
  geo_mismatch: 'This offer is not available in your country.',
  offer_not_started: 'This offer has not started yet.',
  offer_ended: 'This offer has ended.',
  over_cap: 'This offer has reached its cap for now.',
  unknown_landing_page: 'This landing page is not one of this offer’s.',
  bot: 'This offer does not take automated traffic.',
  missing_user_agent: 'This offer does not take automated traffic.',
  data_centre: 'This offer does not take traffic from data centres.',
  ip_velocity: 'Too many clicks from this address. Please try again later.',
  blocked_ip: 'This traffic is blocked.',
  blocked_asn: 'This traffic is blocked.',
  blocked_subid: 'This traffic is blocked.',
  blocked_tracking_code: 'This traffic is blocked.',
  blocked_user_agent: 'This traffic is blocked.',
};

type Macro = (typeof CLICK_MACROS)[number];
const MACRO_PATTERN = new RegExp(`\\{(${CLICK_MACROS.join('|')})\\}`, 'g');

/** An offer URL cut once into its literal parts and the macros between them (odd indexes). */
const compiled = new Map<string, string[]>();
function partsOf(template: string): string[] {
  let parts = compiled.get(template);
  if (!parts) {
    parts = template.split(MACRO_PATTERN);
    // Offer URLs are few; a bound all the same, as for the click context cache.
    if (compiled.size >= 10_000) compiled.clear();
    compiled.set(template, parts);
  }
  return parts;
}

function macroValue(name: Macro, query: ClickQuery, clickId: string): string {
  switch (name) {
    case 'click_id':
      return clickId;
    case 'offer_id':
      return String(query.offer_id);
    case 'aff_id':
      return String(query.aff_id);
    default:
      return query[name] ?? '';
  }
}

/** The offer's own URL with every macro replaced by its URL-encoded value ('' when absent). */
export function landingUrl(template: string, query: ClickQuery, clickId: string): string {
  const parts = partsOf(template);
  let url = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    url += encodeURIComponent(macroValue(parts[i] as Macro, query, clickId)) + parts[i + 1]!;
  }
  return url;
}

/**
 * Who followed the link, as the request tells it. `country` is its address's country (null: a public address the
 * GeoIP file does not place; undefined: one no file can place, which targeting lets through, see geo.ts).
 */
export type ClickVisitor = Pick<BufferedClick, 'ip' | 'userAgent' | 'referrer'> & {
  country?: string | null | undefined;
};

/** A refusal names where the visitor goes instead when the offer has a fallback URL (decision 044). */
export type ClickOutcome =
  | { ok: true; clickId: string; location: string }
  | { ok: false; reason: ClickRejectionReason; status: 403 | 404; location?: string | undefined }
  /** Neither memory nor the click journal has room (decision 053): refused, counted, never dropped silently. */
  | { ok: false; reason: 'unavailable'; status: 503; location?: undefined };

/** The answer to a click that cannot be recorded: the database is away and the journal is full, or still loading. */
export const CLICK_UNAVAILABLE_MESSAGE = 'Clicks cannot be recorded right now. Please try again in a moment.';

/**
 * GET /click once its query is valid: decides from the cached context, then buffers the click (or counts the
 * refusal) and builds the redirect. `now` is the click's time: the request's clock, or the traffic seed's
 * replayed past (decision 018), so that both go through this one path. Synchronous when the context is cached
 * (nearly every click), a promise only when it must be loaded.
 */
export function trackClick(
  engine: { contexts: ClickContextCache; buffer: ClickBuffer },
  query: ClickQuery,
  visitor: ClickVisitor | null,
  now: Date,
): ClickOutcome | Promise<ClickOutcome> {
  const cached = engine.contexts.peek(query.offer_id, query.aff_id);
  const { velocity } = engine.contexts;
  if (cached) return recordClick(engine.buffer, velocity, cached, query, visitor, now);
  return engine.contexts
    .get(query.offer_id, query.aff_id)
    .then((context) => recordClick(engine.buffer, velocity, context, query, visitor, now));
}

/** A refusal's answer: its status, and its fallback URL with the query's macros when the offer has one. */
function refusal(d: Extract<ClickDecision, { ok: false }>, query: ClickQuery): ClickOutcome {
  return {
    ok: false,
    reason: d.reason,
    status: d.status,
    location: d.fallbackUrl ? landingUrl(d.fallbackUrl, query, '') : undefined,
  };
}

/**
 * Records the click of `visitor` (or counts its refusal) and answers. Without a visitor (HEAD: a link checker
 * or a preview, nobody is sent anywhere), the same answer is given but nothing is recorded or counted, and the
 * landing URL's {click_id} is empty: no click id is issued for a click that does not exist.
 */
function recordClick(
  buffer: ClickBuffer,
  velocity: VelocityCounter,
  context: ClickContext,
  query: ClickQuery,
  visitor: ClickVisitor | null,
  now: Date,
): ClickOutcome {
  let decision = decideClick(context, now.getTime(), visitor ? visitor.country : undefined);
  // `lp` (decision 050): one of the offer's own landing pages, never another offer's.
  let target = decision.ok ? decision.offer.defaultUrl : '';
  let landingPageId: number | null = null;
  if (decision.ok && query.lp !== undefined) {
    const page = decision.offer.landingPages?.get(query.lp);
    if (page === undefined) decision = { ok: false, reason: 'unknown_landing_page', status: 404 };
    else {
      target = page;
      landingPageId = query.lp;
    }
  }
  if (!visitor) {
    return decision.ok ? { ok: true, clickId: '', location: landingUrl(target, query, '') } : refusal(decision, query);
  }
  if (!decision.ok) {
    // The page counted with the refusal (decision 126): `lp` when it is one of the offer's pages, -1 when it is not.
    const lp = query.lp;
    buffer.reject({
      hour: hourOf(now),
      reason: decision.reason,
      offerId: context.offer?.id ?? 0,
      partnerId: context.partner?.id ?? 0,
      landingPageId: lp === undefined ? LANDING_OFFER_URL : context.offer?.landingPages?.has(lp) ? lp : LANDING_NOT_RECORDED, // prettier-ignore
    });
    return refusal(decision, query);
  }
  // The traffic rules and blocklists (decision 083): from the cached context and the request, no database round trip.
  const judged = judgeClick(context.guard.rules, context.guard.blocks, velocity, {
    offerId: decision.offer.id,
    ip: visitor.ip,
    userAgent: visitor.userAgent,
    subid: query.subid,
    trackingCodes: [query.tc1, query.tc2, query.tc3, query.tc4],
    // undefined: no address, or one no GeoIP file places (geo.ts).
    publicAddress: visitor.country !== undefined,
    now: now.getTime(),
  });
  if (judged.refuse !== null) {
    const offer = decision.offer;
    buffer.reject({ hour: hourOf(now), reason: judged.refuse, offerId: offer.id, partnerId: context.partner?.id ?? 0, landingPageId: landingPageId ?? LANDING_OFFER_URL }); // prettier-ignore
    return refusal(
      { ok: false, reason: judged.refuse, status: 403, fallbackUrl: offer.fallbackUrl ?? undefined },
      query,
    );
  }
  // Click caps (decision 045): counted in the process, no database round trip; a reached cap refuses as targeting does.
  let capRefs: CapRef[] | null = null;
  if (context.caps.length > 0) {
    capRefs = buffer.caps.admit(context.caps, now.getTime());
    if (!capRefs) {
      const offer = decision.offer;
      buffer.reject({ hour: hourOf(now), reason: 'over_cap', offerId: offer.id, partnerId: context.partner?.id ?? 0, landingPageId: landingPageId ?? LANDING_OFFER_URL }); // prettier-ignore
      return refusal(
        { ok: false, reason: 'over_cap', status: 403, fallbackUrl: offer.fallbackUrl ?? undefined },
        query,
      );
    }
  }
  const clickId = newClickId(now);
  const kept = buffer.push(
    {
      clickId,
      offerId: query.offer_id,
      partnerId: query.aff_id,
      currency: decision.offer.currency,
      subid: query.subid || null,
      tc1: query.tc1 || null,
      tc2: query.tc2 || null,
      tc3: query.tc3 || null,
      tc4: query.tc4 || null,
      ip: visitor.ip,
      country: visitor.country ?? null,
      userAgent: visitor.userAgent,
      referrer: visitor.referrer,
      // One rule's name is the rule's own string, shared by every click it flags: no text per click (decision 143).
      flags: judged.flags.length === 0 ? null : judged.flags.length === 1 ? judged.flags[0]! : judged.flags.join(','),
      landingPageId,
      createdAt: now,
    },
    capRefs,
  );
  if (!kept) return { ok: false, reason: 'unavailable', status: 503 };
  return { ok: true, clickId, location: landingUrl(target, query, clickId) };
}
