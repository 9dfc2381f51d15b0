import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import { SlidingWindowLimiter } from './lib/rate-limit.js';
import {
  ClickBuffer,
  ClickContextCache,
  ClickJournal,
  createClickHandler,
  openCountryLookup,
  type ClickHandler,
} from './modules/click/index.js';
import { AdvertiserTokens } from './modules/conversions/index.js';

/**
 * The in-memory parts of the tracking engine, one per process (decision 015): the click module's buffer, caches and
 * handler, and the conversions module's advertiser tokens and wrong-token limiter. app.ts builds it once and hands
 * each module its part.
 */
export type TrackingEngine = {
  buffer: ClickBuffer;
  contexts: ClickContextCache;
  tokens: AdvertiserTokens;
  /** Postbacks with a wrong token per client IP over the last minute (decision 029). */
  badTokens: SlidingWindowLimiter;
  /** GET /click on node's request and response: the server's fast path and the route below (decision 022). */
  handleClick: ClickHandler;
};

export function createTracking(ctx: AppContext, logger: FastifyBaseLogger, flushIntervalMs = 100): TrackingEngine {
  const clickNow = () => ctx.now().getTime();
  const { config } = ctx;
  // The click journal under DATA_DIR (decision 053): what a hard kill or a database outage cannot take.
  const journal = config.clickJournal
    ? new ClickJournal({
        dir: config.clickJournal,
        syncMs: config.clickJournalSyncMs,
        maxBytes: config.clickJournalMaxBytes,
        onError: (err) => logger.error({ err }, 'click journal not written'),
      })
    : null;
  const buffer = new ClickBuffer(ctx.db, {
    logger,
    intervalMs: flushIntervalMs,
    now: clickNow,
    journal,
    maxBuffered: config.clickBufferMaxClicks,
    onBatchWritten: (seconds) => ctx.metrics.clickBatchSeconds.observe({}, seconds),
  });
  // The click caps' counters live with the buffer that writes their usage; contexts prime them as they load.
  const contexts = new ClickContextCache(ctx.db, () => Date.now(), 5000, 100_000, buffer.caps, clickNow);
  return {
    buffer,
    contexts,
    tokens: new AdvertiserTokens(ctx.db),
    badTokens: new SlidingWindowLimiter({ max: ctx.config.postbackMaxBadTokensPerIp, windowMs: 60_000 }),
    handleClick: createClickHandler(
      { buffer, contexts },
      {
        now: ctx.now,
        trustProxy: ctx.config.trustProxy,
        logger,
        countryOf: openCountryLookup(ctx.config.geoipDatabase),
        onAnswer: (reason) => {
          if (reason === null) ctx.metrics.clicksRedirected.inc();
          else ctx.metrics.clicksRefused.inc({ reason });
        },
      },
    ),
  };
}
