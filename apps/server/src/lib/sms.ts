import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { OutboxWorker, claimDueMessages } from './outbox-worker.js';
import type { Db, DbOrTx } from '../db/client.js';
import { insertSms, markSmsFailed, markSmsSent } from './outbox.repository.js';

export type SmsMessage = {
  /** E.164 ('+33612345678'). */
  to: string;
  text: string;
  /** Names the kind of message ('two-factor-enrol', 'two-factor-login') for logs. */
  kind: string;
};

/** Delivers one text message; an SMS gateway implements this the way the file transport does. */
export type SmsTransport = {
  send(message: SmsMessage & { id: number }): Promise<{ file?: string }>;
};

/** The embedded default: each message becomes `DATA_DIR/outbox/<timestamp>-<id>.sms.txt`. */
export class FileSmsTransport implements SmsTransport {
  constructor(private readonly outboxDir: string) {}

  async send(message: SmsMessage & { id: number }): Promise<{ file: string }> {
    await fs.mkdir(this.outboxDir, { recursive: true });
    const file = path.join(this.outboxDir, `${Date.now()}-${message.id}.sms.txt`);
    await fs.writeFile(file, `To: ${message.to}\nKind: ${message.kind}\n\n${message.text}\n`, { mode: 0o600 });
    return { file };
  }
}

/** Writes a message in the caller's transaction: a rolled-back request sends nothing. */
export async function enqueueSms(tx: DbOrTx, message: SmsMessage): Promise<void> {
  await insertSms(tx, { to: message.to, text: message.text, kind: message.kind });
}

const MAX_ATTEMPTS = 6;
const BATCH = 10;
const LEASE_SECONDS = 120;

/**
 * The SMS worker, the twin of the mailer: it claims due rows of `sms_outbox` (SKIP LOCKED, so
 * several processes can run it) and hands them to the transport. A one-time code is useless
 * after ten minutes, so failed messages retry quickly and give up early.
 */
export class SmsSender extends OutboxWorker {
  constructor(
    private readonly db: Db,
    private readonly transport: SmsTransport,
    private readonly logger: FastifyBaseLogger,
  ) {
    super();
  }

  enqueue(tx: DbOrTx, message: SmsMessage): Promise<void> {
    return enqueueSms(tx, message);
  }

  protected async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return sent;
      for (const row of claimed) {
        try {
          const { file } = await this.transport.send({ id: row.id, to: row.to, text: row.text, kind: row.kind });
          // The text carries a one-time code: it is not kept once the message has left.
          await markSmsSent(this.db, row.id, new Date());
          // Never log the text (the code) nor the whole number.
          this.logger.info({ smsId: row.id, kind: row.kind, file }, 'sms sent');
          sent += 1;
        } catch (error) {
          await markSmsFailed(
            this.db,
            row.id,
            String((error as Error).message ?? error).slice(0, 500),
            row.attempts >= MAX_ATTEMPTS
              ? new Date('9999-12-31T00:00:00Z')
              : new Date(Date.now() + 5000 * 2 ** (row.attempts - 1)),
          );
          this.logger.warn({ smsId: row.id, kind: row.kind, attempts: row.attempts, err: error }, 'sms not sent');
        }
      }
    }
  }

  private claim() {
    return claimDueMessages(this.db, 'sms', { batch: BATCH, leaseSeconds: LEASE_SECONDS });
  }
}
