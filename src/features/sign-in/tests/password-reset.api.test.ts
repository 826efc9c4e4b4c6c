import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser, runSql } from '../../../../tests/api/helpers';
import { startSmtp, type ReceivedMail } from '../../../../tests/api/smtp';

const PUBLIC_URL = 'https://backoffice.example.org';
const LINK_RE = /https:\/\/backoffice\.example\.org\/admin\/reset-password\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;
const SENT = { message: 'An email has been sent with further instructions.' };
const INVALID = { error: 'This password reset link is invalid or has expired. Please ask for a new one.' };

let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  h = await startHarness({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Back Office <no-reply@backoffice.example.org>' });
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

const forgot = (email: string, extra: { lang?: string; headers?: Record<string, string> } = {}) =>
  call(h, 'POST', '/api/auth/forgot-password', {
    body: { email, ...(extra.lang ? { lang: extra.lang } : {}) },
    headers: extra.headers,
  });

const mailTo = (email: string, after = 0) => smtp.waitFor((m) => m.to.includes(email) && smtp.received.indexOf(m) >= after);

function tokenOf(mail: ReceivedMail): string {
  const m = LINK_RE.exec(mail.text);
  if (!m) throw new Error(`no reset link in: ${mail.text}`);
  return m[1];
}

async function resetTokenFor(email: string): Promise<string> {
  const before = smtp.received.length;
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  return tokenOf(await mailTo(email, before));
}

const reset = (resetToken: unknown, password = 'brand-new-pass') =>
  call(h, 'POST', '/api/auth/reset-password', { body: { password, resetToken } });

describe('POST /api/auth/forgot-password', () => {
  test('known and unknown e-mails get the same answer; only the known one gets mail, over real SMTP', async () => {
    const u = await createUser(h, { name: 'Maria Known' });
    const before = smtp.received.length;
    const unknown = await forgot('nobody-here@example.com');
    const known = await forgot(u.email);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(SENT);
    expect(unknown.body).toBe(known.body);

    const mail = await mailTo(u.email, before);
    expect(mail.from).toBe('no-reply@backoffice.example.org');
    expect(mail.to).toEqual([u.email]);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Hello Maria Known,');
    expect(mail.text).toMatch(LINK_RE);
    expect(mail.text).toContain(`${PUBLIC_URL}/admin/reset-password/${tokenOf(mail)}`);
    await h.app.deps.mailer.flush();
    expect(smtp.received.slice(before).map((m) => m.to[0])).toEqual([u.email]);
  });

  test('the e-mail is matched case-insensitively', async () => {
    const u = await createUser(h);
    const before = smtp.received.length;
    expect((await forgot(u.email.toUpperCase())).json()).toEqual(SENT);
    const mail = await mailTo(u.email, before);
    expect(mail.text).toMatch(LINK_RE);
  });

  test('the link uses PUBLIC_URL, never the Host of the request', async () => {
    const u = await createUser(h);
    const before = smtp.received.length;
    await forgot(u.email, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    const mail = await mailTo(u.email, before);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toMatch(LINK_RE);
  });

  test('lang "el" sends the mail in Greek', async () => {
    const u = await createUser(h, { name: 'Ελένη' });
    const before = smtp.received.length;
    expect((await forgot(u.email, { lang: 'el' })).json()).toEqual(SENT);
    const mail = await mailTo(u.email, before);
    expect(mail.subject).toBe('Επαναφορά κωδικού πρόσβασης');
    expect(mail.text).toContain('Γεια σας Ελένη,');
    expect(mail.text).toMatch(LINK_RE);
  });

  test('Accept-Language el sends the mail in Greek', async () => {
    const u = await createUser(h);
    const before = smtp.received.length;
    await forgot(u.email, { headers: { 'accept-language': 'el-GR,el;q=0.9,en;q=0.8' } });
    const mail = await mailTo(u.email, before);
    expect(mail.subject).toBe('Επαναφορά κωδικού πρόσβασης');
  });

  test('Accept-Language en sends English', async () => {
    const u = await createUser(h);
    const before = smtp.received.length;
    await forgot(u.email, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect((await mailTo(u.email, before)).subject).toBe('Reset your password');
  });

  test('a blocked account gets the same answer and no mail', async () => {
    const blocked = await createUser(h, { blocked: true });
    const marker = await createUser(h);
    const before = smtp.received.length;
    expect((await forgot(blocked.email)).json()).toEqual(SENT);
    await forgot(marker.email);
    await mailTo(marker.email, before);
    await h.app.deps.mailer.flush();
    expect(smtp.received.slice(before).some((m) => m.to.includes(blocked.email))).toBe(false);
  });

  test('a malformed e-mail is a 400 with the format message', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Entered value does not match email format',
      fields: { email: 'Entered value does not match email format' },
    });
  });

  test('a missing e-mail is a 400', async () => {
    const res = await call(h, 'POST', '/api/auth/forgot-password', { body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Email is required', fields: { email: 'Email is required' } });
  });
});

describe('POST /api/auth/reset-password', () => {
  test('sets the new password, ends existing sessions, works once', async () => {
    const u = await createUser(h, { role: 'User' });
    const session = await h.login(u.email, u.password);
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: session })).statusCode).toBe(200);

    const token = await resetTokenFor(u.email);
    const res = await reset(token, 'new-password-42');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset successfully.' });

    // The session that existed before the reset has ended.
    const old = await call(h, 'GET', '/api/auth/my-profile', { token: session });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: 'Your session has ended. Please sign in again.' });

    // The old password no longer works, the new one does.
    const oldPw = await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(oldPw.statusCode).toBe(401);
    const newPw = await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: 'new-password-42' } });
    expect(newPw.statusCode).toBe(200);
    expect(newPw.json().user.email).toBe(u.email);

    // Second use of the same link.
    const again = await reset(token, 'another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect((await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: 'new-password-42' } })).statusCode).toBe(200);
  });

  test('using one link voids the other links of the same user', async () => {
    const u = await createUser(h);
    const first = await resetTokenFor(u.email);
    const second = await resetTokenFor(u.email);
    expect(first).not.toBe(second);
    expect((await reset(second)).statusCode).toBe(200);
    const res = await reset(first);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID);
  });

  test('an expired link is refused', async () => {
    const u = await createUser(h);
    const token = await resetTokenFor(u.email);
    await runSql(h, sql`UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE user_id = ${u._id}`);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID);
    // The password did not change.
    expect((await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).statusCode).toBe(200);
  });

  test('a non-string token ({}) is a 400, never a reset', async () => {
    const res = await reset({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Reset token must be a string', fields: { resetToken: 'Reset token must be a string' } });
    for (const bad of [[], 1e19, true, { $ne: null }]) {
      const r = await reset(bad);
      expect(r.statusCode).toBe(400);
      expect(r.json()).not.toHaveProperty('message');
    }
  });

  test('an unknown token is refused with the same message', async () => {
    const res = await reset('A'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID);
  });

  test('missing fields and a short password are 400s', async () => {
    const none = await call(h, 'POST', '/api/auth/reset-password', { body: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ password: 'Password is required', resetToken: 'Reset token is required' });

    const u = await createUser(h);
    const token = await resetTokenFor(u.email);
    const short = await reset(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: 'Password must have at least 6 characters',
      fields: { password: 'Password must have at least 6 characters' },
    });
    // The refused attempt did not use up the link.
    expect((await reset(token, '123456')).statusCode).toBe(200);
    expect((await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: '123456' } })).statusCode).toBe(200);
  });
});
