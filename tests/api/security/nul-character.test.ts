import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../harness';
import { call, createUser } from '../helpers';

// A NUL character (\u0000) anywhere in a string, on any route,
// anonymous ones included, was a 500 (PostgreSQL refuses it in text). Now a
// 400 that names the field, and nothing is written.

let h: Harness;
let userId: string;
beforeAll(async () => {
  h = await startHarness();
  userId = (await createUser(h))._id;
});
afterAll(async () => h?.close());

const NUL = '\u0000';
const MESSAGE = /must not contain a NUL character/;

function expect400(res: Awaited<ReturnType<typeof call>>, field?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.error).toMatch(MESSAGE);
  if (field) expect(body.fields).toEqual({ [field]: expect.stringMatching(MESSAGE) });
  // Refused before any route runs, still an API answer with the API's headers.
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('anonymous routes', () => {
  test('in a body', async () => {
    expect400(await call(h, 'POST', '/api/auth/login', { body: { email: `a${NUL}@example.com`, password: 'x' } }), 'email');
    expect400(await call(h, 'POST', '/api/auth/login', { body: { email: 'a@example.com', password: `pass${NUL}` } }), 'password');
    expect400(await call(h, 'POST', '/api/auth/forgot-password', { body: { email: `a${NUL}@example.com` } }), 'email');
    expect400(await call(h, 'POST', '/api/auth/reset-password', { body: { password: 'secret1', resetToken: `${'a'.repeat(20)}${NUL}` } }));
    expect400(
      await call(h, 'POST', '/api/auth/register-invite', {
        body: { token: `t${NUL}`, name: 'N', email: 'n@example.com', password: 'secret1' },
      }),
      'token',
    );
  });

  test('in a path', async () => {
    expect400(await call(h, 'GET', '/api/auth/invites/validate/ab%00cd'), 'token');
    expect400(await call(h, 'GET', '/api/experiences/some%00slug'), 'slugOrId');
  });
});

describe('signed-in routes', () => {
  const admin = () => ({ token: h.adminToken });

  test('in a query string', async () => {
    expect400(await call(h, 'GET', '/api/auth/users?q=a%00b', admin()), 'q');
    expect400(await call(h, 'GET', '/api/auth/user-categories?q=%00', admin()), 'q');
  });

  test('in a body, at any depth, in values and keys; nothing is written', async () => {
    const before = (await call(h, 'GET', `/api/auth/users/${userId}`, admin())).json();
    expect400(await call(h, 'PUT', `/api/auth/users/${userId}`, { ...admin(), body: { name: `Eve${NUL}` } }), 'name');
    expect400(await call(h, 'POST', '/api/auth/users', { ...admin(), body: { name: 'x', email: 'nul@example.com', bio: NUL } }), 'bio');
    expect400(await call(h, 'POST', '/api/auth/experiences', { ...admin(), body: { title: 'T', tags: ['ok', `b${NUL}d`] } }), 'tags');
    expect400(
      await call(h, 'PUT', '/api/auth/translations', { ...admin(), body: { lang: 'en', data: { entries: { [`k${NUL}`]: 'v' } } } }),
      'data',
    );
    expect400(
      await call(h, 'PUT', '/api/auth/translations', { ...admin(), body: { lang: 'en', data: { entries: { k: `v${NUL}` } } } }),
      'data',
    );
    expect400(await call(h, 'POST', '/api/auth/my-profile', { ...admin(), body: { name: 'Me', bio: `${NUL}` } }), 'bio');
    expect((await call(h, 'GET', `/api/auth/users/${userId}`, admin())).json()).toEqual(before);
    expect((await call(h, 'GET', '/api/auth/users?q=nul@example.com', admin())).json().total).toBe(0);
  });
});
