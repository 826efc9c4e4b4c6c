import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resources } from '../../resources';
import { gadgets } from '../fixtures/gadgets';
import { ddlFor } from '../fixtures/resource-ddl';
import { startHarness, type Harness } from './harness';
import { call, createUser, runSql } from './helpers';

// A resource added by its declaration alone (tests/fixtures/gadgets.ts): the
// server gets the product's list plus it, the database the SQL drizzle-kit
// derives for it, and nothing else is edited.
let h: Harness;
beforeAll(async () => {
  const ddl = await ddlFor([gadgets]);
  h = await startHarness(
    {},
    {
      fresh: true,
      resources: [...resources, gadgets],
      prepareDatabase: async ({ db }) => {
        for (const statement of ddl) await db.execute(sql.raw(statement));
      },
    },
  );
});
afterAll(async () => {
  await h?.close();
});

const signedIn = async (role: string) => {
  const u = await createUser(h, { role });
  return { ...u, token: await h.login(u.email, u.password) };
};

describe('a resource added by its declaration', () => {
  test('has its table, with a column per field kind', async () => {
    const cols = await runSql(
      h,
      sql`SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'gadgets' ORDER BY column_name`,
    );
    expect(Object.fromEntries(cols.map((c) => [c.column_name, c.data_type]))).toEqual({
      id: 'uuid',
      row_version: 'integer',
      created_at: 'timestamp with time zone',
      name: 'text',
      size: 'text',
      weight: 'integer',
      fragile: 'boolean',
      owner_id: 'uuid',
      labels: 'ARRAY',
    });
  });

  test('has its generic routes, validated by its field kinds', async () => {
    const owner = await createUser(h, { name: 'Olga Owner' });
    const created = await call(h, 'POST', '/api/auth/gadgets', {
      token: h.adminToken,
      body: { name: '  Lamp ', weight: 3, owner: owner._id, labels: [' desk ', '', 'light'], extra: 'dropped' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Lamp',
      size: 'small',
      weight: 3,
      fragile: false,
      labels: ['desk', 'light'],
      owner: { _id: owner._id, name: 'Olga Owner', email: owner.email },
    });
    expect(created.json()).not.toHaveProperty('extra');

    const bad = await call(h, 'POST', '/api/auth/gadgets', { token: h.adminToken, body: { name: 'Box', size: 'huge', weight: -1 } });
    expect(bad.statusCode).toBe(400);

    const id = created.json()._id as string;
    const updated = await call(h, 'PUT', `/api/auth/gadgets/${id}`, { token: h.adminToken, body: { fragile: true } });
    expect(updated.json()).toMatchObject({ name: 'Lamp', fragile: true });

    const search = await call(h, 'GET', '/api/auth/gadgets?q=ligh', { token: h.adminToken });
    expect(search.json()).toMatchObject({ total: 1, data: [{ name: 'Lamp' }] });
    const filtered = await call(h, 'GET', '/api/auth/gadgets?fragile=false', { token: h.adminToken });
    expect(filtered.json()).toMatchObject({ total: 0, data: [] });

    expect((await call(h, 'DELETE', `/api/auth/gadgets/${id}`, { token: h.adminToken })).statusCode).toBe(200);
    expect((await call(h, 'GET', `/api/auth/gadgets/${id}`, { token: h.adminToken })).statusCode).toBe(404);
  });

  test('has API permissions: granted to admins at first start, not to plain users', async () => {
    const perms = await call(h, 'GET', '/api/auth/permissions?limit=1000&q=gadgets', { token: h.adminToken });
    const routes = perms.json().data.map((p: { method: string; route: string }) => `${p.method} ${p.route}`);
    expect(routes.sort()).toEqual([
      'DELETE /api/auth/gadgets/:id',
      // Deleting from the trash for good: superadmins only until a role is given it.
      'DELETE /api/auth/gadgets/:id/purge',
      'GET /api/auth/gadgets',
      'GET /api/auth/gadgets/:id',
      'POST /api/auth/gadgets',
      'PUT /api/auth/gadgets/:id',
    ]);
    const admin = await signedIn('Admin');
    expect((await call(h, 'GET', '/api/auth/gadgets', { token: admin.token })).statusCode).toBe(200);
    const user = await signedIn('User');
    expect((await call(h, 'GET', '/api/auth/gadgets', { token: user.token })).statusCode).toBe(403);
  });

  test('has its menu entry, for the roles it names', async () => {
    const admin = await signedIn('Admin');
    const menu = await call(h, 'GET', '/api/auth/user-categories?limit=50', { token: admin.token });
    expect(menu.json().data).toContainEqual(
      expect.objectContaining({ name: 'Gadgets', path: '/gadgets', menu: 'Workshop', menu_order: 500 }),
    );
    const user = await signedIn('User');
    const userMenu = await call(h, 'GET', '/api/auth/user-categories?limit=50', { token: user.token });
    expect(userMenu.json().data.map((c: { path: string }) => c.path)).not.toContain('/gadgets');
  });
});
