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
import { ADMIN_EMAIL, ADMIN_PASSWORD, listenAndSignIn, log, prepare, sampleIds, type Kind, type Prepared } from './prepare';
import { compareSerialization } from './serialization';
import { EVERY_TERM, RARE_TERM } from './seed';
import { restrictedHeaders } from './restricted';
import { captureStatements, startBare } from './bare';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/core/server/db/rows';
import type { App } from '../../src/core/server/app';

const USERS = '/api/auth/users';

interface Scenario {
  name: string;
  requests: CannonRequest[];
  /** Run as the user whose role has access rules (bench/api/restricted.ts) instead of the superadmin. */
  restricted?: boolean;
  /** Overrides --connections (a full-scan scenario with 10 would queue for minutes). */
  connections?: number;
  /** On PostgreSQL, also run the bare handler (bench/api/bare.ts) on the product's SQL for these requests. */
  bare?: { name: string; target: number };
}

interface Row {
  db: Kind;
  /** Bulk users in the database it ran on. */
  size: number;
  scenario: string;
  check: string;
  result: CannonResult;
  /** 1-minute load average at the end of the run (the machine is shared). */
  load: number;
  /** A bare handler's row: the product's ratio to it must reach this. */
  target?: number;
  /** A bare handler's row (the product's ratio to it) or a restricted one's (its ratio to the superadmin), each round run in turns; the median counts. */
  ratios?: number[];
}

/** Scenarios PGlite must run at half PostgreSQL's rate or better (same rows, same run). */
const PGLITE_PAIRS = ['get by id (', 'list page 1'];
const PGLITE_TARGET = 0.5;

/** Paths whose p99 must stay under GROWTH_P99_MS at every size of a `--rows` sweep: their cost must not grow with the table. */
const GROWTH = ['get by id (', 'list page 1', 'search rare'];
const GROWTH_P99_MS = 50;
/** The largest sweep's seed must finish within this (10,000,000 users on this machine). */
const SEED_TARGET_S = 15 * 60;

/** The scenario name of a bare handler's run. */
const BARE = ' (bare handler)';

/** The product's own run of a path (`name`: the start of its scenario) on `db` at `size`: not a variant ("list page 1, confirmed"), not its bare handler. */
const productRow = (all: Row[], db: Kind, size: number, name: string) =>
  all.find((x) => x.db === db && x.size === size && x.scenario.startsWith(name) && !x.scenario.includes(',') && !x.scenario.endsWith(BARE));

function report(kind: Kind, name: string, result: CannonResult, check: string) {
  log(
    `[${kind}] ${name.padEnd(28)} ${result.requests.toFixed(0).padStart(7)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms  non-2xx ${result.non2xx}  errors ${result.errors}  load ${loadavg()[0].toFixed(1)}  (${check})`,
  );
}

/**
 * The bare handler on the product's own SQL for a scenario: captured from one
 * request to the product, then driven like the product's run.
 */
async function startBareFor(databaseUrl: string, s: Scenario, base: string, headers: Record<string, string>) {
  const bare = s.bare as NonNullable<Scenario['bare']>;
  const first = s.requests[0].path;
  const probeId = bare.name === 'get' ? first.slice(first.lastIndexOf('/') + 1) : undefined;
  const statements = await captureStatements('users', async () => {
    await (await fetch(base + first, { headers })).arrayBuffer();
  });
  const server = await startBare(databaseUrl, new Map([[bare.name, { statements, probeId }]]));
  const requests = s.requests.map((r) => ({
    path: `/bare/${bare.name}${probeId ? `/${r.path.slice(r.path.lastIndexOf('/') + 1)}` : ''}`,
  }));
  const check = `${statements.length} statement(s): ${statements.map((x) => x.text.slice(0, 60)).join(' | ')}`;
  return { server, requests, check };
}

/** The median of the finite values (NaN when there are none). */
const median = (xs: number[]) => {
  const finite = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return finite.length ? finite[Math.floor((finite.length - 1) / 2)] : Number.NaN;
};

/**
 * Two runs compared in turns, `rounds` times each (`first` is the first
 * round's `a`): this machine's speed drifts by more than the gaps measured,
 * so each round's ratio (a / b) compares two runs a few seconds apart, and
 * the median round is what counts.
 */
async function inTurns(
  a: () => Promise<CannonResult>,
  b: () => Promise<CannonResult>,
  rounds: number,
  first: CannonResult,
): Promise<{ a: CannonResult; b: CannonResult; ratios: number[] }> {
  const done: { a: CannonResult; b: CannonResult }[] = [];
  for (let i = 0; i < rounds; i++) {
    const x = i === 0 ? first : await a();
    done.push({ a: x, b: await b() });
  }
  const ratios = done.map((r) => r.a.requests / r.b.requests);
  // A run that answered nothing has no ratio: the median of the others (or nothing) counts.
  const byRatio = done.map((r, i) => ({ ...r, ratio: ratios[i] })).filter((r) => Number.isFinite(r.ratio));
  byRatio.sort((x, y) => x.ratio - y.ratio);
  const mid = byRatio[Math.floor((byRatio.length - 1) / 2)] ?? done[0];
  return { a: mid.a, b: mid.b, ratios };
}

/** A path and its bare handler in turns (inTurns). */
async function againstBare(
  databaseUrl: string,
  s: Scenario,
  product: { base: string; headers: Record<string, string>; connections: number },
  run: { duration: number; rounds: number },
  first: CannonResult,
): Promise<{ product: CannonResult; bare: CannonResult; ratios: number[]; check: string }> {
  const { server, requests, check } = await startBareFor(databaseUrl, s, product.base, product.headers);
  try {
    const bareOpts = { url: server.base, connections: product.connections, requests, headers: {} };
    const productOpts = { url: product.base, connections: product.connections, requests: s.requests, headers: product.headers };
    await cannon({ ...bareOpts, duration: Math.min(2, run.duration) }); // warm-up, discarded
    const turns = await inTurns(
      () => cannon({ ...productOpts, duration: run.duration }),
      () => cannon({ ...bareOpts, duration: run.duration }),
      run.rounds,
      first,
    );
    return { product: turns.a, bare: turns.b, ratios: turns.ratios, check };
  } finally {
    await server.close();
  }
}

/** The scenario a restricted one is compared with: the same requests as the superadmin. */
const RULED = ' (access rules)';

function scenarios(ids: string[], confirmedIds: string[]): Scenario[] {
  const list = (q?: string) => `${USERS}?page=1&limit=25${q === undefined ? '' : `&q=${encodeURIComponent(q)}`}`;
  return [
    // Ceiling: the same server with no auth and no database work.
    { name: 'config (no auth, no DB)', requests: [{ path: '/api/config' }] },
    { name: 'list page 1', requests: [{ path: list() }], bare: { name: 'list', target: 0.8 } },
    { name: `search rare "${RARE_TERM}"`, requests: [{ path: list(RARE_TERM) }], bare: { name: 'search', target: 0.8 } },
    { name: `search every "${EVERY_TERM}"`, requests: [{ path: list(EVERY_TERM) }] },
    { name: 'search every "@"', requests: [{ path: list('@') }] },
    { name: 'search 2 letters "an"', requests: [{ path: list('an') }] },
    // Estimated near the cap, so counted (up to 10,001 rows read).
    { name: 'search 2 letters "li" (counted)', requests: [{ path: list('li') }] },
    { name: 'search 3 letters "son"', requests: [{ path: list('son') }] },
    { name: 'list page 400', requests: [{ path: `${USERS}?page=400&limit=25` }] },
    { name: `get by id (${ids.length} ids)`, requests: ids.map((id) => ({ path: `${USERS}/${id}` })), bare: { name: 'get', target: 0.9 } },
    // A field rule and a record rule against the same paths unrestricted, on ids both may read.
    { name: 'list page 1, confirmed', requests: [{ path: `${list()}&confirmed=true` }] },
    { name: `list page 1, confirmed${RULED}`, requests: [{ path: list() }], restricted: true },
    { name: 'get by id, confirmed', requests: confirmedIds.map((id) => ({ path: `${USERS}/${id}` })) },
    { name: `get by id, confirmed${RULED}`, requests: confirmedIds.map((id) => ({ path: `${USERS}/${id}` })), restricted: true },
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

/** Of `ids`, those of confirmed users (which the restricted role reads). */
async function confirmedOf(app: App, ids: string[]): Promise<string[]> {
  const res = await app.deps.database.db.execute(sql`SELECT id FROM users WHERE confirmed AND id IN ${ids}`);
  return rowsOf<{ id: string }>(res).map((r) => String(r.id));
}

/** How to drive one scenario against one server: autocannon's options but the duration. */
type Drive = Omit<Parameters<typeof cannon>[0], 'duration'>;

interface BenchOne {
  rows: Row[];
  seedNote: string;
  seedSeconds?: number;
  /** The PGLITE_PAIRS scenarios as run on this server, by their name in PGLITE_PAIRS, for the comparison in turns. */
  pairs: Map<string, { scenario: string; drive: Drive }>;
}

async function benchOne(kind: Kind, args: BenchArgs, prepared: Prepared): Promise<BenchOne> {
  const { app, seedNote } = prepared;
  const out: Row[] = [];
  const pairs: BenchOne['pairs'] = new Map();
  const { base, headers: admin } = await listenAndSignIn(app);
  const ids = await sampleIds(app);
  const confirmedIds = await confirmedOf(app, ids);
  const ruled = await restrictedHeaders(base, admin);

  const all = scenarios(ids, confirmedIds);
  for (const s of all) {
    if (args.only.length && !args.only.some((o) => s.name.includes(o))) continue;
    const headers = s.restricted ? ruled : admin;
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
    const pair = PGLITE_PAIRS.find((name) => s.name.startsWith(name) && !s.name.includes(','));
    if (pair) pairs.set(pair, { scenario: s.name, drive: opts });
    let result: CannonResult;
    try {
      if (!s.connections) await cannon({ ...opts, duration: Math.min(2, args.duration) }); // warm-up, discarded
      result = await cannon({ ...opts, duration: args.duration });
    } catch (err) {
      log(`[${kind}] ${s.name}: ${String(err)}`);
      continue;
    }
    if (s.bare && prepared.databaseUrl) {
      const pair = await againstBare(prepared.databaseUrl, s, { base, headers, connections: opts.connections }, args, result);
      const load = loadavg()[0];
      const rounds = pair.ratios.map((x) => x.toFixed(2)).join(', ');
      out.push({ db: kind, size: args.rows, scenario: s.name, check, result: pair.product, load });
      out.push({
        db: kind,
        size: args.rows,
        scenario: `${s.name}${BARE}`,
        check: pair.check,
        result: pair.bare,
        load,
        target: s.bare.target,
        ratios: pair.ratios,
      });
      report(kind, s.name, pair.product, `${check}; median of ${pair.ratios.length} rounds`);
      report(kind, `${s.name}${BARE}`, pair.bare, `ratio by round: ${rounds}`);
      continue;
    }
    const plain = s.name.endsWith(RULED) ? all.find((x) => x.name === s.name.slice(0, -RULED.length)) : undefined;
    if (plain) {
      // In turns with the same path unrestricted (the superadmin).
      const plainOpts = { ...opts, requests: plain.requests, headers: admin };
      await cannon({ ...plainOpts, duration: Math.min(2, args.duration) }); // warm-up, discarded (it may not have run yet)
      const turns = await inTurns(
        () => cannon({ ...opts, duration: args.duration }),
        () => cannon({ ...plainOpts, duration: args.duration }),
        args.rounds,
        result,
      );
      out.push({ db: kind, size: args.rows, scenario: s.name, check, result: turns.a, load: loadavg()[0], ratios: turns.ratios });
      report(
        kind,
        s.name,
        turns.a,
        `${check}; median of ${turns.ratios.length} rounds in turns with the superadmin: ${turns.ratios.map((x) => x.toFixed(2)).join(', ')}`,
      );
      continue;
    }
    out.push({ db: kind, size: args.rows, scenario: s.name, check, result, load: loadavg()[0] });
    report(kind, s.name, result, check);
  }
  return { rows: out, seedNote, seedSeconds: prepared.seedSeconds, pairs };
}

/** PGlite against PostgreSQL on each PGLITE_PAIRS path, in turns (inTurns): both servers are up, one driven at a time. */
async function pgliteInTurns(runs: Map<Kind, BenchOne>, args: BenchArgs): Promise<string[]> {
  const [lite, pg] = [runs.get('pglite'), runs.get('postgres')];
  if (!lite || !pg) return [];
  const lines: string[] = [];
  for (const name of PGLITE_PAIRS) {
    const [a, b] = [lite.pairs.get(name), pg.pairs.get(name)];
    if (!a || !b) continue;
    const run = (d: Drive) => () => cannon({ ...d, duration: args.duration });
    const turns = await inTurns(run(a.drive), run(b.drive), args.rounds, await run(a.drive)());
    const line = `PGlite / PostgreSQL, ${a.scenario}, ${args.rows.toLocaleString('en')} users: ${median(turns.ratios).toFixed(2)}, median of ${turns.ratios.length} rounds in turns (${turns.ratios.map((x) => x.toFixed(2)).join(', ')}; ${turns.a.requests.toFixed(0)} / ${turns.b.requests.toFixed(0)} req/s in the median round; target ${PGLITE_TARGET})`;
    log(line);
    lines.push(line);
  }
  return lines;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  log(`bench:api db=${args.db.join(',')} rows=${args.rows} duration=${args.duration}s connections=${args.connections}`);
  if (args.serialization) {
    for (const kind of args.db) await compareSerialization(kind, args);
    return;
  }
  if (args.sweep.length > 1 && process.env.BENCH_DATABASE_URL)
    throw new Error('A --rows sweep seeds a database per size: leave BENCH_DATABASE_URL unset');
  const all: Row[] = [];
  const notes: string[] = [];
  const seeds: { db: Kind; size: number; seconds?: number }[] = [];
  const pgliteTurns: string[] = [];
  for (const size of args.sweep) {
    // Every database of this size stays up until the comparison in turns has run.
    const up = new Map<Kind, Prepared>();
    try {
      const runs = new Map<Kind, BenchOne>();
      for (const kind of args.db) {
        const prepared = await prepare(kind, { ...args, rows: size });
        up.set(kind, prepared);
        const run = await benchOne(kind, { ...args, rows: size }, prepared);
        runs.set(kind, run);
        all.push(...run.rows);
        notes.push(`${kind}, ${size.toLocaleString('en')} users: ${run.seedNote}`);
        seeds.push({ db: kind, size, seconds: run.seedSeconds });
      }
      pgliteTurns.push(...(await pgliteInTurns(runs, { ...args, rows: size })));
    } finally {
      for (const prepared of up.values()) await prepared.cleanup();
    }
  }
  log('');
  log(`| DB | users | scenario | req/s | p50 ms | p99 ms | max ms | non-2xx + errors | load avg | first request |`);
  log(`|---|---:|---|---:|---:|---:|---:|---:|---:|---|`);
  for (const r of all) {
    const x = r.result;
    log(
      `| ${r.db} | ${r.size.toLocaleString('en')} | ${r.scenario} | ${x.requests.toFixed(0)} | ${x.p50} | ${x.p99} | ${x.max} | ${x.non2xx + x.errors} | ${r.load.toFixed(1)} | ${r.check} |`,
    );
  }
  log('');
  if (args.sweep.length > 1) growthReport(all, seeds, args);
  for (const r of all.filter((x) => x.scenario.endsWith(BARE))) {
    const ratios = r.ratios ?? [];
    log(
      `[${r.db}, ${r.size.toLocaleString('en')}] ${r.scenario.slice(0, -BARE.length)}: ${median(ratios).toFixed(2)} of the bare handler's req/s, median of ${ratios.length} rounds in turns (${ratios.map((x) => x.toFixed(2)).join(', ')}; target ${r.target})`,
    );
  }
  for (const r of all.filter((x) => x.scenario.endsWith(RULED) && x.ratios)) {
    const ratios = r.ratios ?? [];
    log(
      `[${r.db}, ${r.size.toLocaleString('en')}] ${r.scenario}: ${median(ratios).toFixed(2)} of the superadmin's req/s, median of ${ratios.length} rounds in turns (${ratios.map((x) => x.toFixed(2)).join(', ')}; target 0.9)`,
    );
  }
  for (const line of pgliteTurns) log(line);
  log('');
  for (const n of notes) log(n);
}

/** How each growth path's p99 and the seed's time move with the table's size. */
function growthReport(all: Row[], seeds: { db: Kind; size: number; seconds?: number }[], args: BenchArgs) {
  const sizes = args.sweep.map((n) => n.toLocaleString('en'));
  for (const db of args.db) {
    log(`[${db}] p99 by table size (target under ${GROWTH_P99_MS} ms at every size)`);
    log(`| path | ${sizes.join(' | ')} | met |`);
    log(`|---|${sizes.map(() => '---:').join('|')}|---|`);
    for (const name of GROWTH) {
      const cells = args.sweep.map((size) => productRow(all, db, size, name));
      if (cells.every((c) => !c)) continue;
      const met = cells.every((c) => c && c.result.p99 < GROWTH_P99_MS && c.result.non2xx + c.result.errors === 0);
      const label = cells.find((c) => c)?.scenario ?? name;
      log(`| ${label} | ${cells.map((c) => (c ? `${c.result.p99} ms` : '-')).join(' | ')} | ${met ? 'yes' : 'NO'} |`);
    }
    const seedCells = args.sweep.map((size) => seeds.find((x) => x.db === db && x.size === size)?.seconds);
    log(
      `| seed (s) | ${seedCells.map((s) => (s === undefined ? 'reused' : s.toFixed(0))).join(' | ')} | ${seedVerdict(args.sweep, seedCells)} |`,
    );
    log('');
  }
}

/** The largest seed against SEED_TARGET_S, when it reached 10,000,000 users. */
function seedVerdict(sizes: number[], seconds: (number | undefined)[]): string {
  const i = sizes.indexOf(Math.max(...sizes));
  const s = seconds[i];
  if (sizes[i] < 10_000_000 || s === undefined) return '-';
  return s < SEED_TARGET_S ? `yes (under ${SEED_TARGET_S} s)` : `NO (target ${SEED_TARGET_S} s)`;
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
