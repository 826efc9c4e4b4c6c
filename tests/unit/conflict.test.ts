import { describe, expect, test } from 'vitest';
import { conflictRows, mergedBody } from '../../src/core/admin/conflict/conflict';

// A save refused because someone changed the record since the form opened:
// what the dialog lists and what "keep my changes" sends.
const base = { name: 'Eleni Kostas', email: 'eleni@example.com', blocked: false, tags: ['athens'] };
const theirs = { name: 'Eleni Kosta', email: 'eleni@example.com', blocked: false, tags: ['athens'] };

describe('a conflict between two editors', () => {
  test('lists the fields either side changed, with both values', () => {
    const mine = { ...base, blocked: true };
    expect(conflictRows(mine, base, theirs)).toEqual([
      { field: 'name', mine: 'Eleni Kostas', theirs: 'Eleni Kosta', byMe: false, byThem: true },
      { field: 'blocked', mine: true, theirs: false, byMe: true, byThem: false },
    ]);
  });

  test('a field both changed is marked for both; equal lists are the same value', () => {
    const mine = { ...base, name: 'Eleni K.', tags: ['athens'] };
    expect(conflictRows(mine, base, theirs)).toEqual([
      { field: 'name', mine: 'Eleni K.', theirs: 'Eleni Kosta', byMe: true, byThem: true },
    ]);
  });

  test('keeping my changes takes theirs for every field I left alone', () => {
    const mine = { ...base, blocked: true, password: 'new-secret-1' };
    expect(mergedBody(mine, base, theirs)).toEqual({ ...theirs, blocked: true, password: 'new-secret-1' });
  });

  test('nothing changed by anyone visible: no rows, and the merge is the record now', () => {
    expect(conflictRows(base, base, base)).toEqual([]);
    expect(mergedBody(base, base, theirs)).toEqual(theirs);
  });
});
