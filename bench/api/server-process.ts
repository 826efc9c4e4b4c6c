import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Prepared } from './prepare';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags';

/** A port nothing listens on now, for a server started in a process of its own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * The environment of the built server started as a process of its own over
 * a prepared database: nothing of the bench's own environment leaks in.
 * `BENCH_NODE_OPTIONS` reaches it as NODE_OPTIONS (to compare V8 settings
 * in one run, e.g. "--max-semi-space-size=2").
 */
export function serverEnv(prepared: Pick<Prepared, 'dataDir' | 'databaseUrl'>, port: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: prepared.dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    AUTH_RATE_LIMIT: '100000',
    WEB_DIR: path.join(prepared.dataDir, 'no-web'),
    ...(prepared.databaseUrl ? { DATABASE_URL: prepared.databaseUrl } : {}),
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
  };
}

/**
 * The built server (`bundle`) started with `env` and the V8 settings `npm
 * start` gives it (`BENCH_SERVER_FLAGS=none`: V8's defaults, to compare);
 * `started` resolves once it listens, rejects if it exits first.
 */
export function startServer(
  bundle: string,
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): { child: ChildProcessWithoutNullStreams; started: Promise<void> } {
  const flags = process.env.BENCH_SERVER_FLAGS === 'none' ? [] : SERVER_NODE_FLAGS;
  const child = spawn(process.execPath, [...flags, ...nodeArgs, bundle], { env, stdio: 'pipe' });
  child.stdin.end();
  let out = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Back office running at')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
  return { child, started };
}
