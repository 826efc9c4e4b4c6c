// The production install, as an operator does it: a copy of this tree with
// its build (dist/) and nothing else, `npm ci --omit=dev` (no tsx, vite or
// esbuild), then `npm start`. Passes when the server answers (API and front
// end) and SIGTERM to `npm start` ends everything with exit code 0.
// Run after `npm run build`; `npm test` runs it beside the end-to-end tests.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const started = Date.now();
const fail = (why) => {
  console.error(`production install: FAILED: ${why}`);
  process.exitCode = 1;
};

if (!existsSync(path.join(root, 'dist/server/main.js')) || !existsSync(path.join(root, 'dist/web/index.html'))) {
  console.error('production install: run `npm run build` first');
  process.exit(1);
}

const copy = mkdtempSync(path.join(tmpdir(), 'bo-production-'));
let server;
try {
  // The files git knows (committed or new, not ignored), plus the build.
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const f of files) {
    if (!existsSync(path.join(root, f))) continue;
    mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
    cpSync(path.join(root, f), path.join(copy, f));
  }
  cpSync(path.join(root, 'dist'), path.join(copy, 'dist'), { recursive: true });

  console.log(`production install: copied the tree (${Math.round((Date.now() - started) / 1000)} s)`);
  execFileSync('npm', ['ci', '--omit=dev', '--no-fund', '--no-audit', '--prefer-offline', '--loglevel=error'], {
    cwd: copy,
    stdio: 'inherit',
  });
  for (const devOnly of ['tsx', 'vite', 'esbuild', 'vitest']) {
    if (existsSync(path.join(copy, 'node_modules', devOnly))) throw new Error(`${devOnly} was installed by --omit=dev`);
  }

  console.log(`production install: npm ci --omit=dev done (${Math.round((Date.now() - started) / 1000)} s)`);
  const port = await new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const mark = `production-${process.pid}-${Date.now()}`;
  server = spawn('npm', ['start', '--silent'], {
    cwd: copy,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      BO_TEST_MARK: mark,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(copy, 'data'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  server.stdout.on('data', (d) => (out += d));
  server.stderr.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));

  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; !out.includes('Back office running at'); i++) {
    if (i > 1200 || server.exitCode !== null) throw new Error(`the server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (out.includes('Building')) throw new Error('npm start rebuilt instead of running the given build');
  const health = await fetch(`${base}/api/health`);
  if (health.status !== 200) throw new Error(`/api/health answered ${health.status}`);
  const page = await fetch(`${base}/admin`);
  if (!(await page.text()).includes('<div id="root">')) throw new Error('/admin did not serve the front end');

  server.kill('SIGTERM');
  const end = await exited;
  if (end.code !== 0) throw new Error(`npm start ended with ${JSON.stringify(end)} after SIGTERM:\n${out}`);
  const left = readdirSync('/proc').filter((p) => {
    try {
      return /^\d+$/.test(p) && readFileSync(`/proc/${p}/environ`, 'utf8').includes(`BO_TEST_MARK=${mark}`);
    } catch {
      return false;
    }
  });
  if (left.length) throw new Error(`processes left after SIGTERM: ${left.join(', ')}`);
  console.log(
    `production install: npm ci --omit=dev, npm start, /api/health 200, front end served, SIGTERM -> exit 0 (${Math.round((Date.now() - started) / 1000)} s)`,
  );
} catch (err) {
  fail(err.message);
  server?.kill('SIGKILL');
} finally {
  rmSync(copy, { recursive: true, force: true });
}
