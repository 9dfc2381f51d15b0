import type { FastifyBaseLogger } from 'fastify';
import {
  maskPostbackUrl,
  POSTBACK_MAX_ATTEMPTS,
  POSTBACK_RESPONSE_SNIPPET_BYTES,
  POSTBACK_RETRY_BASE_MS,
  POSTBACK_RETRY_CAP_MS,
  POSTBACK_TIMEOUT_MS,
  type PostbackDeliveryStatus,
} from '@portal/contracts';
import { conflict, notFound } from '../../../lib/errors.js';
import { OutboxWorker } from '../../../lib/outbox-worker.js';
import type { AppContext } from '../../../context.js';
import { notifyPartner } from '../../notifications/index.js';
import { postbackSecretOf } from '../postback-secrets.js';
import { sendPostback, type SendResult } from './http-sender.js';
import { postbackSignatureHeaders } from './signature.js';
import type { ResolveFunction } from './ssrf-guard.js';
import {
  claimDelivery,
  claimDueDeliveries,
  countPostbackAttempt,
  deliveryExists,
  disableGonePostback,
  insertAttempt,
  updateDelivery,
  type DeliveryRow,
  type PostbackAttemptRow,
} from './deliveries.repository.js';

export type { PostbackAttemptRow } from './deliveries.repository.js';

export type PostbackDeliveryOptions = {
  /** POSTBACK_ALLOW_LOOPBACK: development only; private ranges stay refused. */
  allowLoopback: boolean;
  /** Defaults to POSTBACK_TIMEOUT_MS; tests shorten it. */
  timeoutMs?: number | undefined;
  /** Name resolution (tests make a name resolve to a private range); the address policy applies to its answers. */
  resolve?: ResolveFunction | undefined;
  /** Jitter source in [0, 1) (tests fix it). */
  random?: (() => number) | undefined;
};

export type PostbackWorkerOptions = PostbackDeliveryOptions & {
  logger: FastifyBaseLogger;
  /** Deliveries claimed, and sent in parallel, per round. */
  batchSize?: number | undefined;
};

/** Room past the request timeout before a claimed delivery may be claimed again (a crash mid-send retries later). */
const LOCK_MARGIN_MS = 30_000;
const JITTER = 0.2;
const DEFAULT_BATCH = 10;

const lockMsOf = (options: PostbackDeliveryOptions) => (options.timeoutMs ?? POSTBACK_TIMEOUT_MS) + LOCK_MARGIN_MS;

/**
 * The wait before the next attempt once `attempts` have failed: 1 min doubling (POSTBACK_RETRY_BASE_MS) up to the
 * 24 h cap, times a jitter of ±20 % so that deliveries failed together do not retry together.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(POSTBACK_RETRY_CAP_MS, POSTBACK_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  const factor = 1 + JITTER * (2 * random() - 1);
  return Math.round(Math.min(POSTBACK_RETRY_CAP_MS, base * factor));
}

/**
 * Claims due deliveries in a short transaction: `FOR UPDATE SKIP LOCKED` keeps two workers (two server processes on
 * one PostgreSQL) off the same rows while they claim, and `locked_until` keeps them off while one sends. A delivery
 * whose postback is disabled waits (it resumes if the partner enables the postback again).
 */
async function claimDue(ctx: AppContext, options: PostbackWorkerOptions): Promise<DeliveryRow[]> {
  const now = ctx.now();
  return ctx.db.transaction((tx) =>
    claimDueDeliveries(tx, now, options.batchSize ?? DEFAULT_BATCH, new Date(now.getTime() + lockMsOf(options))),
  );
}

/** Sends one claimed delivery and records the attempt. */
async function deliver(
  ctx: AppContext,
  delivery: DeliveryRow,
  options: PostbackDeliveryOptions,
): Promise<PostbackAttemptRow> {
  const { secret } = await postbackSecretOf(ctx.db, delivery.partnerId);
  // Signed and requested as the URL parser writes it, so the signed URL is exactly the one requested.
  let url = delivery.url;
  try {
    url = new URL(delivery.url).href;
  } catch {
    // sendPostback records it as invalid_url.
  }
  const attemptedAt = ctx.now();
  const result = await sendPostback({
    url,
    headers: postbackSignatureHeaders(secret, delivery.deliveryId, url, attemptedAt),
    timeoutMs: options.timeoutMs ?? POSTBACK_TIMEOUT_MS,
    snippetBytes: POSTBACK_RESPONSE_SNIPPET_BYTES,
    allowLoopback: options.allowLoopback,
    resolve: options.resolve,
  });
  return recordAttempt(ctx, delivery, url, attemptedAt, result, options);
}

/**
 * One transaction: the attempt row, the postback's count, the delivery's new state, and on a 410 the postback
 * disabled and its partner notified. A test delivery is never retried and never disables the postback.
 */
async function recordAttempt(
  ctx: AppContext,
  delivery: DeliveryRow,
  url: string,
  attemptedAt: Date,
  result: SendResult,
  options: PostbackDeliveryOptions,
): Promise<PostbackAttemptRow> {
  const attempts = delivery.attempts + 1;
  const success =
    result.error === null && result.httpStatus !== null && result.httpStatus >= 200 && result.httpStatus < 300;
  const gone = result.httpStatus === 410 && !delivery.test;
  const status: PostbackDeliveryStatus = success
    ? 'succeeded'
    : gone ||
        result.final === true ||
        delivery.test ||
        attempts >= POSTBACK_MAX_ATTEMPTS ||
        delivery.status === 'failed'
      ? 'failed'
      : 'pending';
  const now = ctx.now();
  const lastError = success ? null : (result.error ?? `http_${result.httpStatus ?? 'none'}`);

  const recorded = await ctx.db.transaction(async (tx) => {
    const attempt = await insertAttempt(tx, {
      deliveryId: delivery.id,
      postbackId: delivery.postbackId,
      attemptedAt,
      url: maskPostbackUrl(url),
      httpStatus: result.httpStatus,
      durationMs: result.durationMs,
      responseSnippet: result.responseSnippet,
      error: result.error,
      success,
      deliveryStatus: status,
    });
    await countPostbackAttempt(tx, delivery.postbackId);
    await updateDelivery(tx, delivery.id, {
      status,
      attempts,
      lockedUntil: null,
      lastHttpStatus: result.httpStatus,
      lastError,
      updatedAt: now,
      ...(status === 'pending'
        ? { nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts, options.random)) }
        : {}),
    });
    if (gone) {
      const disabled = await disableGonePostback(tx, delivery.postbackId, now);
      // Only the attempt that disables it notifies (not a concurrent second 410).
      if (disabled) {
        await notifyPartner(
          tx,
          {
            partnerId: disabled.partnerId,
            kind: 'postback_disabled',
            title: `Your postback ${disabled.name ? `“${disabled.name}”` : `#${disabled.id}`} was disabled.`,
            body: `Its URL answered 410 Gone (${maskPostbackUrl(url)}), so no more conversions are sent to it. Fix the URL and enable it again under Tools › Postbacks.`,
            link: '/tools/postbacks',
          },
          { publicUrl: ctx.config.publicUrl },
        );
      }
    }
    if (!attempt) throw new Error('postback attempt not recorded');
    return attempt;
  });
  ctx.metrics.partnerDeliveries.inc({ result: success ? 'succeeded' : status === 'pending' ? 'retry' : 'failed' });
  return recorded;
}

/**
 * One attempt of one delivery now, recorded like the worker's (the Test action, a manual re-send), whatever its
 * schedule. 404 for an unknown delivery, 409 while a worker holds it.
 */
export async function attemptDelivery(
  ctx: AppContext,
  deliveryPk: number,
  options: PostbackDeliveryOptions,
): Promise<PostbackAttemptRow> {
  const now = ctx.now();
  const claimed = await claimDelivery(ctx.db, deliveryPk, now, new Date(now.getTime() + lockMsOf(options)));
  if (!claimed) {
    const exists = await deliveryExists(ctx.db, deliveryPk);
    throw exists ? conflict('This delivery is being sent; try again in a moment.') : notFound();
  }
  return deliver(ctx, claimed, options);
}

/**
 * The postback outbox worker (decision 019): claims due deliveries, sends each (in parallel within a round), records
 * every attempt. Pending deliveries survive a restart; a delivery claimed by a process that died is claimable again
 * once its lock expires.
 */
export class PostbackWorker extends OutboxWorker {
  private stopping = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: PostbackWorkerOptions,
  ) {
    super();
  }

  get allowLoopback(): boolean {
    return this.options.allowLoopback;
  }

  /** attemptDelivery with this worker's settings. */
  attempt(deliveryPk: number): Promise<PostbackAttemptRow> {
    return attemptDelivery(this.ctx, deliveryPk, this.options);
  }

  /** Waits for the batch in flight only: a backlog is left to the next start (its rows stay pending, unlocked). */
  override async stop(): Promise<void> {
    this.stopping = true;
    try {
      await super.stop();
    } finally {
      this.stopping = false;
    }
  }

  protected async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (this.stopping) return sent;
      const claimed = await claimDue(this.ctx, this.options);
      if (claimed.length === 0) return sent;
      const results = await Promise.allSettled(claimed.map((delivery) => deliver(this.ctx, delivery, this.options)));
      results.forEach((outcome, index) => {
        if (outcome.status === 'fulfilled') {
          sent += 1;
          return;
        }
        // Left locked: claimable again when the lock expires.
        this.options.logger.error(
          { deliveryId: claimed[index]?.deliveryId, err: outcome.reason },
          'postback not recorded',
        );
      });
    }
  }
}
