import { beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { dataProvider } from '../../src/admin/providers/dataProvider';
import { saveSession, clearSession } from '../../src/web/session';
import { fakeFetch } from './fakeFetch';

const list = (data: object[], total: number | string = data.length) => ({ body: { data, total, page: 1, pages: 1 } });

describe('dataProvider', () => {
  beforeEach(() => {
    clearSession();
    saveSession({ token: 'tok', user: { _id: 'u1', name: 'A', email: 'a@x.io' } }, null);
  });

  it('lists with page, limit, q and a declared sort, mapping _id to id', async () => {
    const calls = fakeFetch(() => list([{ _id: 'a1', name: 'Ann' }], 12));
    const res = await dataProvider.getList('users', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'ann' },
    });
    expect(calls[0].url).toBe('/api/auth/users?page=2&limit=25&q=ann&sort=createdAt&order=DESC');
    expect(calls[0].auth).toBe('Bearer tok');
    expect(res.data).toEqual([{ _id: 'a1', id: 'a1', name: 'Ann' }]);
    expect(res.total).toBe(12);
  });

  it('drops sorts the resource does not declare and passes other filters through', async () => {
    const calls = fakeFetch(() => list([]));
    await dataProvider.getList('users', {
      pagination: { page: 1, perPage: 100000 },
      sort: { field: 'id', order: 'ASC' },
      filter: { confirmed: true, blocked: false, q: '' },
    });
    expect(calls[0].url).toBe('/api/auth/users?page=1&limit=100000&confirmed=true&blocked=false');
  });

  it('keeps a capped total as a label and a number', async () => {
    fakeFetch(() => list([{ _id: 'x' }], '10000+'));
    const res = await dataProvider.getList('users', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(res.total).toBe(10000);
    expect(res.meta).toEqual({ totalLabel: '10000+' });
  });

  it('gets, creates, updates and deletes on {api}/{id} without sending the react-admin id', async () => {
    const calls = fakeFetch((c) => (c.method === 'DELETE' ? { body: { ok: true } } : { body: { _id: 'r9', name: 'Role' } }));
    expect((await dataProvider.getOne('roles', { id: 'r9' })).data).toEqual({ _id: 'r9', id: 'r9', name: 'Role' });
    await dataProvider.create('roles', { data: { name: 'Role' } });
    await dataProvider.update('roles', { id: 'r9', data: { id: 'r9', name: 'Role' }, previousData: { id: 'r9' } });
    await dataProvider.delete('roles', { id: 'r9', previousData: { id: 'r9' } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/auth/roles/r9',
      'POST /api/auth/roles',
      'PUT /api/auth/roles/r9',
      'DELETE /api/auth/roles/r9',
    ]);
    expect(calls[2].body).toEqual({ name: 'Role' });
  });

  it('fetches many by id and references by target', async () => {
    const calls = fakeFetch((c) => (c.url.includes('?') ? list([{ _id: 'ur1' }]) : { body: { _id: c.url.split('/').pop() } }));
    const many = await dataProvider.getMany('permissions', { ids: ['p1', 'p2'] });
    expect(many.data.map((r) => r.id)).toEqual(['p1', 'p2']);
    await dataProvider.getManyReference('user-roles', {
      target: 'user',
      id: 'u1',
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'ASC' },
      filter: {},
    });
    expect(calls[2].url).toBe('/api/auth/user-roles?page=1&limit=10&sort=createdAt&order=ASC&user=u1');
  });

  it('turns an error body into an HttpError whose errors map marks form fields', async () => {
    fakeFetch(() => ({ status: 409, body: { error: 'Email already in use.', fields: { email: 'Email already in use.' } } }));
    const err = await dataProvider.create('users', { data: { email: 'a@x.io' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(409);
    expect((err as HttpError).message).toBe('Email already in use.');
    expect((err as HttpError).body).toMatchObject({ error: 'Email already in use.', errors: { email: 'Email already in use.' } });
  });

  it('says "An unexpected error occurred." with status 500 when no answer came', async () => {
    fakeFetch(() => new TypeError('network down'));
    const err = (await dataProvider.getOne('users', { id: 'x' }).catch((e: unknown) => e)) as HttpError;
    expect(err.status).toBe(500);
    expect(err.message).toBe('An unexpected error occurred.');
    expect(err.body).toMatchObject({ transport: true });
  });
});
