// `node scripts/node22.mjs <script> [args...]`: runs a Node script on Node 22
// (README "Operating it", Node versions). The binary comes from the npm
// registry's `node` package (it ships the official build), installed on
// first use into node_modules/.cache/node22 — outside the app's
// dependencies, and gone with the next `npm ci`. The machine's Node runs
// everything else; this is how `npm test` runs the API tests on both LTS
// lines. NODE22_SPEC picks another version (default: the newest 22.x).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const spec = process.env.NODE22_SPEC ?? 'node@22';
const dir = path.join(root, 'node_modules/.cache/node22');
const bin = (d) => path.join(d, 'node_modules/node/bin/node');

const versionOf = (d) => {
  if (!existsSync(bin(d))) return null;
  const r = spawnSync(bin(d), ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
};

if (!versionOf(dir)?.startsWith('v22.')) {
  console.log(`Installing ${spec} from the npm registry into ${path.relative(root, dir)}...`);
  // Into a folder of this process's own, then moved: two runs at once do not see a half-installed binary.
  const tmp = `${dir}.${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--prefix', tmp, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', spec], {
    stdio: 'inherit',
  });
  if (r.status !== 0 || !versionOf(tmp)?.startsWith('v22.')) {
    console.error(`Could not install ${spec} (npm exited ${r.status}).`);
    process.exit(1);
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
}

console.log(
  `Running on Node ${versionOf(dir)}: ${process.argv
    .slice(2)
    .map((a) => path.relative(root, a) || a)
    .join(' ')}`,
);
// First on PATH too: whatever the tests start as `node` runs on the same version.
const env = { ...process.env, PATH: `${path.dirname(bin(dir))}${path.delimiter}${process.env.PATH ?? ''}` };
const child = spawn(bin(dir), process.argv.slice(2), { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
