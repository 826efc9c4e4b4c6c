import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The OpenAPI tools (Redocly CLI, openapi-typescript, openapi-fetch, and the
 * TypeScript 5 that openapi-typescript needs) live in tools/openapi with
 * their own lock file: installed on first use, and again when the lock changes.
 */
export const openapiTools = path.resolve('tools/openapi');

export function installOpenapiTools(): void {
  const stamp = path.join(openapiTools, 'node_modules/.installed-lock');
  const lock = readFileSync(path.join(openapiTools, 'package-lock.json'), 'utf8');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lock) return;
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: openapiTools, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm ci in tools/openapi failed');
  writeFileSync(stamp, lock);
}
