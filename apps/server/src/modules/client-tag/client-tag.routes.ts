import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ApiErrorSchema,
  PIXEL_CONVERSION_DESCRIPTION,
  PIXEL_CONVERSION_PATH,
  PIXEL_DESCRIPTION,
  PIXEL_GIF_PATH,
  PIXEL_HTML_PATH,
  PixelConversionSchema,
  PixelQuerySchema,
  PostbackResultSchema,
  SDK_PATH,
  SDK_VERSION,
  originOf,
  type ClientChannel,
} from '@portal/contracts';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { ClickBuffer, CountryLookup } from '../click/index.js';
import { acceptClientConversion, mergedPostbackFields, offerTagRow, parseCookies } from '../conversions/index.js';
import { sdkScript } from './sdk-file.js';

/** The smallest transparent GIF: 1×1, one colour. */
const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PIXEL_PAGE = '<!doctype html><html><head><meta charset="utf-8"><title>pixel</title></head><body></body></html>';

/** The tag's script: cached by its version, revalidated by its ETag, gzipped when the browser takes it. */
async function serveScript(request: FastifyRequest<{ Querystring: { v?: string } }>, reply: FastifyReply) {
  const script = sdkScript();
  const versioned = request.query.v === SDK_VERSION;
  reply.headers({
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    'cross-origin-resource-policy': 'cross-origin',
    'access-control-allow-origin': '*',
    etag: script.etag,
    vary: 'Accept-Encoding',
  });
  if (request.headers['if-none-match'] === script.etag) return reply.code(304).send();
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    reply.header('content-encoding', 'gzip');
    return reply.send(script.gzip);
  }
  return reply.send(script.plain);
}

/**
 * The advertiser's client-side tracking at the root of the server (decision 085): the tag's script, its conversion
 * endpoint with CORS for the offer's origins only, and the image and iframe pixels. Every conversion goes through the
 * conversions module's front door (acceptClientConversion), which applies /postback's rules.
 */
export const clientTagRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  tracking: { buffer: ClickBuffer; countryOf?: CountryLookup };
}> = async (app, { ctx, tracking }) => {
  // sendBeacon and fetch send the tag's fields as a form (a type that needs no preflight).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const fields = new Map<string, string | string[]>();
    for (const [name, value] of new URLSearchParams(body as string)) {
      const before = fields.get(name);
      fields.set(name, before === undefined ? value : [before, value].flat());
    }
    done(null, Object.fromEntries(fields));
  });

  const engine = {
    db: ctx.db,
    buffer: tracking.buffer,
    screen: ctx.config.conversionRules,
    ...(tracking.countryOf ? { countryOf: tracking.countryOf } : {}),
  };
  const logError = (error: unknown) => app.log.error({ err: error }, 'tag hit not logged');
  const convert = (
    request: FastifyRequest,
    channel: ClientChannel,
    fields: Record<string, unknown>,
    origin: string | null,
  ) =>
    // prettier-ignore
    acceptClientConversion(
      engine,
      { channel, fields, origin, cookies: parseCookies(request.headers.cookie), ip: request.ip },
      ctx.now(),
      logError,
    );

  /** CORS for the tag: the page's origin echoed when the offer allows it, never `*`, so credentials may go along. */
  const allowOrigin = (reply: FastifyReply, origin: string) =>
    reply.headers({
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      vary: 'Origin',
    });

  app.get(
    SDK_PATH,
    {
      schema: {
        operationId: 'clientTagScript',
        tags: ['tracking'],
        security: [],
        summary: 'The advertiser’s conversion tag (a plain ES5 script, no dependency)',
        description: `Pasted on the advertiser's landing and thank-you pages (decision 085). \`?v=${SDK_VERSION}\` is cached for a year; without it, for an hour.`,
        querystring: z.object({ v: z.string().max(16, { error: 'maxLength' }).optional() }),
      },
    },
    serveScript,
  );

  app.options(
    PIXEL_CONVERSION_PATH,
    {
      schema: {
        operationId: 'clientTagConversionPreflight',
        tags: ['tracking'],
        security: [],
        summary: 'CORS preflight of the tag’s conversion: allowed only for the offer’s origins (`?offer_id=`)',
        querystring: PixelQuerySchema.pick({ offer_id: true }),
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const origin = originOf(request.headers.origin);
      const offerId = Number((request.query as Record<string, unknown>).offer_id);
      const offer = Number.isInteger(offerId) && offerId > 0 && offerId <= 2_147_483_647 ? await offerTagRow(ctx.db, offerId) : null; // prettier-ignore
      if (origin && offer?.tagOrigins.includes(origin)) {
        allowOrigin(reply, origin).headers({
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'Content-Type',
          'access-control-max-age': '600',
        });
      }
      return reply.code(204).send();
    },
  );

  app.post(
    PIXEL_CONVERSION_PATH,
    {
      attachValidation: true,
      schema: {
        operationId: 'clientTagConversion',
        tags: ['tracking'],
        security: [],
        summary: 'The tag reports a conversion; the page’s Origin must be one of the offer’s',
        description: PIXEL_CONVERSION_DESCRIPTION,
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        querystring: PixelQuerySchema,
        body: PixelConversionSchema.partial().optional(),
        response: { 200: PostbackResultSchema, 400: ApiErrorSchema, 403: ApiErrorSchema, 503: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const origin = originOf(request.headers.origin);
      const fields = mergedPostbackFields(request.query, request.body);
      try {
        const result = await convert(request, 'tag', fields, origin);
        if (origin) allowOrigin(reply, origin);
        return result;
      } catch (error) {
        // The page may read why its data was refused; a refused origin reads nothing.
        if (origin && error instanceof AppError && error.status === 400) allowOrigin(reply, origin);
        throw error;
      }
    },
  );

  /** A pixel answers itself whatever became of it: 200 recorded, else the refusal's status (nothing to read). */
  const pixel = (channel: 'image' | 'iframe') => async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = originOf(request.headers.referer);
    let status = 200;
    try {
      await convert(request, channel, { ...(request.query as Record<string, unknown>) }, origin);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      status = error.status;
    }
    reply.code(status).headers({ 'cache-control': 'no-store', 'cross-origin-resource-policy': 'cross-origin' });
    if (channel === 'image') return reply.type('image/gif').send(PIXEL_GIF);
    // An empty page: framed by the advertiser's thank-you page, with nothing in it to click (decision 085).
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; frame-ancestors *")
      .send(PIXEL_PAGE);
  };

  const pixelSchema = (operationId: string, summary: string) => ({
    // A HEAD (a link checker, a prefetch) must record nothing: no implicit HEAD route.
    exposeHeadRoute: false,
    attachValidation: true,
    schema: { operationId, tags: ['tracking'], security: [], summary, description: PIXEL_DESCRIPTION, querystring: PixelQuerySchema }, // prettier-ignore
  });

  app.get(PIXEL_GIF_PATH, pixelSchema('clientTagImagePixel', 'The image pixel: a 1×1 GIF that reports a conversion'), pixel('image')); // prettier-ignore
  app.get(
    PIXEL_HTML_PATH,
    {
      ...pixelSchema('clientTagIframePixel', 'The iframe pixel: an empty page that reports a conversion'),
      // The page is framed by the advertiser's: its own frame-ancestors, and no X-Frame-Options to contradict it.
      onSend: async (_request, reply) => {
        reply.removeHeader('x-frame-options');
      },
    },
    pixel('iframe'),
  );

  pixelHeads(app);
};

/** HEAD answers where GET does (decision 076) and records nothing: a link checker or a prefetch sees the pixel is there. */
function pixelHeads(app: FastifyInstance) {
  for (const [path, type, operationId] of [
    [PIXEL_GIF_PATH, 'image/gif', 'clientTagImagePixelHead'],
    [PIXEL_HTML_PATH, 'text/html; charset=utf-8', 'clientTagIframePixelHead'],
  ] as const) {
    app.head(
      path,
      {
        schema: {
          operationId,
          tags: ['tracking'],
          security: [],
          summary: 'The pixel answers; nothing is recorded',
          description:
            'For link checkers and prefetches: 200 and no body, whatever the query; no conversion is recorded.',
        },
      },
      async (_request, reply) => reply.code(200).headers({ 'cache-control': 'no-store' }).type(type).send(),
    );
  }
}
