// @vitest-environment node
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Databases out there were migrated by the released files: editing one would
// leave them with a schema this code does not expect. Released migrations are
// recorded with their checksums (src/core/server/db/released-migrations.json).
const folder = path.resolve('src/core/server/db/migrations');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string; when: number }[];
};
const released = JSON.parse(readFileSync(path.resolve('src/core/server/db/released-migrations.json'), 'utf8')) as {
  migrations: Record<string, string>;
};
const sha256 = (file: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(folder, file)))
    .digest('hex');

describe('migrations', () => {
  it('released ones are unchanged', () => {
    const changed = Object.entries(released.migrations).filter(
      ([file, sum]) => !existsSync(path.join(folder, file)) || sha256(file) !== sum,
    );
    expect(changed.map(([file]) => file)).toEqual([]);
  });

  it('are only added after the released ones, each with its file', () => {
    const files = journal.entries.map((e) => `${e.tag}.sql`);
    expect(files.slice(0, Object.keys(released.migrations).length)).toEqual(Object.keys(released.migrations));
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
    expect(files.filter((f) => !existsSync(path.join(folder, f)))).toEqual([]);
  });

  // drizzle applies a migration only when its `when` is later than the last
  // one a database applied: one out of order would be skipped there for good.
  it('are stamped in the order they apply', () => {
    const outOfOrder = journal.entries.filter((e, i) => i > 0 && e.when <= journal.entries[i - 1].when).map((e) => e.tag);
    expect(outOfOrder).toEqual([]);
  });

  // An operator reads the changelog before an upgrade: every migration the next release will run is named there.
  it("not yet released are each named in the changelog's Unreleased section", () => {
    const changelog = readFileSync(path.resolve('CHANGELOG.md'), 'utf8');
    const unreleased = /^## Unreleased\n([\s\S]*?)(?=^## )/m.exec(changelog)?.[1] ?? '';
    expect(unreleased).not.toBe('');
    const pending = journal.entries.map((e) => e.tag).filter((tag) => !Object.hasOwn(released.migrations, `${tag}.sql`));
    expect(pending.filter((tag) => !unreleased.includes(`\`${tag}\``))).toEqual([]);
  });
});
