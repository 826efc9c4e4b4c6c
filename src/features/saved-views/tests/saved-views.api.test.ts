import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, runSql } from '../../../../tests/api/helpers';
import { createRole, signedIn, type Person } from '../../../../tests/api/security/people';
import { SHARE_METHOD, SHARE_ROUTE, VIEW_NAME_MAX } from '../contract';

// Saved list views: kept per person, seen by whom they are shared with,
// changed by their owner only, checked against the list they belong to.

let h: Harness;
/** Holds the share permission and reads every field of users. */
let sharer: Person;
/** May list users, but not read `blocked`; may not share. */
let reader: Person;
/** May list users; none of the sharer's roles. */
let other: Person;
let readerRole = '';

const URL = '/api/auth/saved-views';
const views = (token: string, query = 'resource=users') => call(h, 'GET', `${URL}?${query}`, { token });
const save = (token: string, body: Record<string, unknown>) => call(h, 'POST', URL, { token, body });
const namesSeenBy = async (p: Person) => {
  const res = await views(p.token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { name: string }[]).map((v) => v.name).sort();
};
const usersView = (name: string, more: Record<string, unknown> = {}) => ({
  resource: 'users',
  name,
  params: { q: 'maria', filter: { confirmed: true }, sort: 'name', order: 'ASC', columns: ['name', 'email'], perPage: 50 },
  ...more,
});

beforeAll(async () => {
  h = await startHarness();
  await createRole(h, 'Views Sharer', 'staff', [
    ['GET', '/api/auth/users'],
    [SHARE_METHOD, SHARE_ROUTE],
  ]);
  readerRole = await createRole(h, 'Views Reader', 'staff', [['GET', '/api/auth/users']]);
  await createRole(h, 'Views Other', 'staff', [['GET', '/api/auth/users']]);
  const rules = { users: { read: ['name', 'email', 'createdAt', 'confirmed'] } };
  const put = await call(h, 'PUT', `/api/auth/roles/${readerRole}/access`, { token: h.adminToken, body: { resources: rules } });
  expect(put.statusCode, put.body).toBe(200);
  [sharer, reader, other] = await Promise.all([signedIn(h, 'Views Sharer'), signedIn(h, 'Views Reader'), signedIn(h, 'Views Other')]);
});
afterAll(async () => h?.close());

describe('saved views', () => {
  test('need a session; an API token is refused', async () => {
    expect((await call(h, 'GET', `${URL}?resource=users`)).statusCode).toBe(401);
    const made = await call(h, 'POST', '/api/auth/tokens', { token: sharer.token, body: { name: 'views script' } });
    expect(made.statusCode, made.body).toBe(201);
    expect((await views(made.json().token)).statusCode).toBe(403);
  });

  test('the share permission is a record of its own, seeded for the admin role', async () => {
    const rows = await runSql(
      h,
      sql`SELECT r.type FROM permissions p JOIN roles_permission rp ON rp.target_id = p.id JOIN roles r ON r.id = rp.owner_id
          WHERE p.method = ${SHARE_METHOD} AND p.route = ${SHARE_ROUTE}`,
    );
    expect(rows.map((r) => r.type)).toContain('admin');
  });

  test('create, read back, update and delete one’s own view, each audited', async () => {
    const created = await save(sharer.token, usersView('Confirmed Marias', { pinned: true }));
    expect(created.statusCode, created.body).toBe(201);
    const view = created.json();
    expect(view).toMatchObject({
      resource: 'users',
      name: 'Confirmed Marias',
      shared: 'private',
      roleIds: [],
      pinned: true,
      mine: true,
      dropped: [],
      params: { q: 'maria', filter: { confirmed: true }, sort: 'name', order: 'ASC', columns: ['name', 'email'], perPage: 50 },
    });
    expect(view.ownerName).toEqual(expect.any(String));

    const pinned = await views(sharer.token, 'pinned=true');
    expect(pinned.json().data.map((v: { _id: string }) => v._id)).toContain(view._id);

    const put = await call(h, 'PUT', `${URL}/${view._id}`, { token: sharer.token, body: { name: 'Marias, confirmed', pinned: false } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Marias, confirmed', pinned: false, params: view.params });

    const del = await call(h, 'DELETE', `${URL}/${view._id}`, { token: sharer.token });
    expect(del.statusCode, del.body).toBe(200);
    expect(await namesSeenBy(sharer)).not.toContain('Marias, confirmed');
    expect((await call(h, 'DELETE', `${URL}/${view._id}`, { token: sharer.token })).statusCode).toBe(404);

    const audit = await runSql(
      h,
      sql`SELECT action FROM audit_logs WHERE actor_id = ${sharer._id} AND action LIKE 'saved-view-%' ORDER BY at`,
    );
    expect(audit.map((a) => a.action)).toEqual(['saved-view-create', 'saved-view-update', 'saved-view-delete']);
  });

  test('private, shared with a role, shared with everyone: each seen by whom it should be', async () => {
    for (const body of [
      usersView('Sharer private'),
      usersView('Sharer to readers', { shared: 'roles', roleIds: [readerRole] }),
      usersView('Sharer to all', { shared: 'everyone' }),
    ]) {
      const res = await save(sharer.token, body);
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await namesSeenBy(sharer)).toEqual(expect.arrayContaining(['Sharer private', 'Sharer to readers', 'Sharer to all']));
    const readerSees = await namesSeenBy(reader);
    expect(readerSees).toEqual(expect.arrayContaining(['Sharer to readers', 'Sharer to all']));
    expect(readerSees).not.toContain('Sharer private');
    const otherSees = await namesSeenBy(other);
    expect(otherSees).toContain('Sharer to all');
    expect(otherSees).not.toContain('Sharer to readers');
    expect(otherSees).not.toContain('Sharer private');
    // Another's view is marked as not theirs, with its owner's name.
    const shared = (await views(reader.token)).json().data.find((v: { name: string }) => v.name === 'Sharer to all');
    expect(shared).toMatchObject({ mine: false, ownerName: 'Test User' });
    // The superadmin does not see others' private views either.
    expect(await namesSeenBy({ ...sharer, token: h.adminToken })).not.toContain('Sharer private');
  });

  test('sharing needs its permission; keeping a view private does not', async () => {
    const everyone = await save(reader.token, usersView('Reader to all', { shared: 'everyone' }));
    expect(everyone.statusCode).toBe(403);
    expect(everyone.json().error).toBe('You may not share views: keep this one private.');
    const roles = await save(reader.token, usersView('Reader to roles', { shared: 'roles', roleIds: [readerRole] }));
    expect(roles.statusCode).toBe(403);
    const own = await save(reader.token, usersView('Reader own', { params: { filter: { confirmed: true } } }));
    expect(own.statusCode, own.body).toBe(201);
    const later = await call(h, 'PUT', `${URL}/${own.json()._id}`, { token: reader.token, body: { shared: 'everyone' } });
    expect(later.statusCode).toBe(403);
    // Shared with roles: some roles, that exist.
    const none = await save(sharer.token, usersView('No roles', { shared: 'roles', roleIds: [] }));
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Choose the roles to share this view with.');
    const ghost = await save(sharer.token, usersView('Ghost role', { shared: 'roles', roleIds: ['00000000-0000-4000-8000-000000000000'] }));
    expect(ghost.statusCode).toBe(400);
  });

  test('only the owner changes or deletes a view: others get 403 when they see it, 404 when they do not', async () => {
    const mine = await save(sharer.token, usersView('Owner only', { shared: 'roles', roleIds: [readerRole] }));
    const id = mine.json()._id;
    const seen = await call(h, 'PUT', `${URL}/${id}`, { token: reader.token, body: { name: 'Taken over' } });
    expect(seen.statusCode).toBe(403);
    expect(seen.json().error).toBe('Only its owner changes or deletes a view.');
    expect((await call(h, 'DELETE', `${URL}/${id}`, { token: reader.token })).statusCode).toBe(403);
    expect((await call(h, 'PUT', `${URL}/${id}`, { token: other.token, body: { name: 'Taken over' } })).statusCode).toBe(404);
    expect((await call(h, 'DELETE', `${URL}/${id}`, { token: other.token })).statusCode).toBe(404);
    expect((await call(h, 'DELETE', `${URL}/${id}`, { token: h.adminToken })).statusCode).toBe(404);
    expect(await namesSeenBy(sharer)).toContain('Owner only');
  });

  test('a name is unique per owner and list: 409 saying so; another person may use it', async () => {
    expect((await save(sharer.token, usersView('Twice'))).statusCode).toBe(201);
    const again = await save(sharer.token, usersView(' Twice '));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You already have a view named “Twice” for this list: choose another name.');
    expect((await save(other.token, usersView('Twice'))).statusCode).toBe(201);
    const other2 = await save(sharer.token, usersView('Twice 2'));
    const rename = await call(h, 'PUT', `${URL}/${other2.json()._id}`, { token: sharer.token, body: { name: 'Twice' } });
    expect(rename.statusCode).toBe(409);
  });

  test('validation: the list, its filters, sort and columns, sizes, names', async () => {
    const refused = async (body: Record<string, unknown>, message: RegExp, token = sharer.token) => {
      const res = await save(token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatch(message);
    };
    await refused(usersView('No list', { resource: 'nothing-here' }), /There is no list “nothing-here” you may read/);
    // A declared list the caller may not read is no different.
    await refused(usersView('Roles', { resource: 'roles', params: {} }), /There is no list “roles” you may read/);
    await refused(
      usersView('Bad filter', { params: { filter: { colour: 'red' } } }),
      /Unknown filter for users: colour\. Its filters are: .*confirmed/,
    );
    await refused(usersView('Proto', { params: { filter: { constructor: 'x' } } }), /Unknown filter for users: constructor/);
    await refused(usersView('Proto 2', { params: { filter: { hasOwnProperty: 'x' } } }), /Unknown filter/);
    await refused(usersView('Bad sort', { params: { sort: 'password' } }), /users cannot be sorted by password/);
    await refused(usersView('Bad column', { params: { columns: ['name', 'password'] } }), /Unknown column for users: password/);
    await refused(usersView('Big page', { params: { perPage: 1000 } }), /.+/);
    await refused(usersView('Nested', { params: { filter: { confirmed: { $ne: true } } } }), /A filter's value must be/);
    await refused(usersView('Long', { params: { filter: { confirmed: 'x'.repeat(2000) } } }), /A filter's value must be/);
    // A parameter no list knows is dropped, as every body's unknown fields are.
    const extra = await save(sharer.token, usersView('Extra', { params: { colour: 'red' } }));
    expect(extra.statusCode, extra.body).toBe(201);
    expect(extra.json().params).toEqual({});
    await refused(usersView('x'.repeat(VIEW_NAME_MAX + 1)), /.+/);
    await refused(usersView('   '), /Give the view a name/);
    await refused(usersView('Many', { params: { columns: Array.from({ length: 101 }, () => 'name') } }), /.+/);
    // A field the saver may not read cannot be kept in a view.
    await refused(usersView('Hidden', { params: { filter: { blocked: true } } }), /You may not read blocked/, reader.token);

    // `__proto__` in the raw JSON is refused before anything reads it.
    const raw = await h.app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: `Bearer ${sharer.token}`, 'content-type': 'application/json' },
      payload: '{"resource":"users","name":"Poison","params":{"filter":{"__proto__":{"polluted":true}}}}',
    });
    expect(raw.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await namesSeenBy(sharer)).not.toContain('Poison');

    const unknownQuery = await views(sharer.token, 'resource=users&colour=red');
    expect(unknownQuery.statusCode).toBe(400);
    expect((await views(sharer.token, 'resource=nothing-here')).statusCode).toBe(400);
  });

  test('a field the viewer may not read is left out of the view they open, and named', async () => {
    const res = await save(
      sharer.token,
      usersView('Blocked ones', {
        shared: 'roles',
        roleIds: [readerRole],
        params: { filter: { blocked: true, confirmed: true }, sort: 'name', order: 'DESC', columns: ['name', 'blocked', 'email'] },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const seen = (await views(reader.token)).json().data.find((v: { name: string }) => v.name === 'Blocked ones');
    expect(seen).toMatchObject({
      dropped: ['blocked'],
      params: { filter: { confirmed: true }, sort: 'name', order: 'DESC', columns: ['name', 'email'] },
    });
    // Its owner sees it whole.
    const whole = (await views(sharer.token)).json().data.find((v: { name: string }) => v.name === 'Blocked ones');
    expect(whole).toMatchObject({
      dropped: [],
      params: { filter: { blocked: true, confirmed: true }, columns: ['name', 'blocked', 'email'] },
    });
  });
});
