/**
 * API benchmark (not a test). Seeds users in SQL, starts the real
 * server on 127.0.0.1, and measures list/search/get/login with autocannon on
 * PGlite and/or PostgreSQL.
 *
 *   npm run bench:api -- --db both --rows 1000000 --duration 10 --connections 10
 *
 * On PostgreSQL it creates a database of its own under a unique name on the
 * --pg-url server and drops only that one, or uses the database
 * BENCH_DATABASE_URL names as it is (never dropping it; --reuse keeps its rows).
 */
import { loadavg } from 'node:os';
import { parseArgs, type BenchArgs } from './args';
import { cannon, type CannonRequest, type CannonResult } from './cannon';
import { ADMIN_EMAIL, ADMIN_PASSWORD, listenAndSignIn, log, prepare, sampleIds, type Kind } from './prepare';
import { compareSerialization } from './serialization';
import { EVERY_TERM, RARE_TERM } from './seed';

const USERS = '/api/auth/users';

interface Scenario {
  name: string;
  requests: CannonRequest[];
  /** Overrides --connections (a full-scan scenario with 10 would queue for minutes). */
  connections?: number;
}

interface Row {
  db: Kind;
  scenario: string;
  check: string;
  result: CannonResult;
  /** 1-minute load average at the end of the run (the machine is shared). */
  load: number;
}

function scenarios(ids: string[]): Scenario[] {
  const list = (q?: string) => `${USERS}?page=1&limit=25${q === undefined ? '' : `&q=${encodeURIComponent(q)}`}`;
  return [
    // Ceiling: the same server with no auth and no database work.
    { name: 'config (no auth, no DB)', requests: [{ path: '/api/config' }] },
    { name: 'list page 1', requests: [{ path: list() }] },
    { name: `search rare "${RARE_TERM}"`, requests: [{ path: list(RARE_TERM) }] },
    { name: `search every "${EVERY_TERM}"`, requests: [{ path: list(EVERY_TERM) }] },
    { name: 'search every "@"', requests: [{ path: list('@') }] },
    { name: 'search 2 letters "an"', requests: [{ path: list('an') }] },
    // Estimated near the cap, so counted (up to 10,001 rows read).
    { name: 'search 2 letters "li" (counted)', requests: [{ path: list('li') }] },
    { name: 'search 3 letters "son"', requests: [{ path: list('son') }] },
    { name: 'list page 400', requests: [{ path: `${USERS}?page=400&limit=25` }] },
    { name: `get by id (${ids.length} ids)`, requests: ids.map((id) => ({ path: `${USERS}/${id}` })) },
    {
      name: 'login (argon2id)',
      requests: [
        {
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
        },
      ],
    },
    // Last: no index helps a two-letter term, and its full scans outlive the run.
    { name: 'search 2 letters rare "qz" (1 conn)', requests: [{ path: list('qz') }], connections: 1 },
  ];
}

async function benchOne(kind: Kind, args: BenchArgs): Promise<{ rows: Row[]; seedNote: string }> {
  const prepared = await prepare(kind, args);
  const { app, seedNote } = prepared;
  const out: Row[] = [];
  try {
    const { base, headers } = await listenAndSignIn(app);
    const ids = await sampleIds(app);

    for (const s of scenarios(ids)) {
      if (args.only.length && !args.only.some((o) => s.name.includes(o))) continue;
      // One request first: status and total show what the scenario really measures.
      const first = s.requests[0];
      const t0 = performance.now();
      const probe = await fetch(base + first.path, {
        method: first.method ?? 'GET',
        headers: { ...headers, ...first.headers },
        body: first.body,
      });
      const ms = performance.now() - t0;
      const body = (await probe.json()) as { total?: number; data?: unknown[] };
      const check = `${probe.status}${body.total !== undefined ? ` total=${body.total} rows=${body.data?.length}` : ''} first=${ms.toFixed(0)}ms`;
      const opts = { url: base, connections: s.connections ?? args.connections, requests: s.requests, headers };
      let result: CannonResult;
      try {
        if (!s.connections) await cannon({ ...opts, duration: Math.min(2, args.duration) }); // warm-up, discarded
        result = await cannon({ ...opts, duration: args.duration });
      } catch (err) {
        log(`[${kind}] ${s.name}: ${String(err)}`);
        continue;
      }
      out.push({ db: kind, scenario: s.name, check, result, load: loadavg()[0] });
      log(
        `[${kind}] ${s.name.padEnd(28)} ${result.requests.toFixed(0).padStart(7)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms  non-2xx ${result.non2xx}  errors ${result.errors}  load ${loadavg()[0].toFixed(1)}  (${check})`,
      );
    }
  } finally {
    await prepared.cleanup();
  }
  return { rows: out, seedNote };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  log(`bench:api db=${args.db.join(',')} rows=${args.rows} duration=${args.duration}s connections=${args.connections}`);
  if (args.serialization) {
    for (const kind of args.db) await compareSerialization(kind, args);
    return;
  }
  const all: Row[] = [];
  const notes: string[] = [];
  for (const kind of args.db) {
    const { rows, seedNote } = await benchOne(kind, args);
    all.push(...rows);
    notes.push(`${kind}: ${seedNote}`);
  }
  log('');
  log(`| DB | scenario | req/s | p50 ms | p99 ms | max ms | non-2xx + errors | load avg | first request |`);
  log(`|---|---|---:|---:|---:|---:|---:|---:|---|`);
  for (const r of all) {
    const x = r.result;
    log(
      `| ${r.db} | ${r.scenario} | ${x.requests.toFixed(0)} | ${x.p50} | ${x.p99} | ${x.max} | ${x.non2xx + x.errors} | ${r.load.toFixed(1)} | ${r.check} |`,
    );
  }
  log('');
  for (const n of notes) log(n);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
