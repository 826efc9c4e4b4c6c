import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { openDatabase } from '../../src/core/server/db/client';

// The embedded database is one process's. Real processes here (`npm start`'s
// server), since the lock is between processes.
const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-lock-'));
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (process.env.DATABASE_URL) return;
  // The directory starts as a copy of the run's migrated, seeded template: the servers only open it.
  const template = inject('dbTemplate');
  const loadDataDir = template?.kind === 'pglite' ? new Blob([readFileSync(template.file)]) : undefined;
  const database = await openDatabase({ dataDir, loadDataDir });
  await database.close();
});

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  /** Resolves once the server listens (true) or when it exits first (false). */
  up: Promise<boolean>;
  exit: Promise<{ code: number | null; stderr: string }>;
}

function startServer(): Run {
  const { DATABASE_URL: _unused, ...env } = process.env;
  // The compiled server of this run (tests/api/process/build.setup.ts), as `npm start` runs it: a start
  // through tsx compiled the sources again each time, three times per run.
  const child = spawn(process.execPath, [inject('serverBundle')], {
    env: { ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'lock-test-pass' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
  const up = new Promise<boolean>((resolve) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('Back office running')) resolve(true);
    });
    void exit.then(() => resolve(false));
  });
  return { child, up, exit };
}

describe.skipIf(process.env.DATABASE_URL)('one PGlite DATA_DIR, one process', () => {
  test('a second process is refused with one line naming the first; a killed one leaves no lock behind', async () => {
    const first = startServer();
    expect(await first.up).toBe(true);

    const second = startServer();
    const refused = await second.exit;
    expect(refused.code).toBe(1);
    const lines = refused.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`in use by process ${first.child.pid}`);
    expect(lines[0]).toContain('several processes need DATABASE_URL');

    // Killed without a chance to clean up: its lock file stays, naming a dead pid.
    first.child.kill('SIGKILL');
    await first.exit;
    const third = startServer();
    expect(await third.up).toBe(true);
    third.child.kill('SIGKILL');
    await third.exit;
  }, 120_000);
});
