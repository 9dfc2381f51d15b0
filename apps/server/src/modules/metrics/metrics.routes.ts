import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { PROMETHEUS_CONTENT_TYPE, type MetricsRegistry } from '../../lib/metrics.js';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics in the Prometheus text format (issue 51), for an operator's scraper only: it asks for the bearer token
 * METRICS_TOKEN and is not there at all without one (404, like any unknown path). Not part of the API's document.
 */
export const metricsRoutes: FastifyPluginAsync<{ token: string | undefined; registry: MetricsRegistry }> = async (
  app,
  { token, registry },
) => {
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!given || !sameToken(given, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ status: 401, message: 'A valid metrics token is required.', data: null, errors: null });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(PROMETHEUS_CONTENT_TYPE)
      .send(await registry.render());
  });
};
