import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Reads `.env` from the working directory into `env`. A variable already set
 * in the real environment wins, so an operator can override one setting
 * without editing the file. Returns the names taken from the file.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env, dir = process.cwd()): string[] {
  const file = path.join(dir, '.env');
  if (!existsSync(file)) return [];
  const values = parseEnv(readFileSync(file, 'utf8'));
  const taken: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    taken.push(name);
  }
  return taken;
}
