// The container's steps on a clean copy, as the Dockerfile runs them and an
// operator would without a container engine: a copy of the tree as git
// knows it (no node_modules, no dist), `scripts/container.sh build` (npm ci,
// npm run build, npm prune --omit=dev), then `scripts/container.sh start`.
// Passes when no build tool is left installed, the server answers
// (/api/health, /api/ready, the front end), `npm run backup` works on the
// production tree while it runs, and SIGTERM ends everything with exit
// code 0 and no process left. `npm test` runs it beside the end-to-end tests.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
const fail = (why) => {
  console.error(`container steps: FAILED: ${why}`);
  process.exitCode = 1;
};

const copy = mkdtempSync(path.join(tmpdir(), 'bo-container-'));
let server;
try {
  // The files git knows (committed or new, not ignored): what `docker build` gets (.dockerignore).
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const f of files) {
    if (!existsSync(path.join(root, f))) continue;
    mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
    cpSync(path.join(root, f), path.join(copy, f));
  }
  console.log(`container steps: copied the tree (${seconds()})`);

  // The npm cache is warm from this tree's own install: packages come from it, not the network.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, npm_config_prefer_offline: 'true', npm_config_loglevel: 'error' };
  execFileSync(path.join(copy, 'scripts/container.sh'), ['build'], { cwd: copy, env, stdio: 'inherit' });
  for (const devOnly of ['tsx', 'vite', 'esbuild', 'vitest']) {
    if (existsSync(path.join(copy, 'node_modules', devOnly))) throw new Error(`${devOnly} is still installed after the build step`);
  }
  for (const built of ['dist/web/index.html', 'dist/server/main.js', 'dist/server/backup.js']) {
    if (!existsSync(path.join(copy, built))) throw new Error(`the build step made no ${built}`);
  }
  console.log(`container steps: scripts/container.sh build done (${seconds()})`);

  const port = await new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const mark = `container-${process.pid}-${Date.now()}`;
  const dataDir = path.join(copy, 'data');
  server = spawn(path.join(copy, 'scripts/container.sh'), ['start'], {
    cwd: copy,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, BO_TEST_MARK: mark, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
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
  if (out.includes('Building')) throw new Error('the start step rebuilt instead of running the given build');
  for (const probe of ['/api/health', '/api/ready']) {
    const res = await fetch(`${base}${probe}`);
    if (res.status !== 200) throw new Error(`${probe} answered ${res.status}: ${await res.text()}`);
  }
  const page = await fetch(`${base}/admin`);
  if (!(await page.text()).includes('<div id="root">')) throw new Error('/admin did not serve the front end');

  // The backup command works in the production tree (no tsx, no build tools) while the server runs.
  const archive = path.join(copy, 'backup.tar.gz');
  const backup = execFileSync('npm', ['run', '--silent', 'backup', '--', archive], {
    cwd: copy,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (!/taken by the running server/.test(backup)) throw new Error(`npm run backup said: ${backup}`);

  server.kill('SIGTERM');
  const end = await exited;
  if (end.code !== 0) throw new Error(`the start step ended with ${JSON.stringify(end)} after SIGTERM:\n${out}`);
  const left = readdirSync('/proc').filter((p) => {
    try {
      return /^\d+$/.test(p) && readFileSync(`/proc/${p}/environ`, 'utf8').includes(`BO_TEST_MARK=${mark}`);
    } catch {
      return false;
    }
  });
  if (left.length) throw new Error(`processes left after SIGTERM: ${left.join(', ')}`);
  console.log(
    `container steps: build (npm ci, build, prune --omit=dev), start, /api/health and /api/ready 200, front end served, npm run backup, SIGTERM -> exit 0 (${seconds()})`,
  );
} catch (err) {
  fail(err.message);
  server?.kill('SIGKILL');
} finally {
  rmSync(copy, { recursive: true, force: true });
}
