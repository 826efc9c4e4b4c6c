import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { freePort, spawnServer, STACK_LINE, type ServerProcess } from './server-process';
import { seededDataDir } from './seeded-data-dir';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../template';

// `npm run backup` and `npm run restore` as an operator runs them, on the
// compiled commands (dist/server/backup.js beside the compiled server):
// data made through the API, a backup taken while the server runs and
// writes go on, the DATA_DIR wiped, the backup restored, the server
// started again on it. Spawned processes use PGlite; the PostgreSQL run
// skips this file (PostgreSQL is backed up with pg_dump).
const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const s of servers) s.child.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const backupCommand = () => path.join(path.dirname(inject('serverBundle')), 'backup.js');

/** Runs `backup.js <args>` with exactly `env` (plus PATH and HOME); resolves to its exit code and output. */
function runCommand(args: string[], env: Record<string, string>, cwd: string) {
  const child = spawn(process.execPath, [backupCommand(), ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

async function start(dataDir: string, cwd: string) {
  const port = await freePort();
  const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }, { cwd });
  servers.push(server);
  await server.waitFor(/Back office running at/);
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { token: string }).token;
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> & { data?: Record<string, unknown>[] } };
  };
  const upload = async (png: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${base}/api/upload/profile-image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { filePaths: { path: string }[] }).filePaths[0]!.path;
  };
  const file = async (url: string) => {
    const res = await fetch(`${base}${url}`);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  return { server, base, api, upload, file };
}

const png = (r: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 90, b: 160 } } })
    .png()
    .toBuffer();

describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore of the embedded database', () => {
  test(
    'backup while running and writing, wipe, restore, start: the same records and the same image bytes',
    { timeout: 300_000 },
    async () => {
      const cwd = mkdtempSync(path.join(tmpdir(), 'bo-backup-'));
      const dataDir = await seededDataDir();
      dirs.push(cwd, dataDir);
      const env = { DATA_DIR: dataDir };
      const archive = path.join(cwd, 'backup.tar.gz');

      const first = await start(dataDir, cwd);
      const avatar = await first.upload(await png(200));
      const created = await first.api('POST', '/api/auth/users', {
        name: 'Backed Up',
        email: 'backed.up@example.com',
        password: 'secret-123',
        image: avatar,
      });
      expect(created.status).toBe(201);
      const userId = created.json._id as string;
      const served = await first.file(avatar);
      expect(served.status).toBe(200);

      // Writes go on while the backup is taken: new users with new pictures, and one user's
      // picture replaced again and again (the old file is removed after each commit).
      let writing = true;
      let writes = 0;
      const churn = (async () => {
        const churner = (await first.api('POST', '/api/auth/users', { name: 'Churn', email: 'churn@example.com' })).json._id as string;
        for (let i = 0; writing; i++, writes++) {
          const pic = await first.upload(await png(i % 250));
          if (i % 2) expect((await first.api('PUT', `/api/auth/users/${churner}`, { image: pic })).status).toBe(200);
          else
            expect(
              (await first.api('POST', '/api/auth/users', { name: `During ${i}`, email: `during.${i}@example.com`, image: pic })).status,
            ).toBe(201);
        }
      })();
      while (writes < 4) await new Promise((resolve) => setTimeout(resolve, 50));
      const writesBefore = writes;
      const backup = await runCommand(['backup', archive], env, cwd);
      // The server kept serving writes while it took the backup.
      expect(writes).toBeGreaterThan(writesBefore);
      writing = false;
      await churn;
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/^Backup written to .*backup\.tar\.gz: .*taken by the running server \(pid \d+\)/);

      // Made after the backup: gone once it is restored.
      expect(
        (await first.api('POST', '/api/auth/users', { name: 'Later', email: 'later@example.com', password: 'secret-123' })).status,
      ).toBe(201);

      // A second backup to the same name is refused; a restore while the server runs too.
      const again = await runCommand(['backup', archive], env, cwd);
      expect(again.code).toBe(1);
      expect(again.stderr.trim().split('\n')).toEqual([`Backup failed: ${archive} exists already; give the backup a new name`]);
      const refused = await runCommand(['restore', archive], env, cwd);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toEqual([
        `Restore failed: the server (pid ${first.server.child.pid}) is running on DATA_DIR ${dataDir}: stop it before restoring`,
      ]);

      first.server.child.kill('SIGTERM');
      expect(await first.server.exited).toEqual({ code: 0, signal: null });

      rmSync(dataDir, { recursive: true, force: true });
      const restored = await runCommand(['restore', archive], env, cwd);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(/^Restored .* into .*: database with \d+ migrations applied and \d+ uploaded files/);

      const second = await start(dataDir, cwd);
      const user = await second.api('GET', `/api/auth/users/${userId}`);
      expect(user.status).toBe(200);
      expect(user.json).toMatchObject({ name: 'Backed Up', email: 'backed.up@example.com', image: avatar });
      const servedAgain = await second.file(avatar);
      expect(servedAgain.status).toBe(200);
      expect(servedAgain.bytes.equals(served.bytes)).toBe(true);
      // The password set through the API still signs in.
      const login = await fetch(`${second.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'backed.up@example.com', password: 'secret-123' }),
      });
      expect(login.status).toBe(200);

      const list = await second.api('GET', '/api/auth/users?limit=200');
      const users = list.json.data ?? [];
      expect(users.map((u) => u.email)).not.toContain('later@example.com');
      // Consistent: every picture a restored record shows was in the archive.
      const pictures = users.map((u) => u.image).filter((i): i is string => typeof i === 'string');
      expect(pictures.length).toBeGreaterThan(2);
      for (const pic of pictures) expect((await second.file(pic)).status, pic).toBe(200);

      second.server.child.kill('SIGTERM');
      expect(await second.server.exited).toEqual({ code: 0, signal: null });
    },
  );

  test(
    'with no server running the command opens the database itself; a damaged archive changes nothing',
    { timeout: 180_000 },
    async () => {
      const cwd = mkdtempSync(path.join(tmpdir(), 'bo-backup-'));
      const dataDir = await seededDataDir();
      dirs.push(cwd, dataDir);
      const env = { DATA_DIR: dataDir };
      const archive = path.join(cwd, 'offline.tar.gz');

      const backup = await runCommand(['backup', archive], env, cwd);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/taken with no server running\.$/m);
      expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

      const damaged = path.join(cwd, 'damaged.tar.gz');
      writeFileSync(damaged, readFileSync(archive).subarray(0, 4096));
      const r = await runCommand(['restore', damaged], env, cwd);
      expect(r.code).toBe(1);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Restore failed: .*damaged\.tar\.gz: not a backup archive/);
      expect(r.stderr).not.toMatch(STACK_LINE);

      // The database is still there and serves.
      const server = await start(dataDir, cwd);
      expect((await server.api('GET', '/api/auth/users?limit=1')).status).toBe(200);
      server.server.child.kill('SIGTERM');
      expect(await server.server.exited).toEqual({ code: 0, signal: null });
    },
  );
});
