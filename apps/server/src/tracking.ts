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
  type CountryLookup,
} from './modules/click/index.js';
import { AdvertiserTokens } from './modules/conversions/index.js';
import { asnLoadInfo, asnTable } from './modules/traffic/index.js';

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
  /** The visitor's country from its address (decision 044): the click's, and the conversion rules' (decision 101). */
  countryOf: CountryLookup;
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
    onBatchWritten: (seconds) => ctx.metrics.clickBatchSeconds.observe(seconds),
    onReplaySkipped: (kind, count) => ctx.metrics.clickJournalSkipped.inc({ kind }, count),
    batchBytes: ctx.dbKind === 'postgres',
  });
  // The click caps' counters live with the buffer that writes their usage; contexts prime them as they load.
  const countryOf = openCountryLookup(ctx.config.geoipDatabase);
  const contexts = new ClickContextCache(ctx.db, () => Date.now(), 5000, 100_000, buffer.caps, clickNow, buffer.velocity); // prettier-ignore
  // The offline ASN table (decision 102), read now rather than by the first click: once per process, from its binary
  // form in milliseconds (the first boot of a release parses the CSV and writes that form).
  asnTable();
  logger.debug({ source: asnLoadInfo.source, ms: Math.round(asnLoadInfo.ms) }, 'ASN table loaded');
  return {
    buffer,
    contexts,
    countryOf,
    tokens: new AdvertiserTokens(ctx.db),
    badTokens: new SlidingWindowLimiter({ max: ctx.config.postbackMaxBadTokensPerIp, windowMs: 60_000 }),
    handleClick: createClickHandler(
      { buffer, contexts },
      {
        now: ctx.now,
        trustProxy: ctx.config.trustProxy,
        logger,
        countryOf,
        onAnswer: (reason) => {
          if (reason === null) ctx.metrics.clicksRedirected.inc();
          else ctx.metrics.clicksRefused.inc({ reason });
        },
      },
    ),
  };
}
