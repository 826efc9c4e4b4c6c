// `npm test`: in three phases, (1) lint (ESLint + Prettier), the type check
// and the unit and component tests; (2) the API suite on PGlite and (when
// DATABASE_URL is set, as in CI) on PostgreSQL, beside the production build
// (front end and server) followed by the runtime subset of the API suite on
// Node 22; (3) the end-to-end tests in Debian's Chromium, the
// container's build and start steps on a clean copy (scripts/check-production.mjs
// runs scripts/container.sh, as the Dockerfile does) and the cluster test. Any failing part fails
// the run; each part's time is printed.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const { DATABASE_URL, ...baseEnv } = process.env;

const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

// Phases run one after another; inside a phase, lanes run side by side and
// each lane's steps one after another. Vitest gives each run one worker on
// two cores, so lanes are what keep both cores (and PostgreSQL) busy.
const apiLanes = [{ name: 'API on PGlite', steps: [{ name: 'API on PGlite', args: [vitest, 'run', '--project', 'api'], env: baseEnv }] }];
if (DATABASE_URL) {
  apiLanes.push({
    name: 'API on PostgreSQL',
    steps: [{ name: 'API on PostgreSQL', args: [vitest, 'run', '--project', 'api'], env: { ...baseEnv, DATABASE_URL } }],
  });
} else if (process.env.CI) {
  console.error('CI needs DATABASE_URL to run the API suite on PostgreSQL.');
  process.exit(1);
}
const finalLanes = [
  { name: 'end-to-end in Chromium', steps: [{ name: 'end-to-end in Chromium', args: [vitest, 'run', '--project', 'e2e'], env: baseEnv }] },
  // Mostly waits on npm and the disk.
  {
    name: 'container steps on a clean copy',
    steps: [{ name: 'container steps on a clean copy', args: [path.join(root, 'scripts/check-production.mjs')], env: baseEnv }],
  },
];
if (DATABASE_URL) {
  // Three replicas behind HAProxy, with Redis and an S3 server (README "Running several instances"); mostly waits on its processes.
  finalLanes.push({
    name: 'cluster (3 replicas behind HAProxy)',
    steps: [
      // The replicas serve the front end phase 2 built (the browser test signs into one of them).
      {
        name: 'cluster (3 replicas behind HAProxy)',
        args: [vitest, 'run', '--project', 'cluster'],
        env: { ...baseEnv, DATABASE_URL, CLUSTER_WEB_DIR: path.join(root, 'dist/web') },
      },
    ],
  });
}
const phases = [
  {
    name: 'checks and unit tests',
    lanes: [
      { name: 'type check', steps: [{ name: 'type check', args: [tsc, '--noEmit', '-p', '.'], env: baseEnv }] },
      { name: 'lint', steps: [{ name: 'lint', args: [path.join(root, 'scripts/lint.mjs')], env: baseEnv }] },
      { name: 'unit and components', steps: [{ name: 'unit and components', args: [vitest, 'run', '--project', 'unit'], env: baseEnv }] },
    ],
  },
  {
    name: 'API suites and the build',
    lanes: [
      ...apiLanes,
      {
        name: 'build',
        steps: [
          { name: 'front-end build', args: [vite, 'build', '--logLevel', 'warn'], env: baseEnv },
          { name: 'server build', args: [path.join(root, 'scripts/build-server.mjs')], env: baseEnv },
          // Node 22 as well as the machine's Node (package.json engines), beside the API suites: the files where the
          // runtime shows (native addons, the S3 SDK, fetch and streams, static files, the compiled server's start and
          // stop). The binary: the npm registry's `node` package, installed once into node_modules/.cache (scripts/node22.mjs).
          {
            name: 'API on Node 22 (PGlite, runtime subset)',
            args: [
              path.join(root, 'scripts/node22.mjs'),
              ...[vitest, 'run', '--project', 'api', 'tests/api/process', 'tests/api/auth.test.ts', 'tests/api/uploads.test.ts'],
              ...['tests/api/notification-stream.test.ts', 'tests/api/web.test.ts'],
            ],
            env: baseEnv,
          },
        ],
      },
    ],
  },
  { name: 'end-to-end, container steps, cluster', lanes: finalLanes },
];

const since = (t) => Math.round((Date.now() - t) / 1000);

/** Runs one lane's steps in order, its output kept and printed when the lane ends; stops at the first failure. */
function runLane(lane, begun) {
  return new Promise((resolveLane) => {
    const results = [];
    let out = '';
    const next = (i) => {
      if (i === lane.steps.length) return finish();
      const step = lane.steps[i];
      const started = Date.now();
      console.log(`[${since(begun)}s] start ${step.name}`);
      const child = spawn(process.execPath, step.args, { cwd: root, env: step.env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => {
        results.push({ name: step.name, ok: code === 0, seconds: since(started) });
        console.log(`[${since(begun)}s] ${code === 0 ? 'done' : 'FAILED'} ${step.name} (${since(started)}s)`);
        if (code === 0) next(i + 1);
        else finish();
      });
    };
    const finish = () => {
      process.stdout.write(`\n--- ${lane.name} ---\n${out}`);
      resolveLane(results);
    };
    next(0);
  });
}

const begun = Date.now();
const results = [];
for (const phase of phases) {
  console.log(`\n=== ${phase.name} ===`);
  const laneResults = (await Promise.all(phase.lanes.map((lane) => runLane(lane, begun)))).flat();
  results.push(...laneResults);
  if (laneResults.some((r) => !r.ok)) break;
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
console.log(`total ${since(begun)}s`);
const expected = phases.reduce((n, p) => n + p.lanes.reduce((m, l) => m + l.steps.length, 0), 0);
const failed = results.some((r) => !r.ok) || results.length < expected;
process.exit(failed ? 1 : 0);
