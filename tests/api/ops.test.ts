import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createUser, runSql } from './helpers';
import { startHarness, type Harness } from './harness';

// What an operator's probes and scraper see: liveness, readiness naming the
// part that fails, Prometheus metrics behind a token, request ids.
const TOKEN = 'metrics-token-0123456789';
let h: Harness;
let plain: Harness;
const lines: string[] = [];
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => lines.push(...c.toString('utf8').split('\n').filter(Boolean)));
  [h, plain] = await Promise.all([startHarness({ METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' }, { logStream: stream }), startHarness()]);
});
afterAll(async () => {
  await h?.close();
  await plain?.close();
});

describe('health and readiness', () => {
  test('GET /api/health says the process answers', async () => {
    const res = await call(h, 'GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  test('GET /api/ready is 200 when the database is reachable and migrated', async () => {
    const res = await call(h, 'GET', '/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', parts: expect.objectContaining({ database: 'ok' }) });
  });

  test('GET /api/ready is 503 naming the database when a migration is not applied', async () => {
    const [last] = await runSql(h, sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`);
    await runSql(h, sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last.id}`);
    try {
      const res = await call(h, 'GET', '/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'not ready',
        error: 'Not ready: database',
        failed: ['database'],
        parts: { database: '1 migrations not applied' },
      });
    } finally {
      await runSql(
        h,
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await call(h, 'GET', '/api/ready')).statusCode).toBe(200);
  });

  test('a part that registers a check is reported by name when it fails', async () => {
    let up = true;
    plain.app.readiness.register('cache', async () => {
      if (!up) throw new Error('connect ECONNREFUSED 10.0.0.5:6379');
    });
    expect((await call(plain, 'GET', '/api/ready')).json()).toEqual({
      status: 'ready',
      parts: expect.objectContaining({ database: 'ok', cache: 'ok' }),
    });
    up = false;
    const res = await call(plain, 'GET', '/api/ready');
    expect(res.statusCode).toBe(503);
    // The reason of an unexpected error stays in the server: the route is public.
    expect(res.json()).toMatchObject({ failed: ['cache'], parts: { database: 'ok', cache: 'unreachable' } });
    expect(res.body).not.toContain('10.0.0.5');
  });
});

describe('GET /metrics', () => {
  test('does not exist without METRICS_TOKEN', async () => {
    expect((await call(plain, 'GET', '/metrics')).statusCode).toBe(404);
  });

  test('needs the token as a Bearer token', async () => {
    expect((await call(h, 'GET', '/metrics')).statusCode).toBe(401);
    expect((await call(h, 'GET', '/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
    expect((await call(h, 'GET', '/metrics', { headers: { authorization: TOKEN } })).statusCode).toBe(401);
  });

  test('gives request durations by route and status, the mail queue, the database pool and the process', async () => {
    const u = await createUser(h);
    await call(h, 'GET', `/api/auth/users/${u._id}`, { token: h.adminToken });
    await call(h, 'GET', '/api/auth/users/00000000-0000-0000-0000-000000000000', { token: h.adminToken });
    const res = await call(h, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/auth\/users\/:id",status_code="200"\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/auth\/users\/:id",status_code="404"\} [1-9]/m);
    expect(text).toMatch(/^mail_queue_depth \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    if (process.env.DATABASE_URL) expect(text).toMatch(/^db_pool_connections\{state="total"\} \d+$/m);
    // Paths carry no ids: one series per route, whatever the record.
    expect(text).not.toContain(u._id);
  });
});

describe('request ids', () => {
  test('every response carries one, and its log line too', async () => {
    const res = await call(h, 'GET', '/api/config');
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; req?: { url: string } }).filter((l) => l.reqId === id);
    expect(logged.some((l) => l.req?.url === '/api/config')).toBe(true);
  });

  test("a proxy's id is kept; one that could forge log lines is replaced", async () => {
    const kept = await call(h, 'GET', '/api/config', { headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const replaced = await call(h, 'GET', '/api/config', { headers: { 'x-request-id': 'a"}\n{"msg":"forged' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('readiness with Redis configured', () => {
  test('names Redis when it does not answer', async () => {
    const { createServer } = await import('node:net');
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const away = await startHarness({ REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      const res = await call(away, 'GET', '/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ failed: ['redis'], parts: { database: 'ok', redis: 'unreachable' } });
    } finally {
      await away.close();
    }
  });

  test('is ready when Redis answers', async () => {
    const up = await startHarness({ REDIS_URL: 'redis://127.0.0.1:6379' });
    try {
      const res = await call(up, 'GET', '/api/ready');
      expect(res.json()).toEqual({ status: 'ready', parts: { database: 'ok', redis: 'ok' } });
      expect(res.statusCode).toBe(200);
    } finally {
      await up.close();
    }
  });
});
