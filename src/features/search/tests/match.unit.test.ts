import { describe, expect, test } from 'vitest';
import { SNIPPET_CHARS } from '../contract';
import { matchIn } from '../match';

const hit = (m: ReturnType<typeof matchIn>) => m && m.text.slice(m.start, m.start + m.length);

describe('matchIn', () => {
  test('a short value whole, the match located in any case', () => {
    expect(matchIn('name', 'Maria Papadopoulou', 'PAPA')).toEqual({ field: 'name', text: 'Maria Papadopoulou', start: 6, length: 4 });
    expect(hit(matchIn('name', 'Ζωή Ζαχαρίου', 'ζαχ'))).toBe('Ζαχ');
  });

  test('no match, or a blank term: null', () => {
    expect(matchIn('name', 'Maria', 'xyz')).toBeNull();
    expect(matchIn('name', 'Maria', '  ')).toBeNull();
  });

  test('characters a regular expression would read are matched as themselves', () => {
    expect(hit(matchIn('name', 'Percent 100% (a+b)', '(a+b)'))).toBe('(a+b)');
    expect(matchIn('name', 'abc', '.')).toBeNull();
  });

  test('a long value is cut around the match, each cut marked', () => {
    const value = `${'lorem ipsum '.repeat(40)}needle${' dolor sit'.repeat(40)}`;
    const m = matchIn('bio', value, 'needle');
    expect(hit(m)).toBe('needle');
    expect(m?.text.startsWith('…')).toBe(true);
    expect(m?.text.endsWith('…')).toBe(true);
    expect(m?.text.length).toBe(SNIPPET_CHARS + 2);
    const atStart = matchIn('bio', `needle${' dolor sit'.repeat(40)}`, 'needle');
    expect(atStart).toMatchObject({ start: 0, length: 6 });
    expect(atStart?.text.startsWith('…')).toBe(false);
    const atEnd = matchIn('bio', `${'lorem ipsum '.repeat(40)}needle`, 'needle');
    expect(hit(atEnd)).toBe('needle');
    expect(atEnd?.text.endsWith('needle')).toBe(true);
  });
});
