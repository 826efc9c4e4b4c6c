import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../../src/core/server/app';
import { loadConfig } from '../../src/core/server/config';
import { openDatabase, type Db } from '../../src/core/server/db/client';

export interface RunningServer {
  url: string;
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
  /**
   * The server's own database. Tests make their data through the HTTP API as
   * users would; write here only a state the API cannot make, and say why.
   */
  db: Db;
  stop(): Promise<void>;
}

/**
 * The real server on a free port with a fresh PGlite database in a temporary
 * data dir, serving the built front end from dist/web/ (run `vite build` first).
 * The database starts as a copy of the run's migrated, seeded template
 * (tests/e2e/template.setup.ts), so the server finds nothing to migrate or seed.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-e2e-'));
  const adminEmail = 'admin@example.com';
  const adminPassword = 'admin-pass-123';
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    AUTH_RATE_LIMIT: '10000',
    LOG_LEVEL: 'warn',
    // Helpers building in parallel use their own output folder.
    WEB_DIR: process.env.E2E_WEB_DIR ?? path.resolve('dist/web'),
    PORT: '0',
    ...env,
  });
  const template = inject('dbTemplate');
  const loadDataDir = template?.kind === 'pglite' ? new Blob([readFileSync(template.file)]) : undefined;
  const database = await openDatabase({ dataDir, loadDataDir });
  const app = await buildApp(config, { logger: false, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  // Links in mails point at the running server.
  app.deps.config.publicUrl = url;
  return {
    url,
    adminEmail,
    adminPassword,
    dataDir,
    db: database.db,
    async stop() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface AdminLogin {
  token: string;
  user: unknown;
  role: unknown;
}

/** Signs the seeded admin in through the API (for tests that start signed in). */
export async function loginAdmin(server: RunningServer): Promise<AdminLogin> {
  const res = await fetch(server.url + '/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
  return (await res.json()) as AdminLogin;
}
