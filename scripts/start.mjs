// `npm start`: builds the front end when the build is missing or older than
// its sources, then runs the server (TypeScript through tsx).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'dist', 'index.html');
const sources = [
  'index.html',
  'vite.config.ts',
  'src/admin',
  'src/site',
  'src/web',
  'src/entry',
  'src/shared',
  'resources',
  'public',
  'package.json',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((m, f) => Math.max(m, newest(path.join(p, f))), s.mtimeMs);
}

if (existsSync(path.join(root, 'vite.config.ts'))) {
  const sourceTime = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
    console.log('Building the front end (vite build)...');
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
