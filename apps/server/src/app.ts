import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_PREFIX, PRODUCT_NAME } from '@portal/contracts';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { ReportReads, replicaLagSeconds } from './db/report-reads.js';
import { Mailer } from './lib/mailer.js';
import { FileSmsTransport, SmsSender } from './lib/sms.js';
import { loggerOptions } from './lib/logging.js';
import { SECURITY_HEADERS, contentSecurityPolicyFor, frameOptionsFor } from './lib/security-headers.js';
import { warnOnUntrustedForwarding } from './lib/proxy-warning.js';
import { LocalFileStorage, type FileStorage } from './lib/storage.js';
import { accountRoutes } from './modules/account/index.js';
import { advertisersRoutes } from './modules/advertisers/index.js';
import { advertiserPortalRoutes } from './modules/advertiser-portal/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { apiKeysRoutes } from './modules/api-keys/index.js';
import { accessPlugin } from './modules/access/index.js';
import { authRoutes } from './modules/auth/index.js';
import { documentsRoutes } from './modules/documents/index.js';
import { filesRoutes } from './modules/files/index.js';
import { healthRoutes, type HealthState } from './modules/health/index.js';
import { metricsRoutes } from './modules/metrics/index.js';
import { createServerMetrics, type ServerMetrics } from './lib/metrics.js';
import { imagesRoutes } from './modules/images/index.js';
import { goalsRoutes } from './modules/goals/index.js';
import { newsRoutes } from './modules/news/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { ScheduledChangesJob, offersRoutes } from './modules/offers/index.js';
import { paymentBatchesRoutes } from './modules/payment-batches/index.js';
import { AdvertiserInvoiceJob, advertiserInvoicesRoutes } from './modules/advertiser-invoices/index.js';
import { BillingJob, billingRoutes, nextBillingJobAt } from './modules/billing/index.js';
import { capsRoutes } from './modules/caps/index.js';
import { creativesRoutes } from './modules/creatives/index.js';
import { trafficRoutes } from './modules/traffic/index.js';
import { ledgerRoutes } from './modules/ledger/index.js';
import { networkReportsRoutes } from './modules/network-reports/index.js';
import { FxRatesJob, fxRatesRoutes } from './modules/fx-rates/index.js';
import { convertedWeeksFor } from './modules/rollups/index.js';
import { registerRoutes } from './modules/register/index.js';
import { clientTagRoutes } from './modules/client-tag/index.js';
import { networkSettingsRoutes, settingsRoutes } from './modules/settings/index.js';
import { setupRoutes } from './modules/setup/index.js';
import { staffRoutes } from './modules/staff/index.js';
import { staffUsersRoutes } from './modules/staff-users/index.js';
import { PostbackWorker, pendingDeliveriesSummary, postbacksRoutes } from './modules/postbacks/index.js';
import { statisticsRoutes } from './modules/statistics/index.js';
import {
  clickRoutes,
  dropOldClickPartitions,
  ensureClickPartitions,
  isClickRequest,
  type ClickBufferState,
  type ClickHandler,
} from './modules/click/index.js';
import {
  PostbackLogPruner,
  conversionChangesRoutes,
  conversionReviewRoutes,
  conversionSearchRoutes,
  conversionScrubsRoutes,
  postbackRoutes,
} from './modules/conversions/index.js';
import { conversionDigestTimer } from './modules/conversion-digest/index.js';
import { refusedDigestTimer } from './modules/refused-digest/index.js';
import { createTracking, type TrackingEngine } from './tracking.js';
import { documentBinaryUploads } from './lib/openapi-uploads.js';
import { registerAnswerComponents } from './lib/openapi-components.js';
import { SECURITY_SCHEMES, finishDocument } from './lib/openapi.js';
import { SESSION_SCHEME } from './lib/endpoint.js';
import { twoFactorRoutes } from './modules/two-factor/index.js';
import { searchRoutes } from './modules/search/index.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import type { AppContext } from './context.js';
import { setPublicUrl } from './lib/public-url.js';
import { sendPageWithFirstAnswers } from './lib/first-answers.js';
import { appPages, readRouteChunks } from './lib/route-chunks.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    webAppAvailable: boolean;
    /**
     * Answers the web app's page (index.html) for a portal address: naming the address's screen files as preloads
     * (decision 151's addendum), with its first answers when the reader is signed in (decision 151).
     */
    sendAppPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
    /** The click buffer and the tracking caches (decision 015). */
    tracking: TrackingEngine;
    /** The partner postback outbox worker (decision 019). */
    postbackWorker: PostbackWorker;
    /** The daily billing job (decision 070); tests call its `runDue()`. */
    billingJob: BillingJob;
    /** The daily advertiser invoicing (decision 073), at the billing job's hour; tests call its `runDue()`. */
    advertiserInvoiceJob: AdvertiserInvoiceJob;
    /** Applies the offers' scheduled payout and revenue changes (decision 098); tests call its `drain()`. */
    scheduledChanges: ScheduledChangesJob;
    /** The ECB's daily reference rates (decision 111); tests call its `runDue()`. */
    fxRatesJob: FxRatesJob;
    /** /readyz's draining flag (main.ts sets it on SIGTERM). */
    health: HealthState;
  }
}

export type BuildOptions = {
  config: AppConfig;
  database: Database;
  storage?: FileStorage;
  now?: () => Date;
  /** Start the background workers (the mail sender); tests drive them by hand. */
  workers?: boolean;
  /**
   * A read replica for reports (REPORTS_DATABASE_URL, decision 097); `lagSeconds` replaces the replica's own lag
   * query (a test's lagging stand-in).
   */
  reports?: { database: Database; lagSeconds?: () => Promise<number> };
  /** How often the click buffer is written (default 100 ms); the shutdown test sets it out of reach. */
  clickFlushIntervalMs?: number;
};

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  setPublicUrl(config.publicUrl);
  // GET /click skips the framework on a real socket (decision 022): set once the tracking engine exists.
  const fastPath: { click?: ClickHandler } = {};
  const app = Fastify({
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        if (fastPath.click && isClickRequest(request)) fastPath.click(request, response);
        else handler(request, response);
      });
      // Fastify's defaults, which it sets only on a server it creates itself.
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request id unique across processes and restarts: the audit log groups one request's entries by it.
    genReqId: () => randomUUID(),
    // Room for the longest path parameter the contracts accept (a 200-character reset key).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    // Errors the router raises before any route runs (a bad %-escape, an oversized parameter)
    // answer the error object too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void reply.code(status).send({ status, message: 'The URL is not valid.', data: null, errors: null });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // A JSON API: a text/plain body is refused with 415 like any other non-JSON type.
  app.removeContentTypeParser('text/plain');

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const replicaDatabase = options.reports?.database;
  // The lag is read on the replica's own handle: a reading must fail when the replica does, never fall back.
  const replica = replicaDatabase
    ? { database: replicaDatabase, lagSeconds: options.reports?.lagSeconds ?? (() => replicaLagSeconds(replicaDatabase.db)) } // prettier-ignore
    : null;
  const metrics = createServerMetrics();
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    mailer: new Mailer(database.db, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger: app.log,
    }),
    sms: new SmsSender(database.db, new FileSmsTransport(path.join(config.dataDir, 'outbox')), app.log),
    storage: options.storage ?? new LocalFileStorage(path.join(config.dataDir, 'files')),
    now: options.now ?? (() => new Date()),
    metrics,
    // A report read the replica fails for its own reason is read again on the primary (decision 127).
    reports: new ReportReads(database, replica, config.replicaMaxLagS, {
      onFallback: (reason, error) => {
        metrics.replicaFallbacks.inc({ reason });
        app.log.warn({ err: error, reason }, 'report read failed on the replica: read again on the primary');
      },
    }),
  };
  app.decorate('ctx', ctx);
  // The weekly grains in the base currency, built once for this BASE_CURRENCY (decision 142).
  await convertedWeeksFor(database.db, config.baseCurrency);
  const postbackWorker = new PostbackWorker(ctx, { logger: app.log, allowLoopback: config.postbackAllowLoopback });
  const postbackLogPruner = new PostbackLogPruner(ctx.db, config.postbackLogRetentionDays, ctx.now);
  const conversionDigest = conversionDigestTimer(ctx.db, config.publicUrl, ctx.now);
  const refusedDigest = refusedDigestTimer(ctx.db, config.publicUrl, ctx.now);
  app.decorate('postbackWorker', postbackWorker);
  const billingJob = new BillingJob(ctx, app.log);
  app.decorate('billingJob', billingJob);
  const advertiserInvoiceJob = new AdvertiserInvoiceJob(ctx, app.log, nextBillingJobAt);
  app.decorate('advertiserInvoiceJob', advertiserInvoiceJob);
  const scheduledChanges = new ScheduledChangesJob(ctx.db, ctx.now);
  app.decorate('scheduledChanges', scheduledChanges);
  const fxRatesJob = new FxRatesJob(ctx, app.log);
  app.decorate('fxRatesJob', fxRatesJob);

  app.addHook('onSend', async (_request, reply) => {
    const policy = contentSecurityPolicyFor(
      reply.getHeader('content-type'),
      reply.getHeader('content-security-policy'),
    );
    reply.headers({
      ...SECURITY_HEADERS,
      'content-security-policy': policy,
      'x-frame-options': frameOptionsFor(reply.getHeader('x-frame-options')),
    });
  });

  warnOnUntrustedForwarding(app, config.trustProxy);

  await app.register(errorsPlugin);
  await app.register(authPlugin, { db: ctx.db, now: ctx.now });
  await app.register(accessPlugin, { db: ctx.db });

  await registerOpenApi(app, config.publicUrl);

  const tracking = createTracking(ctx, app.log, options.clickFlushIntervalMs);
  const health: HealthState = { draining: false };
  app.decorate('health', health);
  await app.register(healthRoutes, { ctx, clicks: () => tracking.buffer.state, state: health });
  observeServer(app, ctx.metrics, () => tracking.buffer.state, database);
  if (replica) {
    ctx.metrics.registry.gauge('portal_replica_lag_seconds', "The reports replica's replay lag.", replica.lagSeconds);
  }
  await app.register(metricsRoutes, { token: config.metricsToken, registry: ctx.metrics.registry });
  // What an earlier process acknowledged and left in the click journal is written before this one serves (decision 053).
  app.addHook('onReady', async () => {
    await tracking.buffer.recover();
  });
  app.decorate('tracking', tracking);
  fastPath.click = tracking.handleClick;
  // Part of the request path, not a background worker: it runs in tests too.
  tracking.buffer.start();
  await app.register(clickRoutes, { tracking });
  await app.register(postbackRoutes, { ctx, tracking });
  await app.register(clientTagRoutes, { ctx, tracking });
  await app.register(async (api) => apiRoutes(api, ctx, tracking), { prefix: API_PREFIX });

  await serveWebApp(app, config);

  // Monthly click partitions made ahead and old ones dropped, at start and daily (decision 054).
  let partitionTimer: NodeJS.Timeout | null = null;
  if (options.workers !== false) {
    const keepPartitions = async () => {
      try {
        await ensureClickPartitions(ctx.db, ctx.now());
        const dropped = await dropOldClickPartitions(ctx.db, ctx.now(), config.clickRetentionMonths);
        if (dropped.length > 0) app.log.info({ dropped }, 'click partitions past retention dropped');
      } catch (error) {
        app.log.warn({ err: error }, 'click partitions not maintained; retrying tomorrow');
      }
    };
    app.addHook('onReady', keepPartitions);
    partitionTimer = setInterval(() => void keepPartitions(), 86_400_000);
    partitionTimer.unref();
    ctx.mailer.start();
    ctx.sms.start();
    postbackWorker.start(1000);
    postbackLogPruner.start(3_600_000);
    if (config.billingJob) {
      billingJob.start();
      advertiserInvoiceJob.start();
    }
    void postbackLogPruner.drain().catch((error: unknown) => app.log.warn({ err: error }, 'postback log not pruned'));
    // The partners' daily digest of changed conversions, after 07:00 Paris (decision 072).
    conversionDigest.start(300_000);
    // The partners' daily count of refused clicks, after the same hour (decision 105).
    refusedDigest.start(300_000);
    // Scheduled payout and revenue changes, checked every minute (decision 098).
    scheduledChanges.start(60_000);
    // The ECB's daily reference rates, shortly after start and daily (decision 111).
    fxRatesJob.start();
  }
  app.addHook('onClose', async () => {
    ctx.metrics.eventLoop.disable();
    if (partitionTimer) clearInterval(partitionTimer);
    // Every acknowledged click is written before the database closes.
    await tracking.buffer.stop();
    // Before the mailer: a round in flight may still queue a notification e-mail (a postback disabled by a 410).
    await postbackWorker.stop();
    await postbackLogPruner.stop();
    await conversionDigest.stop();
    await refusedDigest.stop();
    await scheduledChanges.stop();
    await fxRatesJob.stop();
    await billingJob.stop();
    await advertiserInvoiceJob.stop();
    await ctx.mailer.stop();
    await ctx.sms.stop();
  });
  return app;
}

/**
 * What GET /metrics reads at scrape time (issue 51): each request's duration by route pattern, the click buffer and
 * journal, the pool's connections and waiters, and the partner postback outbox's backlog.
 */
function observeServer(
  app: FastifyInstance,
  metrics: ServerMetrics,
  clicks: () => ClickBufferState,
  database: Database,
): void {
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the path itself (ids would make a series each); an unknown path is one series.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.httpSeconds.observe(
      { method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });
  const { registry } = metrics;
  registry.gauge(
    'portal_click_buffer_clicks',
    'Acknowledged clicks waiting in memory to be written.',
    () => clicks().buffered,
  );
  registry.gauge(
    'portal_click_journal_bytes',
    'Bytes in the click journal (clicks acknowledged, not yet all committed).',
    () => clicks().journalBytes ?? 0,
  );
  registry.gauge(
    'portal_click_buffer_spilled',
    '1 while new clicks wait in the journal only (a long database outage).',
    () => (clicks().spilled ? 1 : 0),
  );
  registry.gauge(
    'portal_click_journal_refused_clicks',
    'Clicks refused since start because memory and the journal were full.',
    () => clicks().refused,
  );
  registry.gauge('portal_database_up', '1 while the click buffer can write to the database.', () =>
    clicks().databaseUp ? 1 : 0,
  );
  const pool = database.poolStats;
  if (pool) {
    registry.gauge(
      'portal_db_pool_connections',
      'Database pool connections by state (idle, busy).',
      () => {
        const stats = pool();
        return [
          { labels: { state: 'idle' }, value: stats.idle },
          { labels: { state: 'busy' }, value: stats.total - stats.idle },
        ];
      },
      ['state'],
    );
    registry.gauge('portal_db_pool_waiting', 'Requests waiting for a free database connection.', () => pool().waiting);
  }
  let outbox: Promise<{ pending: number; oldest: Date | null }> | null = null;
  // One query per scrape for both outbox gauges.
  const outboxSummary = () =>
    (outbox ??= pendingDeliveriesSummary(app.ctx.db).finally(() => setImmediate(() => (outbox = null))));
  registry.gauge(
    'portal_partner_postback_outbox_pending',
    'Partner postback deliveries waiting to be sent.',
    async () => (await outboxSummary()).pending,
  );
  registry.gauge(
    'portal_partner_postback_outbox_age_seconds',
    'Age of the oldest partner postback delivery still waiting (0: none).',
    async () => {
      const { oldest } = await outboxSummary();
      return oldest ? Math.max(0, (app.ctx.now().getTime() - oldest.getTime()) / 1000) : 0;
    },
  );
}

/** The OpenAPI document, built from the contracts' schemas, and its viewer under the API prefix. */
async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  registerAnswerComponents();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        description:
          'Every answer is wrapped as {code, success, message, data, errors, total}; errors are {status, message, data, errors}.',
        version: '1.0.0',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ [SESSION_SCHEME]: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document
        ? finishDocument(documentBinaryUploads(jsonSchemaTransformObject(document)), publicUrl)
        : document.swaggerObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });
}

/** The API's routes, under its prefix. */
async function apiRoutes(api: FastifyInstance, ctx: AppContext, tracking: TrackingEngine): Promise<void> {
  // The API's answers are compressed above 1 KB (JSON, CSV), at a brotli level cheap enough for every request;
  // /click and /postback sit outside this scope and never are (decision 043).
  await api.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await api.register(authRoutes, { ctx });
  await api.register(accountRoutes, { ctx });
  await api.register(documentsRoutes, { ctx });
  await api.register(filesRoutes, { ctx });
  await api.register(registerRoutes, { ctx });
  await api.register(setupRoutes, { ctx });
  await api.register(imagesRoutes, { ctx });
  await api.register(offersRoutes, { ctx, onOfferChange: () => tracking.contexts.clear() });
  await api.register(goalsRoutes, { ctx, onGoalsChange: () => tracking.contexts.clear() });
  await api.register(capsRoutes, { ctx, onCapsChange: () => tracking.contexts.clear() });
  await api.register(creativesRoutes, { ctx, onLandingPagesChange: () => tracking.contexts.clear() });
  await api.register(trafficRoutes, { ctx, onTrafficChange: () => tracking.contexts.clear() });
  await api.register(billingRoutes, { ctx });
  await api.register(advertiserInvoicesRoutes, { ctx });
  await api.register(networkReportsRoutes, { ctx });
  await api.register(fxRatesRoutes, { ctx });
  await api.register(ledgerRoutes, { ctx });
  await api.register(newsRoutes, { ctx });
  await api.register(staffRoutes, { ctx });
  await api.register(staffUsersRoutes, { ctx });
  await api.register(advertisersRoutes, { ctx, tracking });
  await api.register(advertiserPortalRoutes, { ctx, tracking });
  await api.register(auditRoutes, { ctx });
  await api.register(settingsRoutes, { ctx });
  await api.register(networkSettingsRoutes, { ctx, onChange: () => tracking.contexts.clear() });
  await api.register(twoFactorRoutes, { ctx });
  await api.register(notificationsRoutes, { ctx });
  await api.register(apiKeysRoutes, { ctx });
  await api.register(statisticsRoutes, { ctx });
  await api.register(postbacksRoutes, { ctx });
  await api.register(conversionReviewRoutes, { ctx });
  await api.register(conversionChangesRoutes, { ctx });
  await api.register(conversionSearchRoutes, { ctx });
  await api.register(conversionScrubsRoutes, { ctx });
  await api.register(paymentBatchesRoutes, { ctx });
  await api.register(searchRoutes, { ctx });
}

/**
 * The pages of the web build's title shells (apps/web/vite/title-shells.ts): each address of `title-shells.json` with
 * `index-title.html`, its title put in; none when the build has no such files.
 */
function titleShellPages(webDist: string): Map<string, string> {
  const pages = new Map<string, string>();
  const titlesFile = path.join(webDist, 'title-shells.json');
  const pageFile = path.join(webDist, 'index-title.html');
  if (!fs.existsSync(titlesFile) || !fs.existsSync(pageFile)) return pages;
  const page = fs.readFileSync(pageFile, 'utf8');
  // The titles are escaped for HTML by the build.
  const titles = JSON.parse(fs.readFileSync(titlesFile, 'utf8')) as Record<string, string>;
  for (const [address, title] of Object.entries(titles))
    pages.set(
      address,
      page.replace('{{title-shell}}', () => title),
    );
  return pages;
}

/** The built web app, when there is one: its files, and its page at `/`. */
async function serveWebApp(app: FastifyInstance, config: AppConfig): Promise<void> {
  const webAppAvailable = fs.existsSync(path.join(config.webDist, 'index.html'));
  app.decorate('webAppAvailable', webAppAvailable);
  if (webAppAvailable) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: false,
      // The build's .br and .gz copies, by Accept-Encoding, with Vary (decision 043).
      preCompressed: true,
      // Source maps are not published.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Every reader's page names its address's screen files (decision 151's addendum: public, immutable chunks); a
    // signed-in reader's also carries the answers its screen asks first (decision 151).
    const pages = appPages(
      fs.readFileSync(path.join(config.webDist, 'index.html'), 'utf8'),
      readRouteChunks(config.webDist),
    );
    const sendAppPage = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      if (await sendPageWithFirstAnswers(app, request, reply, pages.pageFor(request), config.firstAnswersWaitMs))
        return reply;
      return pages.send(request, reply);
    };
    app.decorate('sendAppPage', sendAppPage);
    app.get('/', { schema: { hide: true } }, sendAppPage);
    // The screens whose largest element is their title get the page that paints it before the app runs (decision 139).
    for (const [address, page] of titleShellPages(config.webDist)) {
      app.get(address, { schema: { hide: true } }, async (request, reply) => {
        if (await sendPageWithFirstAnswers(app, request, reply, page, config.firstAnswersWaitMs)) return reply;
        return reply.header('cache-control', 'no-cache').type('text/html').send(page);
      });
    }
  } else {
    app.decorate('sendAppPage', async (_request: FastifyRequest, reply: FastifyReply) => reply.code(404).send());
    app.log.warn({ webDist: config.webDist }, 'web app not built: only the API is served');
  }
}
