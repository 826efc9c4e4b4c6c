// `npm test`: every part CI runs, each starting once what it needs is done
// and one of the few places below is free (printing each part's time): the
// type check, lint (ESLint + Prettier), the unit and component tests and the
// front-end build need nothing; the
// end-to-end tests in Debian's Chromium (two halves) and the front-end budgets
// (bench/bundle.mjs: gzipped sizes, and which renderer each face may load)
// need the front end built;
// the API suite on PGlite and (when DATABASE_URL is set, as in CI) on
// PostgreSQL need the type check; the server build followed by the
// runtime subset of the API suite on Node 26 (the active LTS), and the
// container's build and start steps on a clean copy
// (scripts/check-production.mjs runs scripts/container.sh, as the
// Dockerfile does) need the checks and unit tests; the cluster test those
// and the front end. Once a part fails no other starts (those running
// finish), and the run fails.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const { DATABASE_URL, ...baseEnv } = process.env;

if (!DATABASE_URL && process.env.CI) {
  console.error('CI needs DATABASE_URL to run the API suite on PostgreSQL.');
  process.exit(1);
}

// Vitest gives each run one worker on two cores, so parts running side by
// side are what keep both cores (and PostgreSQL) busy; but only a few at
// once. Every part at once put a two-core machine at a load of 16: each part
// took four times as long as beside one other (the API suite on PostgreSQL
// 1,873 s against 422 s), the whole run 45 minutes, and tests that wait for
// a timer or a browser failed. Three at once took 887 s for that suite, and
// the run no less time than two would (1,545 s at a load of 10). At most
// PARTS_AT_ONCE run (TEST_PARTS_AT_ONCE sets it: 1 runs them one after
// another); when a place frees, the first ready part in the list below takes
// it, so the list is in order of how long a part's chain is. The end-to-end
// tests are the longest chain (front-end build, then the browser flows, one
// file at a time in a worker): two halves, first in the list. The first half
// is the few files that take a minute or more each (the axe sweep of every
// screen alone takes three); every other file, a new one included, runs in
// the second.
const E2E_LONG_FILES = [
  'tests/e2e/a11y.test.ts',
  'tests/e2e/back-office-defects.test.ts',
  'tests/e2e/keyboard-phone.test.ts',
  'tests/e2e/admin.test.ts',
];
const PARTS_AT_ONCE = Math.max(1, Number.parseInt(process.env.TEST_PARTS_AT_ONCE ?? '', 10) || 2);
const TYPES = 'type check';
const CHECKS = [TYPES, 'lint', 'unit and components'];
const WEB = 'front-end build';
const steps = [
  { name: WEB, args: [vite, 'build', '--logLevel', 'warn'], env: baseEnv },
  { name: TYPES, args: [tsc, '--noEmit', '-p', '.'], env: baseEnv },
  {
    name: 'end-to-end in Chromium (long files)',
    after: [WEB],
    args: [vitest, 'run', '--project', 'e2e', ...E2E_LONG_FILES],
    env: baseEnv,
  },
  {
    name: 'end-to-end in Chromium (the rest)',
    after: [WEB],
    args: [vitest, 'run', '--project', 'e2e', ...E2E_LONG_FILES.flatMap((f) => ['--exclude', f])],
    env: baseEnv,
  },
  // The API suites are the next longest chains (PGlite's the longer): they wait only for the type check.
  { name: 'API on PGlite', after: [TYPES], args: [vitest, 'run', '--project', 'api'], env: baseEnv },
  ...(DATABASE_URL
    ? [{ name: 'API on PostgreSQL', after: [TYPES], args: [vitest, 'run', '--project', 'api'], env: { ...baseEnv, DATABASE_URL } }]
    : []),
  { name: 'unit and components', args: [vitest, 'run', '--project', 'unit'], env: baseEnv },
  { name: 'lint', args: [path.join(root, 'scripts/lint.mjs')], env: baseEnv },
  // Sizes, not times: the same build always weighs the same.
  { name: 'front-end budgets', after: [WEB], args: [path.join(root, 'bench/bundle.mjs')], env: baseEnv },
  { name: 'server build', after: CHECKS, args: [path.join(root, 'scripts/build-server.mjs')], env: baseEnv },
  // Node 26, the active LTS line, as well as the machine's Node 20, the oldest in package.json engines: the files
  // where the runtime shows (native addons, the S3 SDK, fetch and streams, static files, the compiled server's
  // start and stop). The binary: the npm registry's `node` package, installed once into node_modules/.cache
  // (scripts/node-lts.mjs).
  {
    name: 'API on Node 26 (PGlite, runtime subset)',
    after: ['server build'],
    args: [
      path.join(root, 'scripts/node-lts.mjs'),
      ...[vitest, 'run', '--project', 'api', 'tests/api/process', 'tests/api/auth.test.ts', 'tests/api/uploads.test.ts'],
      ...['tests/api/notification-stream.test.ts', 'tests/api/web.test.ts'],
    ],
    env: baseEnv,
  },
  // Mostly waits on npm and the disk; builds its own copy, so it needs no earlier build.
  {
    name: 'container steps on a clean copy',
    after: CHECKS,
    args: [path.join(root, 'scripts/check-production.mjs')],
    env: baseEnv,
  },
  // Three replicas behind HAProxy, with Redis and an S3 server (README "Running several instances"); mostly
  // waits on its processes. They serve the front end built above (the browser test signs into one of them).
  ...(DATABASE_URL
    ? [
        {
          name: 'cluster (3 replicas behind HAProxy)',
          after: [...CHECKS, WEB],
          args: [vitest, 'run', '--project', 'cluster'],
          env: { ...baseEnv, DATABASE_URL, CLUSTER_WEB_DIR: path.join(root, 'dist/web') },
        },
      ]
    : []),
];

const since = (t) => Math.round((Date.now() - t) / 1000);
const begun = Date.now();
const results = new Map(); // name -> { ok, seconds }
const running = new Set();
let failed = false;

/** Runs one step, its output kept and printed when it ends. */
function run(step) {
  running.add(step.name);
  const started = Date.now();
  let out = '';
  console.log(`[${since(begun)}s] start ${step.name}`);
  const child = spawn(process.execPath, step.args, { cwd: root, env: step.env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  child.on('close', (code) => {
    running.delete(step.name);
    results.set(step.name, { ok: code === 0, seconds: since(started), out });
    if (code !== 0) failed = true;
    console.log(`[${since(begun)}s] ${code === 0 ? 'done' : 'FAILED'} ${step.name} (${since(started)}s)`);
    process.stdout.write(`\n--- ${step.name} ---\n${out}\n`);
    startReady();
  });
}

/** Starts every step whose prerequisites passed, unless something failed; ends the run when nothing runs. */
function startReady() {
  if (!failed) {
    for (const step of steps) {
      if (running.size >= PARTS_AT_ONCE) break;
      if (results.has(step.name) || running.has(step.name)) continue;
      if ((step.after ?? []).every((n) => results.get(n)?.ok)) run(step);
    }
  }
  if (running.size === 0) finish();
}

// A failed part's output is printed again just above the summary (its end, where the failures are
// listed): a CI log that keeps only its last lines still says what failed.
const FAILURE_TAIL_LINES = 120;

function finish() {
  for (const [name, r] of results) {
    if (r.ok) continue;
    const tail = r.out.split('\n').slice(-FAILURE_TAIL_LINES).join('\n');
    process.stdout.write(`\n=== the end of what failed: ${name} ===\n${tail}\n`);
  }
  console.log('\n=== summary ===');
  for (const step of steps) {
    const r = results.get(step.name);
    console.log(r ? `${r.ok ? 'ok  ' : 'FAIL'} ${step.name} (${r.seconds}s)` : `skip ${step.name}`);
  }
  console.log(`total ${since(begun)}s`);
  process.exit(failed || results.size < steps.length ? 1 : 0);
}

startReady();
