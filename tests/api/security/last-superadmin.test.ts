import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startHarness, type Harness } from '../harness';
import { call, roleByName } from '../helpers';
import { linksOf, recordOf, signedIn, type Person } from './people';

// Nobody may block, delete or demote the last active
// superadmin (blocked or unconfirmed superadmins do not count), and nobody
// blocks or deletes themself.

const LAST = 'The last active superadmin cannot be blocked, deleted or demoted.';
const SELF_BLOCK = 'You cannot block your own account.';
const SELF_DELETE = 'You cannot delete your own account.';

let h: Harness;
let first: Person;
let superRoleId: string;
/** Reads the state: an Admin, who counts for nothing here and can read users, links and roles. */
let observer: string;
beforeAll(async () => {
  h = await startHarness();
  observer = (await signedIn(h, 'Admin')).token;
  const me = (await call(h, 'GET', '/api/auth/users?q=admin@example.com', { token: h.adminToken })).json().data[0];
  first = { _id: me._id, email: ADMIN_EMAIL, password: ADMIN_PASSWORD, token: h.adminToken };
  superRoleId = (await roleByName(h, 'Super Admin'))._id;
});
afterAll(async () => h?.close());

async function superRole() {
  const res = await call(h, 'GET', `/api/auth/roles/${superRoleId}`, { token: observer });
  const r = res.json();
  return { _id: r._id, type: r.type, permission: (r.permission as { _id: string }[]).map((p) => p._id).sort() };
}

async function unchanged(p: Person, check: () => Promise<void>) {
  const state = async () => ({
    record: await recordOf(h, p._id, observer),
    links: await linksOf(h, p._id, observer),
    role: await superRole(),
  });
  const before = await state();
  await check();
  expect(await state()).toEqual(before);
}

describe('the only superadmin', () => {
  test('cannot block, unconfirm or delete themself', async () => {
    await unchanged(first, async () => {
      for (const body of [{ blocked: true }, { confirmed: false }, { blocked: true, name: 'x' }]) {
        const res = await call(h, 'PUT', `/api/auth/users/${first._id}`, { token: first.token, body });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: SELF_BLOCK });
      }
      const del = await call(h, 'DELETE', `/api/auth/users/${first._id}`, { token: first.token });
      expect(del.statusCode).toBe(403);
      expect(del.json()).toEqual({ error: SELF_DELETE });
    });
  });

  test('cannot demote themself: not by removing the role link, moving it, or changing or deleting the role', async () => {
    await unchanged(first, async () => {
      const [link] = await linksOf(h, first._id);
      const admin = await roleByName(h, 'Admin');
      const attempts = [
        () => call(h, 'DELETE', `/api/auth/user-roles/${link._id}`, { token: first.token }),
        () => call(h, 'PUT', `/api/auth/user-roles/${link._id}`, { token: first.token, body: { role: admin._id } }),
        () => call(h, 'PUT', `/api/auth/roles/${superRoleId}`, { token: first.token, body: { type: 'admin' } }),
        () => call(h, 'DELETE', `/api/auth/roles/${superRoleId}`, { token: first.token }),
      ];
      for (const attempt of attempts) {
        const res = await attempt();
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ error: LAST });
      }
    });
  });
});

describe('with two superadmins', () => {
  test('one may block the other, and then is the last one', async () => {
    const second = await signedIn(h, 'Super Admin');
    const block = await call(h, 'PUT', `/api/auth/users/${first._id}`, { token: second.token, body: { blocked: true } });
    expect(block.statusCode, block.body).toBe(200);

    // The blocked one does not count: the second is now the last active superadmin.
    await unchanged(second, async () => {
      const [link] = await linksOf(h, second._id, observer);
      const res = await call(h, 'DELETE', `/api/auth/user-roles/${link._id}`, { token: second.token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: LAST });
      const role = await call(h, 'PUT', `/api/auth/roles/${superRoleId}`, { token: second.token, body: { type: 'user' } });
      expect(role.statusCode).toBe(403);
      expect(role.json()).toEqual({ error: LAST });
    });

    // A third, unconfirmed superadmin does not count either.
    const third = (
      await call(h, 'POST', '/api/auth/users', { token: second.token, body: { name: 'Third', email: 'third@example.com' } })
    ).json();
    const link3 = await call(h, 'POST', '/api/auth/user-roles', { token: second.token, body: { user: third._id, role: superRoleId } });
    expect(link3.statusCode).toBe(201);
    const unconfirm = await call(h, 'PUT', `/api/auth/users/${third._id}`, { token: second.token, body: { confirmed: false } });
    expect(unconfirm.statusCode).toBe(200);
    const [link] = await linksOf(h, second._id, observer);
    const demote = await call(h, 'DELETE', `/api/auth/user-roles/${link._id}`, { token: second.token });
    expect(demote.statusCode).toBe(403);
    expect(demote.json()).toEqual({ error: LAST });

    // Deleting the blocked one is fine: it was not active.
    const del = await call(h, 'DELETE', `/api/auth/users/${first._id}`, { token: second.token });
    expect(del.statusCode).toBe(200);
    expect(await recordOf(h, first._id, observer)).toBeNull();
    expect(await recordOf(h, second._id, observer)).toMatchObject({ blocked: false, confirmed: true });
  });
});
