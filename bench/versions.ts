/**
 * Versions benchmark (not a test): `npm run bench:versions -- --db both`.
 *
 * 1. Update throughput: the real server over one seeded database, PUTs of
 *    one field by 10 concurrent clients, each on records of its own with
 *    `If-Match` from the previous answer (versions and conflict checks), and
 *    the same server built from declarations keeping no history, sending no
 *    `If-Match`. Alternated (A B, B A, A B, B A) in one run; the ratio is A / B
 *    over all rounds, with each round's and their median.
 * 2. Version listing: one record with 10,000 versions (written in SQL as the
 *    server writes them: a whole copy every 20th), pages of 20 at random:
 *    p50 and p95 of 300 requests.
 * 3. Storage: 1,000 one-field edits of one record; the bytes the versions'
 *    table and indexes grew by, against the bytes of the changes (each
 *    edit's `{field: value}` JSON) plus the whole copies.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { parseOneSize } from './api/args';
import { listenAndSignIn, log, prepare, sampleIds } from './api/prepare';
import { rowsOf } from '../src/core/server/db/rows';
import { productResources } from '../resources/set';
import { FULL_EVERY } from '../src/core/server/versions/store';
import type { App } from '../src/core/server/app';
import type { Db } from '../src/core/server/db/client';

const USERS = '/api/auth/users';
const CLIENTS = 10;
/** Rounds of the throughput comparison, each one run with versions and one without. */
const ROUNDS = 4;

interface Throughput {
  requests: number;
  seconds: number;
  failed: number;
}

/** CLIENTS loops of PUTs for `seconds`, each on its own records; with `ifMatch`, each sends the version it last saw. */
async function updates(
  base: string,
  headers: Record<string, string>,
  ids: string[],
  seconds: number,
  ifMatch: boolean,
): Promise<Throughput> {
  const until = performance.now() + seconds * 1000;
  let requests = 0;
  let failed = 0;
  const versions = new Map<string, number>();
  const client = async (mine: string[]) => {
    for (let i = 0; performance.now() < until; i++) {
      const id = mine[i % mine.length];
      const tag = versions.get(id);
      const res = await fetch(`${base}${USERS}/${id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json', ...(ifMatch && tag ? { 'if-match': `"${tag}"` } : {}) },
        body: JSON.stringify({ phone: `+30 210 ${String(100000 + requests).slice(-6)}` }),
      });
      const body = (await res.json()) as { _version?: number };
      if (res.status === 200) {
        requests++;
        if (typeof body._version === 'number') versions.set(id, body._version);
      } else failed++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(ids.filter((_, i) => i % CLIENTS === c))));
  return { requests, seconds: (performance.now() - started) / 1000, failed };
}

const rate = (t: Throughput) => t.requests / t.seconds;

/** Writes `n` versions of one record in SQL, shaped as the server writes them. */
async function writeManyVersions(db: Db, id: string, n: number): Promise<void> {
  await db.execute(sql`DELETE FROM record_versions WHERE resource = 'users' AND record_id = ${id}`);
  await db.execute(sql`
    INSERT INTO record_versions (resource, record_id, version, at, actor_id, op, fields, data)
    SELECT 'users', ${id}::uuid, v, now() - make_interval(secs => ${n} - v), NULL,
      CASE WHEN v = 1 THEN 'create' ELSE 'update' END,
      CASE WHEN (v - 1) % ${FULL_EVERY} = 0 THEN ARRAY['phone'] END,
      CASE WHEN (v - 1) % ${FULL_EVERY} = 0
        THEN jsonb_build_object('name', 'Many Versions', 'email', 'many@example.com', 'phone', 'v' || v, 'bio', NULL, 'confirmed', true, 'blocked', false)
        ELSE jsonb_build_object('phone', 'v' || v) END
    FROM generate_series(1, ${n}) AS v`);
}

async function listingLatency(base: string, headers: Record<string, string>, id: string, total: number) {
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const page = 1 + Math.floor(Math.random() * (total / 20));
    const t = performance.now();
    const res = await fetch(`${base}${USERS}/${id}/versions?page=${page}&limit=20`, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`versions page ${page}: ${res.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)], p95: times[Math.floor(times.length * 0.95)] };
}

/** The versions' table: its heap (main fork) and everything with it (indexes, free space map, visibility map, TOAST). */
const tableBytes = async (db: Db) => {
  const [row] = rowsOf<{ total: string; heap: string }>(
    await db.execute(
      sql`SELECT pg_total_relation_size('record_versions')::bigint AS total, pg_relation_size('record_versions')::bigint AS heap`,
    ),
  );
  return { total: Number(row.total), heap: Number(row.heap) };
};

/** 1,000 edits of a paragraph of `bio` through the API; the versions' bytes against the changes' bytes. */
async function storage(app: App, base: string, headers: Record<string, string>, id: string) {
  const db = app.deps.database.db;
  await db.execute(sql`VACUUM record_versions`);
  const before = await tableBytes(db);
  let changes = 0;
  for (let i = 1; i <= 1000; i++) {
    const bio = `Edit ${i}: ${'Runs the Thessaloniki office, travels to Athens twice a month and speaks Greek, English and Italian. '.repeat(3)}`;
    changes += Buffer.byteLength(JSON.stringify({ bio }));
    const res = await fetch(`${base}${USERS}/${id}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ bio }),
    });
    if (res.status !== 200) throw new Error(`edit ${i}: ${res.status}`);
  }
  const full = rowsOf<{ n: string; c: string }>(
    await db.execute(
      sql`SELECT coalesce(sum(pg_column_size(data)), 0)::bigint AS n, count(*)::bigint AS c FROM record_versions WHERE record_id = ${id} AND fields IS NOT NULL`,
    ),
  )[0];
  const after = await tableBytes(db);
  const grown = after.total - before.total;
  return {
    grown,
    heap: after.heap - before.heap,
    changes,
    full: Number(full.n),
    fullCount: Number(full.c),
    ratio: grown / (changes + Number(full.n)),
  };
}

async function main() {
  const args = parseOneSize(process.argv.slice(2));
  const rows = args.rows === 1_000_000 ? 10_000 : args.rows;
  const seconds = args.duration;
  for (const kind of args.db) {
    const p = await prepare(kind, { ...args, rows });
    try {
      const ids = (await sampleIds(p.app)).slice(0, 200);
      const plain = productResources.list.map((r) => ({ ...r, history: false as const }));
      const results: { a: Throughput[]; b: Throughput[] } = { a: [], b: [] };
      const withVersions = async () => {
        const a = await listenAndSignIn(await p.reopen());
        results.a.push(await updates(a.base, a.headers, ids, seconds, true));
      };
      const without = async () => {
        const b = await listenAndSignIn(await p.reopen({ resources: plain }));
        results.b.push(await updates(b.base, b.headers, ids, seconds, false));
      };
      // A B, B A, A B, B A: drift of the machine during the run (other work, the table growing) weighs on both sides alike.
      for (let round = 0; round < ROUNDS; round++) {
        if (round % 2 === 0) {
          await withVersions();
          await without();
        } else {
          await without();
          await withVersions();
        }
      }
      const sum = (xs: Throughput[]) => ({
        requests: xs.reduce((s, x) => s + x.requests, 0),
        seconds: xs.reduce((s, x) => s + x.seconds, 0),
        failed: xs.reduce((s, x) => s + x.failed, 0),
      });
      const [a, b] = [sum(results.a), sum(results.b)];
      const pairs = results.a.map((x, i) => rate(x) / rate(results.b[i])).sort((x, y) => x - y);
      const median = (pairs[(pairs.length - 1) >> 1] + pairs[pairs.length >> 1]) / 2;
      log(
        `[${kind}] updates with versions + If-Match: ${rate(a).toFixed(0)}/s (${a.failed} refused); without: ${rate(b).toFixed(0)}/s; ratio ${(rate(a) / rate(b)).toFixed(2)}; rounds ${pairs.map((x) => x.toFixed(2)).join(' ')}, median ${median.toFixed(2)}`,
      );

      const s = await listenAndSignIn(await p.reopen());
      // Storage first: the listing's 10,000 versions are written (and an earlier set deleted) in SQL, churn
      // whose freed pages the edits would otherwise fill or skip.
      const st = await storage(p.app, s.base, s.headers, ids[1]);
      log(
        `[${kind}] 1,000 one-field edits: versions grew ${st.grown.toLocaleString('en')} B (heap ${st.heap.toLocaleString('en')} B); changes ${st.changes.toLocaleString('en')} B + ${st.fullCount} whole copies ${st.full.toLocaleString('en')} B; ratio ${st.ratio.toFixed(2)}`,
      );
      await writeManyVersions(p.app.deps.database.db, ids[0], 10_000);
      const lat = await listingLatency(s.base, s.headers, ids[0], 10_000);
      log(
        `[${kind}] versions list, a record with 10,000 versions, pages of 20: p50 ${lat.p50.toFixed(1)} ms, p95 ${lat.p95.toFixed(1)} ms`,
      );
      log(
        `[${kind}] load average ${loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
      );
    } finally {
      await p.cleanup();
    }
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
