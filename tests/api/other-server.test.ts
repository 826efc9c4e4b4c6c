import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type App } from '../../src/core/server/app';
import { bearer, startHarness, type Harness } from './harness';
import { call, createUser, permissionByRoute, roleByName, runSql, settlesTo } from './helpers';

// Servers keep the answers of the session and permission check until the
// database says something they read changed. Here a second server on the
// same database stands in for another process: changes made through the
// first one, or by SQL, must reach it without any request passing through it.
let h: Harness;
let other: App;
beforeAll(async () => {
  h = await startHarness();
  // PostgreSQL: its own pool and listener, as another process has. PGlite
  // cannot be opened twice, so the second server shares the database object.
  other = await buildApp(h.config, { logger: false, ...(h.config.databaseUrl ? {} : { database: h.app.deps.database }) });
});
afterAll(async () => {
  await other?.close();
  await h?.close();
});

const statusOn = (app: App, url: string, token: string) => async () =>
  (await app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode;

async function signedInUser(role = 'User') {
  const u = await createUser(h, { role });
  return { ...u, token: await h.login(u.email, u.password) };
}

describe('a change reaches the other server', () => {
  test('blocking a user through this server ends their session there too', async () => {
    const u = await signedInUser();
    const profile = statusOn(other, '/api/auth/my-profile', u.token);
    expect(await profile()).toBe(200);
    expect(await profile()).toBe(200);
    expect((await call(h, 'PUT', `/api/auth/users/${u._id}`, { token: h.adminToken, body: { blocked: true } })).statusCode).toBe(200);
    expect(await settlesTo(profile, 401)).toBe(401);
  });

  test('revoking an API token through this server stops it there too, as does blocking its owner', async () => {
    const u = await signedInUser('Admin');
    const make = async (name: string) =>
      (await call(h, 'POST', '/api/auth/tokens', { token: u.token, body: { name } })).json() as { _id: string; token: string };
    const [first, second] = [await make('cron on host A'), await make('cron on host B')];
    const firstThere = statusOn(other, '/api/auth/users', first.token);
    const secondThere = statusOn(other, '/api/auth/users', second.token);
    expect([await firstThere(), await firstThere(), await secondThere()]).toEqual([200, 200, 200]);
    expect((await call(h, 'DELETE', `/api/auth/tokens/${first._id}`, { token: u.token })).statusCode).toBe(200);
    expect(await settlesTo(firstThere, 401)).toBe(401);
    expect(await secondThere()).toBe(200);
    expect((await call(h, 'PUT', `/api/auth/users/${u._id}`, { token: h.adminToken, body: { blocked: true } })).statusCode).toBe(200);
    expect(await settlesTo(secondThere, 401)).toBe(401);
  });

  test('signing out through this server ends the session there too', async () => {
    const u = await signedInUser();
    const profile = statusOn(other, '/api/auth/my-profile', u.token);
    expect(await profile()).toBe(200);
    expect((await call(h, 'POST', '/api/auth/logout', { token: u.token })).statusCode).toBe(200);
    expect(await settlesTo(profile, 401)).toBe(401);
  });

  test('taking a permission from a role refuses it there too, and giving it back allows it', async () => {
    const u = await signedInUser('Admin');
    const users = statusOn(other, '/api/auth/users', u.token);
    expect(await users()).toBe(200);
    const admin = await roleByName(h, 'Admin');
    const listUsers = await permissionByRoute(h, 'GET', '/api/auth/users');
    const without = admin.permission.map((p) => p._id).filter((id) => id !== listUsers._id);
    expect((await call(h, 'PUT', `/api/auth/roles/${admin._id}`, { token: h.adminToken, body: { permission: without } })).statusCode).toBe(
      200,
    );
    expect(await settlesTo(users, 403)).toBe(403);
    expect(
      (await call(h, 'PUT', `/api/auth/roles/${admin._id}`, { token: h.adminToken, body: { permission: [...without, listUsers._id] } }))
        .statusCode,
    ).toBe(200);
    expect(await settlesTo(users, 200)).toBe(200);
  });

  test('a session ended by SQL, outside any server, is refused by both', async () => {
    const u = await signedInUser();
    const here = statusOn(h.app, '/api/auth/my-profile', u.token);
    const there = statusOn(other, '/api/auth/my-profile', u.token);
    expect([await here(), await there()]).toEqual([200, 200]);
    await runSql(h, sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${u._id}`);
    expect(await settlesTo(here, 401)).toBe(401);
    expect(await settlesTo(there, 401)).toBe(401);
  });

  test.skipIf(!process.env.DATABASE_URL)(
    'a server that loses its notification connection stops trusting what it holds, and listens again',
    async () => {
      const listeners = async () =>
        Number(
          (
            await runSql(
              h,
              sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
            )
          )[0].n,
        );
      expect(await listeners()).toBe(2);
      const u = await signedInUser();
      const profile = statusOn(other, '/api/auth/my-profile', u.token);
      expect(await profile()).toBe(200);
      await runSql(
        h,
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
      );
      // Nobody is listening when this lands.
      await runSql(h, sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${u._id}`);
      expect(await settlesTo(profile, 401)).toBe(401);
      expect(await settlesTo(listeners, 2)).toBe(2);

      const again = await signedInUser();
      const profileAgain = statusOn(other, '/api/auth/my-profile', again.token);
      expect(await profileAgain()).toBe(200);
      await runSql(h, sql`UPDATE users SET blocked = true WHERE id = ${again._id}`);
      expect(await settlesTo(profileAgain, 401)).toBe(401);
    },
  );
});
