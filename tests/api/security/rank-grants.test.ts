import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../harness';
import { call, createUser, permissionByRoute, roleByName } from '../helpers';
import { createRole, grant, linksOf, signedIn, type Person } from './people';

// Nobody grants a role above their own rank, changes a
// role above their rank, or links to a role a permission they do not hold.

const GRANT = 'You cannot grant a role above your own rank.';
const ROLE_ABOVE = 'You cannot change a role above your own rank.';
const PERMISSIONS = 'You cannot grant permissions you do not hold.';

let h: Harness;
let admin: Person;
let staffRole: string;
beforeAll(async () => {
  h = await startHarness();
  // The seeded Admin may not write roles or role links; here it may, so the rank rule is what answers.
  await grant(h, 'Admin', [
    ['POST', '/api/auth/user-roles'],
    ['PUT', '/api/auth/user-roles/:id'],
    ['DELETE', '/api/auth/user-roles/:id'],
    ['POST', '/api/auth/roles'],
    ['PUT', '/api/auth/roles/:id'],
    ['DELETE', '/api/auth/roles/:id'],
  ]);
  staffRole = await createRole(h, 'Staff', 'staff');
  admin = await signedIn(h, 'Admin');
});
afterAll(async () => h?.close());

const roleId = async (name: string) => (await roleByName(h, name))._id;

describe('granting roles', () => {
  test('an admin may grant roles up to their own rank, but cannot make a user a superadmin', async () => {
    const user = await createUser(h, { role: 'User' });
    const before = await linksOf(h, user._id);
    const create = await call(h, 'POST', '/api/auth/user-roles', {
      token: admin.token,
      body: { user: user._id, role: await roleId('Super Admin') },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ error: GRANT });
    const move = await call(h, 'PUT', `/api/auth/user-roles/${before[0]._id}`, {
      token: admin.token,
      body: { role: await roleId('Super Admin') },
    });
    expect(move.statusCode).toBe(403);
    expect(move.json()).toEqual({ error: GRANT });
    expect(await linksOf(h, user._id)).toEqual(before);

    const other = await createUser(h, { role: 'User' });
    // (Once the user is an admin, they are the actor's equal: Admin is granted last.)
    for (const role of ['Staff', 'Admin']) {
      const res = await call(h, 'POST', '/api/auth/user-roles', {
        token: admin.token,
        body: { user: other._id, role: await roleId(role) },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe('changing roles', () => {
  test('an admin cannot change, delete or create a superadmin role', async () => {
    const superRole = (await roleByName(h, 'Super Admin')) as Awaited<ReturnType<typeof roleByName>> & { description: string };
    const put = await call(h, 'PUT', `/api/auth/roles/${superRole._id}`, { token: admin.token, body: { description: 'mine now' } });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual({ error: ROLE_ABOVE });
    const del = await call(h, 'DELETE', `/api/auth/roles/${superRole._id}`, { token: admin.token });
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ error: ROLE_ABOVE });
    const create = await call(h, 'POST', '/api/auth/roles', {
      token: admin.token,
      body: { name: 'Shadow', type: 'superadmin', description: 'x' },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ error: ROLE_ABOVE });
    const raise = await call(h, 'PUT', `/api/auth/roles/${staffRole}`, { token: admin.token, body: { type: 'superadmin' } });
    expect(raise.statusCode).toBe(403);
    expect(raise.json()).toEqual({ error: ROLE_ABOVE });
    expect(((await roleByName(h, 'Super Admin')) as typeof superRole).description).toBe(superRole.description);
    expect((await roleByName(h, 'Staff')).type).toBe('staff');
    expect((await call(h, 'GET', '/api/auth/roles?limit=1000&q=Shadow', { token: h.adminToken })).json().data).toEqual([]);
  });

  test('an admin cannot link to a role a permission they do not hold, but may link one they hold', async () => {
    const notHeld = await permissionByRoute(h, 'POST', '/api/auth/permissions');
    const held = await permissionByRoute(h, 'GET', '/api/auth/users');
    const refused = await call(h, 'PUT', `/api/auth/roles/${staffRole}`, { token: admin.token, body: { permission: [notHeld._id] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: PERMISSIONS });
    expect((await roleByName(h, 'Staff')).permission).toEqual([]);
    const created = await call(h, 'POST', '/api/auth/roles', {
      token: admin.token,
      body: { name: 'Sneaky', type: 'staff', description: 'x', permission: [notHeld._id] },
    });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual({ error: PERMISSIONS });

    const ok = await call(h, 'PUT', `/api/auth/roles/${staffRole}`, { token: admin.token, body: { permission: [held._id] } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().permission.map((p: { _id: string }) => p._id)).toEqual([held._id]);

    // A superadmin holds every permission and every rank.
    const res = await call(h, 'PUT', `/api/auth/roles/${staffRole}`, { token: h.adminToken, body: { permission: [notHeld._id] } });
    expect(res.statusCode).toBe(200);
    const user = await createUser(h);
    const link = await call(h, 'POST', '/api/auth/user-roles', {
      token: h.adminToken,
      body: { user: user._id, role: await roleId('Super Admin') },
    });
    expect(link.statusCode).toBe(201);
  });
});

describe('approving and rejecting invite registrations', () => {
  test('an admin cannot approve or reject a registrant who was given a role above theirs; a superadmin can', async () => {
    const invite = (await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body: {} })).json();
    const reg = await call(h, 'POST', '/api/auth/register-invite', {
      body: { token: invite.token, name: 'Pending', email: 'pending-boss@example.com', password: 'pending-pass-1' },
    });
    expect(reg.statusCode).toBe(201);
    const registrant = (await call(h, 'GET', '/api/auth/users?q=pending-boss@example.com', { token: h.adminToken })).json().data[0];
    const link = await call(h, 'POST', '/api/auth/user-roles', {
      token: h.adminToken,
      body: { user: registrant._id, role: await roleId('Super Admin') },
    });
    expect(link.statusCode).toBe(201);

    for (const action of ['approve', 'reject']) {
      const res = await call(h, 'POST', `/api/auth/invites/${invite._id}/${action}`, { token: admin.token });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ error: 'You can only manage users whose rank is below yours.' });
    }
    const still = (await call(h, 'GET', `/api/auth/users/${registrant._id}`, { token: h.adminToken })).json();
    expect(still.confirmed).toBe(false);
    const listed = (await call(h, 'GET', '/api/auth/invites?limit=100', { token: h.adminToken })).json().data;
    expect(listed.find((i: { _id: string }) => i._id === invite._id).status).toBe('submitted');

    const approve = await call(h, 'POST', `/api/auth/invites/${invite._id}/approve`, { token: h.adminToken });
    expect(approve.statusCode).toBe(200);
  });
});
