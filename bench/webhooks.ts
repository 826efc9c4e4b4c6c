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
 * 3. Outage: a receiver down for an hour (503 for half an hour, then
 *    refusing connections), events queued all through it, then back up:
 *    every event delivered, with its id, nothing failed or disabled. The
 *    hour passes by moving the pending deliveries' `next_attempt_at` (and
 *    the endpoint's `failing_since`) back, as if the clock had moved; the
 *    delivery code runs as it is.
 *
 * Options: `--scenarios throughput,latency,outage` (all by default);
 * `--base <git ref>`: throughput of that commit and of this tree, each in a
 * process of its own, alternating `--rounds` times (2), with this script.
 *
 * The issue asks for at least 200 deliveries per second per replica, a p99
 * under 5 s with three replicas, and that a receiver down for an hour loses
 * nothing.
 */
import http from 'node:http';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../src/core/server/app';
import { loadConfig } from '../src/core/server/config';
import { rowsOf } from '../src/core/server/db/rows';
import { benchDatabase } from './api/bench-database';

const N = Number(process.env.BENCH_WEBHOOKS ?? 3000);
const log = (s: string) => process.stdout.write(`${s}\n`);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim();

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

/** A receiver that can be down: answering 503, or not listening at all (connections refused). */
async function outageReceiver() {
  let mode: 'up' | '503' | 'refused' = 'up';
  const ok = new Set<string>();
  let requests = 0;
  let answered2xx = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests++;
      if (mode === '503') {
        res.writeHead(503).end('down for maintenance');
        return;
      }
      answered2xx++;
      ok.add(String(req.headers['webhook-id']));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    ok,
    requests: () => requests,
    answered2xx: () => answered2xx,
    async set(next: typeof mode) {
      if (next === mode) return;
      if (next === 'refused') {
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
      } else if (mode === 'refused') await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
      mode = next;
    },
    close: () => (mode === 'refused' ? undefined : server.close()),
  };
}

const HOUR = 3600;
/** Events queued every 5 minutes of the outage, this many each time. */
const WAVE_EVERY = 300;
const WAVE = Number(process.env.BENCH_WEBHOOKS_OUTAGE_WAVE ?? 100);
/** Simulated time moves by at least this much a round (deliveries due within it go out together, a little late). */
const STEP = 60;

async function outage(url: string) {
  const rx = await outageReceiver();
  const { apps, dirs } = await replicas(url, 1);
  const db = apps[0].deps.database.db;
  const started = Date.now();
  const [ep] = rowsOf<{ id: string }>(
    await db.execute(
      sql`INSERT INTO webhook_endpoints (url, events, secret) VALUES (${rx.url}, ARRAY['*'], ${'whsec_' + Buffer.alloc(32, 5).toString('base64')}) RETURNING id`,
    ),
  );
  const waves = Array.from({ length: HOUR / WAVE_EVERY }, (_, i) => i * WAVE_EVERY);
  let sim = 0;
  let rounds = 0;
  for (;;) {
    await rx.set(sim < HOUR / 2 ? '503' : sim < HOUR ? 'refused' : 'up');
    while (waves.length && waves[0] <= sim) {
      waves.shift();
      await db.execute(sql`
        INSERT INTO webhook_deliveries (endpoint_id, event_type, data)
        SELECT ${ep.id}, 'bench.outage', jsonb_build_object('queued_at_second', ${sim}::int, 'n', g) FROM generate_series(1, ${WAVE}) g`);
    }
    // The replica works through what is due (its own poll, once a second) until nothing due is left or held.
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      const [busy] = rowsOf<{ n: number }>(
        await db.execute(sql`
          SELECT count(*)::int AS n FROM webhook_deliveries
           WHERE endpoint_id = ${ep.id} AND status = 'pending' AND (next_attempt_at <= now() OR locked_until > now())`),
      );
      if (Number(busy.n) === 0) break;
    }
    rounds++;
    const [next] = rowsOf<{ due_in: number | null }>(
      await db.execute(sql`
        SELECT extract(epoch FROM min(next_attempt_at) - now())::float8 AS due_in
          FROM webhook_deliveries WHERE endpoint_id = ${ep.id} AND status = 'pending'`),
    );
    if (next.due_in === null && !waves.length) break;
    const until = Math.min(next.due_in === null ? Infinity : sim + Math.max(0, Number(next.due_in)), waves[0] ?? Infinity);
    const shift = Math.max(until - sim, STEP);
    // Time passes: what was due later is due sooner by as much, and the endpoint has been failing that much longer.
    await db.execute(sql`
      UPDATE webhook_deliveries SET next_attempt_at = next_attempt_at - make_interval(secs => ${shift})
       WHERE endpoint_id = ${ep.id} AND status = 'pending'`);
    await db.execute(sql`
      UPDATE webhook_endpoints SET failing_since = failing_since - make_interval(secs => ${shift}) WHERE id = ${ep.id}`);
    sim += shift;
  }
  const counts = rowsOf<{ status: string; n: number; max_attempts: number; min_attempts: number }>(
    await db.execute(sql`
      SELECT status, count(*)::int AS n, max(attempts)::int AS max_attempts, min(attempts)::int AS min_attempts
        FROM webhook_deliveries WHERE endpoint_id = ${ep.id} GROUP BY status`),
  );
  const ids = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM webhook_deliveries WHERE endpoint_id = ${ep.id}`));
  const [endpoint] = rowsOf<{ enabled: boolean }>(await db.execute(sql`SELECT enabled FROM webhook_endpoints WHERE id = ${ep.id}`));
  const [logged] = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = ${ep.id}`,
    ),
  );
  const delivered = ids.filter((r) => rx.ok.has(r.id)).length;
  log(
    `receiver down 1 h (503 for 30 min, then refusing connections), ${ids.length} events queued through it: ` +
      `${delivered} delivered with their webhook-id, lost ${ids.length - delivered}, ${rx.answered2xx() - rx.ok.size} twice; ` +
      `statuses ${counts.map((c) => `${c.status} ${c.n} (attempts ${c.min_attempts}-${c.max_attempts})`).join(', ')}; ` +
      `endpoint ${endpoint.enabled ? 'enabled' : 'DISABLED'}; ${rx.requests()} requests reached the receiver, ${logged.n} attempts logged ` +
      `(refused ones too); all delivered ${(sim / HOUR).toFixed(2)} simulated h after the outage began, ` +
      `${rounds} rounds, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  await db.execute(sql`DELETE FROM webhook_endpoints WHERE id = ${ep.id}`);
  for (const a of apps) await a.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  rx.close();
}

/**
 * `--base <ref>`: the throughput of that commit and of this tree, each run
 * by this same script in a process of its own, alternating, so both see the
 * same machine.
 */
function compare(ref: string, rounds: number) {
  const root = path.resolve(import.meta.dirname, '..');
  const base = mkdtempSync(path.join(tmpdir(), 'bench-webhooks-base-'));
  try {
    const tar = execFileSync('git', ['archive', ref], { cwd: root, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', base], { input: tar });
    symlinkSync(path.join(root, 'node_modules'), path.join(base, 'node_modules'));
    cpSync(path.join(root, 'bench/webhooks.ts'), path.join(base, 'bench/webhooks.ts'));
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
    const baseRev = execFileSync('git', ['rev-parse', '--short', ref], { cwd: root }).toString().trim();
    for (let i = 1; i <= rounds; i++)
      for (const [label, dir] of [
        [`base ${baseRev}`, base],
        [`this tree (${head}${execFileSync('git', ['status', '--porcelain'], { cwd: root }).length ? ' + changes' : ''})`, root],
      ] as const) {
        const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, 'bench/webhooks.ts'), '--scenarios', 'throughput'], {
          cwd: dir,
          env: process.env,
          encoding: 'utf8',
        });
        if (run.status !== 0) throw new Error(`${label} failed:\n${run.stderr}`);
        for (const line of run.stdout.trim().split('\n')) log(`round ${i}, ${label}: ${line}`);
      }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      scenarios: { type: 'string', default: 'throughput,latency,outage' },
      base: { type: 'string' },
      rounds: { type: 'string', default: '2' },
    },
  });
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error('Set DATABASE_URL to a PostgreSQL server.');
  log(`load average before: ${loadavg()}`);
  if (values.base) {
    compare(values.base, Number(values.rounds));
    log(`load average after: ${loadavg()}`);
    return;
  }
  const scenarios = new Set(values.scenarios.split(','));
  const database = await benchDatabase(server);
  const rx = await receiver();
  try {
    if (scenarios.has('throughput')) {
      await throughput(database.url, 1, rx);
      await throughput(database.url, 3, rx);
    }
    if (scenarios.has('latency')) await latency(database.url, rx);
    if (scenarios.has('outage')) await outage(database.url);
  } finally {
    rx.close();
    await database.release();
  }
  log(`load average after: ${loadavg()}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
