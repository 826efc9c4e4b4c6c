// Builds (`npm run build`: front end and server) when a build is missing, or,
// where the build tools are installed, older than its sources. A production
// install (`npm ci --omit=dev` on a built tree) has no build tools and runs
// the build it was given. Used by `npm start` and `npm run backup`/`restore`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const serverBundle = path.join(root, 'dist', 'server', 'main.js');
export const backupBundle = path.join(root, 'dist', 'server', 'backup.js');
const outputs = [path.join(root, 'dist', 'web', 'index.html'), serverBundle, backupBundle];
const sources = [
  'index.html',
  'kiosk-login.html',
  'vite.config.ts',
  'src',
  'resources',
  'public',
  'build',
  'scripts/build-server.mjs',
  'package.json',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((m, f) => Math.max(m, newest(path.join(p, f))), s.mtimeMs);
}

/** Exits the process (with the build's status, or 1) when no build can be had. */
export function ensureBuild() {
  const canBuild = existsSync(path.join(root, 'node_modules', 'vite')) && existsSync(path.join(root, 'node_modules', 'esbuild'));
  const missing = outputs.some((o) => !existsSync(o));
  const stale = () => {
    const built = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
    return Math.max(...sources.map((s) => newest(path.join(root, s)))) > built;
  };
  if (!missing && !(canBuild && stale())) return;
  if (!canBuild) {
    console.error('Cannot start: dist/ holds no complete build and the build tools are not installed; run `npm install && npm run build`');
    process.exit(1);
  }
  console.log('Building the front end and the server (npm run build)...');
  const steps = [
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    [path.join(root, 'scripts/build-server.mjs')],
  ];
  for (const args of steps) {
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
