import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser, runSql } from '../../../../tests/api/helpers';
import { buildApp } from '../../../core/server/app';
import { openDatabase } from '../../../core/server/db/client';
import { POLL_MS } from '../server/delivery';
import { startReceiver, until, verify, type Receiver } from './receiver';

// Outgoing webhooks end to end: the API, the outbox written with the change,
// a real receiver on 127.0.0.1, every delivery verified with the official
// `standardwebhooks` package. WEBHOOK_RETRY_SCALE shrinks the retry schedule
// (5 s -> 5 ms, 5 min -> 0.3 s, 30 min -> 1.8 s) so retries happen in a test.

const HOOKS = '/api/auth/webhooks';
const METRICS = 'webhook-metrics-token-0123';
let h: Harness;
let rx: Receiver;

beforeAll(async () => {
  h = await startHarness({
    WEBHOOKS_ALLOW_HTTP: '1',
    WEBHOOKS_ALLOW_PRIVATE: '1',
    WEBHOOK_RETRY_SCALE: '0.001',
    METRICS_TOKEN: METRICS,
  });
  rx = await startReceiver();
});
afterAll(async () => {
  await rx?.close();
  await h?.close();
});
afterEach(async () => {
  // Each test's endpoints go with it: the next test's events reach only its own.
  await runSql(h, sql`DELETE FROM webhook_endpoints`);
  rx.got.length = 0;
  rx.answer(() => ({ status: 200, body: 'ok' }));
});

interface Created {
  _id: string;
  secret: string;
  url: string;
  events: string[];
  enabled: boolean;
  includeRecord: boolean;
  disabledReason: string | null;
}

async function endpoint(body: Record<string, unknown>): Promise<Created> {
  const res = await call(h, 'POST', HOOKS, { token: h.adminToken, body: { url: rx.url(), ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Created;
}

describe('endpoints', () => {
  test('a create answers the secret once (whsec_ + base64 of 32 bytes); lists never show it; changes are audited', async () => {
    const ep = await endpoint({ events: ['users.created'], description: ' CRM ' });
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(ep.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(ep).toMatchObject({ events: ['users.created'], enabled: true, includeRecord: false });

    const list = await call(h, 'GET', HOOKS, { token: h.adminToken });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(ep.secret.slice(6, 20));
    expect(list.json().data[0]).toMatchObject({ _id: ep._id, description: 'CRM' });

    const put = await call(h, 'PUT', `${HOOKS}/${ep._id}`, { token: h.adminToken, body: { events: ['*'], enabled: false } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ events: ['*'], enabled: false });
    expect(put.body).not.toContain('whsec_');

    const del = await call(h, 'DELETE', `${HOOKS}/${ep._id}`, { token: h.adminToken });
    expect(del.statusCode).toBe(200);
    expect((await call(h, 'GET', `${HOOKS}/${ep._id}`, { token: h.adminToken })).statusCode).toBe(404);

    const audit = await runSql(h, sql`SELECT action FROM audit_logs WHERE resource = 'webhooks' AND record_id = ${ep._id} ORDER BY at`);
    expect(audit.map((a) => a.action)).toEqual(['webhook-create', 'webhook-update', 'webhook-delete']);
    expect(JSON.stringify(await runSql(h, sql`SELECT diff FROM audit_logs WHERE record_id = ${ep._id}`))).not.toContain('whsec_');
  });

  test('unknown event types and bad URLs are 400s; a secret given is ignored; a missing endpoint is a 404', async () => {
    const bad = [
      { url: rx.url(), events: ['nothing.created'] },
      { url: rx.url(), events: [] },
      { url: 'not a url', events: ['*'] },
      { url: 'ftp://example.com/x', events: ['*'] },
      { url: 'https://user:pw@example.com/x', events: ['*'] },
    ];
    for (const body of bad) {
      const res = await call(h, 'POST', HOOKS, { token: h.adminToken, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const mine = await call(h, 'POST', HOOKS, { token: h.adminToken, body: { url: rx.url(), events: ['*'], secret: 'whsec_mine' } });
    expect(mine.json().secret).not.toBe('whsec_mine');
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', `${HOOKS}/${missing}`],
      ['PUT', `${HOOKS}/${missing}`],
      ['POST', `${HOOKS}/${missing}/rotate-secret`],
      ['POST', `${HOOKS}/${missing}/test`],
      ['GET', `${HOOKS}/${missing}/deliveries`],
    ] as const) {
      const res = await call(h, method, path, { token: h.adminToken, body: method === 'PUT' ? { enabled: true } : undefined });
      expect(res.statusCode, path).toBe(404);
    }
  });

  test('a person without the permission records gets a 403', async () => {
    const u = await createUser(h, { role: 'User' });
    const token = await h.login(u.email, u.password);
    expect((await call(h, 'GET', HOOKS, { token })).statusCode).toBe(403);
    expect((await call(h, 'POST', HOOKS, { token, body: { url: rx.url(), events: ['*'] } })).statusCode).toBe(403);
  });
});

describe('events: written with the change, delivered signed', () => {
  test('a committed create arrives once, signed, with the id and the changed fields; never a secret', async () => {
    const ep = await endpoint({ events: ['users.created'] });
    const u = await createUser(h, { name: 'Webhook Person' });
    await until(() => rx.of('users.created').length > 0);
    const [got] = rx.of('users.created');
    expect(verify(ep.secret, got)).toMatchObject({ type: 'users.created' });
    expect(got.json.data).toMatchObject({ resource: 'users', id: u._id });
    expect(got.json.data.fields).toEqual(expect.arrayContaining(['name', 'email']));
    expect(got.json.data.record).toBeUndefined();
    expect(got.body).not.toContain(u.password);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a rolled-back change sends nothing: a bulk update failing on its second record', async () => {
    const ep = await endpoint({ events: ['users.updated'] });
    const a = await createUser(h);
    const b = await createUser(h);
    const same = `same-${Date.now()}@example.com`;
    const res = await call(h, 'PUT', '/api/auth/users', { token: h.adminToken, body: { ids: [a._id, b._id], data: { email: same } } });
    expect(res.statusCode, res.body).toBe(409);
    expect(await runSql(h, sql`SELECT id FROM webhook_deliveries WHERE endpoint_id = ${ep._id}`)).toEqual([]);
    // A committed change after it arrives, and it alone.
    expect((await call(h, 'PUT', `/api/auth/users/${b._id}`, { token: h.adminToken, body: { name: 'Renamed' } })).statusCode).toBe(200);
    await until(() => rx.of('users.updated').length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.of('users.updated').map((r) => r.json.data.id)).toEqual([b._id]);
    expect(rx.of('users.updated')[0].json.data.fields).toEqual(['name']);
    verify(ep.secret, rx.of('users.updated')[0]);
  });

  test('includeRecord: the record as the owner reads it, without secrets; a delete and a restore are events too', async () => {
    const ep = await endpoint({ events: ['users.created', 'users.deleted', 'users.restored'], includeRecord: true });
    const u = await createUser(h, { name: 'With Record' });
    await until(() => rx.of('users.created').length > 0);
    const created = rx.of('users.created')[0];
    verify(ep.secret, created);
    expect(created.json.data.record).toMatchObject({ _id: u._id, name: 'With Record', email: u.email });
    expect(JSON.stringify(created.json.data.record)).not.toMatch(/password|hash/i);

    expect((await call(h, 'DELETE', `/api/auth/users/${u._id}`, { token: h.adminToken })).statusCode).toBe(200);
    await until(() => rx.of('users.deleted').length > 0);
    expect(rx.of('users.deleted')[0].json.data).toMatchObject({ id: u._id });
    expect((await call(h, 'POST', `/api/auth/users/${u._id}/restore`, { token: h.adminToken })).statusCode).toBe(200);
    await until(() => rx.of('users.restored').length > 0);
    verify(ep.secret, rx.of('users.restored')[0]);
  });

  test('"*" hears every resource; a disabled endpoint hears nothing', async () => {
    const all = await endpoint({ events: ['*'] });
    const off = await endpoint({ events: ['*'], enabled: false, url: rx.url('/off') });
    const role = await call(h, 'POST', '/api/auth/roles', {
      token: h.adminToken,
      body: { name: `Hooked ${Date.now()}`, type: 'user', description: 'Hears webhooks' },
    });
    expect(role.statusCode, role.body).toBe(201);
    await until(() => rx.of('roles.created').length > 0);
    verify(all.secret, rx.of('roles.created')[0]);
    expect(await runSql(h, sql`SELECT id FROM webhook_deliveries WHERE endpoint_id = ${off._id}`)).toEqual([]);
  });
});

describe('events that are not a record write', () => {
  test('user.signed_in arrives with the user, as the owner reads them', async () => {
    const ep = await endpoint({ events: ['user.signed_in'], includeRecord: true });
    const u = await createUser(h, { name: 'Signing In' });
    await h.login(u.email, u.password);
    await until(() => rx.of('user.signed_in').length > 0);
    const got = rx.of('user.signed_in')[0];
    verify(ep.secret, got);
    expect(got.json.data).toMatchObject({ resource: 'users', id: u._id, record: { _id: u._id, name: 'Signing In' } });
  });

  test('a failed sign-in tells nothing', async () => {
    await endpoint({ events: ['user.signed_in'] });
    const res = await call(h, 'POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'wrong-password-1' } });
    expect(res.statusCode).toBe(401);
    expect(await runSql(h, sql`SELECT id FROM webhook_deliveries`)).toEqual([]);
  });
});

describe('never lost', () => {
  test('a delivery left claimed by a replica that died mid-send goes out once its lease ends, with the same id', async () => {
    const ep = await endpoint({ events: ['users.created'] });
    // What a replica leaves when it dies after claiming: the attempt counted, the lease running.
    const [row] = await runSql(
      h,
      sql`INSERT INTO webhook_deliveries (endpoint_id, event_type, data, attempts, locked_until)
          VALUES (${ep._id}, 'webhook.test', '{"orphan": true}'::jsonb, 1, now() + interval '1500 milliseconds') RETURNING id`,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(rx.got).toEqual([]);
    await until(() => rx.of('webhook.test').length > 0);
    const got = rx.of('webhook.test')[0];
    expect(got.headers['webhook-id']).toBe(row.id);
    expect(got.json.data).toEqual({ orphan: true });
    verify(ep.secret, got);
  });
});

describe('a receiver down for an hour', () => {
  test('events sent while it answers 503 arrive once it is back, each with its one id; nothing fails or is disabled', async () => {
    const ep = await endpoint({ events: ['users.created'] });
    let up = false;
    rx.answer(() => (up ? { status: 204 } : { status: 503, body: 'down' }));
    // The schedule's hour is 3.6 s here (WEBHOOK_RETRY_SCALE 0.001): an event at its start, after 20 and after 40 minutes.
    const hourMs = 3600;
    const started = Date.now();
    const users: Awaited<ReturnType<typeof createUser>>[] = [];
    for (const at of [0, hourMs / 3, (2 * hourMs) / 3]) {
      await new Promise((r) => setTimeout(r, Math.max(0, started + at - Date.now())));
      users.push(await createUser(h));
    }
    await new Promise((r) => setTimeout(r, Math.max(0, started + hourMs - Date.now())));
    // Each event is tried during the outage, the first one again after its 5 s and 5 min waits, and none goes
    // through. The outage lasts until that is seen: the worker looks once a second, and on a machine as busy as CI's
    // the last event's first try may come after the compressed hour.
    const triedDuring = (u: (typeof users)[number]) => rx.of('users.created').filter((r) => r.json.data.id === u._id).length;
    await until(() => users.every((u) => triedDuring(u) >= 1) && triedDuring(users[0]) >= 2);
    up = true;
    // The rest of the schedule passes: what waits for its next attempt is due now.
    await runSql(h, sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = ${ep._id} AND status = 'pending'`);
    const ids: string[] = [];
    for (const u of users) {
      await until(() => rx.of('users.created').some((r) => r.json.data.id === u._id && r.at >= started + hourMs));
      const got = rx.of('users.created').filter((r) => r.json.data.id === u._id);
      const id = got[0].headers['webhook-id'];
      expect(got.map((r) => r.headers['webhook-id'])).toEqual(got.map(() => id));
      for (const r of got) verify(ep.secret, r);
      ids.push(id);
      await until(
        async () => (await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries/${id}`, { token: h.adminToken })).json().status === 'succeeded',
      );
      const detail = (await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries/${id}`, { token: h.adminToken })).json();
      const statuses = detail.log.map((a: { responseStatus: number }) => a.responseStatus);
      expect(statuses.at(-1)).toBe(204);
      expect(statuses.slice(0, -1).every((s: number) => s === 503)).toBe(true);
      expect(statuses.length).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(ids).size).toBe(users.length);
    expect((await call(h, 'GET', `${HOOKS}/${ep._id}`, { token: h.adminToken })).json()).toMatchObject({
      enabled: true,
      disabledReason: null,
    });
  });
});

describe('recorded', () => {
  test('deliveries sent together are each recorded: succeeded, their one attempt logged as sent and answered', async () => {
    const [a, b] = [await endpoint({ events: ['users.created'] }), await endpoint({ events: ['users.created'] })];
    rx.answer((r) => ({ status: 200, body: `got ${r.json.data.n as number}` }));
    // Queued at once for two endpoints: one pass takes them together.
    await runSql(
      h,
      sql`INSERT INTO webhook_deliveries (endpoint_id, event_type, data)
          SELECT (CASE WHEN n % 2 = 0 THEN ${a._id} ELSE ${b._id} END)::uuid, 'webhook.test', jsonb_build_object('n', n)
            FROM generate_series(1, 40) n`,
    );
    await until(() => rx.got.length >= 40);
    for (const ep of [a, b]) {
      await until(
        async () =>
          (await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries?status=succeeded&limit=50`, { token: h.adminToken })).json().total === 20,
      );
      const list = (await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries?limit=50`, { token: h.adminToken })).json();
      expect(list.data).toHaveLength(20);
      for (const d of list.data as { _id: string; status: string; attempts: number }[]) {
        expect(d).toMatchObject({ status: 'succeeded', attempts: 1 });
        const detail = (await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries/${d._id}`, { token: h.adminToken })).json();
        const sent = rx.got.find((r) => r.headers['webhook-id'] === d._id);
        verify(ep.secret, sent!);
        expect(detail.log).toHaveLength(1);
        expect(detail.log[0]).toMatchObject({
          responseStatus: 200,
          responseBody: `got ${sent!.json.data.n as number}`,
          requestBody: sent!.body,
          error: null,
        });
        expect(detail.log[0].requestHeaders['webhook-signature']).toBe(sent!.headers['webhook-signature']);
      }
    }
  });
});

describe('retries, Retry-After, 410', () => {
  test('a 500 is retried with the same webhook-id until it goes through; the log keeps each attempt', async () => {
    const ep = await endpoint({ events: ['users.created'] });
    let n = 0;
    rx.answer(() => (++n === 1 ? { status: 500, body: 'do\0wn' } : { status: 204 }));
    await createUser(h);
    await until(() => rx.of('users.created').length >= 2);
    const [first, second] = rx.of('users.created');
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    verify(ep.secret, first);
    verify(ep.secret, second);
    const id = first.headers['webhook-id'];
    await until(
      async () => (await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries/${id}`, { token: h.adminToken })).json().status === 'succeeded',
    );
    const detail = (await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries/${id}`, { token: h.adminToken })).json();
    expect(detail).toMatchObject({ status: 'succeeded', attempts: 2, lastStatus: 204 });
    expect(detail.log.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([500, 204]);
    expect(detail.log[0]).toMatchObject({ responseBody: 'do\uFFFDwn' });
    expect(detail.log[0].requestHeaders['webhook-id']).toBe(id);
  });

  test('a 429 with Retry-After waits as long as it asks', async () => {
    const ep = await endpoint({ events: ['users.created'] });
    let n = 0;
    rx.answer(() => (++n === 1 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 200 }));
    await createUser(h);
    await until(() => rx.of('users.created').length >= 2, 15_000);
    const [first, second] = rx.of('users.created');
    expect(second.at - first.at).toBeGreaterThanOrEqual(1900);
    verify(ep.secret, second);
  });

  test('a 4xx other than 429 is not retried; 410 disables the endpoint and tells its owner', async () => {
    const ep = await endpoint({ events: ['users.created'] });
    rx.answer(() => ({ status: 410 }));
    await createUser(h);
    await until(async () => !(await call(h, 'GET', `${HOOKS}/${ep._id}`, { token: h.adminToken })).json().enabled);
    const now = (await call(h, 'GET', `${HOOKS}/${ep._id}`, { token: h.adminToken })).json();
    expect(now.disabledReason).toMatch(/410/);
    const notes = await call(h, 'GET', '/api/auth/notifications', { token: h.adminToken });
    expect(notes.body).toContain('A webhook endpoint was disabled');
    const list = (await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries?status=failed`, { token: h.adminToken })).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ attempts: 1, lastStatus: 410 });
    // Enabled again by a person: the reason goes.
    const put = await call(h, 'PUT', `${HOOKS}/${ep._id}`, { token: h.adminToken, body: { enabled: true } });
    expect(put.json()).toMatchObject({ enabled: true, disabledReason: null });
  });
});

describe('the OpenAPI document', () => {
  test('its webhooks section lists each event with its body', async () => {
    const doc = (await call(h, 'GET', '/api/docs/json', { token: h.adminToken })).json();
    for (const type of ['users.created', 'roles.restored', 'invite.approved', 'translations.saved', 'user.signed_in', 'webhook.test']) {
      const schema = doc.webhooks[type]?.post?.requestBody?.content?.['application/json']?.schema;
      expect(schema?.properties?.type?.const, type).toBe(type);
    }
  });
});

describe('metrics', () => {
  test('/metrics shows deliveries by endpoint and outcome, the queue depth and the oldest pending age', async () => {
    const ep = await endpoint({ events: ['users.created'] });
    await call(h, 'POST', `${HOOKS}/${ep._id}/test`, { token: h.adminToken });
    await until(() => rx.of('webhook.test').length > 0);
    await until(
      async () => (await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries?status=succeeded`, { token: h.adminToken })).json().total === 1,
    );
    const res = await call(h, 'GET', '/metrics', { token: METRICS });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`webhook_deliveries{endpoint="${ep._id}",status="succeeded"} 1`);
    expect(res.body).toMatch(/^webhook_queue_depth \d+$/m);
    expect(res.body).toMatch(/^webhook_oldest_pending_seconds [\d.]+$/m);
  });
});

describe('rotation, test events, redelivery, replay', () => {
  test('after a rotation deliveries carry both signatures: each secret verifies', async () => {
    const ep = await endpoint({ events: ['users.created'] });
    const rot = await call(h, 'POST', `${HOOKS}/${ep._id}/rotate-secret`, { token: h.adminToken });
    expect(rot.statusCode).toBe(200);
    const fresh = rot.json().secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(ep.secret);
    await createUser(h);
    await until(() => rx.of('users.created').length > 0);
    const got = rx.of('users.created')[0];
    expect(got.headers['webhook-signature'].split(' ')).toHaveLength(2);
    verify(fresh, got);
    verify(ep.secret, got);
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got)).toThrow();
  });

  test('a test event; redeliver keeps the webhook-id; replay sends the failed ones since a time', async () => {
    const ep = await endpoint({ events: ['users.created'] });
    rx.answer(() => ({ status: 400, body: 'nope' }));
    const since = new Date(Date.now() - 1000).toISOString();
    const t = await call(h, 'POST', `${HOOKS}/${ep._id}/test`, { token: h.adminToken });
    expect(t.statusCode, t.body).toBe(202);
    const id = t.json()._id as string;
    await until(() => rx.of('webhook.test').length > 0);
    verify(ep.secret, rx.of('webhook.test')[0]);
    await until(
      async () => (await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries/${id}`, { token: h.adminToken })).json().status === 'failed',
    );

    rx.answer(() => ({ status: 200 }));
    const re = await call(h, 'POST', `${HOOKS}/${ep._id}/deliveries/${id}/redeliver`, { token: h.adminToken });
    expect(re.statusCode, re.body).toBe(202);
    await until(() => rx.of('webhook.test').length > 1);
    expect(rx.of('webhook.test')[1].headers['webhook-id']).toBe(id);

    rx.answer(() => ({ status: 422 }));
    await call(h, 'POST', `${HOOKS}/${ep._id}/test`, { token: h.adminToken });
    await until(
      async () => (await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries?status=failed`, { token: h.adminToken })).json().total === 1,
    );
    rx.answer(() => ({ status: 200 }));
    const replay = await call(h, 'POST', `${HOOKS}/${ep._id}/replay`, { token: h.adminToken, body: { since } });
    expect(replay.statusCode, replay.body).toBe(202);
    expect(replay.json()).toEqual({ queued: 1 });
    await until(
      async () => (await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries?status=succeeded`, { token: h.adminToken })).json().total === 2,
    );
    const page = (await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries?page=1&limit=1`, { token: h.adminToken })).json();
    expect(page).toMatchObject({ total: 2, page: 1, pages: 2 });
    expect((await call(h, 'GET', `${HOOKS}/${ep._id}/deliveries?status=nope`, { token: h.adminToken })).statusCode).toBe(400);
    expect((await call(h, 'POST', `${HOOKS}/${ep._id}/replay`, { token: h.adminToken, body: { since: 'yesterday' } })).statusCode).toBe(
      400,
    );
  });
});

describe.runIf(process.env.DATABASE_URL)('several replicas on one PostgreSQL database', () => {
  test('a second instance delivers too; each delivery is taken once', { timeout: 60_000 }, async () => {
    const logs: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (d: Buffer) => logs.push(d.toString()));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-webhooks-'));
    const database = await openDatabase({ databaseUrl: h.config.databaseUrl, dataDir, inMemory: false, statementTimeoutSeconds: 30 });
    const second = await buildApp({ ...h.config, dataDir }, { database, logger: true, logStream });
    try {
      const ep = await endpoint({ events: ['users.created'] });
      // A receiver slow enough that whichever instance looks first still holds its batch when the other
      // looks (each looks once a poll): the other finds the rest. At 300 ms one instance, its success
      // writes batched, drained all 120 before the other's first look.
      rx.answer(() => ({ status: 200, delayMs: POLL_MS * 1.5 }));
      // Queued straight into the outbox: neither instance is told, both find them on their next look.
      await runSql(
        h,
        sql`INSERT INTO webhook_deliveries (endpoint_id, event_type, data)
            SELECT ${ep._id}, 'webhook.test', jsonb_build_object('n', n) FROM generate_series(1, 120) n`,
      );
      await until(() => rx.got.length >= 120, 30_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(rx.got).toHaveLength(120);
      expect(new Set(rx.got.map((r) => r.headers['webhook-id'])).size).toBe(120);
      for (const r of rx.got) verify(ep.secret, r);
      const attempts = await runSql(h, sql`SELECT attempts FROM webhook_deliveries WHERE endpoint_id = ${ep._id}`);
      expect(attempts.map((a) => Number(a.attempts))).toEqual(Array(120).fill(1));
      expect(logs.join('')).toContain('webhook attempt');
    } finally {
      await second.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
