import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, spawnServer, STACK_LINE } from './server-process';

// What an operator sees when the server cannot start: one line on stderr
// naming the cause, exit code 1, no stack trace. Each case starts the real
// server in its own process. The PostgreSQL run repeats only what needs a
// PostgreSQL server.
const onPostgres = Boolean(process.env.DATABASE_URL);
let cwd: string;
beforeAll(() => {
  cwd = mkdtempSync(path.join(tmpdir(), 'bo-start-'));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

async function failure(env: Record<string, string>) {
  // Any free port unless a case names one: the default 3000 may be taken on the machine, which is a failure of its own.
  const server = spawnServer({ DATA_DIR: path.join(cwd, 'data'), PORT: '0', ...env }, { cwd });
  const { code } = await server.exited;
  const lines = server.stderr().trim().split('\n');
  return { code, lines, output: server.output() };
}

describe.skipIf(onPostgres)('a start that cannot succeed says why in one line', () => {
  test('a bad value names the variable', async () => {
    const r = await failure({ PORT: 'eighty' });
    expect(r.code).toBe(1);
    expect(r.lines).toEqual(['Configuration error: PORT must be an integer between 0 and 65535, got "eighty"']);
  });

  test('a DATABASE_URL that is not a PostgreSQL URL', async () => {
    const r = await failure({ DATABASE_URL: 'mysql://db.example.com/app' });
    expect(r.code).toBe(1);
    expect(r.lines).toEqual(['Configuration error: DATABASE_URL must start with postgres: or postgresql:']);
  });

  test('a DATA_DIR that cannot be written', async () => {
    const file = path.join(cwd, 'a-file');
    writeFileSync(file, '');
    const r = await failure({ DATA_DIR: path.join(file, 'data') });
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([`Cannot start: DATA_DIR ${path.join(file, 'data')} is not writable (ENOTDIR)`]);
  });

  test('an unreachable database is tried again, each try logged, for DB_CONNECT_TIMEOUT seconds', async () => {
    const port = await freePort();
    const started = Date.now();
    const r = await failure({ DATABASE_URL: `postgres://app:secret-pw@127.0.0.1:${port}/app`, DB_CONNECT_TIMEOUT: '3' });
    const seconds = (Date.now() - started) / 1000;
    expect(r.code).toBe(1);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(
      new RegExp(
        `^Cannot start: Database unreachable \\(PostgreSQL at postgres://app:\\*\\*\\*@127\\.0\\.0\\.1:${port}/app\\) after 3 s and \\d+ tries: connect ECONNREFUSED`,
      ),
    );
    const tries = r.output.split('\n').filter((l) => l.includes('database not reachable'));
    // Waits of 0.5, 1 and 1.5 s (the rest of the 3 s): three logged retries before giving up.
    expect(tries.length).toBeGreaterThanOrEqual(3);
    expect(seconds).toBeGreaterThanOrEqual(3);
    expect(r.output).not.toContain('secret-pw');
    expect(r.output).not.toMatch(STACK_LINE);
  });

  describe('a port already in use', () => {
    let taken: Server;
    let port: number;
    beforeAll(async () => {
      taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      port = (taken.address() as { port: number }).port;
    });
    afterAll(() => new Promise((resolve) => taken.close(resolve)));

    test('stops with the port named', async () => {
      const r = await failure({ PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: 'admin-pass-123' });
      expect(r.code).toBe(1);
      expect(r.lines).toEqual([`Cannot start: Port ${port} on 127.0.0.1 is already in use; stop the other server or set PORT`]);
      expect(r.output).not.toMatch(STACK_LINE);
    });
  });
});

describe.skipIf(!onPostgres)('PostgreSQL refusing the connection', () => {
  test('a database that does not exist stops at once, without retrying', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = '/no_such_database_here';
    const r = await failure({ DATABASE_URL: url.toString(), DB_CONNECT_TIMEOUT: '30' });
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      `Cannot start: Cannot open the database (PostgreSQL at ${url.toString()}): database "no_such_database_here" does not exist`,
    ]);
    expect(r.output).not.toContain('database not reachable');
  });
});
