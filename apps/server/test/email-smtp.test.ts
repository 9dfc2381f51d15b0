import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { authEndpoints } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema.js';
import { buildTestApp, callEndpoint, createPartner, okBody, resetKeyFrom, type TestApp } from './helper.js';

type Received = { from: string; to: string[]; raw: string };

/** An SMTP server on 127.0.0.1 that keeps every message it receives. */
function startSmtp(
  port = 0,
): Promise<{ server: SMTPServer; port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address() as AddressInfo;
      resolve({
        server,
        port: address.port,
        received,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('mail over SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close().catch(() => undefined);
  });

  const lost = (email: string) => callEndpoint(t.app, authEndpoints.passwordLost, { body: { email } }, null);

  it('delivers the password reset mail with its link', async () => {
    const p = await createPartner(t);
    expect((await lost(p.email)).status).toBe(200);
    await t.app.ctx.mailer.drain();

    const mails = smtp.received.filter((m) => m.to.includes(p.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe('no-reply@portal.localhost');
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toMatch(/^Subject: Reset your password$/m);
    expect(text).toMatch(new RegExp(`^To: ${p.email.replace(/[.]/g, '\\.')}$`, 'm'));
    expect(text).toContain(`${t.config.publicUrl}/password-reset?key=`);
    const key = resetKeyFrom(text);
    const check = await callEndpoint(t.app, authEndpoints.checkResetKey, { params: { key } }, null);
    expect(okBody(check).data.valid).toBe(true);

    // Sent: marked so, and the one-time link is no longer kept in the outbox.
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, p.email));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.text).toBe('');
    expect(row?.lastError).toBeNull();
    expect(t.app.ctx.mailer.usesFiles).toBe(false);
  });

  // Stops the SMTP server then starts one again on the same port: keep last.
  it('keeps a message unsent for retry when the server is down, and sends it later', async () => {
    await smtp.close();
    const p = await createPartner(t);
    expect((await lost(p.email)).status).toBe(200);
    await t.app.ctx.mailer.drain();

    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, p.email));
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBeGreaterThanOrEqual(1);
    expect(row?.lastError).toBeTruthy();
    expect(row?.text).toContain('/password-reset?key=');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(smtp.received.some((m) => m.to.includes(p.email))).toBe(false);

    // Another drain before the retry time does nothing.
    expect(await t.app.ctx.mailer.drain()).toBe(0);

    // The server is back and the retry is due: the message leaves.
    smtp = await startSmtp(smtp.port);
    await t.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, row!.id));
    expect(await t.app.ctx.mailer.drain()).toBe(1);
    expect(smtp.received.filter((m) => m.to.includes(p.email))).toHaveLength(1);
    const [after] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(after?.sentAt).toBeInstanceOf(Date);
    expect(after?.attempts).toBe(2);
  });
});
