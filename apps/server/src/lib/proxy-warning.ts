import type { FastifyInstance } from 'fastify';

/**
 * Behind a reverse proxy without TRUST_PROXY, every client has the proxy's address: they share
 * one per-IP sign-in limit, and the proxy's clients lock each other out. The headers tell: the
 * first request carrying X-Forwarded-For while TRUST_PROXY is off logs one warning (decision 030).
 */
export function warnOnUntrustedForwarding(app: FastifyInstance, trustProxy: boolean): void {
  if (trustProxy) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    app.log.warn(
      { ip: request.ip },
      'requests carry X-Forwarded-For but TRUST_PROXY is off: behind a reverse proxy every client shares the proxy address and its sign-in limit; set TRUST_PROXY=true if the proxy is yours',
    );
  });
}
