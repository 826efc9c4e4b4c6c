import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, roleByName } from './helpers';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe('the seeded Admin role', () => {
  it('manages users and content but cannot change who may do what', async () => {
    const admin = await createUser(h, { role: 'Admin' });
    const token = await h.login(admin.email, admin.password);
    const superRole = await roleByName(h, 'Super Admin');

    expect((await call(h, 'GET', '/api/auth/users', { token })).statusCode).toBe(200);
    expect(
      (await call(h, 'POST', '/api/auth/users', { token, body: { name: 'By admin', email: `by-admin-${Date.now()}@example.com` } }))
        .statusCode,
    ).toBe(201);
    expect((await call(h, 'GET', '/api/auth/roles', { token })).statusCode).toBe(200);

    const escalate = await call(h, 'POST', '/api/auth/user-roles', { token, body: { user: admin._id, role: superRole._id } });
    expect(escalate.statusCode).toBe(403);
    const grant = await call(h, 'PUT', `/api/auth/roles/${superRole._id}`, { token, body: { description: 'mine now' } });
    expect(grant.statusCode).toBe(403);
    expect((await call(h, 'POST', '/api/auth/reinitiate-permissions/', { token })).statusCode).toBe(403);
  });
});

describe('user passwords in forms', () => {
  it('an empty password on update leaves the password as it was', async () => {
    const user = await createUser(h, {});
    const res = await call(h, 'PUT', `/api/auth/users/${user._id}`, { token: h.adminToken, body: { name: 'Renamed', password: '' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Renamed');
    expect(typeof (await h.login(user.email, user.password))).toBe('string');
  });
});

describe('forgot password', () => {
  it('accepts an address with spaces around it, like login does', async () => {
    const res = await call(h, 'POST', '/api/auth/forgot-password', { body: { email: '  admin@example.com ' } });
    expect(res.statusCode).toBe(200);
    const bad = await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'not-an-address' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Entered value does not match email format');
  });
});
