import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startHarness, type Harness } from './harness';
import { call, createUser, runSql } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('POST /api/auth/login', () => {
  test('the right password returns a token, the user and the main role', async () => {
    const res = await call(h, 'POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['role', 'token', 'user']);
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toEqual({ _id: expect.any(String), name: 'Administrator', email: ADMIN_EMAIL, image: null });
    expect(body.role).toEqual({ name: 'Super Admin', type: 'superadmin' });
    // The token works.
    const me = await call(h, 'GET', '/api/auth/my-profile', { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(ADMIN_EMAIL);
  });

  test('the e-mail is matched trimmed and case-insensitively', async () => {
    const res = await call(h, 'POST', '/api/auth/login', { body: { email: '  Admin@Example.COM ', password: ADMIN_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(ADMIN_EMAIL);
  });

  test('a wrong password and an unknown e-mail get the same 401 body', async () => {
    const wrong = await call(h, 'POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: 'not-the-password' } });
    const unknown = await call(h, 'POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid email or password.' });
    expect(unknown.body).toBe(wrong.body);
  });

  test('missing fields are a 400 naming them', async () => {
    const res = await call(h, 'POST', '/api/auth/login', { body: { email: ADMIN_EMAIL } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Password is required', fields: { password: 'Password is required' } });
    const none = await call(h, 'POST', '/api/auth/login', { body: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  test('a body that is not an object is a 400', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Body must be an object', fields: { body: 'Body must be an object' } });
  });

  test('a non-string password is a 400, not a sign-in', async () => {
    const res = await call(h, 'POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: { $ne: '' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).not.toHaveProperty('token');
  });

  test('a blocked user gets no token and is told so', async () => {
    const u = await createUser(h, { blocked: true, role: 'User' });
    const res = await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Your account is blocked. Please contact an administrator.' });
  });

  test('a blocked user with a wrong password learns nothing about the account', async () => {
    const u = await createUser(h, { blocked: true });
    const res = await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: 'wrong-password' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid email or password.' });
  });

  test('an unconfirmed user gets no token and is told the account awaits approval', async () => {
    const u = await createUser(h, { confirmed: false });
    const res = await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Your account is awaiting approval.' });
  });

  test('a user without a role signs in with role null', async () => {
    const u = await createUser(h, { name: 'No Role' });
    const res = await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({ _id: u._id, name: 'No Role', email: u.email, image: null });
    expect(res.json().role).toBeNull();
  });

  test('a plain user gets their role', async () => {
    const u = await createUser(h, { role: 'User' });
    const res = await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toEqual({ name: 'User', type: 'user' });
  });
});

describe('POST /api/auth/google without GOOGLE_CLIENT_ID', () => {
  test('is a 400 saying Google sign-in is not configured', async () => {
    const res = await call(h, 'POST', '/api/auth/google', { body: { credential: 'eyJhbGciOiJSUzI1NiJ9.e30.sig' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Google sign-in is not configured.' });
  });
});

describe('POST /api/auth/logout', () => {
  test('ends the session: the next request with the token is a 401', async () => {
    const token = await h.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const other = await h.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await call(h, 'GET', '/api/auth/users', { token })).statusCode).toBe(200);
    const out = await call(h, 'POST', '/api/auth/logout', { token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    const after = await call(h, 'GET', '/api/auth/users', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Your session has ended. Please sign in again.' });
    // A second logout with the dead token is refused too.
    expect((await call(h, 'POST', '/api/auth/logout', { token })).statusCode).toBe(401);
    // Only that session ended.
    expect((await call(h, 'GET', '/api/auth/users', { token: other })).statusCode).toBe(200);
  });

  test('without a token is a 401', async () => {
    const res = await call(h, 'POST', '/api/auth/logout');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please sign in to continue.' });
  });
});

describe('system routes', () => {
  test('GET /api/health answers 200 with the database kind', async () => {
    const res = await call(h, 'GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  test('GET /api/config is public and says Google and OpenID Connect are off', async () => {
    const res = await call(h, 'GET', '/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ googleClientId: null, oidc: null, version: '5.10.28' });
  });

  test('GET /api/docs/json is public and lists the API paths', async () => {
    const res = await call(h, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/users', '/api/auth/users/{id}', '/api/upload/profile-image', '/api/health']),
    );
  });

  test('an unknown API path is a JSON 404', async () => {
    const res = await call(h, 'GET', '/api/nothing-here', { token: h.adminToken });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found.' });
  });

  test('malformed JSON is a 400 without internals', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
    expect(res.body).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
  });

  test('a body over the limit is a 413', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: ADMIN_EMAIL, password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The upload is too large.' });
  });

  // Last in this file: it breaks a table for a moment.
  test('a 5xx says only "An unexpected error occurred." and never leaks a stack', async () => {
    await runSql(h, sql`ALTER TABLE notifications RENAME TO notifications_gone`);
    try {
      const res = await call(h, 'GET', '/api/auth/notifications', { token: h.adminToken });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'An unexpected error occurred.' });
      expect(res.body).not.toMatch(/notifications_gone|relation|stack|\.ts/);
    } finally {
      await runSql(h, sql`ALTER TABLE notifications_gone RENAME TO notifications`);
    }
  });
});
