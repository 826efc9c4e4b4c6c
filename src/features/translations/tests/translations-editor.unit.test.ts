import { describe, expect, it } from 'vitest';
import { duplicateKeys, filterRows, missingEntries, newRow, sortRows, toEntries, toRows } from '../admin/entries';
import { parseRawJson } from '../admin/rawJson';
import { normalizeLanguageCode } from '../admin/languageCode';

describe('translations editor rows', () => {
  it('drops blank keys, trims keys and lets a later duplicate win', () => {
    const rows = [newRow(' a.b ', '1'), newRow('   ', 'lost'), newRow('', 'lost too'), newRow('a.b', '2'), newRow('c', '')];
    expect(toEntries(rows)).toEqual({ 'a.b': '2', c: '' });
    expect([...duplicateKeys(rows)]).toEqual(['a.b']);
  });

  it('sorts alphabetically by key and filters on key or value, keeping rows still without a key', () => {
    const rows = toRows({ 'ra.b': 'Save', 'app.z': 'Zeta', 'app.a': 'save me' });
    expect(sortRows(rows).map((r) => r.key)).toEqual(['app.a', 'app.z', 'ra.b']);
    const blank = newRow();
    expect(filterRows([...rows, blank], 'SAVE').map((r) => r.key)).toEqual(['ra.b', 'app.a', '']);
    expect(filterRows(rows, '  ')).toHaveLength(3);
  });

  it('lists the reference keys a language lacks', () => {
    expect(missingEntries(toRows({ a: '1' }), { a: 'x', b: 'y' })).toEqual([['b', 'y']]);
  });
});

describe('raw JSON', () => {
  it('reads flat and nested maps, numbers and booleans as text', () => {
    expect(parseRawJson('{"ra":{"action":{"save":"Save"}},"app.x":"X","n":3,"t":true}')).toEqual({
      'ra.action.save': 'Save',
      'app.x': 'X',
      n: '3',
      t: 'true',
    });
  });

  it('rejects broken text, arrays, null leaves and non-objects', () => {
    for (const bad of ['{', '[]', '"x"', '{"a":null}', '{"a":["b"]}', 'null']) expect(parseRawJson(bad)).toBeNull();
  });
});

describe('language codes', () => {
  it('normalises what people type and refuses what the server would', () => {
    expect(normalizeLanguageCode(' IT ')).toBe('it');
    expect(normalizeLanguageCode('pt_BR')).toBe('pt-BR');
    expect(normalizeLanguageCode('gr')).toBe('gr');
    for (const bad of ['x', 'english', '../etc', 'el-', 'e1']) expect(normalizeLanguageCode(bad)).toBeNull();
  });
});
