import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type App } from '../../src/core/server/app';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startHarness, type Harness } from './harness';

// REDIS_URL: the auth rate limits hold for the whole cluster (counters in
// Redis, 127.0.0.1:6379 as CI runs it), and a Redis outage neither fails
// requests nor lifts the limits: each process counts on its own meanwhile.
const SHARED_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOO_MANY = { error: 'Too many attempts. Please wait a minute and try again.' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A sign-in from `remoteAddress`. Wrong ones name a new e-mail each: the per-address count is what is measured. */
let seq = 0;
const login = (app: App, remoteAddress: string, right = false) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: right ? { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } : { email: `nobody-${++seq}@example.com`, password: 'wrong' },
  });

describe('AUTH_RATE_LIMIT=4 counted in Redis by two servers', () => {
  let h: Harness;
  let other: App;
  beforeAll(async () => {
    // A key prefix of this run's own: other test runs may share the Redis.
    h = await startHarness({ AUTH_RATE_LIMIT: '4', REDIS_URL: SHARED_REDIS, REDIS_KEY_PREFIX: `test-${randomUUID()}:` });
    other = await buildApp(h.config, { logger: false, ...(h.config.databaseUrl ? {} : { database: h.app.deps.database }) });
  });
  afterAll(async () => {
    await other?.close();
    await h?.close();
  });

  test('the fifth attempt is refused, wherever the attempts landed', async () => {
    const from = '198.51.100.7';
    for (const app of [h.app, other, h.app, other]) expect((await login(app, from)).statusCode).toBe(401);
    for (const app of [other, h.app]) {
      const res = await login(app, from, true);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(TOO_MANY);
    }
    // Another address has its own budget on both.
    expect((await login(other, '198.51.100.8', true)).statusCode).toBe(200);
  });
});

describe('when Redis goes down', () => {
  let redis: ChildProcess;
  let h: Harness;
  const logs: string[] = [];
  beforeAll(async () => {
    // A Redis of this test's own, to stop: the shared one serves other tests.
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    });
    h = await startHarness({ AUTH_RATE_LIMIT: '3', REDIS_URL: `redis://127.0.0.1:${port}` }, { logStream });
  });
  afterAll(async () => {
    if (redis.exitCode === null) redis.kill('SIGKILL');
    await h?.close();
  });

  test('sign-in keeps working and the limit still holds in each process', async () => {
    // Budget: 3 per minute. The harness's login was the first, counted in Redis.
    expect((await login(h.app, '127.0.0.1')).statusCode).toBe(401);
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));

    // Redis is gone: the process's own counters carry on from what it has seen.
    expect((await login(h.app, '127.0.0.1', true)).statusCode).toBe(200);
    const limited = await login(h.app, '127.0.0.1', true);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
    // Another address is still served, without a 5xx.
    expect((await login(h.app, '203.0.113.50')).statusCode).toBe(401);
    expect(logs.join('')).toContain('Redis unreachable: rate limits count in this process only until it is back');
  });
});
