/**
 * Webhooks benchmark (not a test): `npm run bench:webhooks` with
 * DATABASE_URL set (a PostgreSQL server; a database of its own is created
 * and dropped, or BENCH_DATABASE_URL is used as it is).
 *
 * 1. Throughput: N deliveries queued at once in the outbox, drained by one
 *    replica and then by three to a local receiver: deliveries per second,
 *    per replica.
 * 2. Latency: with three replicas, a committed change every 20 ms for 10 s
 *    (`POST /api/auth/roles` on one of them); p50 / p99 from the commit to
 *    the first attempt reaching the receiver.
 *
 * The issue asks for at least 200 deliveries per second per replica and a
 * p99 under 5 s with three replicas.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../src/core/server/app';
import { loadConfig } from '../src/core/server/config';
import { rowsOf } from '../src/core/server/db/rows';
import { benchDatabase } from './api/bench-database';

const N = Number(process.env.BENCH_WEBHOOKS ?? 3000);
const log = (s: string) => process.stdout.write(`${s}\n`);

async function receiver() {
  const arrivals = new Map<string, number>();
  let total = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      total++;
      const id = String(req.headers['webhook-id']);
      if (!arrivals.has(id)) arrivals.set(id, Date.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    total: () => total,
    close: () => server.close(),
  };
}

async function replicas(url: string, n: number): Promise<{ apps: App[]; dirs: string[] }> {
  const apps: App[] = [];
  const dirs: string[] = [];
  for (let i = 0; i < n; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-webhooks-'));
    dirs.push(dataDir);
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password-123',
      AUTH_RATE_LIMIT: '100000',
      WEBHOOKS_ALLOW_HTTP: '1',
      WEBHOOKS_ALLOW_PRIVATE: '1',
      WEB_DIR: path.join(dataDir, 'no-web'),
    });
    apps.push(await buildApp(config, { logger: false }));
  }
  return { apps, dirs };
}

async function waitFor(probe: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!probe() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

const percentile = (xs: number[], p: number) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function throughput(url: string, n: number, rx: Awaited<ReturnType<typeof receiver>>) {
  const { apps, dirs } = await replicas(url, n);
  const db = apps[0].deps.database.db;
  const [ep] = rowsOf<{ id: string }>(
    await db.execute(
      sql`INSERT INTO webhook_endpoints (url, events, secret) VALUES (${rx.url}, ARRAY['*'], ${'whsec_' + Buffer.alloc(32, 3).toString('base64')}) RETURNING id`,
    ),
  );
  const before = rx.arrivals.size;
  const started = Date.now();
  await db.execute(sql`
    INSERT INTO webhook_deliveries (endpoint_id, event_type, data)
    SELECT ${ep.id}, 'bench.event', jsonb_build_object('n', g) FROM generate_series(1, ${N}) g`);
  await waitFor(() => rx.arrivals.size - before >= N, 120_000);
  const seconds = (Date.now() - started) / 1000;
  const got = rx.arrivals.size - before;
  log(
    `${n} replica(s): ${got} of ${N} delivered in ${seconds.toFixed(2)} s = ${(got / seconds).toFixed(0)}/s, ${(got / seconds / n).toFixed(0)}/s per replica`,
  );
  await db.execute(sql`DELETE FROM webhook_endpoints WHERE id = ${ep.id}`);
  for (const a of apps) await a.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

async function latency(url: string, rx: Awaited<ReturnType<typeof receiver>>) {
  const { apps, dirs } = await replicas(url, 3);
  const db = apps[0].deps.database.db;
  await db.execute(
    sql`INSERT INTO webhook_endpoints (url, events, secret) VALUES (${rx.url}, ARRAY['roles.created'], ${'whsec_' + Buffer.alloc(32, 4).toString('base64')})`,
  );
  const login = await apps[0].inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'bench@example.com', password: 'bench-password-123' },
  });
  const token = login.json().token as string;
  const committed = new Map<string, number>();
  const end = Date.now() + 10_000;
  let i = 0;
  while (Date.now() < end) {
    const app = apps[i % 3];
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/roles',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: `Bench role ${Date.now()}-${i++}`, type: 'user', description: 'bench' },
    });
    if (res.statusCode === 201) committed.set(res.json()._id as string, Date.now());
    await new Promise((r) => setTimeout(r, 20));
  }
  const rows = rowsOf<{ id: string; record_id: string }>(
    await db.execute(sql`SELECT id, record_id FROM webhook_deliveries WHERE event_type = 'roles.created'`),
  );
  await waitFor(() => rows.every((r) => rx.arrivals.has(r.id)), 30_000);
  const waits = rows
    .filter((r) => committed.has(r.record_id) && rx.arrivals.has(r.id))
    .map((r) => (rx.arrivals.get(r.id) ?? 0) - (committed.get(r.record_id) ?? 0));
  log(
    `3 replicas, ${committed.size} changes: commit -> first attempt p50 ${percentile(waits, 50)} ms, p99 ${percentile(waits, 99)} ms (${waits.length} measured)`,
  );
  for (const a of apps) await a.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

async function main() {
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error('Set DATABASE_URL to a PostgreSQL server.');
  const database = await benchDatabase(server);
  const rx = await receiver();
  try {
    await throughput(database.url, 1, rx);
    await throughput(database.url, 3, rx);
    await latency(database.url, rx);
  } finally {
    rx.close();
    await database.release();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
