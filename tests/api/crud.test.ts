import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, startHarness, type Harness } from './harness';
import { call, createUser, permissionByRoute, roleByName, runSql, uniqueEmail } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const get = (url: string) => call(h, 'GET', url, { token: h.adminToken });
const post = (url: string, body: unknown) => call(h, 'POST', url, { token: h.adminToken, body });
const put = (url: string, body: unknown) => call(h, 'PUT', url, { token: h.adminToken, body });
const del = (url: string) => call(h, 'DELETE', url, { token: h.adminToken });

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOT_FOUND = { error: 'Record not found.' };

describe('users', () => {
  test('create returns the saved record without any password field', async () => {
    const email = uniqueEmail('create');
    const res = await post('/api/auth/users', { name: '  Anna Create ', email: `  ${email.toUpperCase()} `.trim(), password: 'secret-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.stringMatching(UUID),
      // A new record's version.
      _version: 1,
      createdAt: expect.stringMatching(ISO),
      name: 'Anna Create',
      email,
      confirmed: true,
      blocked: false,
      image: null,
      phone: null,
      address: null,
      bio: null,
    });
    // The password was stored (hashed): the user can sign in.
    expect((await call(h, 'POST', '/api/auth/login', { body: { email, password: 'secret-1' } })).statusCode).toBe(200);
  });

  test('unknown and privileged body fields are dropped', async () => {
    const email = uniqueEmail('extra');
    const res = await post('/api/auth/users', {
      name: 'Extra Fields',
      email,
      password: 'real-password',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$forged',
      password_hash: 'forged',
      googleSub: 'forged-sub',
      google_sub: 'forged-sub',
      isAdmin: true,
      _id: '00000000-0000-4000-8000-000000000000',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    const rec = res.json();
    expect(rec).not.toHaveProperty('isAdmin');
    expect(rec._id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(rec.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect((await call(h, 'POST', '/api/auth/login', { body: { email, password: 'real-password' } })).statusCode).toBe(200);
    const rows = await runSql(h, sql`SELECT google_sub FROM users WHERE id = ${rec._id}`);
    expect(rows).toEqual([{ google_sub: null }]);

    const upd = await put(`/api/auth/users/${rec._id}`, {
      googleSub: 'forged',
      passwordHash: 'forged',
      isAdmin: true,
      name: 'Still Extra',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().name).toBe('Still Extra');
    expect(upd.json()).not.toHaveProperty('isAdmin');
    expect((await call(h, 'POST', '/api/auth/login', { body: { email, password: 'real-password' } })).statusCode).toBe(200);
  });

  test('a duplicate e-mail is a 409, whatever its case', async () => {
    const u = await createUser(h);
    const expected = { error: 'Email is already in use.', fields: { email: 'Email is already in use.' } };
    const same = await post('/api/auth/users', { name: 'Dup', email: u.email });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual(expected);
    const upper = await post('/api/auth/users', { name: 'Dup', email: u.email.toUpperCase() });
    expect(upper.statusCode).toBe(409);
    expect(upper.json()).toEqual(expected);
    const other = await createUser(h);
    const upd = await put(`/api/auth/users/${other._id}`, { email: u.email });
    expect(upd.statusCode).toBe(409);
    expect(upd.json()).toEqual(expected);
  });

  test('missing required fields are a 400 with fields', async () => {
    const res = await post('/api/auth/users', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Name is required',
      fields: { name: 'Name is required', email: 'Email is required' },
    });
    const blank = await post('/api/auth/users', { name: '   ', email: uniqueEmail() });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'Name is required', fields: { name: 'Name is required' } });
  });

  test('a malformed e-mail is a 400 with the format message', async () => {
    const res = await post('/api/auth/users', { name: 'Bad Mail', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Entered value does not match email format',
      fields: { email: 'Entered value does not match email format' },
    });
  });

  test('a short password is a 400 with the length message', async () => {
    const res = await post('/api/auth/users', { name: 'Short', email: uniqueEmail(), password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Password must have at least 6 characters',
      fields: { password: 'Password must have at least 6 characters' },
    });
  });

  test('wrong types are 400s', async () => {
    const res = await post('/api/auth/users', { name: 'Types', email: uniqueEmail(), blocked: 'maybe' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Blocked must be a boolean', fields: { blocked: 'Blocked must be a boolean' } });
    const nullable = await post('/api/auth/users', { name: 'Types', email: uniqueEmail(), phone: { n: 1 } });
    expect(nullable.statusCode).toBe(400);
    expect(nullable.json()).toEqual({ error: 'Phone must be a string', fields: { phone: 'Phone must be a string' } });
    const list = await post('/api/auth/roles', { name: 'Typed', description: 'x', permission: { a: 1 } });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ error: 'Permission must be an array', fields: { permission: 'Permission must be an array' } });
    const long = await post('/api/auth/users', { name: 'x'.repeat(201), email: uniqueEmail() });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      error: 'Name must have at most 200 characters',
      fields: { name: 'Name must have at most 200 characters' },
    });
  });

  test('concurrent creates with one e-mail: one 201, the rest 409', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([1, 2, 3, 4].map((i) => post('/api/auth/users', { name: `Race ${i}`, email })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect((await get(`/api/auth/users?q=${encodeURIComponent(email)}`)).json().total).toBe(1);
  });

  test('get one, update, delete, then get is a 404', async () => {
    const u = await createUser(h, { name: 'Lifecycle' });
    const got = await get(`/api/auth/users/${u._id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ _id: u._id, name: 'Lifecycle', email: u.email });

    const upd = await put(`/api/auth/users/${u._id}`, { name: 'Renamed', phone: '+30 210 000', password: null });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ _id: u._id, name: 'Renamed', phone: '+30 210 000', email: u.email });
    // A null password in an update leaves the password as it was.
    expect((await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).statusCode).toBe(200);
    expect((await get(`/api/auth/users/${u._id}`)).json().name).toBe('Renamed');

    const gone = await del(`/api/auth/users/${u._id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ ok: true });
    const after = await get(`/api/auth/users/${u._id}`);
    expect(after.statusCode).toBe(404);
    expect(after.json()).toEqual(NOT_FOUND);
    expect((await del(`/api/auth/users/${u._id}`)).statusCode).toBe(404);
    expect((await put(`/api/auth/users/${u._id}`, { name: 'Ghost' })).statusCode).toBe(404);
  });

  test('an unknown or malformed id is a 404', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1', "1' OR '1'='1"]) {
      const res = await get(`/api/auth/users/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  describe('lists', () => {
    const marker = `zq${Date.now().toString(36)}`;
    const ids: string[] = [];
    beforeAll(async () => {
      // 7 users carry the marker; 2 of them blocked, 1 unconfirmed.
      for (let i = 0; i < 7; i++) {
        const res = await post('/api/auth/users', {
          name: `Person ${i} ${marker}`,
          email: `${marker}.p${i}@example.com`,
          blocked: i < 2,
          confirmed: i !== 6,
        });
        expect(res.statusCode).toBe(201);
        ids.push(res.json()._id);
      }
    });

    test('pagination carries total and pages', async () => {
      const first = await get(`/api/auth/users?q=${marker}&limit=3&page=1`);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ total: 7, page: 1, pages: 3 });
      expect(first.json().data).toHaveLength(3);
      const third = await get(`/api/auth/users?q=${marker}&limit=3&page=3`);
      expect(third.json()).toMatchObject({ total: 7, page: 3, pages: 3 });
      expect(third.json().data).toHaveLength(1);
      const past = await get(`/api/auth/users?q=${marker}&limit=3&page=9`);
      expect(past.statusCode).toBe(200);
      expect(past.json()).toMatchObject({ data: [], total: 7, page: 9, pages: 3 });
      // Pages do not overlap and cover every match; newest first by default.
      const seen = [];
      for (let p = 1; p <= 3; p++)
        seen.push(...(await get(`/api/auth/users?q=${marker}&limit=3&page=${p}`)).json().data.map((x: { _id: string }) => x._id));
      expect(seen).toEqual([...ids].reverse());
    });

    test('the default page size is 25', async () => {
      const res = await get('/api/auth/users');
      expect(res.json().page).toBe(1);
      expect(res.json().data.length).toBe(Math.min(25, res.json().total));
    });

    test('q is a case-insensitive substring of name or e-mail', async () => {
      const upper = await get(`/api/auth/users?q=${marker.toUpperCase()}`);
      expect(upper.json().total).toBe(7);
      const mid = await get(`/api/auth/users?q=${encodeURIComponent(`${marker.slice(3)}.P3@`)}`);
      expect(mid.json().total).toBe(1);
      expect(mid.json().data[0].email).toBe(`${marker}.p3@example.com`);
      const byName = await get(`/api/auth/users?q=${encodeURIComponent(`PERSON 5 ${marker}`)}`);
      expect(byName.json().data.map((x: { name: string }) => x.name)).toEqual([`Person 5 ${marker}`]);
      const none = await get(`/api/auth/users?q=${marker}-nothing`);
      expect(none.json()).toMatchObject({ data: [], total: 0, page: 1, pages: 1 });
    });

    test('q treats % and _ literally', async () => {
      expect((await get(`/api/auth/users?q=${encodeURIComponent('%')}`)).json().total).toBe(0);
      expect((await get(`/api/auth/users?q=${encodeURIComponent(`${marker}_p`)}`)).json().total).toBe(0);
    });

    test('boolean filters', async () => {
      const ok = await get(`/api/auth/users?q=${marker}&confirmed=true&blocked=false`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().total).toBe(4);
      for (const u of ok.json().data) expect(u).toMatchObject({ confirmed: true, blocked: false });
      expect((await get(`/api/auth/users?q=${marker}&blocked=true`)).json().total).toBe(2);
      expect((await get(`/api/auth/users?q=${marker}&confirmed=false`)).json().total).toBe(1);
      const bad = await get(`/api/auth/users?blocked=perhaps`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'Blocked must be a boolean', fields: { blocked: 'Blocked must be a boolean' } });
    });

    test('private columns cannot be used as filters or sorts', async () => {
      for (const f of ['password', 'passwordHash', 'password_hash', 'googleSub', 'google_sub']) {
        const res = await get(`/api/auth/users?q=${marker}&${f}=x`);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(`Unknown filter: ${f}`);
        const sorted = await get(`/api/auth/users?sort=${f}`);
        expect(sorted.statusCode).toBe(400);
      }
    });

    test('sort and order on declared fields', async () => {
      const asc = (await get(`/api/auth/users?q=${marker}&sort=name&order=ASC`)).json().data.map((x: { name: string }) => x.name);
      expect(asc).toEqual([...asc].sort());
      expect(asc[0]).toBe(`Person 0 ${marker}`);
      const desc = (await get(`/api/auth/users?q=${marker}&sort=email&order=DESC&limit=2`))
        .json()
        .data.map((x: { email: string }) => x.email);
      expect(desc).toEqual([`${marker}.p6@example.com`, `${marker}.p5@example.com`]);
    });

    test('an unknown sort or order is a 400', async () => {
      const res = await get('/api/auth/users?sort=nope');
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ sort: 'Sort must be one of: createdAt, name, email' });
      const order = await get('/api/auth/users?sort=name&order=sideways');
      expect(order.statusCode).toBe(400);
      expect(Object.keys(order.json().fields)).toEqual(['order']);
    });

    test('non-numeric or out-of-range page and limit are 400s', async () => {
      const page = await get('/api/auth/users?page=abc');
      expect(page.statusCode).toBe(400);
      expect(page.json()).toEqual({ error: 'Page must be a whole number', fields: { page: 'Page must be a whole number' } });
      const limit = await get('/api/auth/users?limit=ten');
      expect(limit.statusCode).toBe(400);
      expect(limit.json()).toEqual({ error: 'Limit must be a whole number', fields: { limit: 'Limit must be a whole number' } });
      expect((await get('/api/auth/users?page=0')).json()).toEqual({
        error: 'Page must be at least 1',
        fields: { page: 'Page must be at least 1' },
      });
      expect((await get('/api/auth/users?limit=0')).statusCode).toBe(400);
      expect((await get('/api/auth/users?page=1.5')).statusCode).toBe(400);
      expect((await get('/api/auth/users?limit=-5')).statusCode).toBe(400);
    });

    test('limit 1000000 and 100000 ("load all") work and return what exists', async () => {
      for (const limit of [1000000, 100000]) {
        const res = await get(`/api/auth/users?limit=${limit}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.length).toBe(res.json().total);
        expect(res.json()).toMatchObject({ page: 1, pages: 1 });
      }
    });
  });
});

describe('permissions', () => {
  test('create, read, update, delete', async () => {
    const res = await post('/api/auth/permissions', {
      name: 'Custom thing',
      description: 'A custom route',
      method: 'GET',
      route: '/api/custom/thing',
      extra: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.stringMatching(UUID),
      // A new record's version.
      _version: 1,
      createdAt: expect.stringMatching(ISO),
      auth: true,
      name: 'Custom thing',
      description: 'A custom route',
      method: 'GET',
      route: '/api/custom/thing',
    });
    const id = res.json()._id;
    const upd = await put(`/api/auth/permissions/${id}`, { auth: false, description: 'Now public' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ auth: false, description: 'Now public', name: 'Custom thing' });
    const found = await get('/api/auth/permissions?q=custom/THING');
    expect(found.json().total).toBe(1);
    expect(found.json().data[0]._id).toBe(id);
    expect((await del(`/api/auth/permissions/${id}`)).statusCode).toBe(200);
    expect((await get(`/api/auth/permissions/${id}`)).statusCode).toBe(404);
  });

  test('method must be one of the four; required fields are named', async () => {
    const bad = await post('/api/auth/permissions', { name: 'x', description: 'x', method: 'PATCH', route: '/api/x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Method must be one of: GET, POST, PUT, DELETE',
      fields: { method: 'Method must be one of: GET, POST, PUT, DELETE' },
    });
    const none = await post('/api/auth/permissions', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({
      name: 'Name is required',
      description: 'Description is required',
      method: 'Method is required',
      route: 'Route is required',
    });
  });

  test('the same method and route twice is a 409', async () => {
    const res = await post('/api/auth/permissions', { name: 'Again', description: 'dup', method: 'GET', route: '/api/auth/users' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'A record with these values already exists.' });
  });

  test('the list is sorted by route and can be sorted by method', async () => {
    const res = await get('/api/auth/permissions?limit=1000000');
    const routes = res.json().data.map((p: { route: string }) => p.route);
    expect(routes).toEqual([...routes].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(res.json().total).toBeGreaterThanOrEqual(28);
    const filtered = await get('/api/auth/permissions?method=DELETE&limit=1000');
    expect(filtered.json().data.every((p: { method: string }) => p.method === 'DELETE')).toBe(true);
    expect((await get('/api/auth/permissions?method=PATCH')).statusCode).toBe(400);
  });
});

describe('client-permissions', () => {
  test('create, update, list, delete', async () => {
    const res = await post('/api/auth/client-permissions', { name: 'Reports', menu: 'normal', menu_order: 45, path: '/reports' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.stringMatching(UUID),
      // A new record's version.
      _version: 1,
      createdAt: expect.stringMatching(ISO),
      name: 'Reports',
      menu: 'normal',
      menu_order: 45,
      path: '/reports',
      description: null,
    });
    const id = res.json()._id;
    const upd = await put(`/api/auth/client-permissions/${id}`, { menu_order: 5, description: 'Numbers' });
    expect(upd.json()).toMatchObject({ menu_order: 5, description: 'Numbers' });
    const list = await get('/api/auth/client-permissions?limit=1000000');
    const orders = list.json().data.map((c: { menu_order: number }) => c.menu_order);
    expect(orders).toEqual([...orders].sort((a: number, b: number) => a - b));
    expect(list.json().data[0]._id).toBe(id);
    expect((await del(`/api/auth/client-permissions/${id}`)).json()).toEqual({ ok: true });
    expect((await get(`/api/auth/client-permissions/${id}`)).statusCode).toBe(404);
  });

  test('menu_order must be a number; required fields are named', async () => {
    const bad = await post('/api/auth/client-permissions', { name: 'X', menu: 'normal', menu_order: 'first', path: '/x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Menu order must be a whole number', fields: { menu_order: 'Menu order must be a whole number' } });
    const none = await post('/api/auth/client-permissions', { description: 'only this' });
    expect(none.json().fields).toEqual({
      name: 'Name is required',
      menu: 'Menu is required',
      menu_order: 'Menu order is required',
      path: 'Path is required',
    });
  });
});

describe('roles', () => {
  test('create with permission and client-permission ids; responses populate them', async () => {
    const p1 = await permissionByRoute(h, 'GET', '/api/auth/users');
    const p2 = await permissionByRoute(h, 'GET', '/api/auth/roles');
    const menu = (await get('/api/auth/client-permissions?q=/account/profile')).json().data[0];
    const res = await post('/api/auth/roles', {
      name: 'Auditor',
      description: 'Reads users',
      permission: [p1._id, p2._id, p1._id],
      clientPermission: [menu._id],
    });
    expect(res.statusCode).toBe(201);
    const role = res.json();
    expect(role).toMatchObject({ name: 'Auditor', type: 'user', description: 'Reads users' });
    expect(role.permission).toHaveLength(2);
    expect(role.permission).toEqual(
      expect.arrayContaining([
        { _id: p1._id, name: 'GET users' },
        { _id: p2._id, name: 'GET roles' },
      ]),
    );
    expect(role.clientPermission).toEqual([{ _id: menu._id, name: 'Profile' }]);

    const listed = (await get('/api/auth/roles?q=auditor')).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0].permission).toEqual(expect.arrayContaining(role.permission));
    expect(listed[0].clientPermission).toEqual(role.clientPermission);

    // PUT replaces a list when it is given, keeps it when it is not.
    const upd = await put(`/api/auth/roles/${role._id}`, { permission: [p2._id] });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().permission).toEqual([{ _id: p2._id, name: 'GET roles' }]);
    expect(upd.json().clientPermission).toEqual(role.clientPermission);
    const cleared = await put(`/api/auth/roles/${role._id}`, { clientPermission: [] });
    expect(cleared.json().clientPermission).toEqual([]);
    expect(cleared.json().permission).toHaveLength(1);

    expect((await del(`/api/auth/roles/${role._id}`)).statusCode).toBe(200);
    expect((await get(`/api/auth/roles/${role._id}`)).statusCode).toBe(404);
  });

  test('the seeded roles are listed by name', async () => {
    const res = await get('/api/auth/roles');
    expect(res.json().data.map((r: { name: string; type: string }) => [r.name, r.type])).toEqual([
      ['Admin', 'admin'],
      ['Super Admin', 'superadmin'],
      ['User', 'user'],
    ]);
    const user = res.json().data.find((r: { name: string }) => r.name === 'User');
    expect(user.clientPermission).toEqual([{ _id: expect.any(String), name: 'Profile' }]);
    expect(user.permission).toEqual([]);
  });

  test('a duplicate name is a 409', async () => {
    const res = await post('/api/auth/roles', { name: 'Admin', description: 'again' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Name is already in use.', fields: { name: 'Name is already in use.' } });
  });

  test('ids that do not exist or are not ids are 400s', async () => {
    const missing = await post('/api/auth/roles', { name: 'Ghost perms', description: 'x', permission: [randomUUID()] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'A referenced record does not exist.' });
    const malformed = await post('/api/auth/roles', { name: 'Bad perms', description: 'x', permission: ['not-an-id'] });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().fields)).toEqual(['permission']);
    // Nothing was created.
    expect((await get('/api/auth/roles?q=perms')).json().total).toBe(0);
  });

  test('required fields are named', async () => {
    const res = await post('/api/auth/roles', { type: 'user' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ name: 'Name is required', description: 'Description is required' });
  });
});

describe('user-roles', () => {
  test('create populates user {name, email} and role {name, type}', async () => {
    const u = await createUser(h, { name: 'Role Holder' });
    const role = await roleByName(h, 'Admin');
    const res = await post('/api/auth/user-roles', { user: u._id, role: role._id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.stringMatching(UUID),
      // A new record's version.
      _version: 1,
      createdAt: expect.stringMatching(ISO),
      user: { _id: u._id, name: 'Role Holder', email: u.email },
      role: { _id: role._id, name: 'Admin', type: 'admin' },
    });
    const got = await get(`/api/auth/user-roles/${res.json()._id}`);
    expect(got.json()).toEqual(res.json());

    const dup = await post('/api/auth/user-roles', { user: u._id, role: role._id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'A record with these values already exists.' });
  });

  test('the list is sorted by role type and searchable by user and role', async () => {
    await createUser(h, { name: 'Plain One', role: 'User' });
    await createUser(h, { name: 'Admin Two', role: 'Admin' });
    const res = await get('/api/auth/user-roles?limit=100000');
    expect(res.statusCode).toBe(200);
    const types = res.json().data.map((x: { role: { type: string } }) => x.role.type);
    expect(types).toEqual([...types].sort());
    expect(new Set(types)).toEqual(new Set(['admin', 'superadmin', 'user']));
    const desc = (await get('/api/auth/user-roles?sort=role.type&order=DESC&limit=100000'))
      .json()
      .data.map((x: { role: { type: string } }) => x.role.type);
    expect(desc).toEqual([...types].sort().reverse());

    const byName = await get('/api/auth/user-roles?q=plain one');
    expect(byName.json().data.map((x: { user: { name: string } }) => x.user.name)).toEqual(['Plain One']);
    const byEmail = await get(`/api/auth/user-roles?q=${encodeURIComponent(ADMIN_EMAIL.toUpperCase())}`);
    expect(byEmail.json().data.map((x: { role: { type: string } }) => x.role.type)).toEqual(['superadmin']);
    const byRole = await get('/api/auth/user-roles?q=super adm');
    expect(byRole.json().total).toBe(1);
    const admin = await roleByName(h, 'Admin');
    const byFilter = await get(`/api/auth/user-roles?role=${admin._id}`);
    expect(byFilter.json().data.every((x: { role: { name: string } }) => x.role.name === 'Admin')).toBe(true);
  });

  test('user and role are required and must exist', async () => {
    const none = await post('/api/auth/user-roles', {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'User is required', fields: { user: 'User is required', role: 'Role is required' } });
    const role = await roleByName(h, 'User');
    const ghost = await post('/api/auth/user-roles', { user: randomUUID(), role: role._id });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json()).toEqual({ error: 'A referenced record does not exist.' });
    const junk = await post('/api/auth/user-roles', { user: 'nobody', role: role._id });
    expect(junk.statusCode).toBe(400);
    expect(Object.keys(junk.json().fields)).toEqual(['user']);
  });

  test('update and delete', async () => {
    const u = await createUser(h, { role: 'User' });
    const ur = (await get(`/api/auth/user-roles?user=${u._id}`)).json().data[0];
    const admin = await roleByName(h, 'Admin');
    const upd = await put(`/api/auth/user-roles/${ur._id}`, { role: admin._id });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().role).toEqual({ _id: admin._id, name: 'Admin', type: 'admin' });
    expect((await del(`/api/auth/user-roles/${ur._id}`)).json()).toEqual({ ok: true });
    expect((await get(`/api/auth/user-roles/${ur._id}`)).statusCode).toBe(404);
    expect((await get(`/api/auth/user-roles?user=${u._id}`)).json().total).toBe(0);
  });

  test('deleting a user removes their user-roles', async () => {
    const u = await createUser(h, { role: 'User' });
    expect((await get(`/api/auth/user-roles?user=${u._id}`)).json().total).toBe(1);
    expect((await del(`/api/auth/users/${u._id}`)).statusCode).toBe(200);
    expect((await get(`/api/auth/user-roles?user=${u._id}`)).json().total).toBe(0);
  });
});

describe('user-profiles (read-only)', () => {
  test('list and get show profile fields only', async () => {
    const u = await createUser(h, { name: 'Profiled Person' });
    await put(`/api/auth/users/${u._id}`, { phone: '123', address: 'Athens', bio: 'Hi' });
    const list = await get('/api/auth/user-profiles?q=profiled');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(list.json().data).toEqual([
      {
        _id: u._id,
        _version: expect.any(Number),
        createdAt: expect.stringMatching(ISO),
        image: null,
        name: 'Profiled Person',
        address: 'Athens',
        phone: '123',
        email: u.email,
        bio: 'Hi',
      },
    ]);
    const one = await get(`/api/auth/user-profiles/${u._id}`);
    expect(one.json()).toEqual(list.json().data[0]);
    expect((await get(`/api/auth/user-profiles/${randomUUID()}`)).statusCode).toBe(404);
  });

  test('POST, PUT and DELETE do not exist (404)', async () => {
    const u = await createUser(h);
    for (const [method, url] of [
      ['POST', '/api/auth/user-profiles'],
      ['PUT', `/api/auth/user-profiles/${u._id}`],
      ['DELETE', `/api/auth/user-profiles/${u._id}`],
    ] as const) {
      const res = await call(h, method, url, { token: h.adminToken, body: { name: 'Hacked' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found.' });
    }
    expect((await get(`/api/auth/users/${u._id}`)).json().name).toBe('Test User');
  });
});
