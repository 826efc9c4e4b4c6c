import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startHarness, type Harness } from './harness';
import { call, createUser, permissionByRoute, roleByName, runSql, settlesTo } from './helpers';

const SIGN_IN = { error: 'Please sign in to continue.' };
const ENDED = { error: 'Your session has ended. Please sign in again.' };
const FORBIDDEN = { error: 'You do not have permission to do this.' };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function signedInUser(role?: string) {
  const u = await createUser(h, { role });
  return { ...u, token: await h.login(u.email, u.password) };
}

const setRolePermissions = (roleId: string, ids: string[]) =>
  call(h, 'PUT', `/api/auth/roles/${roleId}`, { token: h.adminToken, body: { permission: ids } });

describe('without a token', () => {
  test('protected routes answer 401', async () => {
    const u = await createUser(h);
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/api/auth/users'],
      ['GET', `/api/auth/users/${u._id}`],
      ['POST', '/api/auth/users'],
      ['PUT', `/api/auth/users/${u._id}`],
      ['DELETE', `/api/auth/users/${u._id}`],
      ['GET', '/api/auth/roles'],
      ['GET', '/api/auth/permissions'],
      ['GET', '/api/auth/client-permissions'],
      ['GET', '/api/auth/user-roles'],
      ['GET', '/api/auth/user-profiles'],
      ['GET', '/api/auth/user-categories'],
      ['GET', '/api/auth/notifications'],
      ['POST', '/api/auth/notifications'],
      ['GET', '/api/auth/my-profile'],
      ['POST', '/api/auth/my-profile'],
      ['POST', '/api/upload/profile-image'],
      ['POST', '/api/auth/reinitiate-permissions/'],
    ];
    for (const [method, url] of routes) {
      const res = await call(h, method, url, { body: method === 'GET' ? undefined : { name: 'x' } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json(), `${method} ${url}`).toEqual(SIGN_IN);
    }
    // Nothing happened.
    expect((await call(h, 'GET', `/api/auth/users/${u._id}`, { token: h.adminToken })).statusCode).toBe(200);
  });

  test('percent-encoding the path does not get past the guard', async () => {
    for (const url of ['/%61pi/auth/users', '/%61%70%69/auth/users', '/api/auth/%75sers', '/%61pi/auth/my-profile']) {
      const res = await call(h, 'GET', url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual(SIGN_IN);
    }
    const u = await signedInUser('User');
    const res = await call(h, 'GET', '/%61pi/auth/users', { token: u.token });
    expect(res.statusCode).toBe(403);
    expect((await call(h, 'GET', '/%61pi/auth/users', { token: h.adminToken })).statusCode).toBe(200);
  });

  test('a malformed Authorization header is the same as none', async () => {
    for (const authorization of ['Basic YWRtaW46YWRtaW4=', 'Bearer', 'Bearer ', 'token abc']) {
      const res = await call(h, 'GET', '/api/auth/users', { headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(SIGN_IN);
    }
  });
});

describe('forged and stale tokens', () => {
  test('a JWT with alg none is refused', async () => {
    const claims = decodeJwt(h.adminToken);
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    for (const token of [`${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims)}.`, `${enc({ alg: 'none' })}.${enc(claims)}`]) {
      const res = await call(h, 'GET', '/api/auth/users', { token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(ENDED);
    }
  });

  test('a JWT signed with another secret is refused', async () => {
    const claims = decodeJwt(h.adminToken);
    const token = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(randomBytes(32));
    const res = await call(h, 'GET', '/api/auth/users', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(ENDED);
  });

  test('a payload changed after signing is refused', async () => {
    const u = await createUser(h);
    const [head, , sig] = h.adminToken.split('.');
    const claims = { ...decodeJwt(h.adminToken), sub: u._id };
    const token = `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
    expect((await call(h, 'GET', '/api/auth/my-profile', { token })).statusCode).toBe(401);
  });

  test('a validly signed token for a session that does not exist is refused', async () => {
    const claims = decodeJwt(h.adminToken);
    const token = await new SignJWT({ sid: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(h.app.deps.jwtSecret);
    const res = await call(h, 'GET', '/api/auth/users', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(ENDED);
  });

  test('a session whose time is up is refused', async () => {
    const u = await signedInUser('User');
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).statusCode).toBe(200);
    await runSql(h, sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = ${u._id}`);
    // Changed by SQL, not through the server: it hears of it by notification.
    const profile = async () => (await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).statusCode;
    expect(await settlesTo(profile, 401)).toBe(401);
    const res = await call(h, 'GET', '/api/auth/my-profile', { token: u.token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(ENDED);
  });

  test("a deleted user's token is refused", async () => {
    const u = await signedInUser('User');
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).statusCode).toBe(200);
    expect((await call(h, 'DELETE', `/api/auth/users/${u._id}`, { token: h.adminToken })).statusCode).toBe(200);
    const res = await call(h, 'GET', '/api/auth/my-profile', { token: u.token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(ENDED);
  });
});

describe('roles and permissions', () => {
  test('a plain User gets 403 on the users list but may read their own profile', async () => {
    const u = await signedInUser('User');
    const res = await call(h, 'GET', '/api/auth/users', { token: u.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
    for (const [method, url] of [
      ['POST', '/api/auth/users'],
      ['GET', '/api/auth/roles'],
      ['PUT', `/api/auth/users/${u._id}`],
      ['DELETE', `/api/auth/users/${u._id}`],
      ['POST', '/api/auth/user-roles'],
      ['POST', '/api/auth/reinitiate-permissions/'],
    ] as const) {
      const r = await call(h, method, url, { token: u.token, body: method === 'GET' ? undefined : { name: 'x', blocked: false } });
      expect(r.statusCode, `${method} ${url}`).toBe(403);
      expect(r.json()).toEqual(FORBIDDEN);
    }
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/auth/notifications', { token: u.token })).statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/auth/user-categories', { token: u.token })).statusCode).toBe(200);
  });

  test('a user without any role may use self routes only', async () => {
    const u = await signedInUser();
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/auth/users', { token: u.token })).statusCode).toBe(403);
  });

  test('granting the role a permission counts from the next request; removing it revokes it', async () => {
    const u = await signedInUser('User');
    const role = await roleByName(h, 'User');
    const listUsers = await permissionByRoute(h, 'GET', '/api/auth/users');
    expect((await call(h, 'GET', '/api/auth/users', { token: u.token })).statusCode).toBe(403);

    const granted = await setRolePermissions(role._id, [listUsers._id]);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().permission).toEqual([{ _id: listUsers._id, name: 'GET users' }]);
    const now = await call(h, 'GET', '/api/auth/users', { token: u.token });
    expect(now.statusCode).toBe(200);
    expect(now.json().total).toBeGreaterThan(0);
    // Only that method and route.
    expect((await call(h, 'GET', `/api/auth/users/${u._id}`, { token: u.token })).statusCode).toBe(403);
    expect((await call(h, 'POST', '/api/auth/users', { token: u.token, body: { name: 'x', email: 'x@example.com' } })).statusCode).toBe(
      403,
    );

    expect((await setRolePermissions(role._id, [])).statusCode).toBe(200);
    const revoked = await call(h, 'GET', '/api/auth/users', { token: u.token });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json()).toEqual(FORBIDDEN);
  });

  test('the seeded Admin role may manage users', async () => {
    const a = await signedInUser('Admin');
    expect((await call(h, 'GET', '/api/auth/users', { token: a.token })).statusCode).toBe(200);
    const created = await call(h, 'POST', '/api/auth/users', {
      token: a.token,
      body: { name: 'By Admin', email: `by-admin-${Date.now()}@example.com` },
    });
    expect(created.statusCode).toBe(201);
  });

  test('a permission record with auth=false makes the route public', async () => {
    const perm = await permissionByRoute(h, 'GET', '/api/auth/roles');
    expect((await call(h, 'GET', '/api/auth/roles')).statusCode).toBe(401);
    const u = await signedInUser('User');
    expect((await call(h, 'GET', '/api/auth/roles', { token: u.token })).statusCode).toBe(403);

    expect((await call(h, 'PUT', `/api/auth/permissions/${perm._id}`, { token: h.adminToken, body: { auth: false } })).statusCode).toBe(
      200,
    );
    const open = await call(h, 'GET', '/api/auth/roles');
    expect(open.statusCode).toBe(200);
    expect(open.json().total).toBeGreaterThanOrEqual(3);
    expect((await call(h, 'GET', '/api/auth/roles', { token: u.token })).statusCode).toBe(200);
    // Other routes stay guarded.
    expect((await call(h, 'GET', '/api/auth/permissions')).statusCode).toBe(401);

    expect((await call(h, 'PUT', `/api/auth/permissions/${perm._id}`, { token: h.adminToken, body: { auth: true } })).statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/auth/roles')).statusCode).toBe(401);
  });

  test('a route without a permission record is denied to everyone but superadmins; reinitiate restores the record', async () => {
    const a = await signedInUser('Admin');
    expect((await call(h, 'GET', '/api/auth/client-permissions', { token: a.token })).statusCode).toBe(200);
    const perm = await permissionByRoute(h, 'GET', '/api/auth/client-permissions');
    expect((await call(h, 'DELETE', `/api/auth/permissions/${perm._id}`, { token: h.adminToken })).statusCode).toBe(200);

    const denied = await call(h, 'GET', '/api/auth/client-permissions', { token: a.token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual(FORBIDDEN);
    expect((await call(h, 'GET', '/api/auth/client-permissions')).statusCode).toBe(401);
    expect((await call(h, 'GET', '/api/auth/client-permissions', { token: h.adminToken })).statusCode).toBe(200);

    const sync = await call(h, 'POST', '/api/auth/reinitiate-permissions/', { token: h.adminToken });
    expect(sync.statusCode).toBe(200);
    expect(sync.json()).toEqual({ createdCount: 1 });
    const again = await call(h, 'POST', '/api/auth/reinitiate-permissions', { token: h.adminToken });
    expect(again.json()).toEqual({ createdCount: 0 });
    const restored = await permissionByRoute(h, 'GET', '/api/auth/client-permissions');
    expect(restored).toMatchObject({ auth: true, name: 'GET client-permissions' });
    // The new record is granted to no role.
    expect((await call(h, 'GET', '/api/auth/client-permissions', { token: a.token })).statusCode).toBe(403);
    // The sync left a notification for whoever ran it.
    const notes = await call(h, 'GET', '/api/auth/notifications', { token: h.adminToken });
    expect(notes.json().data.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining([
        'Permissions Sync Completed. 1 new permissions added.',
        'Permissions Sync Completed. 0 new permissions added.',
      ]),
    );
  });

  test('a superadmin passes routes no role was given', async () => {
    const p = await call(h, 'POST', '/api/auth/permissions', {
      token: h.adminToken,
      body: { name: 'Unused', description: 'unused', method: 'GET', route: '/api/unused' },
    });
    expect(p.statusCode).toBe(201);
    for (const url of [
      '/api/auth/users',
      '/api/auth/roles',
      '/api/auth/permissions',
      '/api/auth/user-roles',
      '/api/auth/user-profiles',
      '/api/auth/client-permissions',
    ]) {
      expect((await call(h, 'GET', url, { token: h.adminToken })).statusCode, url).toBe(200);
    }
  });
});

describe('account changes end sessions', () => {
  test('blocking a user ends their session at once; unblocking does not revive it', async () => {
    const u = await signedInUser('User');
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).statusCode).toBe(200);
    const blocked = await call(h, 'PUT', `/api/auth/users/${u._id}`, { token: h.adminToken, body: { blocked: true } });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().blocked).toBe(true);
    const res = await call(h, 'GET', '/api/auth/my-profile', { token: u.token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(ENDED);

    await call(h, 'PUT', `/api/auth/users/${u._id}`, { token: h.adminToken, body: { blocked: false } });
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).statusCode).toBe(401);
    const fresh = await h.login(u.email, u.password);
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: fresh })).statusCode).toBe(200);
  });

  test('un-confirming a user ends their session', async () => {
    const u = await signedInUser('User');
    await call(h, 'PUT', `/api/auth/users/${u._id}`, { token: h.adminToken, body: { confirmed: false } });
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).statusCode).toBe(401);
  });

  test("an admin changing a user's password ends the user's sessions, not the admin's", async () => {
    const u = await signedInUser('User');
    const second = await h.login(u.email, u.password);
    const adminToken = await h.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = await call(h, 'PUT', `/api/auth/users/${u._id}`, { token: adminToken, body: { password: 'set-by-admin' } });
    expect(res.statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).statusCode).toBe(401);
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: second })).statusCode).toBe(401);
    expect((await call(h, 'GET', '/api/auth/users', { token: adminToken })).statusCode).toBe(200);
    expect((await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: 'set-by-admin' } })).statusCode).toBe(200);
  });

  test("editing a user's name keeps their session", async () => {
    const u = await signedInUser('User');
    await call(h, 'PUT', `/api/auth/users/${u._id}`, { token: h.adminToken, body: { name: 'Just Renamed', phone: '555' } });
    const me = await call(h, 'GET', '/api/auth/my-profile', { token: u.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().name).toBe('Just Renamed');
  });

  test("a role change through user-roles ends the user's sessions", async () => {
    const u = await signedInUser('User');
    const ur = (await call(h, 'GET', `/api/auth/user-roles?user=${u._id}`, { token: h.adminToken })).json().data[0];
    const admin = await roleByName(h, 'Admin');
    const upd = await call(h, 'PUT', `/api/auth/user-roles/${ur._id}`, { token: h.adminToken, body: { role: admin._id } });
    expect(upd.statusCode).toBe(200);
    const res = await call(h, 'GET', '/api/auth/my-profile', { token: u.token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(ENDED);
    // Signed in again, the new role applies.
    const login = await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(login.json().role).toEqual({ name: 'Admin', type: 'admin' });
    expect((await call(h, 'GET', '/api/auth/users', { token: login.json().token })).statusCode).toBe(200);
  });

  test("adding or removing a user-role ends the user's sessions", async () => {
    const u = await signedInUser();
    const role = await roleByName(h, 'User');
    const added = await call(h, 'POST', '/api/auth/user-roles', { token: h.adminToken, body: { user: u._id, role: role._id } });
    expect(added.statusCode).toBe(201);
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).statusCode).toBe(401);

    const token = await h.login(u.email, u.password);
    expect((await call(h, 'DELETE', `/api/auth/user-roles/${added.json()._id}`, { token: h.adminToken })).statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/auth/my-profile', { token })).statusCode).toBe(401);
  });
});
