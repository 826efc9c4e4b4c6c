// `npm run lint`: ESLint (eslint.config.mjs) and `prettier --check`, both
// over the whole repository. ESLint and its plugins live in tools/lint with
// their own lock file (typescript-eslint needs TypeScript's JavaScript API,
// which the app's TypeScript 7 does not have); they are installed here on
// first use, and again whenever tools/lint/package-lock.json changes.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tools = path.join(root, 'tools/lint');
const stamp = path.join(tools, 'node_modules/.installed-lock');
const lock = readFileSync(path.join(tools, 'package-lock.json'), 'utf8');

const run = (cmd, args, cwd = root) => spawnSync(cmd, args, { cwd, stdio: 'inherit' }).status ?? 1;

if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lock) {
  console.log('Installing the lint tools (tools/lint)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (run(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], tools) !== 0) process.exit(1);
  writeFileSync(stamp, lock);
}

const eslint = run(process.execPath, [path.join(tools, 'node_modules/eslint/bin/eslint.js'), '--max-warnings=0', '.']);
// Each room rule refuses what it should (scripts/lint-probes.mjs).
const probes = eslint === 0 ? run(process.execPath, [path.join(root, 'scripts/lint-probes.mjs')]) : 0;
const prettier = run(process.execPath, [path.join(root, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.']);
if (eslint === 0 && probes === 0 && prettier === 0) console.log('lint: ESLint and Prettier found nothing.');
process.exit(eslint || probes || prettier);
