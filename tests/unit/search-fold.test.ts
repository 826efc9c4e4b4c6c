import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, foldedSuperset, foldSearchText } from '../../src/core/shared/search-fold';

// The function as it was first made, and as it is now (the same folding, with a shortcut for ASCII text).
const migrations = ['0022_search_fold.sql', '0026_search_fold_ascii.sql'].map((f) =>
  readFileSync(path.join(__dirname, '../../src/core/server/db/migrations', f), 'utf8'),
);

describe('search folding', () => {
  it('the database function translates with the same two strings as the code, letter for letter', () => {
    expect([...FOLD_FROM]).toHaveLength([...FOLD_TO].length);
    for (const migration of migrations) expect(migration).toContain(`translate(lower($1), '${FOLD_FROM}', '${FOLD_TO}')`);
  });

  it('drops case and accents, Greek and Latin, and keeps the length', () => {
    expect(foldSearchText('Μαρία ΠΑΠΑΔΟΠΟΎΛΟΥ Émile Ñandú')).toBe('μαρια παπαδοπουλου emile nandu');
    expect(foldSearchText('Χρήστες ΐ ΰ')).toBe('χρηστεσ ι υ');
    for (const s of ['İstanbul', 'Straße', '😀 ok', 'ΆΈΉΊΌΎΏ']) expect(foldSearchText(s)).toHaveLength(s.length);
  });
});

describe('the rough pattern before folding', () => {
  const like = (value: string, pattern: string) =>
    new RegExp(
      `^${pattern
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/%/g, '.*')
        .replace(/_/g, '.')}$`,
      'isu',
    ).test(value);
  it('lets through every value whose folded text holds the term, and stands letters accents fold to for any one', () => {
    const cases: [string, string][] = [
      ['Χρήστες και προφίλ', 'χρηστεσ'],
      ['Émile Zola', 'emile'],
      ['Harbour lights', 'harb'],
      ['ΜΑΡΊΑ', 'μαρια'],
    ];
    for (const [value, term] of cases) {
      expect(foldSearchText(value)).toContain(term);
      expect(
        like(
          value,
          foldedSuperset(term, (c) => c),
        ),
        `${value} / ${term}`,
      ).toBe(true);
    }
    expect(foldedSuperset('harb', (c) => c)).toBe('%h_rb%');
    expect(
      like(
        'Other words',
        foldedSuperset('harb', (c) => c),
      ),
    ).toBe(false);
  });
});
