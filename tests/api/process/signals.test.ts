import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, processesMarked, spawnServer, type ServerProcess } from './server-process';
import { seededDataDir } from './seeded-data-dir';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../template';

// The server as an operator runs it: settings from .env in the working
// directory (the real environment winning), then stopped by a signal while
// a request is still arriving. Spawned processes use PGlite; the PostgreSQL
// run skips this file.
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function startWithEnvFile(): Promise<{ server: ServerProcess; base: string }> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'bo-signal-'));
  const dataDir = await seededDataDir();
  dirs.push(cwd, dataDir);
  const port = await freePort();
  writeFileSync(
    path.join(cwd, '.env'),
    [`# settings an operator keeps beside the server`, `PORT=${port}`, 'HOST=127.0.0.1', 'GOOGLE_CLIENT_ID=from-the-file', ''].join('\n'),
  );
  const server = spawnServer({ DATA_DIR: dataDir, GOOGLE_CLIENT_ID: 'from-the-environment' }, { cwd });
  await server.waitFor(/Back office running at/);
  return { server, base: `http://127.0.0.1:${port}` };
}

/**
 * A sign-in whose body arrives in two parts, the second when `rest` is called. It asks for
 * `100 Continue`, so `seen` resolves once the server has accepted the connection and read the
 * headers: a fixed pause instead lets a loaded machine send the signal while the connection
 * still waits in the listen backlog, where closing the listener resets it.
 */
function slowLogin(base: string) {
  const body = JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const half = Math.floor(body.length / 2);
  const req = request(`${base}/api/auth/login`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const seen = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  void seen.then(() => req.write(body.slice(0, half)));
  return { answer, seen, rest: () => req.end(body.slice(half)) };
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('the server process', () => {
  let server: ServerProcess;
  let base: string;
  beforeAll(async () => {
    ({ server, base } = await startWithEnvFile());
  });
  afterAll(() => server?.child.kill('SIGKILL'));

  test('reads .env from its working directory; a variable of the real environment wins', async () => {
    // The port came from the file only: the server answers there.
    const config = (await (await fetch(`${base}/api/config`)).json()) as { googleClientId: string };
    expect(config.googleClientId).toBe('from-the-environment');
  });

  test('on SIGTERM stops accepting, finishes the request in flight, exits 0 and leaves no process behind', async () => {
    const login = slowLogin(base);
    await login.seen;
    server.child.kill('SIGTERM');
    await server.waitFor(/stopping: no new connections/);
    // New connections are refused while the one in flight goes on.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    login.rest();
    const answer = await login.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('token');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/"msg":"stopped"/);
    expect(processesMarked(server.mark)).toEqual([]);
  });
});
