import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_PREFIX, PRODUCT_NAME } from '@portal/contracts';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { Mailer } from './lib/mailer.js';
import { FileSmsTransport, SmsSender } from './lib/sms.js';
import { loggerOptions } from './lib/logging.js';
import { SECURITY_HEADERS, contentSecurityPolicyFor } from './lib/security-headers.js';
import { warnOnUntrustedForwarding } from './lib/proxy-warning.js';
import { LocalFileStorage, type FileStorage } from './lib/storage.js';
import { accountRoutes } from './modules/account/index.js';
import { advertisersRoutes } from './modules/advertisers/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { apiKeysRoutes } from './modules/api-keys/index.js';
import { accessPlugin } from './modules/access/index.js';
import { authRoutes } from './modules/auth/index.js';
import { documentsRoutes } from './modules/documents/index.js';
import { filesRoutes } from './modules/files/index.js';
import { healthRoutes } from './modules/health/index.js';
import { imagesRoutes } from './modules/images/index.js';
import { newsRoutes } from './modules/news/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { offersRoutes } from './modules/offers/index.js';
import { BillingJob, billingRoutes } from './modules/billing/index.js';
import { capsRoutes } from './modules/caps/index.js';
import { creativesRoutes } from './modules/creatives/index.js';
import { networkReportsRoutes } from './modules/network-reports/index.js';
import { registerRoutes } from './modules/register/index.js';
import { settingsRoutes } from './modules/settings/index.js';
import { setupRoutes } from './modules/setup/index.js';
import { staffRoutes } from './modules/staff/index.js';
import { staffUsersRoutes } from './modules/staff-users/index.js';
import { PostbackWorker, postbacksRoutes } from './modules/postbacks/index.js';
import { statisticsRoutes } from './modules/statistics/index.js';
import {
  clickRoutes,
  dropOldClickPartitions,
  ensureClickPartitions,
  isClickRequest,
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
import { ConversionDigest } from './modules/conversion-digest/index.js';
import { createTracking, type TrackingEngine } from './tracking.js';
import { documentBinaryUploads } from './lib/openapi-uploads.js';
import { twoFactorRoutes } from './modules/two-factor/index.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import type { AppContext } from './context.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    webAppAvailable: boolean;
    /** The click buffer and the tracking caches (decision 015). */
    tracking: TrackingEngine;
    /** The partner postback outbox worker (decision 019). */
    postbackWorker: PostbackWorker;
    /** The daily billing job (decision 070); tests call its `runDue()`. */
    billingJob: BillingJob;
  }
}

export type BuildOptions = {
  config: AppConfig;
  database: Database;
  storage?: FileStorage;
  now?: () => Date;
  /** Start the background workers (the mail sender); tests drive them by hand. */
  workers?: boolean;
  /** How often the click buffer is written (default 100 ms); the shutdown test sets it out of reach. */
  clickFlushIntervalMs?: number;
};

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
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
  };
  app.decorate('ctx', ctx);
  const postbackWorker = new PostbackWorker(ctx, { logger: app.log, allowLoopback: config.postbackAllowLoopback });
  const postbackLogPruner = new PostbackLogPruner(ctx.db, config.postbackLogRetentionDays, ctx.now);
  const conversionDigest = new ConversionDigest(ctx.db, config.publicUrl, ctx.now);
  app.decorate('postbackWorker', postbackWorker);
  const billingJob = new BillingJob(ctx, app.log);
  app.decorate('billingJob', billingJob);

  app.addHook('onSend', async (_request, reply) => {
    const policy = contentSecurityPolicyFor(
      reply.getHeader('content-type'),
      reply.getHeader('content-security-policy'),
    );
    reply.headers({ ...SECURITY_HEADERS, 'content-security-policy': policy });
  });

  warnOnUntrustedForwarding(app, config.trustProxy);

  await app.register(errorsPlugin);
  await app.register(authPlugin, { db: ctx.db, now: ctx.now });
  await app.register(accessPlugin, { db: ctx.db });

  await registerOpenApi(app);

  const tracking = createTracking(ctx, app.log, options.clickFlushIntervalMs);
  await app.register(healthRoutes, { ctx, clicks: () => tracking.buffer.state });
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
    if (config.billingJob) billingJob.start();
    void postbackLogPruner.drain().catch((error: unknown) => app.log.warn({ err: error }, 'postback log not pruned'));
    // The partners' daily digest of changed conversions, after 07:00 Paris (decision 072).
    conversionDigest.start(300_000);
  }
  app.addHook('onClose', async () => {
    if (partitionTimer) clearInterval(partitionTimer);
    // Every acknowledged click is written before the database closes.
    await tracking.buffer.stop();
    // Before the mailer: a round in flight may still queue a notification e-mail (a postback disabled by a 410).
    await postbackWorker.stop();
    await postbackLogPruner.stop();
    await conversionDigest.stop();
    await billingJob.stop();
    await ctx.mailer.stop();
    await ctx.sms.stop();
  });
  return app;
}

/** The OpenAPI document, built from the contracts' schemas, and its viewer under the API prefix. */
async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        description:
          'Every answer is wrapped as {code, success, message, data, errors, total}; errors are {status, message, data, errors}.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document ? documentBinaryUploads(document.openapiObject) : document.swaggerObject,
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
  await api.register(capsRoutes, { ctx, onCapsChange: () => tracking.contexts.clear() });
  await api.register(creativesRoutes, { ctx, onLandingPagesChange: () => tracking.contexts.clear() });
  await api.register(billingRoutes, { ctx });
  await api.register(networkReportsRoutes, { ctx });
  await api.register(newsRoutes, { ctx });
  await api.register(staffRoutes, { ctx });
  await api.register(staffUsersRoutes, { ctx });
  await api.register(advertisersRoutes, { ctx, tracking });
  await api.register(auditRoutes, { ctx });
  await api.register(settingsRoutes, { ctx });
  await api.register(twoFactorRoutes, { ctx });
  await api.register(notificationsRoutes, { ctx });
  await api.register(apiKeysRoutes, { ctx });
  await api.register(statisticsRoutes, { ctx });
  await api.register(postbacksRoutes, { ctx });
  await api.register(conversionReviewRoutes, { ctx });
  await api.register(conversionChangesRoutes, { ctx });
  await api.register(conversionSearchRoutes, { ctx });
  await api.register(conversionScrubsRoutes, { ctx });
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
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html'),
    );
  } else {
    app.log.warn({ webDist: config.webDist }, 'web app not built: only the API is served');
  }
}
