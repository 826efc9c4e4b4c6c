// `npm test`: lint (ESLint + Prettier) beside the type check, unit and
// component tests, the API suite on PGlite and (when DATABASE_URL is set, as
// in CI) on PostgreSQL, then a production build (front end and server) and,
// side by side, the end-to-end tests in Debian's Chromium and a production
// install of that build from a clean copy (scripts/check-production.mjs). Any failing part fails the run; each part's time is printed.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const { DATABASE_URL, ...baseEnv } = process.env;

const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

const steps = [
  // Both only read files: they share the first minute.
  {
    name: 'type check + lint',
    parallel: [
      { name: 'type check', args: [tsc, '--noEmit', '-p', '.'] },
      { name: 'lint', args: [path.join(root, 'scripts/lint.mjs')] },
    ],
    env: baseEnv,
  },
  { name: 'unit and components', args: [vitest, 'run', '--project', 'unit'], env: baseEnv },
  { name: 'API on PGlite', args: [vitest, 'run', '--project', 'api'], env: baseEnv },
  // Node 22 as well as the machine's Node (package.json engines): the files where the runtime shows — native addons
  // (argon2, sharp), the S3 SDK, fetch and streams, static files, the compiled server's start and stop. The binary
  // comes from the npm registry's `node` package, installed once into node_modules/.cache (scripts/node22.mjs).
  {
    name: 'API on Node 22 (PGlite, runtime subset)',
    args: [
      path.join(root, 'scripts/node22.mjs'),
      ...[vitest, 'run', '--project', 'api', 'tests/api/process', 'tests/api/auth.test.ts', 'tests/api/uploads.test.ts'],
      ...['tests/api/notification-stream.test.ts', 'tests/api/web.test.ts'],
    ],
    env: baseEnv,
  },
];
if (DATABASE_URL) {
  steps.push({ name: 'API on PostgreSQL', args: [vitest, 'run', '--project', 'api'], env: { ...baseEnv, DATABASE_URL } });
  // Three replicas behind HAProxy, with Redis and an S3 server (README "Running several instances").
  steps.push({
    name: 'cluster (3 replicas behind HAProxy)',
    args: [vitest, 'run', '--project', 'cluster'],
    env: { ...baseEnv, DATABASE_URL },
  });
} else if (process.env.CI) {
  console.error('CI needs DATABASE_URL to run the API suite on PostgreSQL.');
  process.exit(1);
}
steps.push({ name: 'front-end build', args: [vite, 'build', '--logLevel', 'warn'], env: baseEnv });
steps.push({ name: 'server build', args: [path.join(root, 'scripts/build-server.mjs')], env: baseEnv });
steps.push({
  name: 'end-to-end + production install',
  // The production install mostly waits on npm and the disk: it shares the e2e minutes.
  parallel: [
    { name: 'end-to-end in Chromium', args: [vitest, 'run', '--project', 'e2e'] },
    { name: 'production install', args: [path.join(root, 'scripts/check-production.mjs')] },
  ],
  env: baseEnv,
});

/** Runs parts side by side, their output kept apart and printed when each ends. */
async function runParallel(parts, env) {
  const results = await Promise.all(
    parts.map(
      (part) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(process.execPath, part.args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (out += d));
          child.on('close', (code) => {
            process.stdout.write(`\n--- ${part.name} ---\n${out}`);
            resolve({ name: part.name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
          });
        }),
    ),
  );
  return results;
}

const begun = Date.now();
const results = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  if (step.parallel) {
    const parts = await runParallel(step.parallel, step.env);
    results.push(...parts);
    if (parts.some((p) => !p.ok)) break;
    continue;
  }
  const started = Date.now();
  const r = spawnSync(process.execPath, step.args, { cwd: root, stdio: 'inherit', env: step.env });
  results.push({ name: step.name, ok: r.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  if (r.status !== 0) break;
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
console.log(`total ${Math.round((Date.now() - begun) / 1000)}s`);
const expected = steps.reduce((n, s) => n + (s.parallel ? s.parallel.length : 1), 0);
const failed = results.some((r) => !r.ok) || results.length < expected;
process.exit(failed ? 1 : 0);
