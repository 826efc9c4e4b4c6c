import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser, permissionByRoute } from '../../../../tests/api/helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const has = (data: { method: string; route: string }[], method: string, route: string) =>
  data.some((p) => p.method === method && p.route === route);

describe('GET /api/auth/my-permissions', () => {
  test('without a session: 401', async () => {
    expect((await call(h, 'GET', '/api/auth/my-permissions')).statusCode).toBe(401);
  });

  test('a superadmin may make every call', async () => {
    const res = await call(h, 'GET', '/api/auth/my-permissions', { token: h.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ superadmin: true, data: [], access: {} });
  });

  test("a role's holder gets exactly the calls the auth hook lets through", async () => {
    const read = await permissionByRoute(h, 'GET', '/api/auth/experiences');
    const role = await call(h, 'POST', '/api/auth/roles', {
      token: h.adminToken,
      body: { name: 'Experience reader', type: 'user', description: 'Reads experiences', permission: [read._id] },
    });
    expect(role.statusCode).toBe(201);
    const u = await createUser(h, { role: 'Experience reader' });
    const token = await h.login(u.email, u.password);
    const res = await call(h, 'GET', '/api/auth/my-permissions', { token });
    expect(res.statusCode).toBe(200);
    const { superadmin, data } = res.json();
    expect(superadmin).toBe(false);
    expect(has(data, 'GET', '/api/auth/experiences')).toBe(true);
    expect(has(data, 'POST', '/api/auth/experiences')).toBe(false);
    expect(has(data, 'DELETE', '/api/auth/experiences/:id')).toBe(false);
    // What the list says matches what the server does.
    expect((await call(h, 'GET', '/api/auth/experiences', { token })).statusCode).toBe(200);
    expect((await call(h, 'POST', '/api/auth/experiences', { token, body: { title: 'x' } })).statusCode).toBe(403);
  });

  test('an Admin holds user writes but not role writes (seeded Admin role)', async () => {
    const u = await createUser(h, { role: 'Admin' });
    const token = await h.login(u.email, u.password);
    const { data } = (await call(h, 'GET', '/api/auth/my-permissions', { token })).json();
    expect(has(data, 'POST', '/api/auth/users')).toBe(true);
    expect(has(data, 'PUT', '/api/auth/roles/:id')).toBe(false);
  });
});
