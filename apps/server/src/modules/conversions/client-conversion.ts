import {
  PostbackParamsSchema,
  formErrorText,
  tagCookieName,
  type ClientChannel,
  type PostbackParams,
  type PostbackResult,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import type { ClickBuffer } from '../click/index.js';
import { insertPostbackLog, offerTagRow, type NewPostbackLog } from './conversions.repository.js';
import { loggedParams, recordPostback } from './postback.js';
import type { CountryOf } from './conversion-screen.js';

/** What a page may send: the postback's fields but its token, status and reason (a browser reverses nothing). */
const CLIENT_FIELDS = ['click_id', 'goal', 'amount', 'currency', 'transaction_id'] as const;

export const ORIGIN_REFUSED = 'This page may not report conversions for this offer.';

/** One tag or pixel hit: its fields (query and body merged), the page's origin and the tracking domain's cookies. */
export type ClientConversion = {
  channel: ClientChannel;
  fields: Record<string, unknown>;
  /** The page's origin (the tag's Origin, a pixel's Referer); null when the browser gave none. */
  origin: string | null;
  /** The Cookie header's pairs: the click cookie /click set on this domain. */
  cookies: Record<string, string>;
  ip: string;
};

/** `a=1; b=2` → { a: '1', b: '2' }; a value that is no valid URI escape is kept as sent. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const mark = part.indexOf('=');
    if (mark <= 0) continue;
    const name = part.slice(0, mark).trim();
    const value = part.slice(mark + 1).trim();
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

const offerIdOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN; // prettier-ignore
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/**
 * The tag's and pixels' conversion (decision 085): the offer's allowed origins stand for the postback's token, the
 * click id comes from the page or from the tracking domain's click cookie, and then it is exactly a postback of the
 * offer's advertiser (recordPostback: deduplication, caps, reasons, the same answer), pending unless the goal trusts
 * client-side conversions, recorded with its channel. Every hit on a known offer lands in the advertiser's log.
 */
export async function acceptClientConversion(
  engine: { db: Db; buffer: ClickBuffer; countryOf?: CountryOf | undefined; screen?: boolean },
  hit: ClientConversion,
  now: Date,
  onLogError: (error: unknown) => void = () => {},
): Promise<PostbackResult> {
  const repeated = ['offer_id', ...CLIENT_FIELDS].filter((name) => Array.isArray(hit.fields[name]));
  if (repeated.length > 0)
    throw badRequest(
      `The conversion sent ${repeated.join(', ')} more than once: send each parameter once.`,
      Object.fromEntries(repeated.map((name) => [name, 'Sent more than once: send it once.'])),
    );
  const offerId = offerIdOf(hit.fields.offer_id);
  if (offerId === null)
    throw badRequest('The conversion is invalid.', {
      offer_id: formErrorText(hit.fields.offer_id === undefined ? 'required' : 'type'),
    });
  const offer = await offerTagRow(engine.db, offerId);
  // An offer that does not exist is refused as one that does not allow the page: nothing tells them apart.
  if (!offer) throw forbidden(ORIGIN_REFUSED);

  const fields: Record<string, unknown> = {};
  for (const name of CLIENT_FIELDS) if (hit.fields[name] !== undefined && hit.fields[name] !== '') fields[name] = hit.fields[name]; // prettier-ignore
  const cookie = hit.cookies[tagCookieName(offerId)];
  if (fields.click_id === undefined && cookie) fields.click_id = cookie;

  const log = async (entry: Omit<NewPostbackLog, 'advertiserId' | 'params' | 'ip' | 'createdAt'>) => {
    try {
      await insertPostbackLog(engine.db, {
        ...entry,
        advertiserId: offer.advertiserId,
        params: loggedParams({ offer_id: String(offerId), ...fields }),
        ip: hit.ip,
        channel: hit.channel,
        offerId,
        origin: hit.origin,
        createdAt: now,
      });
    } catch (error) {
      onLogError(error);
    }
  };

  if (!hit.origin || !offer.tagOrigins.includes(hit.origin)) {
    await log({ outcome: 'wrong_origin', reason: hit.origin ? `Origin ${hit.origin} is not allowed.` : 'No origin.' });
    throw forbidden(ORIGIN_REFUSED);
  }
  const parsed = PostbackParamsSchema.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || '_';
      errors[key] ??= formErrorText(issue.message, { n: 'maximum' in issue ? Number(issue.maximum) : '' });
    }
    await log({ outcome: 'invalid', reason: Object.entries(errors).map(([f, m]) => `${f}: ${m}`).join('; ') }); // prettier-ignore
    throw badRequest('The conversion is invalid.', errors);
  }
  try {
    const result = await recordPostback(
      engine.db,
      engine.buffer,
      offer.advertiserId,
      parsed.data as PostbackParams,
      now,
      // The browser's address is the visitor's at conversion (decision 101).
      {
        channel: hit.channel,
        offerId,
        requestIp: hit.ip,
        ...(engine.countryOf ? { countryOf: engine.countryOf } : {}),
        ...(engine.screen === false ? { screen: false } : {}),
      },
    );
    await log({
      outcome: 'recorded',
      status: result.status,
      reason: result.reason,
      conversionId: result.conversionId,
      duplicate: result.duplicate,
    });
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) await log({ outcome: 'invalid', reason: error.message });
    throw error;
  }
}
