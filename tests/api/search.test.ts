import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, runSql } from './helpers';
import { REF_IDS_CAP } from '../../src/core/server/crud/query';
import { SEARCH_STATISTICS_TARGET } from '../../src/core/server/db/search-statistics';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  for (const [name, email] of [
    ['Zoe Quinn', 'zq.first@example.com'],
    ['Anna Zquist', 'anna@example.com'],
    ['Percent 100%', 'pct@example.com'],
    ['Zr Next', 'zr@example.com'],
    ['Ζωή Ζαχαρίου', 'zwi@example.com'],
    ['Ηλίας Η', 'ilias@example.com'],
  ]) {
    const res = await call(h, 'POST', '/api/auth/users', { token: h.adminToken, body: { name, email } });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => h?.close());

const names = async (q: string) =>
  (await call(h, 'GET', `/api/auth/users?limit=100&q=${encodeURIComponent(q)}`, { token: h.adminToken }))
    .json()
    .data.map((u: { name: string }) => u.name)
    .sort();

describe('list search', () => {
  it('matches three or more characters anywhere, case-insensitively', async () => {
    expect(await names('QUIS')).toEqual(['Anna Zquist']);
    expect(await names('first@')).toEqual(['Zoe Quinn']);
  });

  it('matches one- or two-letter terms at the start of a value (indexable on big tables)', async () => {
    expect(await names('zq')).toEqual(['Zoe Quinn']);
    expect(await names('Zo')).toEqual(['Zoe Quinn']);
    expect(await names('an')).toEqual(['Anna Zquist']);
  });

  it('ends a prefix match exactly where the next letter begins, in any script', async () => {
    expect(await names('zq')).toEqual(['Zoe Quinn']);
    expect(await names('zr')).toEqual(['Zr Next']);
    expect(await names('ΖΩ')).toEqual(['Ζωή Ζαχαρίου']);
    expect(await names('ζ')).toEqual(['Ζωή Ζαχαρίου']);
    expect(await names('η')).toEqual(['Ηλίας Η']);
  });

  it('ignores accents, in the term and in the values, at any length', async () => {
    expect(await names('ζωη')).toEqual(['Ζωή Ζαχαρίου']);
    expect(await names('ΖΑΧΑΡΙΟΥ')).toEqual(['Ζωή Ζαχαρίου']);
    expect(await names('ηλιας')).toEqual(['Ηλίας Η']);
    expect(await names('Ηλ')).toEqual(['Ηλίας Η']);
    expect(await names('ζώ')).toEqual(['Ζωή Ζαχαρίου']);
  });

  it("samples SEARCH_STATISTICS_TARGET values of every search index's folded text", async () => {
    const rows = (await runSql(
      h,
      sql`SELECT i.indexrelid::regclass::text AS ix, a.attstattarget::int AS target FROM pg_index i
          JOIN pg_attribute a ON a.attrelid = i.indexrelid AND a.attnum = 1
          WHERE pg_get_indexdef(i.indexrelid) LIKE '%search_fold(%' ORDER BY 1`,
    )) as { ix: string; target: number | null }[];
    expect(rows.map((r) => r.ix)).toEqual(expect.arrayContaining(['users_name_trgm', 'users_email_prefix', 'roles_name_trgm']));
    expect(rows.filter((r) => r.target !== SEARCH_STATISTICS_TARGET)).toEqual([]);
  });

  it('treats % and _ literally', async () => {
    expect(await names('00%')).toEqual(['Percent 100%']);
    expect(await names('pe')).toEqual(['Percent 100%']);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });
});

describe('list search through a ref (user-role links by their user)', () => {
  const get = async (path: string) => (await call(h, 'GET', path, { token: h.adminToken })).json();
  /** The links whose user's name or e-mail holds `term`, as the database counts them. */
  const linksOf = async (term: string) =>
    Number(
      (
        await runSql(
          h,
          sql`SELECT count(*)::int AS n FROM user_roles l JOIN users u ON u.id = l.user_id
              WHERE u.name ILIKE ${`%${term}%`} OR u.email ILIKE ${`%${term}%`}`,
        )
      )[0].n,
    );

  it('gives every matching link and its exact total, whether the term names a few users or more than the lookup holds', async () => {
    // More namesakes than a list looks up by id: their links are found by walking the links instead.
    const many = REF_IDS_CAP + 300;
    await runSql(
      h,
      sql`INSERT INTO users (name, email, confirmed)
          SELECT 'Karamanlis ' || i, 'karamanlis.' || i || '@example.com', true FROM generate_series(1, ${many}) AS i`,
    );
    await runSql(h, sql`INSERT INTO users (name, email, confirmed) VALUES ('Eleni Papadimitriou', 'eleni.p@example.com', true)`);
    // One in 150 namesakes holds a role, and Eleni.
    await runSql(
      h,
      sql`INSERT INTO user_roles (user_id, role_id)
          SELECT u.id, (SELECT id FROM roles ORDER BY name LIMIT 1) FROM users u
           WHERE (u.name LIKE 'Karamanlis %' AND substring(u.name FROM 12)::int % 150 = 0) OR u.name = 'Eleni Papadimitriou'`,
    );
    await runSql(h, sql`ANALYZE users`);
    await runSql(h, sql`ANALYZE user_roles`);

    for (const term of ['karamanlis', 'Papadimitriou', 'karamanlis.4']) {
      const expected = await linksOf(term);
      expect(expected, term).toBeGreaterThan(0);
      const page = await get(`/api/auth/user-roles?limit=10&q=${encodeURIComponent(term)}`);
      expect(page.total, term).toBe(expected);
      expect(page.data.length, term).toBe(Math.min(10, expected));
      for (const link of page.data as { user: { name: string; email: string } }[])
        expect(`${link.user.name} ${link.user.email}`.toLowerCase(), term).toContain(term.toLowerCase());
      // The search's group counts the same links.
      const found = await get(`/api/auth/search?types=user-roles&q=${encodeURIComponent(term)}`);
      expect(found.groups[0], term).toMatchObject({ resource: 'user-roles', total: expected, exact: true });
    }
    // Every link of the namesakes, page after page, once each.
    const all = await get(`/api/auth/user-roles?limit=1000&q=karamanlis`);
    expect(new Set(all.data.map((l: { _id: string }) => l._id)).size).toBe(await linksOf('karamanlis'));
    // A name nobody has: nothing, and no error.
    expect((await get('/api/auth/user-roles?q=Zzyzxqwv')).total).toBe(0);
  });
});
