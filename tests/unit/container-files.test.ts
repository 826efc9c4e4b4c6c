// @vitest-environment node
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags';

// No container engine runs here, so the Dockerfile is never built in CI:
// its steps are scripts/container.sh, which scripts/check-production.mjs
// runs on a clean copy. What is left to check is the Dockerfile's own
// promises and that docker-compose.yml runs that image the way the cluster
// test runs its replicas.
const read = (f: string) => readFileSync(path.resolve(f), 'utf8');
const startCommand = `exec node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`;

/** The Dockerfile's instructions, continuation lines joined, comments dropped, split into stages. */
function stages(text: string): string[][] {
  const lines = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const out: string[][] = [];
  for (const l of lines) {
    if (/^FROM /i.test(l)) out.push([]);
    out.at(-1)?.push(l);
  }
  return out;
}

describe('Dockerfile', () => {
  const all = stages(read('Dockerfile'));
  const build = all[0]!;
  const run = all.at(-1)!;
  const env = Object.fromEntries(
    run.filter((l) => l.startsWith('ENV ')).flatMap((l) => [...l.slice(4).matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])),
  );

  it('has a build stage and a run stage on a Node LTS slim image', () => {
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(build[0]).toMatch(/^FROM node:22-bookworm-slim AS build$/);
    expect(run[0]).toMatch(/^FROM node:22-bookworm-slim$/);
  });

  it('builds and starts with scripts/container.sh, the script CI runs', () => {
    expect(build.some((l) => /^RUN .*scripts\/container\.sh build$/.test(l))).toBe(true);
    expect(run.at(-1)).toBe('CMD ["scripts/container.sh", "start"]');
    expect(run).toContain('COPY --from=build /app /app');
  });

  it('runs as an unprivileged user, with DATA_DIR a volume it may write', () => {
    const user = run.findLast((l) => l.startsWith('USER '));
    expect(user).toBe('USER node');
    expect(run.indexOf(user!)).toBeLessThan(run.length - 1);
    expect(env.DATA_DIR).toBe('/data');
    expect(run).toContain('VOLUME ["/data"]');
    expect(run.some((l) => l.startsWith('RUN ') && l.includes('chown node:node /data'))).toBe(true);
  });

  it('checks its health on /api/health at the port it listens on', () => {
    const check = run.find((l) => l.startsWith('HEALTHCHECK '));
    expect(check).toContain('/api/health');
    expect(check).toContain('process.env.PORT');
    expect(run).toContain(`EXPOSE ${env.PORT}`);
  });

  it('the script it calls is executable and knows both steps', () => {
    accessSync(path.resolve('scripts/container.sh'), constants.X_OK);
    const script = read('scripts/container.sh');
    expect(script).toMatch(/^\s+build\)\n\s+npm ci .*\n\s+npm run build\n\s+npm prune --omit=dev/m);
    const start = /^\s+start\)\n(?:\s+#.*\n)*\s+(exec node .*scripts\/start\.mjs)$/m.exec(script);
    expect(start?.[1]).toBe(startCommand);
  });

  it('npm start runs the server the way the container does, with the same V8 settings', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(startCommand);
  });
});

describe('docker-compose.yml', () => {
  const compose = read('docker-compose.yml');
  const haproxy = read('docker/haproxy.cfg');
  const cluster = read('tests/cluster/cluster.ts');

  it('runs three replicas of the Dockerfile image, not sources through tsx', () => {
    expect(compose).toMatch(/^x-app: &app\n {2}build: \.\n/m);
    expect(compose).not.toMatch(/tsx|src\/core\/server\/main\.ts/);
    for (const r of ['app1', 'app2', 'app3']) expect(compose).toMatch(new RegExp(`^ {2}${r}: \\*app$`, 'm'));
  });

  it('gives the replicas the shared parts the cluster test gives its own', () => {
    for (const v of ['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'TRUST_PROXY'])
      expect(compose).toMatch(new RegExp(`^ {4}${v}: `, 'm'));
  });

  it('balances as the cluster test does, over the three replicas on the image port', () => {
    for (const line of [
      'balance roundrobin',
      'option httpchk GET /api/health',
      'retry-on conn-failure',
      'option redispatch 1',
      'option forwardfor',
    ])
      for (const cfg of [haproxy, cluster]) expect(cfg).toContain(line);
    for (const r of ['app1', 'app2', 'app3']) expect(haproxy).toMatch(new RegExp(`^\\s+server ${r} ${r}:3000 check`, 'm'));
  });
});
