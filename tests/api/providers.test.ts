// @vitest-environment jsdom
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { HttpError } from 'react-admin';
import { setFetch } from '../../src/core/admin/api/http';
import { createAuthProvider } from '../../src/core/admin/providers/authProvider';
import { createDataProvider } from '../../src/core/admin/providers/dataProvider';
import { clearSession, getToken, getUserInfo } from '../../src/core/web/session';
import { productResources } from '../../resources/set';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startHarness, type Harness } from './harness';
import { createUser, runSql } from './helpers';
import { serverFetch, type SeenRequest } from './server-fetch';

// The admin's providers against the real server: what they send is what the
// routes accept, and what they make of the answers is what react-admin gets.
let h: Harness;
let seen: SeenRequest[];
const dataProvider = createDataProvider(productResources);
const authProvider = createAuthProvider(productResources);

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  seen = [];
  setFetch(serverFetch(h, seen));
  clearSession();
  await authProvider.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
});

describe('authProvider', () => {
  test('login stores the token and user the server gives; logout ends the session on the server', async () => {
    const token = getToken();
    expect(token).toEqual(expect.any(String));
    expect(getUserInfo()?.user).toMatchObject({ email: ADMIN_EMAIL, image: null });
    await authProvider.logout({});
    expect(getToken()).toBeNull();
    const after = await h.app.inject({ method: 'GET', url: '/api/auth/my-profile', headers: { authorization: `Bearer ${token}` } });
    expect(after.statusCode).toBe(401);
  });

  test('a wrong password is refused with the server message', async () => {
    clearSession();
    await expect(authProvider.login({ email: ADMIN_EMAIL, password: 'not-the-password' })).rejects.toThrow('Invalid email or password.');
  });
});

describe('dataProvider', () => {
  test('lists with page, limit, q and a declared sort, mapping _id to id, with an exact total', async () => {
    const u = await createUser(h, { name: 'Provider Ann' });
    const res = await dataProvider.getList('users', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'Provider Ann' },
    });
    expect(seen.at(-1)?.url).toBe('/api/auth/users?page=1&limit=5&q=Provider+Ann&sort=createdAt&order=DESC');
    expect(res.data).toEqual([expect.objectContaining({ id: u._id, _id: u._id, name: 'Provider Ann' })]);
    expect(res.total).toBe(1);
    expect(res.meta).toEqual({ totalLabel: '1' });
  });

  test('a capped total reads "10000+" for the list title', async () => {
    await runSql(
      h,
      sql`INSERT INTO users (name, email) SELECT 'Crowd ' || g, 'crowd' || g || '@example.com' FROM generate_series(1, 10050) AS g`,
    );
    const res = await dataProvider.getList('users', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'crowd' },
    });
    expect(res.data).toHaveLength(25);
    expect(res.total).toBe(10000);
    expect(res.meta).toEqual({ totalLabel: '10000+' });
  });

  test('gets, creates, updates and deletes a role on {api}/{id} without sending the react-admin id', async () => {
    const created = await dataProvider.create('roles', {
      data: { name: 'Provider Role', type: 'user', description: 'Made by the provider test' },
    });
    const id = created.data.id;
    expect(created.data).toMatchObject({ _id: id, name: 'Provider Role' });
    expect((await dataProvider.getOne('roles', { id })).data).toMatchObject({ id, name: 'Provider Role' });
    const updated = await dataProvider.update('roles', { id, data: { id, name: 'Provider Role 2' }, previousData: created.data });
    expect(updated.data).toMatchObject({ id, name: 'Provider Role 2' });
    await dataProvider.delete('roles', { id, previousData: updated.data });
    await expect(dataProvider.getOne('roles', { id })).rejects.toMatchObject({ status: 404 });
  });

  test('getMany and getManyReference return the records asked for', async () => {
    const a = await createUser(h, {});
    const b = await createUser(h, {});
    seen.length = 0;
    const many = await dataProvider.getMany('users', { ids: [a._id, b._id] });
    expect(many.data.map((r) => r.id).sort()).toEqual([a._id, b._id].sort());
    // One request for all of them, not one per id.
    expect(seen).toEqual([{ method: 'GET', url: `/api/auth/users?ids=${a._id}%2C${b._id}&limit=2` }]);
    const refs = await dataProvider.getManyReference('user-roles', {
      target: 'user',
      id: a._id,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'ASC' },
      filter: {},
    });
    expect(refs.data.every((r) => (r.user as { _id: string })._id === a._id)).toBe(true);
  });

  test('updateMany and deleteMany are one request each, all or nothing on the server', async () => {
    const a = await createUser(h, { name: 'Many A' });
    const b = await createUser(h, { name: 'Many B' });
    seen.length = 0;
    const updated = await dataProvider.updateMany('users', { ids: [a._id, b._id], data: { id: 'ignored', confirmed: false } });
    expect(updated.data).toEqual([a._id, b._id]);
    expect(seen).toEqual([{ method: 'PUT', url: '/api/auth/users' }]);
    expect((await dataProvider.getOne('users', { id: a._id })).data).toMatchObject({ confirmed: false });

    // One of them missing: a 404, and the other one is still there.
    seen.length = 0;
    const gone = '00000000-0000-4000-8000-000000000000';
    await expect(dataProvider.deleteMany('users', { ids: [a._id, gone] })).rejects.toMatchObject({ status: 404 });
    expect((await dataProvider.getOne('users', { id: a._id })).data).toMatchObject({ id: a._id });
    seen.length = 0;
    const deleted = await dataProvider.deleteMany('users', { ids: [a._id, b._id] });
    expect(deleted.data).toEqual([a._id, b._id]);
    expect(seen).toEqual([{ method: 'DELETE', url: `/api/auth/users?ids=${a._id}%2C${b._id}` }]);
    await expect(dataProvider.getOne('users', { id: b._id })).rejects.toMatchObject({ status: 404 });
  });

  test("a server refusal becomes an HttpError whose errors mark the form's fields", async () => {
    const taken = await createUser(h, {});
    const err = await dataProvider
      .create('users', { data: { name: 'Twin', email: taken.email, password: 'secret1' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(409);
    expect((err as HttpError).body).toMatchObject({ errors: { email: 'Email is already in use.' } });
  });
});
