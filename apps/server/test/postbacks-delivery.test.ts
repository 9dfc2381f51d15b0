/**
 * Partner postback delivery (decision 019): the outbox worker against real HTTP receivers on
 * 127.0.0.1 (POSTBACK_ALLOW_LOOPBACK on for these tests; the guard itself is postbacks-ssrf.test.ts), with the app
 * clock moved by hand.
 */
import http from 'node:http';
import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POSTBACK_DELIVERY_HEADER,
  POSTBACK_MAX_ATTEMPTS,
  POSTBACK_RESPONSE_SNIPPET_BYTES,
  POSTBACK_RETRY_CAP_MS,
  POSTBACK_SIGNATURE_HEADER,
  POSTBACK_TIMESTAMP_HEADER,
  PRODUCT_NAME,
} from '@portal/contracts';
import { notifications, postbackAttempts, postbackDeliveries, postbacks } from '../src/db/schema.js';
import { verifyPostbackSignature } from '../src/modules/postbacks/delivery/signature.js';
import {
  attemptDelivery,
  PostbackWorker,
  retryDelayMs,
  type PostbackWorkerOptions,
} from '../src/modules/postbacks/delivery/worker.js';
import { postbackSecretOf, rotatePostbackSecret } from '../src/modules/postbacks/postback-secrets.js';
import { buildTestApp, createPartner, databaseKind, testClock, type TestApp } from './helper.js';

let t: TestApp;
const clock = testClock(new Date('2026-06-01T10:00:00Z'));
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, postbackAllowLoopback: true });
});
afterAll(async () => t?.close());

type Received = {
  deliveryId: string;
  timestamp: string;
  signature: string;
  url: string;
  userAgent: string;
  /** The app clock when the request arrived. */
  at: number;
};

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, index: number) => void;

/** A postback receiver on 127.0.0.1 recording every request; `handler` answers the nth one. */
async function receiver(handler: Handler) {
  const requests: Received[] = [];
  const server = http.createServer((req, res) => {
    const header = (name: string) => String(req.headers[name.toLowerCase()] ?? '');
    requests.push({
      deliveryId: header(POSTBACK_DELIVERY_HEADER),
      timestamp: header(POSTBACK_TIMESTAMP_HEADER),
      signature: header(POSTBACK_SIGNATURE_HEADER),
      url: `http://${req.headers.host}${req.url}`,
      userAgent: header('user-agent'),
      at: clock.now().getTime(),
    });
    handler(req, res, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    requests,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const answer = (status: number, body = '', headers: Record<string, string> = {}) =>
  ((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(body);
  }) satisfies Handler;

let conversionSequence = 0;

async function partnerWithPostback(url = 'https://tracker.example.com/pb?cid={click_id}', name: string | null = null) {
  const { partnerId } = await createPartner(t);
  const [row] = await t.database.db.insert(postbacks).values({ partnerId, url, name }).returning();
  return { partnerId, postbackId: row!.id };
}

async function delivery(
  owner: { partnerId: number; postbackId: number },
  url: string,
  extra: Partial<typeof postbackDeliveries.$inferInsert> = {},
) {
  conversionSequence += 1;
  const [row] = await t.database.db
    .insert(postbackDeliveries)
    .values({
      postbackId: owner.postbackId,
      partnerId: owner.partnerId,
      conversionId: 500_000 + conversionSequence,
      conversionStatus: 'approved',
      url,
      nextAttemptAt: clock.now(),
      ...extra,
    })
    .returning();
  return row!;
}

async function deliveryRow(id: number) {
  const [row] = await t.database.db.select().from(postbackDeliveries).where(eq(postbackDeliveries.id, id));
  return row!;
}

async function attemptsOf(id: number) {
  return t.database.db
    .select()
    .from(postbackAttempts)
    .where(eq(postbackAttempts.deliveryId, id))
    .orderBy(postbackAttempts.id);
}

const workerOn = (app: TestApp, extra: Partial<PostbackWorkerOptions> = {}) =>
  new PostbackWorker(app.app.ctx, {
    logger: app.app.log,
    allowLoopback: true,
    timeoutMs: 3000,
    random: () => 0.5,
    ...extra,
  });

describe(`postback delivery (${databaseKind})`, () => {
  it('retries 500s with the same delivery id and growing delays, sends nothing early, then succeeds', async () => {
    const rx = await receiver((req, res, index) => answer(index < 3 ? 500 : 200, index < 3 ? 'busy' : 'OK')(req, res));
    try {
      const owner = await partnerWithPostback();
      const row = await delivery(owner, rx.url('/pb?cid=abc'));
      const worker = workerOn(t);
      const delays: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        expect(await worker.drain()).toBe(1);
        expect(rx.requests).toHaveLength(round + 1);
        const after = await deliveryRow(row.id);
        expect(after).toMatchObject({ status: 'pending', attempts: round + 1, lastHttpStatus: 500, lockedUntil: null });
        const delay = after.nextAttemptAt.getTime() - clock.now().getTime();
        delays.push(delay);
        // One second before it is due: nothing is sent.
        clock.advance(delay - 1000);
        expect(await worker.drain()).toBe(0);
        expect(rx.requests).toHaveLength(round + 1);
        clock.advance(1000);
      }
      expect(delays).toEqual([60_000, 120_000, 240_000]);
      expect(await worker.drain()).toBe(1);
      expect(rx.requests).toHaveLength(4);
      expect(new Set(rx.requests.map((r) => r.deliveryId))).toEqual(new Set([row.deliveryId]));
      expect(await deliveryRow(row.id)).toMatchObject({ status: 'succeeded', attempts: 4, lastHttpStatus: 200 });
      const attempts = await attemptsOf(row.id);
      expect(attempts.map((a) => [a.httpStatus, a.success, a.deliveryStatus])).toEqual([
        [500, false, 'pending'],
        [500, false, 'pending'],
        [500, false, 'pending'],
        [200, true, 'succeeded'],
      ]);
      expect(attempts[0]!.responseSnippet).toBe('busy');
      // The requests arrived at the scheduled times of the app clock.
      const gaps = rx.requests.slice(1).map((r, i) => r.at - rx.requests[i]!.at);
      expect(gaps).toEqual([60_000, 120_000, 240_000]);
      const [postback] = await t.database.db.select().from(postbacks).where(eq(postbacks.id, owner.postbackId));
      expect(postback!.count).toBe(4);
      expect(await worker.drain()).toBe(0);
    } finally {
      await rx.close();
    }
  });

  it('signs every request: it verifies with the partner secret, and no longer after a rotation', async () => {
    const rx = await receiver(answer(200));
    try {
      const owner = await partnerWithPostback();
      const row = await delivery(owner, rx.url('/pb?cid=sig&token=abc'));
      await workerOn(t).drain();
      const [request] = rx.requests;
      expect(request).toBeDefined();
      expect(request!.timestamp).toBe(String(Math.floor(clock.now().getTime() / 1000)));
      expect(request!.userAgent).toContain(PRODUCT_NAME);
      const signed = { ...request!, deliveryId: row.deliveryId };
      const { secret } = await postbackSecretOf(t.database.db, owner.partnerId);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(verifyPostbackSignature(secret, signed, { now: clock.now() })).toBe(true);
      // Any change to what was signed, another partner's secret, or a stale timestamp fails.
      expect(verifyPostbackSignature(secret, { ...signed, url: `${signed.url}&x=1` }, { now: clock.now() })).toBe(
        false,
      );
      expect(
        verifyPostbackSignature(secret, { ...signed, deliveryId: crypto.randomUUID() }, { now: clock.now() }),
      ).toBe(false);
      const other = await postbackSecretOf(t.database.db, (await createPartner(t)).partnerId);
      expect(other.secret).not.toBe(secret);
      expect(verifyPostbackSignature(other.secret, signed, { now: clock.now() })).toBe(false);
      expect(verifyPostbackSignature(secret, signed, { now: new Date(clock.now().getTime() + 3_600_000) })).toBe(false);

      const rotated = await rotatePostbackSecret(t.database.db, owner.partnerId, clock.now());
      expect(rotated.secret).not.toBe(secret);
      expect(rotated.rotatedAt.getTime()).toBe(clock.now().getTime());
      expect(await postbackSecretOf(t.database.db, owner.partnerId)).toEqual(rotated);
      expect(verifyPostbackSignature(rotated.secret, signed, { now: clock.now() })).toBe(false);

      // A delivery sent after the rotation is signed with the new secret.
      const next = await delivery(owner, rx.url('/pb?cid=sig2'));
      await workerOn(t).drain();
      const second = rx.requests[1]!;
      expect(second.deliveryId).toBe(next.deliveryId);
      expect(verifyPostbackSignature(rotated.secret, second, { now: clock.now() })).toBe(true);
      expect(verifyPostbackSignature(secret, second, { now: clock.now() })).toBe(false);
    } finally {
      await rx.close();
    }
  });

  it('410 fails the delivery, disables the postback and notifies its partner; its other deliveries wait', async () => {
    const rx = await receiver(answer(410, 'gone'));
    try {
      const owner = await partnerWithPostback('https://tracker.example.com/pb?cid={click_id}', 'Main tracker');
      const first = await delivery(owner, rx.url('/pb?cid=1'));
      await workerOn(t, { batchSize: 1 }).drain();
      expect(rx.requests).toHaveLength(1);
      expect(await deliveryRow(first.id)).toMatchObject({ status: 'failed', attempts: 1, lastHttpStatus: 410 });
      const [postback] = await t.database.db.select().from(postbacks).where(eq(postbacks.id, owner.postbackId));
      expect(postback).toMatchObject({ enabled: false, disabledReason: 'gone', count: 1 });
      const notified = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.partnerId, owner.partnerId), eq(notifications.kind, 'postback_disabled')));
      expect(notified).toHaveLength(1);
      expect(notified[0]!.title).toContain('Main tracker');
      expect(notified[0]!.link).toBe('/tools/postbacks');

      // Another conversion's delivery for the disabled postback is not sent; it resumes if the partner enables it.
      const second = await delivery(owner, rx.url('/pb?cid=2'));
      expect(await workerOn(t).drain()).toBe(0);
      expect(rx.requests).toHaveLength(1);
      expect(await deliveryRow(second.id)).toMatchObject({ status: 'pending', attempts: 0 });
      await t.database.db
        .update(postbacks)
        .set({ enabled: true, disabledReason: null })
        .where(eq(postbacks.id, owner.postbackId));
      expect(await workerOn(t).drain()).toBe(1);
      expect(rx.requests.map((r) => r.deliveryId)).toEqual([first.deliveryId, second.deliveryId]);
    } finally {
      await rx.close();
    }
  });

  it('does not follow a redirect, even to an address it could reach', async () => {
    let canaryConnections = 0;
    const canary = net.createServer((socket) => {
      canaryConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    const canaryPort = (canary.address() as net.AddressInfo).port;
    const rx = await receiver(answer(302, '', { location: `http://127.0.0.1:${canaryPort}/admin` }));
    try {
      const owner = await partnerWithPostback();
      const row = await delivery(owner, rx.url('/pb?cid=r'));
      await workerOn(t).drain();
      expect(rx.requests).toHaveLength(1);
      expect(canaryConnections).toBe(0);
      const [attempt] = await attemptsOf(row.id);
      expect(attempt).toMatchObject({ httpStatus: 302, error: 'redirect_not_followed', success: false });
      expect(await deliveryRow(row.id)).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      await rx.close();
      await new Promise((resolve) => canary.close(resolve));
    }
  });

  it(`gives up after ${POSTBACK_MAX_ATTEMPTS} attempts`, async () => {
    const rx = await receiver(answer(503));
    try {
      const owner = await partnerWithPostback();
      const row = await delivery(owner, rx.url('/pb?cid=never'));
      const worker = workerOn(t, { random: Math.random });
      for (let attempt = 1; attempt <= POSTBACK_MAX_ATTEMPTS + 2; attempt += 1) {
        await worker.drain();
        clock.advance(POSTBACK_RETRY_CAP_MS + 1000);
      }
      expect(rx.requests).toHaveLength(POSTBACK_MAX_ATTEMPTS);
      expect(new Set(rx.requests.map((r) => r.deliveryId)).size).toBe(1);
      expect(await deliveryRow(row.id)).toMatchObject({
        status: 'failed',
        attempts: POSTBACK_MAX_ATTEMPTS,
        lastHttpStatus: 503,
      });
      const attempts = await attemptsOf(row.id);
      expect(attempts).toHaveLength(POSTBACK_MAX_ATTEMPTS);
      expect(attempts.at(-1)!.deliveryStatus).toBe('failed');
      expect(attempts.slice(0, -1).every((a) => a.deliveryStatus === 'pending')).toBe(true);
    } finally {
      await rx.close();
    }
  });

  it('times out a receiver that never answers', async () => {
    const rx = await receiver(() => undefined);
    try {
      const owner = await partnerWithPostback();
      const row = await delivery(owner, rx.url('/pb?cid=slow'));
      const attempt = await attemptDelivery(t.app.ctx, row.id, { allowLoopback: true, timeoutMs: 300 });
      expect(rx.requests).toHaveLength(1);
      expect(attempt).toMatchObject({ httpStatus: null, error: 'timeout', success: false, deliveryStatus: 'pending' });
      expect(attempt.durationMs).toBeGreaterThanOrEqual(280);
      expect(attempt.durationMs).toBeLessThan(3000);
    } finally {
      await rx.close();
    }
  });

  it('logs the masked URL, at most the first bytes of the answer, and the duration', async () => {
    const rx = await receiver(answer(200, 'x'.repeat(100_000)));
    try {
      const owner = await partnerWithPostback();
      const row = await delivery(owner, rx.url('/pb?cid=c1&token=s3cret&api_key=k'));
      await workerOn(t).drain();
      const [attempt] = await attemptsOf(row.id);
      expect(attempt!.url).toBe(rx.url('/pb?cid=c1&token=••••&api_key=••••'));
      expect(attempt!.responseSnippet).toBe('x'.repeat(POSTBACK_RESPONSE_SNIPPET_BYTES));
      expect(attempt!.durationMs).toBeGreaterThanOrEqual(0);
      expect(attempt!.attemptedAt.getTime()).toBe(clock.now().getTime());
      // The receiver got the real URL.
      expect(rx.requests[0]!.url).toBe(rx.url('/pb?cid=c1&token=s3cret&api_key=k'));
    } finally {
      await rx.close();
    }
  });

  it('attempts a delivery by hand: once, 404 unknown, 409 while held; a test delivery is never retried', async () => {
    const rx = await receiver((req, res) => answer(req.url?.includes('gone') ? 410 : 500)(req, res));
    try {
      const owner = await partnerWithPostback();
      const held = await delivery(owner, rx.url('/pb?cid=held'), {
        lockedUntil: new Date(clock.now().getTime() + 5000),
      });
      await expect(attemptDelivery(t.app.ctx, held.id, { allowLoopback: true })).rejects.toMatchObject({ status: 409 });
      await expect(attemptDelivery(t.app.ctx, 987_654_321, { allowLoopback: true })).rejects.toMatchObject({
        status: 404,
      });
      const test = await delivery(owner, rx.url('/pb?cid=gone'), { test: true, conversionId: null });
      const attempt = await t.app.postbackWorker.attempt(test.id);
      expect(attempt).toMatchObject({ httpStatus: 410, success: false, deliveryStatus: 'failed' });
      // A 410 to the Test action's sample values does not disable the postback.
      const [postback] = await t.database.db.select().from(postbacks).where(eq(postbacks.id, owner.postbackId));
      expect(postback).toMatchObject({ enabled: true, disabledReason: null });
      expect(await deliveryRow(test.id)).toMatchObject({ status: 'failed', attempts: 1, lockedUntil: null });
    } finally {
      await rx.close();
    }
  });

  it('several workers on two app instances share the work and never send a delivery twice', async () => {
    const rx = await receiver((req, res) => setTimeout(() => answer(200)(req, res), 10));
    const second = await buildTestApp({ sameDatabaseAs: t, now: clock.now, postbackAllowLoopback: true });
    try {
      const owner = await partnerWithPostback();
      const rows = [];
      for (let i = 0; i < 24; i += 1) rows.push(await delivery(owner, rx.url(`/pb?cid=c${i}`)));
      const workers = [
        workerOn(t, { batchSize: 2 }),
        workerOn(t, { batchSize: 2 }),
        workerOn(second, { batchSize: 2 }),
      ];
      const sent = await Promise.all(workers.map((worker) => worker.drain()));
      expect(sent.reduce((a, b) => a + b, 0)).toBe(24);
      expect(sent.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
      const ids = rx.requests.map((r) => r.deliveryId).sort();
      expect(ids).toEqual(rows.map((r) => r.deliveryId).sort());
      for (const row of rows) expect(await deliveryRow(row.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    } finally {
      await second.close();
      await rx.close();
    }
  });

  it('resumes pending deliveries after a restart, and reclaims a delivery whose sender died', async () => {
    const seen = new Set<string>();
    const rx = await receiver((req, res) => {
      const id = String(req.headers[POSTBACK_DELIVERY_HEADER.toLowerCase()]);
      // The first try of each delivery fails, the next succeeds.
      answer(seen.has(id) ? 200 : 500)(req, res);
      seen.add(id);
    });
    try {
      const owner = await partnerWithPostback();
      const rows = [];
      for (let i = 0; i < 3; i += 1) rows.push(await delivery(owner, rx.url(`/pb?cid=r${i}`)));
      // A first server process sends once, then stops.
      const first = await buildTestApp({ sameDatabaseAs: t, now: clock.now, postbackAllowLoopback: true });
      expect(await first.app.postbackWorker.drain()).toBe(3);
      await first.close();
      for (const row of rows) expect(await deliveryRow(row.id)).toMatchObject({ status: 'pending', attempts: 1 });

      // A new one, started on its timer, picks them up once due.
      clock.advance(2 * 3_600_000);
      const next = workerOn(t);
      next.start(20);
      try {
        for (let wait = 0; wait < 200 && rx.requests.length < 6; wait += 1) {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      } finally {
        await next.stop();
      }
      expect(rx.requests).toHaveLength(6);
      for (const row of rows) expect(await deliveryRow(row.id)).toMatchObject({ status: 'succeeded', attempts: 2 });

      // A delivery claimed by a process that died stays invisible until its lock expires.
      const orphan = await delivery(owner, rx.url('/pb?cid=orphan'), {
        lockedUntil: new Date(clock.now().getTime() + 40_000),
      });
      expect(await workerOn(t).drain()).toBe(0);
      clock.advance(40_000);
      expect(await workerOn(t).drain()).toBe(1);
      expect((await deliveryRow(orphan.id)).attempts).toBe(1);
    } finally {
      await rx.close();
    }
  });
});

describe(`stopping the postback worker (${databaseKind})`, () => {
  it('waits for the batch in flight only, and leaves the backlog pending and unlocked', async () => {
    const rx = await receiver((req, res) => setTimeout(() => answer(200)(req, res), 100));
    try {
      const owner = await partnerWithPostback();
      const rows = [];
      for (let i = 0; i < 5; i += 1) rows.push(await delivery(owner, rx.url(`/pb?cid=s${i}`)));
      const worker = workerOn(t, { batchSize: 1 });
      const draining = worker.drain();
      while (rx.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await worker.stop();
      const sent = await draining;
      expect(sent).toBe(1);
      const states = await Promise.all(rows.map((row) => deliveryRow(row.id)));
      expect(states.filter((row) => row.status === 'succeeded')).toHaveLength(1);
      expect(states.filter((row) => row.status === 'pending' && row.lockedUntil === null)).toHaveLength(4);
      // The next worker (or the same one started again) sends the rest.
      expect(await worker.drain()).toBe(4);
      expect(rx.requests).toHaveLength(5);
    } finally {
      await rx.close();
    }
  });
});

describe('retryDelayMs', () => {
  it('doubles from one minute with ±20 % jitter and never exceeds the cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, () => 0.5))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(1, () => 0)).toBe(48_000);
    expect(retryDelayMs(1, () => 0.999_999)).toBeCloseTo(72_000, -1);
    expect(retryDelayMs(30, () => 0.999_999)).toBe(POSTBACK_RETRY_CAP_MS);
    expect(retryDelayMs(30, () => 0)).toBe(POSTBACK_RETRY_CAP_MS * 0.8);
  });
});
