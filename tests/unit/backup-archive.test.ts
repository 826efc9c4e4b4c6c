// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { unpackBackup } from '../../src/core/server/backup/archive';
import { parseManifest } from '../../src/core/server/backup/manifest';

// A restore unpacks a file someone hands it: anything a backup does not
// hold (a link, another path) stops it before a byte lands outside its
// staging folder. The round trip itself is tests/api/process/backup.test.ts.
const work = mkdtempSync(path.join(tmpdir(), 'bo-archive-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const manifest = {
  format: 'backoffice-backup',
  formatVersion: 1,
  appVersion: '1.0.0',
  createdAt: '2026-01-01T00:00:00.000Z',
  database: { kind: 'pglite', bytes: 3 },
  uploads: { storage: 'local', files: 1, bytes: 1 },
};

async function archive(name: string, fill: (dir: string) => void, entries: string[]): Promise<string> {
  const dir = path.join(work, `${name}-src`);
  mkdirSync(path.join(dir, 'uploads'), { recursive: true });
  writeFileSync(path.join(dir, 'backup.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'db.tar'), 'abc');
  fill(dir);
  const file = path.join(work, `${name}.tar.gz`);
  await create({ gzip: true, cwd: dir, file, portable: true }, entries);
  return file;
}

async function unpack(file: string) {
  const into = mkdtempSync(path.join(work, 'into-'));
  return { into, result: unpackBackup(file, into) };
}

describe('unpacking a backup archive', () => {
  it('takes the manifest, the database and stored files', async () => {
    const file = await archive('good', (d) => writeFileSync(path.join(d, 'uploads', 'a1b2.webp'), 'x'), [
      'backup.json',
      'db.tar',
      'uploads',
    ]);
    const { into, result } = await unpack(file);
    expect((await result).uploads).toEqual({ storage: 'local', files: 1, bytes: 1 });
    expect(readdirSync(path.join(into, 'uploads'))).toEqual(['a1b2.webp']);
  });

  it('refuses a symbolic link among the uploads', async () => {
    const file = await archive('link', (d) => symlinkSync('/etc/passwd', path.join(d, 'uploads', 'a1b2.webp')), [
      'backup.json',
      'db.tar',
      'uploads',
    ]);
    const { into, result } = await unpack(file);
    await expect(result).rejects.toThrow('not a backup of this server: it holds uploads/a1b2.webp');
    expect(existsSync(path.join(into, 'uploads', 'a1b2.webp'))).toBe(false);
  });

  it('refuses files a backup does not hold', async () => {
    const file = await archive('stray', (d) => writeFileSync(path.join(d, 'run.sh'), 'echo'), ['backup.json', 'db.tar', 'run.sh']);
    const { into, result } = await unpack(file);
    await expect(result).rejects.toThrow('not a backup of this server: it holds run.sh');
    expect(existsSync(path.join(into, 'run.sh'))).toBe(false);
  });

  it('refuses a database whose size is not the manifest’s', async () => {
    const file = await archive('short', (d) => writeFileSync(path.join(d, 'db.tar'), 'ab'), ['backup.json', 'db.tar']);
    await expect((await unpack(file)).result).rejects.toThrow('db.tar has 2 bytes, the manifest says 3: the archive is damaged');
  });

  it('refuses a file that is not a tar at all', async () => {
    const file = path.join(work, 'text.tar.gz');
    writeFileSync(file, 'hello');
    await expect((await unpack(file)).result).rejects.toThrow(/^not a backup archive/);
  });

  it('has stopped writing when it says a cut-short archive is damaged', async () => {
    // A database that does not compress, cut off inside it: the error comes while db.tar is being written. The restore
    // then removes its staging folder; a file still being opened there would make that fail and hide the real error.
    const full = await archive('cut', (d) => writeFileSync(path.join(d, 'db.tar'), randomBytes(2 * 1024 * 1024)), [
      'backup.json',
      'db.tar',
    ]);
    const file = path.join(work, 'cut-short.tar.gz');
    writeFileSync(file, readFileSync(full).subarray(0, 256 * 1024));
    for (let i = 0; i < 40; i++) {
      const { into, result } = await unpack(file);
      await expect(result).rejects.toThrow(/^not a backup archive \(zlib: unexpected end of file\)/);
      await rm(into, { recursive: true });
      expect(existsSync(into)).toBe(false);
    }
  });
});

describe('the manifest', () => {
  it('names a format this version does not read', () => {
    expect(() => parseManifest(JSON.stringify({ ...manifest, formatVersion: 2 }))).toThrow(
      'backup format 2 is not one this version reads (1)',
    );
    expect(() => parseManifest('{"format":"zip"}')).toThrow('backup.json does not describe a back office backup');
  });
});
