import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser, permissionByRoute, runSql } from '../../../../tests/api/helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const dashboard = (token?: string) => call(h, 'GET', '/api/auth/dashboard', { token });
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86400000).toISOString().slice(0, 10);

describe('GET /api/auth/dashboard', () => {
  test('needs a session', async () => {
    const res = await dashboard();
    expect(res.statusCode).toBe(401);
  });

  test('an admin sees counts, pending registrations, new users per day and own notifications', async () => {
    const before = (await dashboard(h.adminToken)).json();
    const usersBefore = before.counts.find((c: { resource: string }) => c.resource === 'users').total;
    const a = await createUser(h);
    await createUser(h);
    // One user joined four days ago; one a registrant waiting on an invite.
    await runSql(h, sql`UPDATE users SET created_at = now() - interval '4 days' WHERE id = ${a._id}`);
    const invite = await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body: { hours: 1 } });
    const { token } = invite.json();
    const reg = await call(h, 'POST', '/api/auth/register-invite', {
      body: { token, name: 'Reggie Pending', email: 'reggie@example.com', password: 'secret-pass-1' },
    });
    expect(reg.statusCode).toBe(201);

    const res = await dashboard(h.adminToken);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    const names = d.counts.map((c: { resource: string }) => c.resource);
    expect(names).toEqual(expect.arrayContaining(['users', 'roles', 'permissions', 'user-roles', 'client-permissions']));
    expect(d.counts.find((c: { resource: string }) => c.resource === 'users')).toEqual({
      resource: 'users',
      path: '/users',
      total: usersBefore + 3,
      exact: true,
    });
    expect(d.pendingRegistrations).toEqual({ total: (before.pendingRegistrations?.total ?? 0) + 1, path: '/invites' });
    expect(d.newUsers).toHaveLength(30);
    expect(d.newUsers[29].day).toBe(today());
    expect(d.newUsers[0].day).toBe(daysAgo(29));
    const byDay = Object.fromEntries(d.newUsers.map((x: { day: string; count: number }) => [x.day, x.count]));
    const beforeByDay = Object.fromEntries(before.newUsers.map((x: { day: string; count: number }) => [x.day, x.count]));
    expect(byDay[daysAgo(4)]).toBe((beforeByDay[daysAgo(4)] ?? 0) + 1);
    expect(byDay[today()]).toBe(beforeByDay[today()] + 2);
    // The registration notified those who may approve it: the newest of the admin's own notifications.
    expect(d.notifications.unread).toBe(before.notifications.unread + 1);
    expect(d.notifications.recent[0]).toEqual({
      _id: expect.any(String),
      title: 'New registration awaiting approval',
      link: expect.stringMatching(/^\/admin\/invites\?invite=[0-9a-f-]{36}$/),
      createdAt: expect.any(String),
      readAt: null,
    });
  });

  test('a limited role sees only what it may read: no users, no registrations', async () => {
    const listRoles = await permissionByRoute(h, 'GET', '/api/auth/roles');
    const role = await call(h, 'POST', '/api/auth/roles', {
      token: h.adminToken,
      body: { name: 'Role readers', type: 'user', description: 'reads roles', permission: [listRoles._id] },
    });
    const u = await createUser(h);
    await call(h, 'POST', '/api/auth/user-roles', { token: h.adminToken, body: { user: u._id, role: role.json()._id } });
    const token = await h.login(u.email, u.password);
    const res = await dashboard(token);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.counts.map((c: { resource: string }) => c.resource)).toEqual(['roles']);
    expect(d).not.toHaveProperty('pendingRegistrations');
    expect(d).not.toHaveProperty('newUsers');
    expect(d.notifications).toEqual({ recent: [], unread: 0 });

    // A user with no role at all still gets an answer, with nothing in it but their own notifications.
    const nobody = await createUser(h);
    const bare = (await dashboard(await h.login(nobody.email, nobody.password))).json();
    expect(bare).toEqual({ counts: [], notifications: { recent: [], unread: 0 } });
  });
});
