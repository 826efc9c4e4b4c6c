import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type App } from '../../src/core/server/app';
import { loadConfig } from '../../src/core/server/config';
import { hashPassword } from '../../src/core/server/security/passwords';

// An operator upgrading from the first release: a database made by the
// first release's migrations only (the initial schema), filled the way that
// release filled it, then the current code started on it. Every record must
// be there, reachable through today's API, and the old password must work.
const migrations = path.resolve('src/core/server/db/migrations');
const FIRST_RELEASE = ['0000_extensions', '0001_initial'];
let dir: string;
let app: App;

/** A migrations folder holding only the first release's files. */
function firstReleaseMigrations(): string {
  const folder = path.join(dir, 'first-release');
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => FIRST_RELEASE.includes(e.tag));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const tag of FIRST_RELEASE) cpSync(path.join(migrations, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

const OLD_ADMIN = { email: 'first-admin@example.com', password: 'first-release-pass' };
const OLD_USERS = ['ana@example.com', 'bo@example.com', 'chen@example.com'];

describe.skipIf(Boolean(process.env.DATABASE_URL))('upgrading from the first release', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bo-upgrade-'));
    const dataDir = path.join(dir, 'data');
    mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    const old = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
    await migrate(drizzle(old), { migrationsFolder: firstReleaseMigrations() });
    const hash = await hashPassword(OLD_ADMIN.password);
    await old.transaction(async (tx) => {
      const role = await tx.query<{ id: string }>(
        `INSERT INTO roles (name, type, description) VALUES ('Super Admin', 'superadmin', 'All') RETURNING id`,
      );
      const editors = await tx.query<{ id: string }>(
        `INSERT INTO roles (name, type, description) VALUES ('Editors', 'user', 'Write content') RETURNING id`,
      );
      const admin = await tx.query<{ id: string }>(
        `INSERT INTO users (name, email, password_hash) VALUES ('First Admin', $1, $2) RETURNING id`,
        [OLD_ADMIN.email, hash],
      );
      await tx.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [admin.rows[0].id, role.rows[0].id]);
      for (const [i, email] of OLD_USERS.entries()) {
        const u = await tx.query<{ id: string }>(`INSERT INTO users (name, email, phone, blocked) VALUES ($1, $2, $3, $4) RETURNING id`, [
          `Old User ${i}`,
          email,
          `+30 210 000 000${i}`,
          i === 2,
        ]);
        await tx.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [u.rows[0].id, editors.rows[0].id]);
      }
      await tx.query(`INSERT INTO notifications (user_id, title) VALUES ($1, 'Kept across the upgrade')`, [admin.rows[0].id]);
    });
    await old.close();

    app = await buildApp(loadConfig({ DATA_DIR: dataDir, AUTH_RATE_LIMIT: '10000', WEB_DIR: path.join(dir, 'no-web') }), { logger: false });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('every record is found through the API, and the old password signs in', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: OLD_ADMIN });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().token as string}` };
    // No second first admin was made: the database already had users.
    expect(app.bootstrapResult.admin).toBeUndefined();

    const users = (await app.inject({ method: 'GET', url: '/api/auth/users?limit=100', headers: auth })).json() as {
      data: { email: string; phone?: string; blocked: boolean; roles?: unknown }[];
    };
    const byEmail = new Map(users.data.map((u) => [u.email, u]));
    expect([...byEmail.keys()].sort()).toEqual([OLD_ADMIN.email, ...OLD_USERS].sort());
    expect(byEmail.get('chen@example.com')).toMatchObject({ phone: '+30 210 000 0002', blocked: true });

    const roles = (await app.inject({ method: 'GET', url: '/api/auth/roles?limit=100', headers: auth })).json() as {
      data: { name: string }[];
    };
    expect(roles.data.map((r) => r.name)).toEqual(expect.arrayContaining(['Super Admin', 'Editors']));

    const links = (await app.inject({ method: 'GET', url: '/api/auth/user-roles?limit=100', headers: auth })).json() as { data: unknown[] };
    expect(links.data).toHaveLength(4);

    const notifications = await app.inject({ method: 'GET', url: '/api/auth/notifications?limit=100', headers: auth });
    expect(JSON.stringify(notifications.json())).toContain('Kept across the upgrade');
  });
});
