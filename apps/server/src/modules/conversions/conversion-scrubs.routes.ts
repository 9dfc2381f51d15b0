import fastifyMultipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversionScrubsEndpoints, SCRUB_MAX_BYTES } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { staffScopeOf } from '../access/index.js';
import { auditActorOf } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import { applyScrub, dismissScrub, getScrub, scrubAdvertisers, scrubList, uploadScrub } from './conversion-scrubs.js';

/** Those who change conversions change them by scrub file too (decision 069). */
const WRITERS = ['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER', 'ROLE_FINANCE'] as const;

/**
 * The file as base64 (4/3 of its size) plus room for the other fields: a larger body is refused by Fastify with 413
 * before it is read; a larger decoded file by the parser, 413 too.
 */
const SCRUB_BODY_LIMIT = Math.ceil((SCRUB_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Advertisers' scrub files: upload and preview, apply once, list, show (decision 069). */
export const conversionScrubsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guard = app.requireStaff([...WRITERS]);

  // The upload also takes multipart/form-data (`advertiserId`, `note`, and the CSV as `file`), as a scrub file is
  // usually sent (`curl -F file=@scrub.csv`): in this plugin's scope only, read into the same body as the JSON one, a
  // file above 5 MB refused with 413 as it streams (decision 069).
  await app.register(fastifyMultipart, {
    attachFieldsToBody: true,
    limits: { fileSize: SCRUB_MAX_BYTES, files: 1, fields: 4, parts: 5 },
    async onFile(part: MultipartFile) {
      const bytes = await part.toBuffer();
      (part as unknown as { value: unknown }).value = {
        filename: part.filename,
        data: `data:${part.mimetype || 'text/csv'};base64,${bytes.toString('base64')}`,
      };
    },
  });

  app.route({
    ...routeOf(conversionScrubsEndpoints.upload),
    onRequest: guard,
    bodyLimit: SCRUB_BODY_LIMIT,
    // A multipart body's parts, each `{ value }`, become the fields the contract's schema validates.
    preValidation: async (request) => {
      if (!request.isMultipart()) return;
      const parts = (request.body ?? {}) as unknown as Record<string, MultipartValue | MultipartFile>;
      request.body = Object.fromEntries(
        Object.entries(parts).map(([name, part]) => [name, (part as { value?: unknown }).value]),
      ) as typeof request.body;
    },
    handler: async (request) =>
      ok(await uploadScrub(ctx.db, request.body, staffScopeOf(request), auditActorOf(request), ctx.now())),
  });

  app.route({
    ...routeOf(conversionScrubsEndpoints.apply),
    onRequest: guard,
    handler: async (request) => {
      const done = await applyScrub(ctx.db, request.params.id, staffScopeOf(request), auditActorOf(request), ctx.now());
      return ok(done, {
        message: done.alreadyApplied ? 'This scrub file was already applied: nothing changed.' : null,
      });
    },
  });

  app.route({
    ...routeOf(conversionScrubsEndpoints.dismiss),
    onRequest: guard,
    handler: async (request) =>
      ok(await dismissScrub(ctx.db, request.params.id, staffScopeOf(request), auditActorOf(request), ctx.now()), {
        message: 'The scrub file was dismissed.',
      }),
  });

  app.route({
    ...routeOf(conversionScrubsEndpoints.list),
    onRequest: guard,
    handler: async (request) => {
      const { items, total } = await scrubList(ctx.db, staffScopeOf(request), request.query);
      return ok(items, { total });
    },
  });

  app.route({
    ...routeOf(conversionScrubsEndpoints.advertisers),
    onRequest: guard,
    handler: async () => ok(await scrubAdvertisers(ctx.db)),
  });

  app.route({
    ...routeOf(conversionScrubsEndpoints.get),
    onRequest: guard,
    handler: async (request) => ok(await getScrub(ctx.db, request.params.id, staffScopeOf(request))),
  });
};
