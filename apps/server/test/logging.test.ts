import pino from 'pino';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, maskUrl } from '../src/lib/logging.js';

const SECRETS = {
  password: 'Hunter2-Secret-Password',
  token: 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0',
  key: 'key_0a1b2c3d4e5f60718293a4b5c6d7e8f9',
  iban: 'FR7630006000011234567890189',
  swift: 'BNPAFRPPXXX',
  routingNumber: '021000021',
  accountHolder: 'Jane Secret Holder',
};

/** A pino logger with the server's options, writing into an array. */
function capture() {
  const lines: string[] = [];
  const logger = pino(loggerOptions('info'), { write: (line: string) => void lines.push(line) });
  return { logger, output: () => lines.join('') };
}

function expectNoSecret(output: string) {
  for (const [name, value] of Object.entries(SECRETS)) expect(output, name).not.toContain(value);
}

describe('maskUrl', () => {
  it('masks secret query values and keeps the others', () => {
    const masked = maskUrl(`/login?token=${SECRETS.token}&expireAt=2025-01-01&redirect=%2Foffers`);
    expect(masked).not.toContain(SECRETS.token);
    expect(masked).not.toContain('2025-01-01');
    expect(masked).toContain('redirect=%2Foffers');
    expect(masked.startsWith('/login?')).toBe(true);
  });

  it('masks reset keys in queries and in check-key paths', () => {
    for (const url of [
      `/password-reset?key=${SECRETS.key}`,
      `/api/v1/password/check-key/${SECRETS.key}`,
      `/api/v1/password/check-key/${SECRETS.key}?x=1`,
      `/api/v1/password/check-key/${SECRETS.key}/`,
      `/api/v1/x?KEY=${SECRETS.key}`,
      `/api/v1/x?key=${SECRETS.key}&key=${SECRETS.key}`,
      `/api/v1/x?%6Bey=${SECRETS.key}`,
      `/api/v1/x?password=${SECRETS.password}&bearer=${SECRETS.token}`,
    ]) {
      const masked = maskUrl(url);
      expect(masked, url).not.toContain(SECRETS.key);
      expect(masked, url).not.toContain(SECRETS.password);
      expect(masked, url).not.toContain(SECRETS.token);
    }
    expect(maskUrl(`/api/v1/password/check-key/${SECRETS.key}`)).toBe('/api/v1/password/check-key/[redacted]');
  });

  it('leaves URLs without secrets unchanged', () => {
    expect(maskUrl('/api/v1/offers')).toBe('/api/v1/offers');
    expect(maskUrl('/api/v1/image/12?w=64&h=32&c=1')).toBe('/api/v1/image/12?w=64&h=32&c=1');
  });
});

describe('logger options', () => {
  it('never writes a login password or a bearer token', () => {
    const { logger, output } = capture();
    logger.info({ body: { username: 'jane@example.test', password: SECRETS.password } }, 'login attempt');
    logger.info({ password: SECRETS.password, currentPassword: SECRETS.password }, 'change');
    logger.info({ data: { bearer: SECRETS.token, expireAt: '2025-01-01' } }, 'signed in');
    logger.info({ token: SECRETS.token, key: SECRETS.key }, 'keys');
    logger.info({ reset: { key: SECRETS.key } }, 'reset');
    const out = output();
    expectNoSecret(out);
    expect(out).toContain('jane@example.test');
    expect(out).toContain('[redacted]');
  });

  it('serializes requests without headers or bodies and with masked URLs', () => {
    const { logger, output } = capture();
    const request = {
      method: 'POST',
      url: `/api/v1/password/check-key/${SECRETS.key}?token=${SECRETS.token}`,
      ip: '203.0.113.9',
      headers: { authorization: `Bearer ${SECRETS.token}`, cookie: `session=${SECRETS.token}` },
      body: { password: SECRETS.password, iban: SECRETS.iban },
    } as unknown as FastifyRequest;
    logger.info({ req: request }, 'incoming request');
    const out = output();
    expectNoSecret(out);
    const line = JSON.parse(out.trim().split('\n')[0] ?? '{}') as { req: Record<string, unknown> };
    expect(line.req).toEqual({
      method: 'POST',
      url: expect.stringContaining('/api/v1/password/check-key/[redacted]'),
      remoteAddress: '203.0.113.9',
    });
  });

  it('censors bank details wherever a partner is logged', () => {
    const { logger, output } = capture();
    const bank = {
      iban: SECRETS.iban,
      swift: SECRETS.swift,
      routingNumber: SECRETS.routingNumber,
      accountHolder: SECRETS.accountHolder,
    };
    logger.info(bank, 'flat');
    logger.info({ partner: { id: 7, companyName: 'Acme', ...bank } }, 'nested');
    logger.warn({ changes: bank }, 'payment details updated');
    const out = output();
    expectNoSecret(out);
    expect(out).toContain('Acme');
  });

  it('honours the configured level', () => {
    const lines: string[] = [];
    const logger = pino(loggerOptions('warn'), { write: (line: string) => void lines.push(line) });
    logger.info('hidden');
    logger.warn('shown');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('shown');
  });
});
