import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { JWTVerifyGetKey } from 'jose';
import type { ResourceDef } from '../../src/core/shared/resource';
import type { ServerFeature } from '../../src/core/server/feature';
import { buildApp, type App } from '../../src/core/server/app';
import { loadConfig, type Config } from '../../src/core/server/config';
import { openDatabase, type Database } from '../../src/core/server/db/client';
import { checkEveryResponse } from './contract-check';
import { ADMIN_EMAIL, ADMIN_PASSWORD, baseEnv, databaseUrlFor, onServer, waitUntilUnused, type DbTemplate } from './template';

export { ADMIN_EMAIL, ADMIN_PASSWORD };

export interface Harness {
  app: App;
  config: Config;
  /** Bearer token of the seeded superadmin. */
  adminToken: string;
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  googleKeys?: JWTVerifyGetKey;
  logStream?: NodeJS.WritableStream;
  /** Declarations to serve instead of resources/index.ts (a fixture adding a resource). */
  resources?: readonly ResourceDef[];
  /** Features to serve instead of the product's (a test adds a fixture feature). */
  features?: readonly ServerFeature[];
  /** Runs on the open, migrated database before the server is built and seeds it (e.g. the DDL of a fixture resource). */
  prepareDatabase?: (database: Database) => Promise<void>;
  /** Start from an empty database (migrated, then seeded by this server) instead of the run's template. */
  fresh?: boolean;
}

/** A PostgreSQL database for one test file: a copy of the template, or empty (the server migrates it). */
async function newPostgresDatabase(template: DbTemplate | undefined): Promise<string> {
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const from = template?.kind === 'postgres' ? ` TEMPLATE ${template.database}` : '';
  await onServer(async (c) => {
    // Another file's copy may be starting at the same moment: PostgreSQL refuses
    // a template "being accessed by other users" only for that instant.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE ${name}${from}`);
        return;
      } catch (err) {
        if (attempt >= 50 || !String((err as Error).message).includes('being accessed')) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
  return name;
}

/** A PostgreSQL database of the file's own (a copy of `template`, or empty): its URL, and how to drop it. */
export async function postgresDatabase(template: DbTemplate | undefined): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = await newPostgresDatabase(template);
  return {
    url: databaseUrlFor(name),
    drop: () =>
      onServer(async (c) => {
        // A FORCE drop that terminates still-closing sockets surfaces as an unhandled 57P01.
        await waitUntilUnused(c, name);
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

// The template's dump (about 40 MB), read once per worker: the run's test files share one (vitest.config.ts).
const templateDumps = new Map<string, Blob>();
function templateDump(file: string): Blob {
  let dump = templateDumps.get(file);
  if (!dump) templateDumps.set(file, (dump = new Blob([readFileSync(file)])));
  return dump;
}

/**
 * A fresh server and database for one test file: PGlite in memory, or a new
 * PostgreSQL database when DATABASE_URL is set (dropped afterwards). Both
 * start as a copy of the run's migrated and seeded template (tests/api/
 * template.setup.ts) when there is one; the server then finds nothing to do.
 */
export async function startHarness(env: Record<string, string> = {}, opts: HarnessOptions = {}): Promise<Harness> {
  const template = opts.fresh ? undefined : (inject('dbTemplate') as DbTemplate | undefined);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-test-'));
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) ({ url: databaseUrl, drop: dropDb } = await postgresDatabase(template));
  const config = {
    ...loadConfig({ ...baseEnv(dataDir), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env }),
    inMemoryDb: !databaseUrl,
  };
  const loadDataDir = !databaseUrl && template?.kind === 'pglite' ? templateDump(template.file) : undefined;
  const database = await openDatabase({
    databaseUrl,
    dataDir,
    inMemory: !databaseUrl,
    loadDataDir,
    statementTimeoutSeconds: config.dbStatementTimeout,
  });
  await opts.prepareDatabase?.(database);
  const app = await buildApp(config, {
    logger: Boolean(opts.logStream),
    logStream: opts.logStream,
    googleKeys: opts.googleKeys,
    database,
    resources: opts.resources,
    features: opts.features,
  });
  // Every answer of every API test is checked against the served OpenAPI document.
  await checkEveryResponse(app);
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
      await database.close();
      await dropDb?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
