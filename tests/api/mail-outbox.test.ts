import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { buildApp, type App } from '../../src/core/server/app';
import { openDatabase } from '../../src/core/server/db/client';
import { startHarness, type Harness } from './harness';
import { createUser, runSql } from './helpers';
import { startSmtp } from './smtp';

const SENT = { message: 'An email has been sent with further instructions.' };
type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/** Everything to close after a test, last opened first. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function smtpServer(opts: Parameters<typeof startSmtp>[0] = {}): Promise<Smtp> {
  const smtp = await startSmtp(opts);
  cleanups.push(() => smtp.close());
  return smtp;
}

async function harness(env: Record<string, string>, lines?: string[]): Promise<Harness> {
  let logStream: PassThrough | undefined;
  if (lines) {
    logStream = new PassThrough();
    logStream.on('data', (c: Buffer) => lines.push(...c.toString('utf8').split('\n').filter(Boolean)));
  }
  const h = await startHarness({ LOG_LEVEL: 'info', ...env }, { logStream });
  cleanups.push(() => h.close());
  return h;
}

const forgot = (app: App, email: string) => app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

/** Waits until `probe` holds, up to `ms`. */
async function until(probe: () => boolean | Promise<boolean>, ms = 20000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mailsTo = (smtp: Smtp, email: string) => smtp.received.filter((m) => m.to.includes(email));

describe('mail is a job stored in the database', () => {
  test('a message the SMTP server defers is retried and arrives once; the retry is logged without the link', async () => {
    const smtp = await smtpServer({
      refuse: (_to, attempt) => (attempt === 1 ? { code: 451, message: 'Greylisted, try again later' } : null),
    });
    const lines: string[] = [];
    const h = await harness({ SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1' }, lines);
    const u = await createUser(h);
    expect((await forgot(h.app, u.email)).json()).toEqual(SENT);
    const mail = await smtp.waitFor((m) => m.to.includes(u.email));
    expect(mail.subject).toBe('Reset your password');
    expect(smtp.refused.filter((r) => r.to.includes(u.email))).toEqual([{ to: [u.email], code: 451 }]);
    await h.app.deps.mailer.flush();
    expect(mailsTo(smtp, u.email)).toHaveLength(1);
    const retry = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'mail failed; will retry');
    expect(retry).toMatchObject({ to: u.email, attempt: 1, retryInSeconds: 1 });
    expect(String(retry?.reason)).toContain('451');
    expect(lines.join('\n')).not.toContain('/admin/reset-password/');
    // Sent messages leave nothing behind (their links carry tokens).
    expect(await runSql(h, sql`SELECT id FROM mail_outbox`)).toEqual([]);
  });

  test('a message refused every time is given up after MAIL_MAX_ATTEMPTS, logged with its recipient and reason, never its link', async () => {
    const smtp = await smtpServer({ refuse: () => ({ code: 550, message: 'Mailbox unavailable' }) });
    const lines: string[] = [];
    const h = await harness({ SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1', MAIL_MAX_ATTEMPTS: '2' }, lines);
    const u = await createUser(h);
    expect((await forgot(h.app, u.email)).json()).toEqual(SENT);
    const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    await until(() => logged().some((l) => l.msg === 'mail failed; giving up'));
    const failed = logged().find((l) => l.msg === 'mail failed; giving up');
    expect(failed).toMatchObject({ level: 50, to: u.email, attempts: 2, subject: 'Reset your password' });
    expect(String(failed?.reason)).toContain('550');
    expect(smtp.refused.filter((r) => r.to.includes(u.email))).toHaveLength(2);
    expect(mailsTo(smtp, u.email)).toEqual([]);
    expect(lines.join('\n')).not.toContain('/admin/reset-password/');
    // Kept for the operator, without the text that held the link; not tried again.
    const rows = await runSql(h, sql`SELECT recipient, status, body, attempts FROM mail_outbox`);
    expect(rows).toEqual([{ recipient: u.email, status: 'failed', body: null, attempts: 2 }]);
    await h.app.deps.mailer.flush();
    expect(smtp.refused.filter((r) => r.to.includes(u.email))).toHaveLength(2);
  });

  test('a message stored while SMTP is down goes out after the server restarts', async () => {
    const down = await startSmtp();
    await down.close(); // nothing listens at its address any more
    const h = await harness({ SMTP_URL: down.url, MAIL_RETRY_SECONDS: '1' });
    const u = await createUser(h);
    expect((await forgot(h.app, u.email)).json()).toEqual(SENT);
    await h.app.close(); // the process ends with the message unsent

    const smtp = await smtpServer();
    const restarted = await buildApp({ ...h.config, smtpUrl: smtp.url }, { database: h.app.deps.database, logger: false });
    cleanups.push(() => restarted.close());
    const mail = await smtp.waitFor((m) => m.to.includes(u.email));
    expect(mail.text).toContain('/admin/reset-password/');
    await restarted.deps.mailer.flush();
    expect(mailsTo(smtp, u.email)).toHaveLength(1);
  });

  test('without SMTP_URL the message is written to DATA_DIR/outbox', async () => {
    const h = await harness({});
    const u = await createUser(h);
    expect((await forgot(h.app, u.email)).json()).toEqual(SENT);
    await h.app.deps.mailer.flush();
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = path.join(h.config.dataDir, 'outbox');
    const mine = readdirSync(dir).filter((f) => readFileSync(path.join(dir, f), 'utf8').includes(u.email));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatch(/\.eml$/);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two servers on one PostgreSQL database', () => {
  test('each message is sent exactly once, whichever server stored it and whichever retries it', async () => {
    // A slow server, so one server's deliveries are still going when the other looks for due messages;
    // while `deferring`, it asks for every message to be tried again later.
    let deferring = false;
    const smtp = await smtpServer({
      refuse: () => (deferring ? { code: 451, message: 'Try again later' } : null),
      answerAfterMs: 100,
    });
    const h = await harness({ SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1' });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-test-'));
    const database = await openDatabase({ databaseUrl: h.config.databaseUrl, dataDir });
    const second = await buildApp({ ...h.config, dataDir }, { database, logger: false });
    cleanups.push(async () => {
      await second.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const servers = [h.app, second];
    const users: Awaited<ReturnType<typeof createUser>>[] = [];
    for (let i = 0; i < 24; i++) users.push(await createUser(h));
    const [direct, retried] = [users.slice(0, 12), users.slice(12)];

    // Stored through either server, each picked up by whichever looks first.
    const answers = await Promise.all(direct.map((u, i) => forgot(servers[i % 2], u.email)));
    expect(answers.map((a) => a.statusCode)).toEqual(direct.map(() => 200));

    // Deferred once, then due on both servers at the same time.
    deferring = true;
    await Promise.all(retried.map((u, i) => forgot(servers[i % 2], u.email)));
    await until(() => retried.every((u) => smtp.refused.some((r) => r.to.includes(u.email))), 30000);
    deferring = false;

    await until(() => users.every((u) => mailsTo(smtp, u.email).length > 0), 30000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await Promise.all(servers.map((s) => s.deps.mailer.flush()));
    expect(users.map((u) => mailsTo(smtp, u.email).length)).toEqual(users.map(() => 1));
    expect(await runSql(h, sql`SELECT id FROM mail_outbox`)).toEqual([]);
    // Its waits allow 30 s each: the test's own limit must hold them (it takes 10-40 s on a busy machine).
  }, 90_000);
});
