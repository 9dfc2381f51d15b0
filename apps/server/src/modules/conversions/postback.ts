import { createHash } from 'node:crypto';
import {
  CLICK_ATTRIBUTION_DAYS,
  CONVERSION_RULE_REASONS,
  POSTBACK_ADJUSTMENT_STATUS,
  POSTBACK_REVERSAL_STATUSES,
  POSTBACK_FIELDS,
  PostbackChangeParamsSchema,
  PostbackParamsSchema,
  type PostbackChangeParams,
  formErrorText,
  type ConversionChannel,
  type ConversionRejectionReason,
  type ConversionStatus,
  type PostbackParams,
  type PostbackResult,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, databaseUnavailable, forbidden, unauthorized } from '../../lib/errors.js';
import { equalDigests } from '../../lib/tokens.js';
import { enqueuePostbackDeliveries } from '../postbacks/index.js';
import { takeConversionCaps, wouldCrossCaps } from '../caps/index.js';
import { timeOfClickId, type BufferedClick, type ClickBuffer } from '../click/index.js';
import { flaggedRows, hourOf, RollupAccumulator } from '../rollups/index.js';
import { changeByPostback } from './conversion-changes.js';
import { screenConversion, type CountryOf, type Screening } from './conversion-screen.js';
import { goalWorth, offerFacts, otherCurrency, toMinorUnits } from './conversion-rules.js';
import {
  advertiserTokenRows,
  clickById,
  conversionByDedupeKey,
  insertConversion,
  rejectConversion,
} from './conversions.repository.js';

/** The fields as logged: strings only, each at most 300 characters, the token reduced to its last four. */
export function loggedParams(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, given] of Object.entries(fields).slice(0, 20)) {
    // A JSON number (amount) as its text; a repeated parameter as its values (decision 077).
    const value = typeof given === 'number' ? String(given) : Array.isArray(given) ? given.join(',') : given;
    if (typeof value !== 'string') continue;
    out[key.slice(0, 64)] = key === 'token' ? `…${value.slice(-4)}` : value.slice(0, 300);
  }
  return out;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Wrong tokens remembered between loads; beyond this many, a wrong token waits for the throttled reload instead. */
const MAX_REMEMBERED_MISSES = 10_000;

/**
 * Finds the advertiser a postback token belongs to. Tokens are indexed by their SHA-256 (a map look-up on a
 * digest tells an attacker nothing about the token), then compared in constant time (equalDigests).
 * The list lives `ttlMs`, so a changed or disabled token stops working within it. A token not in the list reloads
 * it, so a new advertiser's first postback is not refused, but cheaply for a flood of wrong tokens (decision 029):
 * a token that missed is refused without a reload until the list is next loaded, and reloads for misses come at
 * most once per `missReloadMs`, a miss arriving sooner waiting for that one (concurrent misses share it).
 */
export type TokenMatch = {
  advertiserId: number;
  /** A rotated-out token whose grace period is over: refused, but attributed to its advertiser's log. */
  expired: boolean;
};

type TokenEntry = { id: number; digest: Buffer; expiresAt: number | null };

export class AdvertiserTokens {
  private byDigest = new Map<string, TokenEntry>();
  /** Digests the latest load did not hold. */
  private misses = new Set<string>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private missReload: Promise<void> | null = null;
  private readonly ttlMs: number;
  private readonly missReloadMs: number;
  /** How many times the advertiser table was read: what a flood of wrong tokens must not drive. */
  loads = 0;

  constructor(
    private readonly db: Db,
    options: { ttlMs?: number; missReloadMs?: number } = {},
  ) {
    this.ttlMs = options.ttlMs ?? 5000;
    this.missReloadMs = options.missReloadMs ?? 1000;
  }

  /**
   * Every advertiser's token, enabled or not (a disabled advertiser's postbacks for earlier clicks still count), and
   * the token before its last rotation with the end of its grace period (decision 041).
   */
  private load(): Promise<void> {
    this.loading ??= advertiserTokenRows(this.db)
      .then((rows) => {
        this.loads += 1;
        const entries = new Map<string, TokenEntry>();
        for (const row of rows) {
          if (row.previous) {
            const d = digest(row.previous);
            entries.set(d.toString('hex'), {
              id: row.id,
              digest: d,
              expiresAt: row.previousExpiresAt ? row.previousExpiresAt.getTime() : 0,
            });
          }
        }
        // Current tokens last: a current token always wins over a stale copy.
        for (const row of rows) {
          const d = digest(row.token);
          entries.set(d.toString('hex'), { id: row.id, digest: d, expiresAt: null });
        }
        this.byDigest = entries;
        this.misses = new Set();
        this.loadedAt = Date.now();
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** Forgets the list: the next postback reloads it (a token created, rotated or revoked takes effect at once). */
  invalidate(): void {
    this.loadedAt = 0;
  }

  /** A reload for a token the list lacks: at once if the list is older than missReloadMs, else when it will be. */
  private reloadForMiss(): Promise<void> {
    const wait = this.loadedAt + this.missReloadMs - Date.now();
    if (wait <= 0) return this.load();
    this.missReload ??= new Promise<void>((resolve) => setTimeout(resolve, wait).unref()).then(() => {
      this.missReload = null;
      return this.load();
    });
    return this.missReload;
  }

  /** Whose token this is, and whether it is a rotated-out one past its grace period at `now`; null: no one's. */
  async match(token: string, now: Date): Promise<TokenMatch | null> {
    const given = digest(token);
    const key = given.toString('hex');
    const stale = Date.now() - this.loadedAt > this.ttlMs;
    if (stale) await this.load();
    let found = this.byDigest.get(key);
    if (!found && !stale && !this.misses.has(key)) {
      await this.reloadForMiss();
      found = this.byDigest.get(key);
    }
    if (!found) {
      if (this.misses.size < MAX_REMEMBERED_MISSES) this.misses.add(key);
      return null;
    }
    if (!equalDigests(found.digest, given)) return null;
    return { advertiserId: found.id, expired: found.expiresAt !== null && found.expiresAt <= now.getTime() };
  }

  /** The advertiser whose token (or rotated-out token still in its grace period) this is; null otherwise. */
  async advertiserOf(token: string, now: Date = new Date()): Promise<number | null> {
    const found = await this.match(token, now);
    return found && !found.expired ? found.advertiserId : null;
  }
}

type ClickFacts = Pick<
  BufferedClick,
  | 'clickId'
  | 'offerId'
  | 'partnerId'
  | 'subid'
  | 'tc1'
  | 'tc2'
  | 'tc3'
  | 'tc4'
  | 'country'
  | 'landingPageId'
  | 'ip'
  | 'flags'
  | 'createdAt'
>;

/**
 * How long after its id's time a click may still sit in another server's buffer (decision 107): its batch is written
 * within a second or so, seconds on a loaded machine; a minute leaves room for a slow one.
 */
export const CLICK_SETTLE_MS = 60_000;
/** Clocks of servers behind one load balancer differ a little: a click id a few seconds ahead of `now` is recent. */
const CLOCK_SKEW_MS = 5_000;

/**
 * The click of a postback: from this process's buffer or the database. `settleAt` (an advertiser's server-to-server
 * postback): a click id of the last minute that neither knows answers 503 with Retry-After instead of unknown_click,
 * since behind a load balancer the click may have been taken by another server whose batch is not written yet.
 */
async function findClick(db: Db, buffer: ClickBuffer, clickId: string, settleAt?: Date): Promise<ClickFacts | null> {
  const buffered = buffer.find(clickId);
  if (buffered) return buffered;
  // The id's time prefix is the click's created_at, the partition key (decision 054): one partition's index probe.
  const clickedAt = timeOfClickId(clickId);
  const row = await clickById(db, clickId, clickedAt);
  // Clicks that waited out an outage in the journal are still being written: ask the advertiser to retry.
  if (!row && buffer.catchingUp) throw databaseUnavailable();
  if (!row && settleAt && clickedAt) {
    const age = settleAt.getTime() - clickedAt.getTime();
    if (age > -CLOCK_SKEW_MS && age < CLICK_SETTLE_MS) throw clickNotWrittenYet();
  }
  return row;
}

const clickNotWrittenYet = () =>
  new AppError(503, 'The click is not recorded yet. Please retry in a few seconds.', null, null, {
    'retry-after': '5',
  });

type Outcome = {
  status: ConversionStatus;
  reason: ConversionRejectionReason | null;
  goalId: number | null;
  payout: number;
  /** What the advertiser owes for it (decision 044): the goal's revenue, as the payout is computed. */
  revenue: number;
};

function judge(
  click: ClickFacts,
  facts: NonNullable<Awaited<ReturnType<typeof offerFacts>>>,
  amountMinor: number | null,
  currency: string | undefined,
  now: Date,
  clientSide = false,
): Outcome {
  const goalId = facts.goal?.goalId ?? null;
  const reject = (reason: ConversionRejectionReason): Outcome => ({
    status: 'rejected',
    reason,
    goalId,
    payout: 0,
    revenue: 0,
  });
  if (!facts.enabled) return reject('offer_disabled');
  if (facts.partnerStatus !== 'active') return reject('partner_inactive');
  if (now.getTime() - click.createdAt.getTime() > CLICK_ATTRIBUTION_DAYS * 86_400_000) return reject('click_too_old');
  // Never converted nor recorded as if it were the offer's currency: 10 USD is not 10 EUR (decision 077).
  if (otherCurrency(currency, facts.currency)) return reject('currency_mismatch');
  if (!facts.goal) return reject('goal_not_found');
  const worth = goalWorth(facts.goal, amountMinor);
  if (worth === null) return reject('amount_required');
  // A browser's word is pending unless the goal trusts it (decision 085).
  const pending = facts.goal.manualValidation || (clientSide && !facts.goal.trustClientConversions);
  return { status: pending ? 'pending' : 'approved', reason: null, goalId, ...worth };
}

/**
 * Records one postback, exactly once: the (advertiser, dedupe key) unique index and INSERT … ON CONFLICT DO
 * NOTHING decide between concurrent copies, and the loser reads the winner's row back. A second counted
 * conversion for the same click and goal (another transaction id) is recorded as rejected 'duplicate'.
 * The conversion and its hourly rollup commit together, before the answer is sent.
 */
export async function recordPostback(
  db: Db,
  buffer: ClickBuffer,
  advertiserId: number,
  params: PostbackParams,
  now: Date,
  options: PostbackOptions = {},
): Promise<PostbackResult> {
  const amountMinor = params.amount === undefined ? null : toMinorUnits(params.amount);
  let dedupeKey = params.transaction_id ? `tx:${params.transaction_id}` : `cg:${params.click_id}:${params.goal}`;
  // Only a server-to-server postback is asked to come back: the tag and pixels are a browser's, which does not retry.
  const settleAt = (options.channel ?? 's2s') === 's2s' ? now : undefined;
  const click = await findClick(db, buffer, params.click_id, settleAt);
  const facts = click ? await offerFacts(db, click.offerId, click.partnerId, params.goal) : null;
  // Another advertiser's click is as unknown as a click that never happened; so is, from the tag or a pixel, another
  // offer's click (its origins vouch for one offer only: decision 085).
  const ours = click && facts && facts.advertiserId === advertiserId;
  const known = ours && (options.offerId === undefined || click.offerId === options.offerId) ? { click, facts } : null;
  const clientSide = (options.channel ?? 's2s') !== 's2s';
  let outcome: Outcome = known
    ? judge(known.click, known.facts, amountMinor, params.currency, now, clientSide)
    : { status: 'rejected', reason: 'unknown_click', goalId: null, payout: 0, revenue: 0 };

  // The conversion rules (decision 101), on a conversion that would count: a flag holds it for review (pending,
  // 'fraud_review'), a refusal rejects it with the rule as the reason. Its money then follows its status as any
  // conversion's does below (rollups, caps, postbacks), and a review moves it through decideConversions.
  let screening: Screening | null = null;
  if (known && outcome.status !== 'rejected' && options.screen !== false) {
    screening = await screenConversion(db, {
      advertiserId,
      click: known.click,
      params,
      minSecondsToConvert: known.facts.goal?.minSecondsToConvert ?? null,
      requestIp: options.requestIp,
      countryOf: options.countryOf,
      now,
    });
    if (screening.refuse)
      outcome = { status: 'rejected', reason: CONVERSION_RULE_REASONS[screening.refuse], goalId: outcome.goalId, payout: 0, revenue: 0 }; // prettier-ignore
    else if (screening.signals.length > 0) outcome = { ...outcome, status: 'pending', reason: 'fraud_review' };
    // The same transaction id on another partner's click is recorded apart, under its own key (its repeats dedupe).
    if (screening.duplicateTransaction) dedupeKey = `tx:${params.transaction_id}:p${known.click.partnerId}`;
  }

  const base = {
    clickId: params.click_id,
    advertiserId,
    dedupeKey,
    offerId: known?.click.offerId ?? null,
    partnerId: known?.click.partnerId ?? null,
    goalId: outcome.goalId,
    goal: params.goal,
    transactionId: params.transaction_id ?? null,
    amount: amountMinor,
    currency: known?.facts.currency ?? 'EUR',
    subid: known?.click.subid ?? null,
    tc1: known?.click.tc1 ?? null,
    tc2: known?.click.tc2 ?? null,
    tc3: known?.click.tc3 ?? null,
    tc4: known?.click.tc4 ?? null,
    country: known?.click.country ?? null,
    landingPageId: known?.click.landingPageId ?? null,
    clickedAt: known?.click.createdAt ?? null,
    visitorIp: screening?.visitorIp ?? null,
    conversionCountry: screening?.conversionCountry ?? null,
    signals: screening && screening.signals.length > 0 ? screening.signals.join(',') : null,
    evidence: screening && screening.signals.length > 0 ? screening.evidence : null,
    source: options.channel && options.channel !== 's2s' ? options.channel : 'postback',
    createdAt: now,
    updatedAt: now,
  };

  return db.transaction(async (tx) => {
    const insert = async (offered: Outcome) => {
      let o = offered;
      const id = await insertConversion(tx, {
        ...base,
        status: o.status,
        reason: o.reason,
        payout: o.payout,
        revenue: o.revenue,
      });
      if (id === null) return null;
      // A counted conversion takes its caps (decision 045); one that would cross any is rejected, unpaid.
      if (known && o.status !== 'rejected') {
        const within = await takeConversionCaps(
          tx,
          { id, offerId: known.click.offerId, partnerId: known.click.partnerId, createdAt: now },
          { payout: o.payout, revenue: o.revenue },
        );
        if (!within) {
          o = { status: 'rejected', reason: 'over_cap', goalId: o.goalId, payout: 0, revenue: 0 };
          await rejectConversion(tx, id, 'over_cap');
        }
      }
      if (known) {
        const rollups = new RollupAccumulator();
        rollups.add(
          { ...known.click, currency: known.facts.currency, goal: params.goal, hour: hourOf(now) },
          o.status === 'approved'
            ? { conversions: 1, payout: o.payout, revenue: o.revenue }
            : o.status === 'pending'
              ? { pending: 1, pendingPayout: o.payout, pendingRevenue: o.revenue }
              : { rejected: 1 },
        );
        // The partner's postbacks (decision 019): written with the conversion, sent by the delivery worker.
        if (options.notifyPartner !== false)
          await enqueuePostbackDeliveries(tx, {
            ...base,
            id,
            offerId: known.click.offerId,
            partnerId: known.click.partnerId,
            goalId: o.goalId,
            status: o.status,
            payout: o.payout,
          });
        // Held or refused by the conversion rules: counted per rule for staff reports (decision 109).
        const flagged =
          screening && screening.signals.length > 0
            ? flaggedRows('conversion', [{ ...known.click, createdAt: now, rules: screening.signals }])
            : [];
        // The rollup rows (and the flagged counts) last, in one statement: every click batch and postback of the
        // offer's hour updates them, and their row locks are held until the commit, so the transaction takes them as
        // late as it can (decisions 107, 127).
        await rollups.write(tx, undefined, flagged);
      }
      return { status: o.status, reason: o.reason, conversionId: id, duplicate: false };
    };

    const written = await insert(outcome);
    if (written) return written;
    const existing = await conversionByDedupeKey(tx, advertiserId, dedupeKey);
    if (!existing) {
      // Not our key: the click and goal already have a counted conversion under another transaction id.
      const duplicate = await insert({
        status: 'rejected',
        reason: 'duplicate',
        goalId: outcome.goalId,
        payout: 0,
        revenue: 0,
      });
      if (duplicate) return duplicate;
    }
    const row = existing ?? (await conversionByDedupeKey(tx, advertiserId, dedupeKey));
    if (!row) throw new Error('conversion neither written nor found');
    return {
      status: row.status as ConversionStatus,
      reason: row.reason as ConversionRejectionReason | null,
      conversionId: row.id,
      duplicate: true,
    };
  });
}

/**
 * What a postback of this advertiser would record, without writing anything (decision 041's test postback): the same
 * click look-up, offer facts and judgement, and whether a conversion under the same key already exists.
 */
export async function previewPostback(
  db: Db,
  buffer: ClickBuffer,
  advertiserId: number,
  params: Omit<PostbackParams, 'token'>,
  now: Date,
): Promise<{ status: ConversionStatus; reason: ConversionRejectionReason | null; payout: number; currency: string | null; duplicate: boolean }> {
  const amountMinor = params.amount === undefined ? null : toMinorUnits(params.amount);
  const click = await findClick(db, buffer, params.click_id);
  const facts = click ? await offerFacts(db, click.offerId, click.partnerId, params.goal) : null;
  const known = click && facts && facts.advertiserId === advertiserId ? { click, facts } : null;
  let outcome: Outcome = known
    ? judge(known.click, known.facts, amountMinor, params.currency, now)
    : { status: 'rejected', reason: 'unknown_click', goalId: null, payout: 0, revenue: 0 };
  // A counted conversion that would cross a cap would be recorded as over_cap (decision 045).
  if (known && outcome.status !== 'rejected' && (await wouldCrossCaps(db, { offerId: known.click.offerId, partnerId: known.click.partnerId, at: now }, outcome))) // prettier-ignore
    outcome = { status: 'rejected', reason: 'over_cap', goalId: outcome.goalId, payout: 0, revenue: 0 };
  const dedupeKey = params.transaction_id ? `tx:${params.transaction_id}` : `cg:${params.click_id}:${params.goal}`;
  const existing = await conversionByDedupeKey(db, advertiserId, dedupeKey);
  return {
    status: outcome.status,
    reason: outcome.reason,
    payout: outcome.payout,
    currency: known?.facts.currency ?? null,
    duplicate: existing !== null,
  };
} // prettier-ignore

export type PostbackOptions = {
  /**
   * Whether the partner's own postbacks are queued (default true). The traffic seed replays weeks of past
   * conversions (decision 018): nobody's server is told of those.
   */
  notifyPartner?: boolean;
  /** How it came (decision 085): the tag's and pixels' conversions are pending unless the goal trusts them. */
  channel?: ConversionChannel;
  /** The offer a tag or pixel reported for: another offer's click is unknown. */
  offerId?: number;
  /** Whether the conversion rules judge it (decision 101; default true): CONVERSION_RULES=off, the demo's replay. */
  screen?: boolean;
  /** The address a tag's or pixel's request came from: the visitor's at conversion (decision 101). */
  requestIp?: string | null;
  /** Places the visitor's address at conversion in a country (the click's GeoIP file). */
  countryOf?: CountryOf;
};

/**
 * A POST's fields: the body's (a form or a JSON object) over the query's. A field in both with two values is
 * repeated (an array), as a field twice in the query or the form is, and acceptPostback refuses it (decision 077).
 */
export function mergedPostbackFields(query: unknown, body: unknown): Record<string, unknown> {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body)))
    throw badRequest('The postback body must be a form or a JSON object.');
  const fields: Record<string, unknown> = { ...(query as Record<string, unknown>) };
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    const before = fields[name];
    fields[name] = before === undefined || before === value ? value : [before, value].flat();
  }
  return fields;
}

/**
 * GET|POST /postback once its fields are merged: checks them, finds the advertiser by its token, then records
 * the conversion at `now` (the request's clock, or the traffic seed's replayed past: decision 018).
 */
export async function acceptPostback(
  engine: { db: Db; buffer: ClickBuffer; tokens: AdvertiserTokens; countryOf?: CountryOf; screen?: boolean },
  fields: Record<string, unknown>,
  now: Date,
  options: PostbackOptions = {},
): Promise<PostbackResult> {
  const repeated = POSTBACK_FIELDS.filter((name) => Array.isArray(fields[name]));
  if (repeated.length > 0) {
    throw badRequest(
      `The postback sent ${repeated.join(', ')} more than once: send each parameter once.`,
      Object.fromEntries(repeated.map((name) => [name, 'Sent more than once: send it once.'])),
    );
  }
  const status = typeof fields.status === 'string' ? fields.status.trim().toLowerCase() : '';
  // A reversal or an adjustment names a conversion already recorded (decision 069).
  const changes =
    (POSTBACK_REVERSAL_STATUSES as readonly string[]).includes(status) || status === POSTBACK_ADJUSTMENT_STATUS;
  const parsed = (changes ? PostbackChangeParamsSchema : PostbackParamsSchema).safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || '_';
      errors[key] ??= formErrorText(issue.message, { n: 'maximum' in issue ? Number(issue.maximum) : '' });
    }
    throw badRequest('The postback is invalid.', errors);
  }
  const params = parsed.data;
  if (!params.token) throw unauthorized('A security token is required.');
  const advertiserId = await engine.tokens.advertiserOf(params.token, now);
  if (advertiserId === null) throw forbidden('The security token is not valid.');
  if (changes) return changeByPostback(engine.db, advertiserId, params as PostbackChangeParams, now);
  return recordPostback(engine.db, engine.buffer, advertiserId, params as PostbackParams, now, {
    ...(engine.countryOf ? { countryOf: engine.countryOf } : {}),
    ...(engine.screen === false ? { screen: false } : {}),
    ...options,
  });
}
