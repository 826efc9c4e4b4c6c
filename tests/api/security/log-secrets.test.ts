import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startHarness, type Harness } from '../harness';
import { call, createUser, runSql } from '../helpers';
import { startSmtp } from '../smtp';

// When a query failed, the log line carried its parameters, so
// argon2 hashes (and tokens) reached the logs. A whole scenario runs at the
// most verbose log level, with queries forced to fail where their
// parameters hold secrets, and the captured log is searched for them.

const PUBLIC_URL = 'https://backoffice.example.org';
const RESET_LINK = /\/admin\/reset-password\/([A-Za-z0-9_-]{43})/;

let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const lines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => lines.push(...c.toString('utf8').split('\n').filter(Boolean)));
  h = await startHarness({ LOG_LEVEL: 'trace', SMTP_URL: smtp.url, PUBLIC_URL }, { logStream: stream });
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

async function resetToken(email: string): Promise<string> {
  const before = smtp.received.length;
  expect((await call(h, 'POST', '/api/auth/forgot-password', { body: { email } })).statusCode).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && smtp.received.indexOf(m) >= before);
  return RESET_LINK.exec(mail.text)![1];
}

/** Makes every write of `table` fail inside PostgreSQL, with the statement's values in hand. */
async function breakWrites(table: string) {
  await runSql(
    h,
    sql.raw(`CREATE OR REPLACE FUNCTION forced_failure() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'forced failure for the log test'; END $$`),
  );
  await runSql(
    h,
    sql.raw(`CREATE TRIGGER forced_failure_${table} BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION forced_failure()`),
  );
}

describe('the server log', () => {
  test('holds no password hash, JWT, reset or invite token, nor any password sent, even when queries with them fail', async () => {
    const secrets: string[] = [ADMIN_PASSWORD];
    const sent = (s: string) => (secrets.push(s), s);

    // Sign in (and fail to).
    const login = await call(h, 'POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    secrets.push(login.json().token);
    await call(h, 'POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: sent('wrong-but-secret-1') } });

    // Reset a password.
    const user = await createUser(h, { password: sent('first-pass-123') });
    const token = await resetToken(user.email);
    secrets.push(token);
    expect(
      (await call(h, 'POST', '/api/auth/reset-password', { body: { resetToken: token, password: sent('second-pass-123') } })).statusCode,
    ).toBe(200);
    secrets.push((await call(h, 'POST', '/api/auth/login', { body: { email: user.email, password: 'second-pass-123' } })).json().token);

    // Accept an invite.
    const invite = (await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body: {} })).json();
    secrets.push(invite.token);
    expect((await call(h, 'GET', `/api/auth/invites/validate/${invite.token}`)).statusCode).toBe(200);
    const reg = await call(h, 'POST', '/api/auth/register-invite', {
      body: { token: invite.token, name: 'Invitee', email: 'invitee@example.com', password: sent('invitee-pass-1') },
    });
    expect(reg.statusCode).toBe(201);
    expect((await call(h, 'POST', `/api/auth/invites/${invite._id}/approve`, { token: h.adminToken })).statusCode).toBe(200);
    secrets.push(
      (await call(h, 'POST', '/api/auth/login', { body: { email: 'invitee@example.com', password: 'invitee-pass-1' } })).json().token,
    );

    // Failing queries whose values are secrets: a password hash, a reset, a raw invite token.
    const pending = await resetToken(user.email);
    secrets.push(pending);
    await breakWrites('users');
    await breakWrites('invites');
    const put = await call(h, 'PUT', `/api/auth/users/${user._id}`, { token: h.adminToken, body: { password: sent('third-pass-123') } });
    expect(put.statusCode).toBe(500);
    expect(put.json()).toEqual({ error: 'An unexpected error occurred.' });
    const failedReset = await call(h, 'POST', '/api/auth/reset-password', {
      body: { resetToken: pending, password: sent('fourth-pass-123') },
    });
    expect(failedReset.statusCode).toBe(500);
    const failedInvite = await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body: { email: 'x@example.com' } });
    expect(failedInvite.statusCode).toBe(500);
    await h.app.deps.mailer.flush();

    // Searched both as written (JSON lines) and decoded (every string value, unescaped).
    const raw = lines.join('\n');
    const strings = (v: unknown): string[] =>
      typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];
    const log = `${raw}\n${lines.flatMap((l) => strings(JSON.parse(l))).join('\n')}`;
    // The failures are in the log, with their statements (not their values).
    expect(log).toMatch(/update "users" set "password_hash" = \$1/);
    expect(log).toMatch(/insert into "invites"/);
    expect(log).toContain('forced failure for the log test');

    expect(log).not.toMatch(/\$argon2/);
    // Nor the values of any query (the invite token of the failed insert is known only to the server).
    expect(log).not.toMatch(/\bparams: |"params":/);
    expect(log).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
    for (const s of secrets) expect(log, `a secret reached the log: ${s.slice(0, 12)}…`).not.toContain(s);
  });
});
