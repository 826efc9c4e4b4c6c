import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md is the short map of main as it is: it names no plans, and
// a path it writes from one of the repository's top folders is a path that
// exists. The folder READMEs that hold the detail follow the same rule.
const doc = readFileSync(path.resolve('ARCHITECTURE.md'), 'utf8');
const topFolders = new Set(
  readdirSync('.', { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name),
);
topFolders.delete('node_modules');
topFolders.delete('dist');

/** Longest the map may grow: past this, detail belongs in the README of the folder it is about. */
const MAX_LINES = 250;

/** Paths a text writes in backticks from a top folder that do not exist (a placeholder's fixed start must). */
function missingPaths(text: string): string[] {
  const named = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
  const fromTop = named.filter((p) => p.includes('/') && topFolders.has(p.split('/')[0]));
  return fromTop.filter((p) => !existsSync(p.replace(/[<{*].*$/, '')));
}

const folderReadmes = ['src', 'tests']
  .flatMap((top) => readdirSync(top, { recursive: true, encoding: 'utf8' }).map((f) => path.join(top, f)))
  .filter((f) => path.basename(f) === 'README.md' && !f.includes('node_modules'));

describe('ARCHITECTURE.md', () => {
  it('has no section of work in flight or expected next', () => {
    expect(doc).not.toMatch(/^##+ .*(in flight|expected next|planned)/im);
  });

  it(`stays a map: at most ${MAX_LINES} lines`, () => {
    expect(doc.split('\n').length).toBeLessThanOrEqual(MAX_LINES);
  });

  it('names only paths that exist when it writes them from a top folder', () => {
    expect([...doc.matchAll(/`([^`\s]+)`/g)].filter((m) => m[1].startsWith('src/')).length).toBeGreaterThan(20);
    expect(missingPaths(doc)).toEqual([]);
  });
});

describe('folder READMEs', () => {
  it('exist for every feature and for the machinery ARCHITECTURE.md sends readers to', () => {
    const features = readdirSync('src/features');
    for (const f of features) expect(folderReadmes).toContain(path.join('src/features', f, 'README.md'));
    const sentTo = [...doc.matchAll(/`((?:src|tests)\/[^`\s]*README\.md)`/g)].map((m) => m[1]);
    expect(sentTo.length).toBeGreaterThan(5);
    for (const r of sentTo) expect(folderReadmes).toContain(r);
  });

  it.each(folderReadmes)('%s names only paths that exist', (readme) => {
    expect(missingPaths(readFileSync(readme, 'utf8'))).toEqual([]);
  });
});
