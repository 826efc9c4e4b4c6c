import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends in the background; failures are logged, never shown to the requester. */
  queue(mail: Mail): void;
  /** Waits for every queued message (shutdown, tests). */
  flush(): Promise<void>;
  /** Messages waiting to be sent (the mail_queue_depth metric). */
  queueDepth?(): number | Promise<number>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as one .eml
 * file under DATA_DIR/outbox. Only the file name is logged: a link in a
 * message may carry a token, and tokens never go to logs.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function send(mail: Mail): Promise<void> {
    const info = await transport.sendMail({ from: opts.from, ...mail });
    if (!opts.smtpUrl) {
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
      opts.log.info({ file, subject: mail.subject }, 'mail written to outbox');
    } else {
      opts.log.info({ subject: mail.subject }, 'mail sent');
    }
  }

  return {
    queue(mail) {
      const p = send(mail)
        .catch((err: Error) => opts.log.error({ err: err.message, subject: mail.subject }, 'mail failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      await Promise.all([...pending]);
    },
    queueDepth: () => pending.size,
  };
}
