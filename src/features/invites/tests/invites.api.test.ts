import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, uniqueEmail } from '../../../../tests/api/helpers';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { startSmtp } from '../../../../tests/api/smtp';

let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  h = await startHarness({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});

async function createInvite(body: Record<string, unknown> = {}) {
  const res = await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body });
  expect(res.statusCode).toBe(201);
  return res.json() as { _id: string; token: string; link: string; expiresAt: string; email: string | null; status: string };
}

const register = (body: Record<string, unknown>) => call(h, 'POST', '/api/auth/register-invite', { body });

describe('creating and listing invites', () => {
  it('creates an invite with a 32-byte token, a link under PUBLIC_URL and the default 48 hours', async () => {
    const before = Date.now();
    const inv = await createInvite({ email: '  ', hours: 'soon' });
    expect(inv.link).toBe(`http://localhost:3000/invite?token=${inv.token}`);
    expect(Buffer.from(inv.token, 'base64url')).toHaveLength(32);
    expect(inv.email).toBeNull();
    expect(inv.status).toBe('not used');
    const hours = (new Date(inv.expiresAt).getTime() - before) / 3600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThan(48.1);
  });

  it('takes hours as a number with a minimum of 1', async () => {
    const before = Date.now();
    const inv = await createInvite({ hours: 0 });
    expect((new Date(inv.expiresAt).getTime() - before) / 3600_000).toBeCloseTo(1, 1);
  });

  it('refuses a malformed e-mail and needs a session', async () => {
    const bad = await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Entered value does not match email format');
    const anon = await call(h, 'POST', '/api/auth/invites', { body: {} });
    expect(anon.statusCode).toBe(401);
  });

  it('lists invites newest first with status, link and paging', async () => {
    const inv = await createInvite({ email: 'Listed@Example.com' });
    const res = await call(h, 'GET', '/api/auth/invites?page=1&limit=2', { token: h.adminToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data[0]).toMatchObject({ _id: inv._id, email: 'listed@example.com', status: 'not used', link: inv.link });
    expect(body.page).toBe(1);
    expect(body.pages).toBe(Math.ceil(body.total / 2));
    expect((await call(h, 'GET', '/api/auth/invites?page=x', { token: h.adminToken })).statusCode).toBe(400);
  });

  it('deletes an invite; a second delete is 404', async () => {
    const inv = await createInvite();
    expect((await call(h, 'DELETE', `/api/auth/invites/${inv._id}`, { token: h.adminToken })).json()).toEqual({ ok: true });
    expect((await call(h, 'DELETE', `/api/auth/invites/${inv._id}`, { token: h.adminToken })).statusCode).toBe(404);
  });
});

describe('validating and registering', () => {
  it('validates a fresh invite, and an unknown token as not valid', async () => {
    const inv = await createInvite({ email: 'v@example.com' });
    const ok = await call(h, 'GET', `/api/auth/invites/validate/${inv.token}`);
    expect(ok.json()).toEqual({ ok: true, expired: false, consumed: false, email: 'v@example.com', expiresAt: inv.expiresAt });
    const unknown = await call(h, 'GET', '/api/auth/invites/validate/not-a-token');
    expect(unknown.json()).toEqual({ ok: false, expired: false, consumed: false, email: null, expiresAt: null });
  });

  it('reports an expired invite and refuses to register on it', async () => {
    const inv = await createInvite();
    await h.app.deps.database.db.execute(sql`UPDATE invites SET expires_at = now() - interval '1 minute' WHERE id = ${inv._id}`);
    const v = await call(h, 'GET', `/api/auth/invites/validate/${inv.token}`);
    expect(v.json()).toMatchObject({ ok: false, expired: true, consumed: false });
    const res = await register({ token: inv.token, name: 'Late', email: uniqueEmail(), password: 'secret1' });
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toBe('This invite has expired.');
    const list = await call(h, 'GET', '/api/auth/invites?limit=100', { token: h.adminToken });
    expect(list.json().data.find((x: { _id: string }) => x._id === inv._id).status).toBe('expired');
  });

  it('enforces a locked e-mail on the server, comparing canonical forms', async () => {
    const inv = await createInvite({ email: 'locked@example.com' });
    const wrong = await register({ token: inv.token, name: 'Other', email: 'other@example.com', password: 'secret1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('Email is locked to the invited address.');
    const right = await register({ token: inv.token, name: 'Locked', email: 'LOCKED@Example.COM', password: 'secret1' });
    expect(right.statusCode).toBe(201);
    expect(right.json().message).toBe('Registration submitted. Awaiting approval.');
  });

  it('validates the registration body', async () => {
    const inv = await createInvite();
    const short = await register({ token: inv.token, name: 'A', email: uniqueEmail(), password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe('Password must have at least 6 characters');
    const noName = await register({ token: inv.token, email: uniqueEmail(), password: 'secret1' });
    expect(noName.json().fields.name).toBe('Name is required');
  });

  it('registers one account per invite even when requests race', async () => {
    const inv = await createInvite();
    const emails = [1, 2, 3, 4, 5].map(() => uniqueEmail('race'));
    const results = await Promise.all(emails.map((email) => register({ token: inv.token, name: 'Racer', email, password: 'secret1' })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error).toBe('This invite has already been used.');
    const users = await call(h, 'GET', '/api/auth/users?limit=1000&q=race-', { token: h.adminToken });
    expect(users.json().total).toBe(1);
  });

  it('ignores privileged fields and keeps the registrant unconfirmed until approval', async () => {
    const inv = await createInvite();
    const email = uniqueEmail('pending');
    const res = await register({
      token: inv.token,
      name: 'Pending',
      email,
      password: 'secret1',
      confirmed: true,
      role: 'superadmin',
      blocked: false,
    });
    expect(res.statusCode).toBe(201);
    const login = await call(h, 'POST', '/api/auth/login', { body: { email, password: 'secret1' } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ error: 'Your account is awaiting approval.' });
    const user = (await call(h, 'GET', `/api/auth/users?q=${email}`, { token: h.adminToken })).json().data[0];
    expect(user.confirmed).toBe(false);
  });

  it('writes the account as an admin would (trimmed, canonical e-mail) with a "register" audit entry and no password', async () => {
    const inv = await createInvite();
    const email = uniqueEmail('audited');
    const res = await register({ token: inv.token, name: '  Maria Papadopoulou ', email: email.toUpperCase(), password: 'secret1' });
    expect(res.statusCode).toBe(201);
    const user = (await call(h, 'GET', `/api/auth/users?q=${email}`, { token: h.adminToken })).json().data[0];
    expect(user).toMatchObject({ name: 'Maria Papadopoulou', email, confirmed: false, blocked: false });
    const audit = await call(h, 'GET', `/api/auth/audit-logs?action=register&recordId=${user._id}`, { token: h.adminToken });
    const [entry] = audit.json().data;
    expect(audit.json().total).toBe(1);
    expect(entry).toMatchObject({ action: 'register', resource: 'users', actorId: null });
    expect(entry.diff.email).toEqual({ before: null, after: email });
    expect(entry.diff.password).toEqual({ after: '[redacted]' });
    expect(JSON.stringify(entry)).not.toContain('secret1');
  });

  it('refuses an e-mail that already has an account, and leaves the invite usable', async () => {
    const inv = await createInvite();
    const res = await register({ token: inv.token, name: 'Dup', email: 'admin@example.com', password: 'secret1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'An account with this email already exists. Sign in instead.',
      fields: { email: 'An account with this email already exists.' },
    });
    const v = await call(h, 'GET', `/api/auth/invites/validate/${inv.token}`);
    expect(v.json().ok).toBe(true);
  });
});

describe('approval', () => {
  async function submitted() {
    const inv = await createInvite();
    const email = uniqueEmail('approve');
    expect((await register({ token: inv.token, name: 'Newcomer', email, password: 'secret1' })).statusCode).toBe(201);
    return { inv, email };
  }

  it('notifies every admin who can approve, with a link to the invites screen', async () => {
    const { inv, email } = await submitted();
    const res = await call(h, 'GET', '/api/auth/notifications?unread=1', { token: h.adminToken });
    const n = res.json().data.find((x: { body: string }) => x.body.includes(email));
    expect(n).toMatchObject({ title: 'New registration awaiting approval', link: `/admin/invites?invite=${inv._id}`, readAt: null });
  });

  it("lists the registrant's name and e-mail with the invite", async () => {
    const { inv, email } = await submitted();
    const fresh = await createInvite();
    const list = (await call(h, 'GET', '/api/auth/invites?limit=100', { token: h.adminToken })).json().data;
    expect(list.find((x: { _id: string }) => x._id === inv._id).registrant).toEqual({ name: 'Newcomer', email });
    expect(list.find((x: { _id: string }) => x._id === fresh._id).registrant).toBeNull();
  });

  const registrationNotice = async (email: string) => {
    const all = (await call(h, 'GET', '/api/auth/notifications?limit=100', { token: h.adminToken })).json().data;
    return all.find((x: { title: string; body: string }) => x.title === 'New registration awaiting approval' && x.body.includes(email));
  };

  it('approving marks its "New registration" notification done, and only that one', async () => {
    const a = await submitted();
    const b = await submitted();
    const unreadBefore = (await call(h, 'GET', '/api/auth/notifications?unread=1', { token: h.adminToken })).json().unread;
    expect((await call(h, 'POST', `/api/auth/invites/${a.inv._id}/approve`, { token: h.adminToken })).statusCode).toBe(200);
    expect((await registrationNotice(a.email)).readAt).toEqual(expect.any(String));
    expect((await registrationNotice(b.email)).readAt).toBeNull();
    const unreadAfter = (await call(h, 'GET', '/api/auth/notifications?unread=1', { token: h.adminToken })).json().unread;
    expect(unreadAfter).toBe(unreadBefore - 1);
  });

  it('rejecting marks its "New registration" notification done', async () => {
    const { inv, email } = await submitted();
    expect((await registrationNotice(email)).readAt).toBeNull();
    expect((await call(h, 'POST', `/api/auth/invites/${inv._id}/reject`, { token: h.adminToken })).statusCode).toBe(200);
    expect((await registrationNotice(email)).readAt).toEqual(expect.any(String));
  });

  it('a refused approval leaves the notification unread (same transaction)', async () => {
    const { inv, email } = await submitted();
    // Someone else rejected it first: the approval is refused and nothing changes.
    expect((await call(h, 'POST', `/api/auth/invites/${inv._id}/reject`, { token: h.adminToken })).statusCode).toBe(200);
    await h.app.deps.database.db.execute(sql`UPDATE notifications SET read_at = NULL WHERE body LIKE ${'%' + email + '%'}`);
    expect((await call(h, 'POST', `/api/auth/invites/${inv._id}/approve`, { token: h.adminToken })).statusCode).toBe(409);
    expect((await registrationNotice(email)).readAt).toBeNull();
  });

  it('approval confirms the user, gives the default role, consumes the invite and mails the registrant', async () => {
    const { inv, email } = await submitted();
    const res = await call(h, 'POST', `/api/auth/invites/${inv._id}/approve`, { token: h.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User approved.');
    const login = await call(h, 'POST', '/api/auth/login', { body: { email, password: 'secret1' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().role).toEqual({ name: 'User', type: 'user' });
    const list = (await call(h, 'GET', '/api/auth/invites?limit=100', { token: h.adminToken })).json().data;
    const row = list.find((x: { _id: string }) => x._id === inv._id);
    expect(row.status).toBe('consumed');
    expect(row.consumedAt).not.toBeNull();
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('Your account has been approved');
    expect(mail.text).toContain('http://localhost:3000/admin/login');
    const v = await call(h, 'GET', `/api/auth/invites/validate/${inv.token}`);
    expect(v.json()).toMatchObject({ ok: false, consumed: true });
  });

  it('only submitted invites can be approved or rejected', async () => {
    const fresh = await createInvite();
    for (const action of ['approve', 'reject']) {
      const res = await call(h, 'POST', `/api/auth/invites/${fresh._id}/${action}`, { token: h.adminToken });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('Only submitted invites can be approved or rejected.');
    }
    const { inv } = await submitted();
    expect((await call(h, 'POST', `/api/auth/invites/${inv._id}/approve`, { token: h.adminToken })).statusCode).toBe(200);
    expect((await call(h, 'POST', `/api/auth/invites/${inv._id}/reject`, { token: h.adminToken })).statusCode).toBe(409);
    expect(
      (await call(h, 'POST', `/api/auth/invites/00000000-0000-4000-8000-000000000000/approve`, { token: h.adminToken })).statusCode,
    ).toBe(404);
  });

  it('rejection removes the pending user and marks the invite rejected', async () => {
    const { inv, email } = await submitted();
    const res = await call(h, 'POST', `/api/auth/invites/${inv._id}/reject`, { token: h.adminToken });
    expect(res.json().message).toBe('Invite rejected.');
    const users = await call(h, 'GET', `/api/auth/users?q=${email}`, { token: h.adminToken });
    expect(users.json().total).toBe(0);
    const list = (await call(h, 'GET', '/api/auth/invites?limit=100', { token: h.adminToken })).json().data;
    expect(list.find((x: { _id: string }) => x._id === inv._id).status).toBe('rejected');
    const login = await call(h, 'POST', '/api/auth/login', { body: { email, password: 'secret1' } });
    expect(login.statusCode).toBe(401);
  });

  it('a plain user may not list, create or approve invites', async () => {
    const { inv, email } = await submitted();
    await call(h, 'POST', `/api/auth/invites/${inv._id}/approve`, { token: h.adminToken });
    const token = await h.login(email, 'secret1');
    expect((await call(h, 'GET', '/api/auth/invites', { token })).statusCode).toBe(403);
    expect((await call(h, 'POST', '/api/auth/invites', { token, body: {} })).statusCode).toBe(403);
  });
});
