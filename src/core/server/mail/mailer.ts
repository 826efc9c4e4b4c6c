import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { createOutbox } from './outbox';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Stores the message for sending (in `tx` when given, so it goes only if
   * the transaction commits); sending happens in the background, failures
   * are retried and logged, never shown to the requester.
   */
  queue(mail: Mail, tx?: Db): Promise<void>;
  /** Sends every message that is due now (tests, before shutdown). */
  flush(): Promise<void>;
  /** Starts delivering (once the database is migrated). */
  start(): void;
  /** Stops delivering; waits for the message being sent. Unsent ones stay stored for the next start. */
  stop(): Promise<void>;
  /** Messages waiting to be sent (the mail_queue_depth metric). */
  queueDepth?(): number | Promise<number>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  db: () => Db;
  retrySeconds: number;
  maxAttempts: number;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as one .eml
 * file under DATA_DIR/outbox. Either way a message is first a row of the
 * database's outbox (outbox.ts). Only the file name is logged: a link in a
 * message may carry a token, and tokens never go to logs.
 */
export function createMailer(opts: MailerOptions): Mailer {
  const outboxDir = path.join(opts.dataDir, 'outbox');
  // nodemailer (about 15 MB resident) loads with the first message to send, not at start.
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      opts.smtpUrl
        ? // Short timeouts: a claimed message is this process's only for a while (outbox.ts LEASE_SECONDS).
          nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));

  async function deliver(mail: Mail): Promise<void> {
    const info = await (await transportOf()).sendMail({ from: opts.from, ...mail });
    if (!opts.smtpUrl) {
      mkdirSync(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
      opts.log.info({ file, subject: mail.subject }, 'mail written to outbox');
    }
  }

  return createOutbox({ db: opts.db, deliver, log: opts.log, retrySeconds: opts.retrySeconds, maxAttempts: opts.maxAttempts });
}
