import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /^(token|key|password|expireAt|bearer|code|signature|challenge)$/i;

/** Masks secrets a URL may carry: query values such as ?token= and ?key=, and reset keys in paths. */
export function maskUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const maskedPath = path.replace(/(\/(?:password|setup)\/check-key\/)[^/]+/, '$1[redacted]');
  if (query === undefined) return maskedPath;
  const params = new URLSearchParams(query);
  for (const name of [...params.keys()]) {
    if (SECRET_PARAMS.test(name)) params.set(name, '[redacted]');
  }
  return `${maskedPath}?${params.toString()}`;
}

/**
 * pino options: requests are logged with masked URLs and no headers or bodies, and any
 * field that could carry a secret is censored wherever it appears.
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'currentPassword',
        '*.currentPassword',
        'token',
        '*.token',
        'bearer',
        '*.bearer',
        'key',
        '*.key',
        'iban',
        '*.iban',
        'swift',
        '*.swift',
        'accountHolder',
        '*.accountHolder',
        'routingNumber',
        '*.routingNumber',
        'req.headers.authorization',
        'req.headers.cookie',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: maskUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
