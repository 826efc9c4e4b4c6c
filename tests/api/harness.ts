import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { JWTVerifyGetKey } from 'jose';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-pass-123';

export interface Harness {
  app: App;
  config: Config;
  /** Bearer token of the seeded superadmin. */
  adminToken: string;
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh server and database for one test file: PGlite in memory, or a new
 * PostgreSQL database when DATABASE_URL is set (dropped afterwards).
 */
export async function startHarness(
  env: Record<string, string> = {},
  opts: { googleKeys?: JWTVerifyGetKey; logStream?: NodeJS.WritableStream } = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-test-'));
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const name = `t_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      // pool.end() resolves before its sockets have closed; a FORCE drop that
      // terminates them then surfaces as an unhandled 57P01 in the test run.
      for (let i = 0; i < 100; i++) {
        const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      AUTH_RATE_LIMIT: '100000',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIR: path.join(dataDir, 'no-web'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    }),
    inMemoryDb: !databaseUrl,
  };
  const app = await buildApp(config, { logger: Boolean(opts.logStream), logStream: opts.logStream, googleKeys: opts.googleKeys });
  const login = async (email: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };
  const adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  return {
    app,
    config,
    adminToken,
    login,
    async close() {
      await app.close();
      await dropDb?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
