import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { mailOutbox } from '../db/system-tables';
import type { Mail, Mailer } from './mailer';
import { createPoller } from '../ops/poller';

/** How long a claimed message is someone's to send: longer than any SMTP exchange (the transport's timeouts). */
const LEASE_SECONDS = 300;
/** Messages one pass claims at a time. */
const BATCH = 10;
/** The longest wait between two attempts. */
const MAX_BACKOFF_SECONDS = 3600;

export interface OutboxOptions {
  db: () => Db;
  /** Hands one message to SMTP (or the outbox folder); throws when it did not go. */
  deliver(mail: Mail): Promise<void>;
  log: FastifyBaseLogger;
  /** First retry after this many seconds, doubling each time. */
  retrySeconds: number;
  /** Attempts before a message is given up (and logged as failed). */
  maxAttempts: number;
}

interface Claimed {
  id: string;
  recipient: string;
  subject: string;
  body: string | null;
  html: string | null;
  attempts: number;
}

/**
 * SMTP's answer without anything a message carried: servers may quote the
 * rejected data, and a message may hold a reset or invite link.
 */
function reasonOf(err: unknown): string {
  const e = err as { response?: string; message?: string; code?: string };
  const text = String(e.response ?? e.message ?? e.code ?? err);
  return text
    .replace(/\bhttps?:\/\/\S+/g, '[link]')
    .replace(/\s+/g, ' ')
    .slice(0, 300);
}

/** Claims up to BATCH due messages for LEASE_SECONDS, skipping those another process holds; counts the attempt. */
async function claimDue(db: Db): Promise<Claimed[]> {
  const res = await db.execute(sql`
    UPDATE ${mailOutbox}
       SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM ${mailOutbox}
        WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until <= now())
        ORDER BY next_attempt_at
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
    RETURNING id, recipient, subject, body, html, attempts`);
  return rowsOf<Claimed>(res);
}

/** Hands a claimed message to `deliver`: resolves to why it did not go, or undefined when it did. */
async function attempt(opts: OutboxOptions, m: Claimed): Promise<unknown> {
  try {
    await opts.deliver({ to: m.recipient, subject: m.subject, text: m.body ?? '', ...(m.html ? { html: m.html } : {}) });
    return undefined;
  } catch (err) {
    return err ?? new Error('unknown error');
  }
}

/** Records how an attempt went: sent (deleted), given up after the last attempt, or due again after a backoff. */
async function settle(opts: OutboxOptions, m: Claimed, err: unknown): Promise<void> {
  const db = opts.db();
  if (err === undefined) {
    await db.execute(sql`DELETE FROM ${mailOutbox} WHERE id = ${m.id}`);
    opts.log.info({ subject: m.subject }, 'mail sent');
    return;
  }
  const reason = reasonOf(err);
  if (m.attempts >= opts.maxAttempts) {
    await db.execute(sql`
      UPDATE ${mailOutbox} SET status = 'failed', body = NULL, html = NULL, last_error = ${reason}, locked_until = NULL
       WHERE id = ${m.id}`);
    opts.log.error({ to: m.recipient, subject: m.subject, attempts: m.attempts, reason }, 'mail failed; giving up');
    return;
  }
  const wait = Math.min(opts.retrySeconds * 2 ** (m.attempts - 1), MAX_BACKOFF_SECONDS);
  await db.execute(sql`
    UPDATE ${mailOutbox}
       SET next_attempt_at = now() + make_interval(secs => ${wait}), last_error = ${reason}, locked_until = NULL
     WHERE id = ${m.id}`);
  opts.log.warn({ to: m.recipient, subject: m.subject, attempt: m.attempts, retryInSeconds: wait, reason }, 'mail failed; will retry');
}

/**
 * Mail as jobs in the database (`mail_outbox`): `queue` stores the message
 * before the request answers, so nothing is lost when the process stops.
 * Every process delivers due messages, claiming them with FOR UPDATE SKIP
 * LOCKED and a lease, so two replicas never send the same one; a failure is
 * retried with exponential backoff, and after the last attempt the message is
 * logged as failed (recipient and reason) and its text dropped. Sent messages
 * are deleted: their links carry tokens.
 */
export function createOutbox(opts: OutboxOptions): Mailer {
  const delivery = createPoller({
    // Retries come due and other replicas' messages wait: look regularly.
    pollMs: Math.min(5000, opts.retrySeconds * 1000),
    async step() {
      const batch = await claimDue(opts.db());
      for (const m of batch) await settle(opts, m, await attempt(opts, m));
      return batch.length === BATCH;
    },
    log: opts.log,
    // The database is away: the messages wait in it.
    unreachable: 'mail outbox not reachable; will try again',
    reasonOf,
  });

  return {
    async queue(mail, tx) {
      await (tx ?? opts.db())
        .insert(mailOutbox)
        .values({ recipient: mail.to, subject: mail.subject, body: mail.text, html: mail.html ?? null });
      void delivery.kick();
    },
    // Until a pass finds nothing due (messages waiting for a retry stay).
    flush: () => delivery.flush(),
    async queueDepth() {
      const [row] = rowsOf<{ n: number }>(
        await opts.db().execute(sql`SELECT count(*)::int AS n FROM ${mailOutbox} WHERE status = 'pending'`),
      );
      return Number(row?.n ?? 0);
    },
    start: () => delivery.start(),
    stop: () => delivery.stop(),
  };
}
