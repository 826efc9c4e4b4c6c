import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type App } from '../../src/core/server/app';
import type { Config } from '../../src/core/server/config';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, startHarness, type Harness } from './harness';

// Replicas share a database and nothing else: a token signed by one must be
// accepted by every other, and a secret being rotated out must keep working.
let h: Harness;
const others: App[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  for (const app of others) await app.close();
  await h?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Another server on the same database, with a data directory of its own (as another machine has). */
async function replica(overrides: Partial<Config> = {}): Promise<App> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-replica-'));
  dirs.push(dataDir);
  const config = { ...h.config, dataDir, ...overrides };
  // PostgreSQL: its own pool, as another process has. PGlite cannot be opened twice: shared.
  const app = await buildApp(config, { logger: false, ...(h.config.databaseUrl ? {} : { database: h.app.deps.database }) });
  others.push(app);
  return app;
}

async function signIn(app: App): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const profileStatus = async (app: App, token: string) =>
  (await app.inject({ method: 'GET', url: '/api/auth/my-profile', headers: bearer(token) })).statusCode;

describe('without JWT_SECRET', () => {
  test('a token signed by one server is accepted by another on the same database', async () => {
    const other = await replica();
    expect(await profileStatus(other, h.adminToken)).toBe(200);
    expect(await profileStatus(h.app, await signIn(other))).toBe(200);
  });
});

describe('JWT_SECRET rotation', () => {
  const oldSecret = 'old-secret-'.padEnd(40, 'o');
  const newSecret = 'new-secret-'.padEnd(40, 'n');

  test('tokens signed with JWT_SECRET_PREVIOUS still verify; without it they end', async () => {
    const before = await replica({ jwtSecret: oldSecret });
    const oldToken = await signIn(before);
    expect(await profileStatus(before, oldToken)).toBe(200);

    const rotated = await replica({ jwtSecret: newSecret, jwtSecretPrevious: oldSecret });
    expect(await profileStatus(rotated, oldToken)).toBe(200);
    const newToken = await signIn(rotated);
    expect(await profileStatus(rotated, newToken)).toBe(200);
    // New tokens are signed with the new secret: the old one alone refuses them.
    expect(await profileStatus(before, newToken)).toBe(401);

    const done = await replica({ jwtSecret: newSecret });
    expect(await profileStatus(done, oldToken)).toBe(401);
    expect(await profileStatus(done, newToken)).toBe(200);
  });
});
