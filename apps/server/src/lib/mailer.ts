import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { OutboxWorker, claimDueMessages } from './outbox-worker.js';
import type { Db, DbOrTx } from '../db/client.js';
import { insertMail, markMailFailed, markMailSent } from './outbox.repository.js';

export type MailMessage = {
  to: string;
  subject: string;
  /**
   * The body's lines, each stripped of control characters and line breaks (a value placed in a line cannot add lines
   * to the mail), joined with line breaks. A single string keeps its own line breaks and loses every other control
   * character: prefer lines whenever the text holds a value that came from a user.
   */
  text: string | readonly string[];
  html?: string;
  kind: string;
};

/** C0 and C1 controls (line breaks, tab, escape, NUL…), the Unicode line and paragraph separators, bidi overrides. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;

/** A value fit for one line of a mail or for its subject: every control character removed (decision 029). */
export const mailLine = (value: string) => value.replace(CONTROL_CHARACTERS, '');

/**
 * The outbox row of a message: the one place every mail passes before it is stored (Mailer.enqueue, notifyPartner),
 * so none carries a caller's control characters or line breaks in its subject, recipient or lines.
 */
export function outboxRow(message: MailMessage) {
  const lines = typeof message.text === 'string' ? message.text.split(/\r\n|\r|\n/) : message.text;
  return {
    to: mailLine(message.to),
    subject: mailLine(message.subject),
    text: lines.map(mailLine).join('\n'),
    html: message.html ?? null,
    kind: message.kind,
  };
}

export type MailerOptions = {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
};

const MAX_ATTEMPTS = 8;
const BATCH = 10;
/** A claimed message is invisible to other workers this long, so a crash mid-send retries later. */
const LEASE_SECONDS = 120;

/**
 * Mail goes through an outbox table: it is written in the same transaction as what caused it,
 * so a rolled-back request sends nothing and a crash after commit still sends. A worker sends
 * due rows: by SMTP with SMTP_URL, otherwise as `.eml` files in DATA_DIR/outbox.
 */
export class Mailer extends OutboxWorker {
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    private readonly options: MailerOptions,
  ) {
    super();
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  get usesFiles(): boolean {
    return !this.options.smtpUrl;
  }

  async enqueue(tx: DbOrTx, message: MailMessage): Promise<void> {
    await insertMail(tx, outboxRow(message));
  }

  protected async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return sent;
      for (const row of claimed) {
        try {
          const info = await this.transport.sendMail({
            from: this.options.from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            ...(row.html ? { html: row.html } : {}),
          });
          let file: string | undefined;
          if (this.usesFiles) {
            await fs.mkdir(this.options.outboxDir, { recursive: true });
            file = path.join(this.options.outboxDir, `${Date.now()}-${row.id}-${row.kind}.eml`);
            await fs.writeFile(file, info.message as Buffer);
          }
          // The body may hold a one-time link: it is not kept once the message has left.
          await markMailSent(this.db, row.id, new Date());
          this.options.logger.info({ mailId: row.id, kind: row.kind, subject: row.subject, file }, 'mail sent');
          sent += 1;
        } catch (error) {
          const attempts = row.attempts;
          const delaySeconds = Math.min(3600, 30 * 2 ** (attempts - 1));
          await markMailFailed(
            this.db,
            row.id,
            String((error as Error).message ?? error).slice(0, 500),
            attempts >= MAX_ATTEMPTS ? new Date('9999-12-31T00:00:00Z') : new Date(Date.now() + delaySeconds * 1000),
          );
          this.options.logger.warn({ mailId: row.id, kind: row.kind, attempts, err: error }, 'mail not sent');
        }
      }
    }
  }

  private claim() {
    return claimDueMessages(this.db, 'mail', { batch: BATCH, leaseSeconds: LEASE_SECONDS });
  }
}
