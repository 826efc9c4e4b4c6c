// Starts N real server processes on one PostgreSQL database behind HAProxy
// (Debian's /usr/sbin/haproxy, round robin): used by the cluster test and by
// `npm run bench:cluster`. Every replica is the server as `npm start` runs
// it: the compiled bundle when `serverEntry` names one (the cluster test
// builds it once per run: it starts in a fraction of tsx's time on a busy
// machine), else `src/core/server/main.ts` through tsx; with the environment
// README "Running several instances" describes.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const HAPROXY = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((p) => existsSync(p)) ?? 'haproxy';
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'cluster-admin-pass';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Replica {
  name: string;
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stderr (a failed start says why). */
  stderr(): string;
}

export interface Cluster {
  /** The balancer's address: every request a client makes goes here. */
  url: string;
  replicas: Replica[];
  databaseUrl: string;
  close(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess | null, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs} ms`);
}

/** HAProxy: round robin, health checks every 300 ms (down after two failures), the serving replica's name in X-Replica. */
function haproxyConfig(port: number, replicas: { name: string; port: number }[]): string {
  return [
    'global',
    '  maxconn 1024',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A health check may take a while on a busy machine: a slow answer is not a dead replica
    // (without this, the check times out after `inter`, 300 ms, and takes a live replica out).
    '  timeout check 2s',
    // A request that could not reach a replica (connection refused: it died) goes to another.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend replicas',
    'backend replicas',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-response set-header X-Replica %s',
    ...replicas.map((r) => `  server ${r.name} 127.0.0.1:${r.port} check inter 300 fall 2 rise 2`),
    '',
  ].join('\n');
}

/**
 * N replicas started at the same instant on a new, empty database (created
 * here, dropped by close), then HAProxy in front. `env` is added to every
 * replica's environment.
 */
export async function startCluster(opts: {
  replicas: number;
  env?: Record<string, string>;
  serverUrl?: string;
  /** The compiled server (scripts/build-server.mjs output) to run; unset: src/core/server/main.ts through tsx. */
  serverEntry?: string;
}): Promise<Cluster> {
  const serverUrl = opts.serverUrl ?? process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('the cluster needs DATABASE_URL (a PostgreSQL server)');
  const dbName = `t_cluster_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();

  const work = mkdtempSync(path.join(tmpdir(), 'bo-cluster-'));
  const children: ChildProcess[] = [];
  const replicas: Replica[] = [];
  let haproxy: ChildProcess | undefined;
  const close = async () => {
    for (const c of [haproxy, ...children]) if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await sleep(200);
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await c.end();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const ports = await Promise.all(Array.from({ length: opts.replicas }, freePort));
    const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
    ports.forEach((port, i) => {
      const name = `r${i + 1}`;
      const dataDir = path.join(work, name);
      const child = spawn(process.execPath, opts.serverEntry ? [opts.serverEntry] : ['--import', 'tsx', 'src/core/server/main.ts'], {
        env: {
          ...parentEnv,
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          ADMIN_EMAIL,
          ADMIN_PASSWORD,
          LOG_LEVEL: 'warn',
          WEB_DIR: path.join(work, 'no-web'),
          // The balancer (and a test client on this machine) may add X-Forwarded-For.
          TRUST_PROXY: '127.0.0.1',
          ...opts.env,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      children.push(child);
      replicas.push({ name, url: `http://127.0.0.1:${port}`, child, stderr: () => stderr });
    });
    await Promise.all(replicas.map((r) => waitFor(`${r.url}/api/health`, r.child, 90_000, `replica ${r.name}`)));

    const port = await freePort();
    const cfg = path.join(work, 'haproxy.cfg');
    writeFileSync(
      cfg,
      haproxyConfig(
        port,
        replicas.map((r) => ({ name: r.name, port: Number(new URL(r.url).port) })),
      ),
    );
    haproxy = spawn(HAPROXY, ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(haproxy);
    const url = `http://127.0.0.1:${port}`;
    await waitFor(`${url}/api/health`, haproxy, 10_000, 'haproxy');
    // Every replica marked up (rise 2 x 300 ms) before the first test request.
    await sleep(800);
    return { url, replicas, databaseUrl, close };
  } catch (err) {
    const why = replicas.map((r) => r.stderr().trim()).filter(Boolean);
    await close();
    throw new Error(`${(err as Error).message}${why.length ? `\n${why.join('\n')}` : ''}`);
  }
}
