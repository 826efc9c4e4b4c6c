/**
 * Server memory after the hot paths (not a test). The compiled server
 * (scripts/build-server.mjs, what `npm start` runs) in a process of its own,
 * over the database bench:api seeds, driven through get by id, list page 1
 * and a rare search; then its resident memory is read from /proc: what an
 * operator sees. Targets with 1,000,000 users: 300 MB on PGlite, 120 MB on
 * PostgreSQL.
 *
 *   npm run bench:memory -- --db both --rows 1000000 --duration 10
 *
 * Takes the same options as bench:api (bench/api/args.ts). The server runs
 * with `npm start`'s V8 settings (scripts/server-node-flags.ts); to compare
 * others, BENCH_SERVER_FLAGS=none drops them and BENCH_NODE_ARGS="..." puts
 * flags on its command line.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseOneSize, type BenchArgs } from './args';
import { freePort, serverEnv, startServer } from './server-process';
import { cannon } from './cannon';
import { log, prepare, sampleIds, type Kind } from './prepare';
import { signIn } from '../seeded-server';
import { RARE_TERM } from './seed';

const TARGET_MB: Record<Kind, number> = { pglite: 300, postgres: 120 };
const root = path.resolve(import.meta.dirname, '../..');

/** VmRSS (now) and VmHWM (the peak) of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function measure(kind: Kind, args: BenchArgs, bundle: string): Promise<string> {
  const prepared = await prepare(kind, args);
  const ids = await sampleIds(prepared.app);
  // The seeding process lets go of the database (PGlite's folder takes one process at a time).
  await prepared.app.close();
  const port = await freePort();
  const env = serverEnv(prepared, port);
  const { child, started } = startServer(bundle, env, (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean));
  try {
    await started;
    const base = `http://127.0.0.1:${port}`;
    const headers = { authorization: `Bearer ${await signIn(base)}` };
    const atStart = memoryOf(child.pid as number);
    const list = '/api/auth/users?page=1&limit=25';
    const runs = [
      { name: 'get by id', requests: ids.map((id) => ({ path: `/api/auth/users/${id}` })) },
      { name: 'list page 1', requests: [{ path: list }] },
      { name: 'search rare', requests: [{ path: `${list}&q=${RARE_TERM}` }] },
    ];
    for (const r of runs) {
      const res = await cannon({ url: base, connections: args.connections, duration: args.duration, requests: r.requests, headers });
      log(`[${kind}] ${r.name.padEnd(12)} ${res.requests.toFixed(0).padStart(6)} req/s  non-2xx ${res.non2xx}  errors ${res.errors}`);
    }
    const after = memoryOf(child.pid as number);
    return (
      `[${kind}] server RSS after the bench ${after.rss.toFixed(0)} MB (peak ${after.peak.toFixed(0)} MB, ` +
      `${atStart.rss.toFixed(0)} MB once signed in), target ${TARGET_MB[kind]} MB with 1,000,000 users; ` +
      `${args.rows.toLocaleString('en')} users here, load ${loadavg()[0].toFixed(1)}` +
      (process.env.BENCH_NODE_OPTIONS ? `, NODE_OPTIONS=${process.env.BENCH_NODE_OPTIONS}` : '') +
      (process.env.BENCH_NODE_ARGS ? `, node ${process.env.BENCH_NODE_ARGS}` : '')
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    await prepared.cleanup();
  }
}

async function main() {
  const args = parseOneSize(process.argv.slice(2));
  log(`bench:memory db=${args.db.join(',')} rows=${args.rows} duration=${args.duration}s connections=${args.connections}`);
  // Built as `npm run build` builds it, two levels below the repository (where it finds package.json).
  const dir = path.join(root, '.bench-build', randomUUID());
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), dir], { stdio: 'inherit' });
  const lines: string[] = [];
  try {
    for (const kind of args.db) lines.push(await measure(kind, args, path.join(dir, 'main.js')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  log('');
  for (const l of lines) log(l);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
