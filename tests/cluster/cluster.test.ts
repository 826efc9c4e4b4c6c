import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { readNotificationStream, STREAM_URL, type StreamEvent } from '../../src/features/notifications/admin/notificationStream';
import { startS3, type S3Server } from '../api/s3';
import { launchBrowser } from '../e2e/browser';
import { visit, type Login } from '../e2e/visit';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startCluster, type Cluster } from './cluster';
import { startReceiver, until, verify } from '../../src/features/webhooks/tests/receiver';

// Proof that the API scales out: three server processes on one fresh PostgreSQL
// database, Redis (127.0.0.1:6379), an S3-protocol server (s3rver), behind
// HAProxy (round robin). Needs DATABASE_URL (CI sets it); without it the
// whole file is skipped, saying so.
const RATE_LIMIT = 5;
const hasDatabase = Boolean(process.env.DATABASE_URL);
if (!hasDatabase) console.warn('cluster test skipped: it needs DATABASE_URL (a PostgreSQL server), as CI sets it');

let cluster: Cluster;
let s3: S3Server;
let adminToken: string;

beforeAll(async () => {
  if (!hasDatabase) return;
  s3 = await startS3('cluster-uploads');
  cluster = await startCluster({
    replicas: 3,
    serverEntry: inject('serverBundle'),
    env: {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      // This run's own counters: other runs may share the Redis.
      REDIS_KEY_PREFIX: `cluster-${randomUUID()}:`,
      AUTH_RATE_LIMIT: String(RATE_LIMIT),
      // The webhook receiver is a plain http server on 127.0.0.1.
      WEBHOOKS_ALLOW_HTTP: '1',
      WEBHOOKS_ALLOW_PRIVATE: '1',
      // The built admin, for the browser test (tests/cluster/web.setup.ts).
      WEB_DIR: inject('clusterWebDir'),
      ...s3.env,
    },
  });
}, 120_000);

afterAll(async () => {
  await cluster?.close();
  await s3?.close();
});

interface Sent {
  status: number;
  replica: string | null;
  body: unknown;
}

/** One JSON request; `from` is the client address the balancer passes on (X-Forwarded-For). */
async function send(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; from?: string } = {},
): Promise<Sent> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.from) headers['x-forwarded-for'] = opts.from;
  const res = await fetch(base + url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, replica: res.headers.get('x-replica'), body };
}

const login = (email: string, password: string, from = '192.0.2.1') =>
  send(cluster.url, 'POST', '/api/auth/login', { body: { email, password }, from });

describe.skipIf(!hasDatabase)('three replicas behind HAProxy', () => {
  test('started together on an empty database, sign-in through the balancer works and 30 requests reach all three', async () => {
    const res = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    adminToken = (res.body as { token: string }).token;

    const answers = await Promise.all(
      Array.from({ length: 30 }, () => send(cluster.url, 'GET', '/api/auth/users?limit=5', { token: adminToken })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(new Set(answers.map((a) => a.replica))).toEqual(new Set(['r1', 'r2', 'r3']));
    // One first admin for the three starts.
    expect((answers[0].body as { total: number }).total).toBe(1);
  });

  test(`the sign-in limit (${RATE_LIMIT} a minute) holds for the cluster, not per replica`, async () => {
    const from = '203.0.113.77';
    const attempts: Sent[] = [];
    for (let i = 0; i < RATE_LIMIT; i++) attempts.push(await login(`nobody-${i}@example.com`, 'wrong-password', from));
    expect(attempts.map((a) => a.status)).toEqual(Array(RATE_LIMIT).fill(401));
    // Round robin spread them: each replica alone saw fewer than the limit. (Not necessarily all three: on a
    // busy machine one late health check takes a replica out of the rotation for a moment.)
    const seenBy = new Map<string | null, number>();
    for (const a of attempts) seenBy.set(a.replica, (seenBy.get(a.replica) ?? 0) + 1);
    expect(Math.max(...seenBy.values()), JSON.stringify([...seenBy])).toBeLessThan(RATE_LIMIT);
    const refused = await login(ADMIN_EMAIL, ADMIN_PASSWORD, from);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many attempts. Please wait a minute and try again.' });
  });

  test('a role change through one replica ends the session on all of them', async () => {
    const email = `member-${randomUUID()}@example.com`;
    const created = await send(cluster.url, 'POST', '/api/auth/users', {
      token: adminToken,
      body: { name: 'Member', email, password: 'member-pass-1' },
    });
    expect(created.status).toBe(201);
    const userId = (created.body as { _id: string })._id;
    const roles = await send(cluster.url, 'GET', '/api/auth/roles?limit=50', { token: adminToken });
    const userRole = (roles.body as { data: { _id: string; name: string }[] }).data.find((r) => r.name === 'User')!;
    const token = ((await login(email, 'member-pass-1', '192.0.2.2')).body as { token: string }).token;
    // Each replica has answered (and cached) this session.
    for (const r of cluster.replicas) expect((await send(r.url, 'GET', '/api/auth/my-profile', { token })).status).toBe(200);

    const [first, ...others] = cluster.replicas;
    const link = await send(first.url, 'POST', '/api/auth/user-roles', { token: adminToken, body: { user: userId, role: userRole._id } });
    expect(link.status).toBe(201);
    // The others hear of it through PostgreSQL; give the notification a moment to arrive.
    for (const r of others) {
      let status = 0;
      for (let i = 0; i < 20 && status !== 401; i++) {
        status = (await send(r.url, 'GET', '/api/auth/my-profile', { token })).status;
        if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status, `session still open on ${r.name}`).toBe(401);
    }
  });

  test('a notification made through one replica streams to a browser on another within 2 s', async () => {
    const [first, , third] = cluster.replicas;
    const events: StreamEvent[] = [];
    const abort = new AbortController();
    let arrived: () => void = () => undefined;
    const notified = new Promise<void>((resolve) => (arrived = resolve));
    void readNotificationStream(
      third.url + STREAM_URL,
      adminToken,
      (e) => {
        events.push(e);
        if (e.type === 'notification') arrived();
      },
      abort.signal,
    ).catch(() => undefined);
    // The stream is open once its first unread count came.
    for (let i = 0; i < 100 && !events.length; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events[0]?.type).toBe('unread');

    const sent = Date.now();
    expect((await send(first.url, 'POST', '/api/auth/reinitiate-permissions/', { token: adminToken })).status).toBe(200);
    await Promise.race([notified, new Promise((resolve) => setTimeout(resolve, 2000))]);
    abort.abort();
    const event = events.find((e) => e.type === 'notification');
    expect(event, 'no notification within 2 s').toMatchObject({
      notification: { title: expect.stringContaining('Permissions Sync Completed') },
    });
    expect(Date.now() - sent).toBeLessThan(2000);
  });

  test('a notification made through one replica updates the bell of a browser signed into another within 2 s, without a reload', async () => {
    const [first, second] = cluster.replicas;
    // Signed in and served by the second replica only: every request of the page goes to it.
    const signedIn = await send(second.url, 'POST', '/api/auth/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      from: '192.0.2.3',
    });
    expect(signedIn.status).toBe(200);
    const login = signedIn.body as Login;
    const unreadNow = async () =>
      ((await send(second.url, 'GET', '/api/auth/notifications?unread=1', { token: login.token })).body as { unread: number }).unread;

    const browser = await launchBrowser();
    try {
      const { page } = await visit(browser, { login });
      const streamOpen = page.waitForResponse((r) => r.url() === second.url + STREAM_URL && r.status() === 200, { timeout: 30_000 });
      await page.goto(second.url + '/admin');
      await streamOpen;
      const badge = page.getByTestId('bell-badge');
      const before = await unreadNow();
      await badge.filter({ hasText: new RegExp(`^${before}$`) }).waitFor({ timeout: 15_000 });
      // Set on this page: still there afterwards means the page was not loaded again.
      await page.evaluate(() => ((window as unknown as { clusterMark: number }).clusterMark = 13));

      const sent = Date.now();
      expect((await send(first.url, 'POST', '/api/auth/reinitiate-permissions/', { token: adminToken })).status).toBe(200);
      await badge.filter({ hasText: new RegExp(`^${before + 1}$`) }).waitFor({ timeout: 2000 });
      expect(Date.now() - sent).toBeLessThan(2000);
      expect(await page.evaluate(() => (window as unknown as { clusterMark?: number }).clusterMark)).toBe(13);
    } finally {
      await browser.close();
    }
  }, 120_000);

  test('Generate through one replica: the other two serve the new string on their next request', async () => {
    const URL_EL = '/locales/el/translations.json';
    const [first, ...others] = cluster.replicas;
    const seen = await Promise.all(others.map((r) => fetch(r.url + URL_EL)));
    for (const res of seen) expect(res.status).toBe(200);
    const etags = seen.map((res) => res.headers.get('etag') ?? '');

    const text = `Από τον κόμβο r1 ${randomUUID().slice(0, 8)}`;
    const read = await send(first.url, 'POST', '/api/auth/translations', { token: adminToken, body: { lang: 'el' } });
    expect(read.status).toBe(200);
    const entries = (read.body as { translation: { data: { entries: Record<string, string> } } }).translation.data.entries;
    const saved = await send(first.url, 'PUT', '/api/auth/translations', {
      token: adminToken,
      body: { lang: 'el', data: { entries: { ...entries, 'app.cluster_probe': text } } },
    });
    expect(saved.status).toBe(200);
    const generated = await send(first.url, 'POST', '/api/auth/translations', { token: adminToken, body: { generate_files: true } });
    expect(generated.status).toBe(200);

    for (const [i, r] of others.entries()) {
      // The browser's revalidation with the copy it had: the new texts, not a 304.
      const res = await fetch(r.url + URL_EL, { headers: { 'if-none-match': etags[i] } });
      expect(res.status, r.name).toBe(200);
      expect(res.headers.get('etag')).not.toBe(etags[i]);
      expect(((await res.json()) as { app: Record<string, unknown> }).app.cluster_probe, r.name).toBe(text);
    }
  });

  test('an avatar uploaded through one replica is served by the other two', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const [first, ...others] = cluster.replicas;
    const res = await fetch(first.url + '/api/upload/profile-image', {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const imagePath = ((await res.json()) as { filePaths: { path: string }[] }).filePaths[0].path;
    for (const r of others) {
      const img = await fetch(r.url + imagePath);
      expect(img.status, `${imagePath} on ${r.name}`).toBe(200);
      expect(img.headers.get('content-type')).toMatch(/^image\//);
      expect((await img.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  test('webhooks: changes made through all three replicas are each delivered once, signed', async () => {
    const rx = await startReceiver();
    try {
      const ep = await send(cluster.url, 'POST', '/api/auth/webhooks', {
        token: adminToken,
        body: { url: rx.url('/cluster'), events: ['roles.created'] },
      });
      expect(ep.status).toBe(201);
      const { secret } = ep.body as { secret: string };
      const made = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          send(cluster.url, 'POST', '/api/auth/roles', {
            token: adminToken,
            body: { name: `Hooked ${i} ${randomUUID()}`, type: 'user', description: 'cluster webhook' },
          }),
        ),
      );
      expect(made.map((m) => m.status)).toEqual(Array(30).fill(201));
      expect(new Set(made.map((m) => m.replica)).size).toBe(3);
      await until(() => rx.of('roles.created').length >= 30, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const got = rx.of('roles.created');
      expect(got).toHaveLength(30);
      expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(30);
      for (const r of got) verify(secret, r);
    } finally {
      await rx.close();
    }
  });

  test('a replica killed with SIGKILL during writes loses no acknowledged write, and the balancer keeps serving', async () => {
    const acknowledged: string[] = [];
    const failed: number[] = [];
    let writing = true;
    let n = 0;
    const writer = async () => {
      while (writing) {
        const body = { title: `Written during the kill ${++n}` };
        const res = await send(cluster.url, 'POST', '/api/auth/experiences', { token: adminToken, body }).catch(() => null);
        if (res?.status === 201) acknowledged.push((res.body as { _id: string })._id);
        else failed.push(res?.status ?? 0);
      }
    };
    /** Waits until `count` writes are acknowledged (or 20 s pass: a machine busy with other suites writes slowly). */
    const acknowledgedReach = async (count: number) => {
      const until = Date.now() + 20_000;
      while (acknowledged.length < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    };
    const writers = [writer(), writer(), writer()];
    // Writes before the kill and as many after it, counted rather than timed.
    await acknowledgedReach(6);
    const before = acknowledged.length;
    const victim = cluster.replicas[1];
    victim.child.kill('SIGKILL');
    await acknowledgedReach(before + 6);
    writing = false;
    await Promise.all(writers);
    expect(before).toBeGreaterThanOrEqual(6);
    expect(acknowledged.length).toBeGreaterThanOrEqual(before + 6);
    // At most the writes in flight on the victim when it died went unanswered (3 writers).
    expect(failed.length).toBeLessThanOrEqual(3);

    // Every acknowledged write is there, read through the balancer.
    const reads = await Promise.all(
      acknowledged.map((id) => send(cluster.url, 'GET', `/api/auth/experiences/${id}`, { token: adminToken })),
    );
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);
    expect(new Set(reads.map((r) => r.replica))).toEqual(new Set(['r1', 'r3']));
  });
});
