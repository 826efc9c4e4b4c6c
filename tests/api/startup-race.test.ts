import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp, type App } from '../../src/core/server/app';
import { loadConfig } from '../../src/core/server/config';
import { baseEnv, databaseUrlFor, onServer, waitUntilUnused } from './template';

// Replicas started at the same instant on an empty PostgreSQL database: each
// one migrates and seeds under an advisory lock, so all come up and the
// database holds one first admin and one set of seed rows. (PGlite is one
// process by design: tests/api/data-dir-lock.test.ts.)
const name = `t_race_${randomUUID().replace(/-/g, '')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-race-'));
const apps: App[] = [];

afterAll(async () => {
  for (const app of apps) await app.close();
  if (process.env.DATABASE_URL)
    await onServer(async (c) => {
      await waitUntilUnused(c, name);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!process.env.DATABASE_URL)('three servers started together on an empty database', () => {
  test('all come up, with one first admin and one set of seed rows', async () => {
    await onServer((c) => c.query(`CREATE DATABASE ${name}`));
    const config = loadConfig({ ...baseEnv(dataDir), ADMIN_PASSWORD: '', DATABASE_URL: databaseUrlFor(name) });
    const started = await Promise.allSettled([1, 2, 3].map(() => buildApp(config, { logger: false })));
    for (const s of started) if (s.status === 'fulfilled') apps.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual(['up', 'up', 'up']);

    // Exactly one of them created the first admin and printed its password.
    const created = apps.map((a) => a.bootstrapResult.admin).filter(Boolean);
    expect(created).toHaveLength(1);
    const res = await apps[2].inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: created[0]!.email, password: created[0]!.password },
    });
    expect(res.statusCode).toBe(200);

    const counts = await (async () => {
      const other = new pg.Client({ connectionString: databaseUrlFor(name) });
      await other.connect();
      try {
        const q = async (sql: string) => (await other.query<{ n: number }>(sql)).rows[0].n;
        return {
          users: await q('SELECT count(*)::int AS n FROM users'),
          roles: await q('SELECT count(*)::int AS n FROM roles'),
          menu: await q('SELECT count(*)::int AS n FROM client_permissions'),
          menuPaths: await q('SELECT count(DISTINCT path)::int AS n FROM client_permissions'),
          permissions: await q('SELECT count(*)::int AS n FROM permissions'),
          permissionRoutes: await q("SELECT count(DISTINCT method || ' ' || route)::int AS n FROM permissions"),
          jwtSecrets: await q("SELECT count(*)::int AS n FROM server_secrets WHERE name = 'jwt'"),
        };
      } finally {
        await other.end();
      }
    })();
    expect(counts.users).toBe(1);
    expect(counts.roles).toBe(3);
    expect(counts.menu).toBe(counts.menuPaths);
    expect(counts.permissions).toBe(counts.permissionRoutes);
    expect(counts.jwtSecrets).toBe(1);
  });
});
