// `node scripts/node-lts.mjs <script> [args...]`: runs a Node script on the
// active LTS line, Node 26 (README "Operating it", Node versions). The binary
// comes from the npm registry's `node` package (it ships the official build),
// installed on first use into node_modules/.cache/node-lts — outside the
// app's dependencies, and gone with the next `npm ci`. The machine's Node
// runs everything else; this is how `npm test` runs the API tests on the
// oldest and the newest supported LTS lines. NODE_LTS_SPEC picks another
// line (default `node@26`, the newest 26.x; e.g. `node@22`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const spec = process.env.NODE_LTS_SPEC ?? 'node@26';
// The major the spec names: a cached binary of another line is replaced.
const major = `v${/^node@(\d+)/.exec(spec)?.[1] ?? ''}`;
const dir = path.join(root, 'node_modules/.cache/node-lts');
const bin = (d) => path.join(d, 'node_modules/node/bin/node');

const versionOf = (d) => {
  if (!existsSync(bin(d))) return null;
  const r = spawnSync(bin(d), ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
};

if (!versionOf(dir)?.startsWith(`${major}.`)) {
  console.log(`Installing ${spec} from the npm registry into ${path.relative(root, dir)}...`);
  // Into a folder of this process's own, then moved: two runs at once do not see a half-installed binary.
  const tmp = `${dir}.${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--prefix', tmp, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', spec], {
    stdio: 'inherit',
  });
  if (r.status !== 0 || !versionOf(tmp)?.startsWith(`${major}.`)) {
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
