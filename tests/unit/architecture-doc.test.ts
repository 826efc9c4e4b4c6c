import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md is the map of main as it is: it names no plans, and a
// path it writes from one of the repository's top folders is a path that
// exists (a path inside a room may be written from the room's folder, as
// the room tables say, but never in a way that reads as another one).
const doc = readFileSync(path.resolve('ARCHITECTURE.md'), 'utf8');
const topFolders = new Set(
  readdirSync('.', { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name),
);
topFolders.delete('node_modules');
topFolders.delete('dist');

describe('ARCHITECTURE.md', () => {
  it('has no section of work in flight or expected next', () => {
    expect(doc).not.toMatch(/^##+ .*(in flight|expected next|planned)/im);
  });

  it('names only paths that exist when it writes them from a top folder', () => {
    const named = [...doc.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
    const fromTop = named.filter((p) => p.includes('/') && topFolders.has(p.split('/')[0]));
    expect(fromTop.length).toBeGreaterThan(20);
    // A placeholder (`resources/<name>.ts`, `field-kinds/{kind}`) stands for many: its fixed start must exist.
    const missing = fromTop.filter((p) => !existsSync(p.replace(/[<{*].*$/, '')));
    expect(missing).toEqual([]);
  });
});
