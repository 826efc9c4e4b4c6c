import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, permissionByRoute, roleByName } from '../../../../tests/api/helpers';
import { createRole, grant, signedIn, type Person } from '../../../../tests/api/security/people';

// The permission matrix's saves: PUT /api/auth/roles/{id}/permissions and
// /client-permissions replace one role's links in one call, under the rank rule.

let h: Harness;
let admin: Person;
let staff: string;
beforeAll(async () => {
  h = await startHarness();
  staff = await createRole(h, 'Matrix Staff', 'staff');
  // The seeded Admin may not write role links; here it may, so the rank rule is what answers.
  await grant(h, 'Admin', [
    ['PUT', '/api/auth/roles/:id/permissions'],
    ['PUT', '/api/auth/roles/:id/client-permissions'],
  ]);
  admin = await signedIn(h, 'Admin');
});
afterAll(async () => h?.close());

const menuEntries = async () =>
  (await call(h, 'GET', '/api/auth/client-permissions?limit=1000', { token: h.adminToken })).json().data as {
    _id: string;
    path: string;
  }[];
const roleLinks = async (name: string) => {
  const r = (await call(h, 'GET', `/api/auth/roles/${(await roleByName(h, name))._id}`, { token: h.adminToken })).json();
  return {
    permission: r.permission.map((p: { _id: string }) => p._id).sort(),
    clientPermission: r.clientPermission.map((p: { _id: string }) => p._id).sort(),
  };
};

describe('PUT /api/auth/roles/{id}/permissions', () => {
  test('replaces the role’s API permissions in one call; the role’s holders get exactly those', async () => {
    const users = await permissionByRoute(h, 'GET', '/api/auth/users');
    const invites = await permissionByRoute(h, 'GET', '/api/auth/invites');
    const res = await call(h, 'PUT', `/api/auth/roles/${staff}/permissions`, {
      token: h.adminToken,
      body: { permissionIds: [users._id, invites._id, users._id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()._id).toBe(staff);
    expect(res.json().permissionIds.sort()).toEqual([users._id, invites._id].sort());
    expect((await roleLinks('Matrix Staff')).permission).toEqual([users._id, invites._id].sort());

    const holder = await signedIn(h, 'Matrix Staff');
    expect((await call(h, 'GET', '/api/auth/users', { token: holder.token })).statusCode).toBe(200);
    // Taken away: the next request already says no.
    await call(h, 'PUT', `/api/auth/roles/${staff}/permissions`, { token: h.adminToken, body: { permissionIds: [invites._id] } });
    expect((await call(h, 'GET', '/api/auth/users', { token: holder.token })).statusCode).toBe(403);
    expect((await call(h, 'GET', '/api/auth/invites', { token: holder.token })).statusCode).toBe(200);
  });

  test('bad input is a 400 or 404 and changes nothing', async () => {
    const before = await roleLinks('Matrix Staff');
    const noList = await call(h, 'PUT', `/api/auth/roles/${staff}/permissions`, { token: h.adminToken, body: {} });
    expect(noList.statusCode).toBe(400);
    const notIds = await call(h, 'PUT', `/api/auth/roles/${staff}/permissions`, { token: h.adminToken, body: { permissionIds: ['x'] } });
    expect(notIds.statusCode).toBe(400);
    const unknown = await call(h, 'PUT', `/api/auth/roles/${staff}/permissions`, {
      token: h.adminToken,
      body: { permissionIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
    const noRole = await call(h, 'PUT', '/api/auth/roles/00000000-0000-4000-8000-000000000000/permissions', {
      token: h.adminToken,
      body: { permissionIds: [] },
    });
    expect(noRole.statusCode).toBe(404);
    expect(await roleLinks('Matrix Staff')).toEqual(before);
  });

  test('nobody grants more than they hold: an admin may link what they hold, not what they lack', async () => {
    const held = await permissionByRoute(h, 'GET', '/api/auth/users');
    const notHeld = await permissionByRoute(h, 'POST', '/api/auth/permissions');
    const before = await roleLinks('Matrix Staff');
    const refused = await call(h, 'PUT', `/api/auth/roles/${staff}/permissions`, {
      token: admin.token,
      body: { permissionIds: [held._id, notHeld._id] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'You cannot grant permissions you do not hold.' });
    expect(await roleLinks('Matrix Staff')).toEqual(before);
    const ok = await call(h, 'PUT', `/api/auth/roles/${staff}/permissions`, { token: admin.token, body: { permissionIds: [held._id] } });
    expect(ok.statusCode, ok.body).toBe(200);
    // A link the admin lacks but the role already had may stay.
    await call(h, 'PUT', `/api/auth/roles/${staff}/permissions`, { token: h.adminToken, body: { permissionIds: [notHeld._id] } });
    const keep = await call(h, 'PUT', `/api/auth/roles/${staff}/permissions`, {
      token: admin.token,
      body: { permissionIds: [notHeld._id, held._id] },
    });
    expect(keep.statusCode, keep.body).toBe(200);
  });

  test('an admin cannot change the links of a role above their rank; a User may not call it at all', async () => {
    const superRole = await roleByName(h, 'Super Admin');
    const res = await call(h, 'PUT', `/api/auth/roles/${superRole._id}/permissions`, { token: admin.token, body: { permissionIds: [] } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You cannot change a role above your own rank.' });
    const user = await signedIn(h, 'User');
    expect(
      (await call(h, 'PUT', `/api/auth/roles/${staff}/permissions`, { token: user.token, body: { permissionIds: [] } })).statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/auth/roles/{id}/client-permissions', () => {
  test('replaces the role’s menu entries; its holders’ menu follows', async () => {
    const entries = await menuEntries();
    const invites = entries.find((e) => e.path === '/invites')!;
    const res = await call(h, 'PUT', `/api/auth/roles/${staff}/client-permissions`, {
      token: h.adminToken,
      body: { clientPermissionIds: [invites._id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clientPermissionIds).toEqual([invites._id]);
    const holder = await signedIn(h, 'Matrix Staff');
    const menu = (await call(h, 'GET', '/api/auth/user-categories', { token: holder.token })).json().data;
    expect(menu.map((c: { path: string }) => c.path)).toEqual(['/invites']);
    // The API permissions are another call's business: untouched.
    expect((await roleLinks('Matrix Staff')).permission.length).toBeGreaterThan(0);
  });

  test('nobody grants a menu entry they do not hold', async () => {
    const userRole = await createRole(h, 'Matrix Viewer', 'viewer');
    const entries = await menuEntries();
    // The Admin role's menu has no Permissions entry beyond what it was seeded with; give it one it lacks.
    const adminMenu = (await call(h, 'GET', '/api/auth/user-categories?limit=1000', { token: admin.token })).json().data;
    const held = adminMenu[0]._id as string;
    const adminRole = await roleByName(h, 'Admin');
    const trimmed = adminMenu.filter((c: { _id: string }) => c._id !== entries.find((e) => e.path === '/permissions')!._id);
    await call(h, 'PUT', `/api/auth/roles/${adminRole._id}/client-permissions`, {
      token: h.adminToken,
      body: { clientPermissionIds: trimmed.map((c: { _id: string }) => c._id) },
    });
    const lacking = entries.find((e) => e.path === '/permissions')!._id;
    const refused = await call(h, 'PUT', `/api/auth/roles/${userRole}/client-permissions`, {
      token: admin.token,
      body: { clientPermissionIds: [held, lacking] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'You cannot grant menu entries you do not hold.' });
    expect((await roleLinks('Matrix Viewer')).clientPermission).toEqual([]);
    const ok = await call(h, 'PUT', `/api/auth/roles/${userRole}/client-permissions`, {
      token: admin.token,
      body: { clientPermissionIds: [held] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
