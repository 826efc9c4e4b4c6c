import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { postgresDatabase } from '../../../../tests/api/harness';
import { freePort, spawnServer, type ServerProcess } from '../../../../tests/api/process/server-process';
import { seededDataDir } from '../../../../tests/api/process/seeded-data-dir';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type DbTemplate } from '../../../../tests/api/template';
import { startReceiver, until, verify } from './receiver';

// A replica killed (SIGKILL: no chance to clean up) while its attempt is at
// the receiver: the event still arrives, with the same webhook-id, from the
// replica that comes after it. The compiled server as real processes: on
// PostgreSQL a second process on the same database; on PGlite (one process
// per data directory) the process started again on the same directory.
// The dead replica's lease (delivery.ts LEASE_SECONDS, 25 s) is run out by SQL between
// the kill and the next start, as the clock would run it out: what is tested
// is that the next replica takes the delivery over, not how long it waits.

const onPostgres = Boolean(process.env.DATABASE_URL);
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

interface Replica {
  server: ServerProcess;
  base: string;
}

/** A server process on the shared database (`DATABASE_URL`) or data directory, on a port of its own. */
async function replica(shared: { databaseUrl?: string; dataDir?: string }): Promise<Replica> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'bo-webhook-kill-'));
  const dataDir = shared.dataDir ?? mkdtempSync(path.join(tmpdir(), 'bo-webhook-kill-data-'));
  cleanup.push(() => rmSync(cwd, { recursive: true, force: true }));
  if (!shared.dataDir) cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const server = spawnServer(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEBHOOKS_ALLOW_HTTP: '1',
      WEBHOOKS_ALLOW_PRIVATE: '1',
      ...(shared.databaseUrl ? { DATABASE_URL: shared.databaseUrl } : {}),
    },
    { cwd },
  );
  cleanup.push(() => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  });
  await server.waitFor(/Back office running at/);
  return { server, base: `http://127.0.0.1:${port}` };
}

async function api(r: Replica, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${r.base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/**
 * Ends the lease the killed replica held on its delivery, as if delivery.ts LEASE_SECONDS had passed: the one delivery
 * still claimed (pending, leased into the future) is the one its attempt was at.
 */
async function leaseRunsOut(shared: { databaseUrl?: string; dataDir?: string }): Promise<unknown[]> {
  const expire = `UPDATE webhook_deliveries SET locked_until = now() - interval '1 second'
                   WHERE status = 'pending' AND locked_until > now() RETURNING id`;
  if (shared.databaseUrl) {
    const c = new pg.Client({ connectionString: shared.databaseUrl });
    await c.connect();
    try {
      return (await c.query(expire)).rows;
    } finally {
      await c.end();
    }
  }
  // The killed process's data directory, opened by this one until the next replica starts on it.
  const db = await PGlite.create(path.join(shared.dataDir ?? '', 'db'), { extensions: { pg_trgm } });
  try {
    return (await db.query(expire)).rows;
  } finally {
    await db.close();
  }
}

async function signIn(r: Replica): Promise<string> {
  const res = await api(r, 'POST', '/api/auth/login', undefined, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(res.status).toBe(200);
  return res.json.token as string;
}

describe('a replica killed mid-delivery', () => {
  test(
    'the event still arrives, with the same webhook-id, from the replica after it',
    // Two server starts on a busy machine, and the next replica's poll.
    { timeout: 90_000 },
    async () => {
      const rx = await startReceiver();
      cleanup.push(() => rx.close());
      let shared: { databaseUrl?: string; dataDir?: string };
      if (onPostgres) {
        const database = await postgresDatabase(inject('dbTemplate') as DbTemplate | undefined);
        cleanup.push(database.drop);
        shared = { databaseUrl: database.url };
      } else {
        const dataDir = await seededDataDir();
        cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
        shared = { dataDir };
      }

      const first = await replica(shared);
      const token = await signIn(first);
      const created = await api(first, 'POST', '/api/auth/webhooks', token, { url: rx.url(), events: ['roles.created'] });
      expect(created.status).toBe(201);
      const secret = created.json.secret as string;
      // The first attempt reaches the receiver, which never answers it.
      rx.answer(() => ({ status: 200, hold: true }));
      const role = await api(first, 'POST', '/api/auth/roles', token, { name: 'Killed mid-delivery', type: 'user', description: 'x' });
      expect(role.status).toBe(201);
      await until(() => rx.of('roles.created').length === 1, 30_000);
      rx.answer(() => ({ status: 204 }));

      first.server.child.kill('SIGKILL');
      expect(await first.server.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await leaseRunsOut(shared)).toHaveLength(1);

      const second = await replica(shared);
      await until(() => rx.of('roles.created').length >= 2, 30_000);
      const got = rx.of('roles.created');
      const id = got[0].headers['webhook-id'];
      // Once or more, always the same id and the same event, each signed.
      expect(got.map((r) => r.headers['webhook-id'])).toEqual(got.map(() => id));
      for (const r of got) {
        expect(verify(secret, r)).toMatchObject({ type: 'roles.created', data: { resource: 'roles', id: role.json._id } });
        expect(r.json).toEqual(got[0].json);
      }

      // The log, as the second replica shows it: delivered on the second attempt.
      const token2 = await signIn(second);
      await until(async () => {
        const d = await api(second, 'GET', `/api/auth/webhooks/${created.json._id as string}/deliveries/${id}`, token2);
        return d.json.status === 'succeeded';
      });
      const detail = await api(second, 'GET', `/api/auth/webhooks/${created.json._id as string}/deliveries/${id}`, token2);
      expect(detail.json).toMatchObject({ status: 'succeeded', attempts: 2, lastStatus: 204 });
    },
  );
});
