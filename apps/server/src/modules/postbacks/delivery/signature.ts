import { createHmac } from 'node:crypto';
import { POSTBACK_DELIVERY_HEADER, POSTBACK_SIGNATURE_HEADER, POSTBACK_TIMESTAMP_HEADER } from '@portal/contracts';
import { equalDigests } from '../../../lib/tokens.js';

/**
 * The X-Signature of a delivery (decision 019): HMAC-SHA256, hex, keyed with the partner's postback secret (its text,
 * as shown in the portal), over `${deliveryId}.${timestamp}.${url}` — the timestamp in Unix seconds, the URL exactly
 * as requested.
 */
export function postbackSignature(secret: string, deliveryId: string, timestamp: string, url: string): string {
  return createHmac('sha256', secret).update(`${deliveryId}.${timestamp}.${url}`).digest('hex');
}

/** The headers a delivery carries. */
export function postbackSignatureHeaders(
  secret: string,
  deliveryId: string,
  url: string,
  now: Date,
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [POSTBACK_DELIVERY_HEADER]: deliveryId,
    [POSTBACK_TIMESTAMP_HEADER]: timestamp,
    [POSTBACK_SIGNATURE_HEADER]: postbackSignature(secret, deliveryId, timestamp, url),
  };
}

export type SignedRequest = {
  deliveryId: string;
  timestamp: string;
  url: string;
  signature: string;
};

/**
 * What a partner's tracker does with a delivery: recompute the HMAC and compare in constant time, and refuse a
 * timestamp further than `toleranceSeconds` from its own clock (replays). Given `now: null`, the age is not checked.
 */
export function verifyPostbackSignature(
  secret: string,
  request: SignedRequest,
  options: { now?: Date | null; toleranceSeconds?: number } = {},
): boolean {
  if (!/^\d{1,12}$/.test(request.timestamp) || !/^[0-9a-f]{64}$/i.test(request.signature)) return false;
  const now = options.now === undefined ? new Date() : options.now;
  if (now !== null) {
    const age = Math.abs(now.getTime() / 1000 - Number(request.timestamp));
    if (age > (options.toleranceSeconds ?? 300)) return false;
  }
  const expected = Buffer.from(postbackSignature(secret, request.deliveryId, request.timestamp, request.url), 'hex');
  return equalDigests(expected, Buffer.from(request.signature, 'hex'));
}
