import { describe, expect, it } from 'vitest';
import { checkMarkup, checkSave, placeholdersOf, tagsOf } from '../markup';
import { expectedKeys, missingPluralForms, pluralCategories, referenceTextOf } from '../plurals';
import { entryStates, matchesFilter, progressOf } from '../entry-status';

describe('placeholder and tag checks (shared by the editor and the server)', () => {
  it('reads i18next placeholders and HTML tags', () => {
    expect(placeholdersOf('Hi {{name}}, {{ count }} {{- raw}} {{value, number}}')).toEqual(['name', 'count', 'raw', 'value']);
    expect(tagsOf('Read <b>this</b><br/> <a href="x">link</a>')).toEqual(['<b>', '</b>', '<br/>', '<a>', '</a>']);
  });

  it('finds missing and misspelled placeholders, and tag differences apart', () => {
    expect(checkMarkup('Welcome, {{name}}', 'Καλώς ήρθες, {{name}}')).toBeNull();
    expect(checkMarkup('Welcome, {{name}}', 'Καλώς ήρθες, {{nmae}}')).toMatchObject({
      missingPlaceholders: ['name'],
      unknownPlaceholders: ['nmae'],
    });
    expect(checkMarkup('<b>Bold</b>', 'Έντονα')).toMatchObject({ missingPlaceholders: [], missingTags: ['<b>', '</b>'] });
    // Nothing to compare: a blank translation is "untranslated", not wrong.
    expect(checkMarkup('{{x}}', '')).toBeNull();
  });

  it('checks only what a save changes', () => {
    const ref = { a: '{{n}} a', b: '<i>b</i>', c: '{{m}}' };
    const found = checkSave({ a: 'α', b: 'β', c: 'γ' }, { c: 'γ' }, (k) => ref[k as keyof typeof ref]);
    expect(Object.keys(found.errors)).toEqual(['a']);
    expect(Object.keys(found.warnings)).toEqual(['b']);
  });
});

describe('plural forms as i18next reads them', () => {
  it('knows the categories of each language', () => {
    expect(pluralCategories('en')).toEqual(['one', 'other']);
    expect(pluralCategories('el')).toEqual(['one', 'other']);
    expect(pluralCategories('pl')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralCategories('ar')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
  });

  it('expects the language’s forms of each plural base, and a bare key stands for other', () => {
    const ref = ['x_one', 'x_other', 'y', 'y_one', 'too_many', 'plain'];
    expect(expectedKeys(ref, 'ja')).toEqual(['plain', 'too_many', 'x_other', 'y']);
    expect(expectedKeys(ref, 'pl')).toEqual(['plain', 'too_many', 'x_few', 'x_many', 'x_one', 'x_other', 'y', 'y_few', 'y_many', 'y_one']);
    expect(missingPluralForms(['x_one', 'x_other', 'too_many'], 'pl')).toEqual(new Map([['x', ['few', 'many']]]));
    expect(referenceTextOf({ x_one: '1', x_other: 'n' }, 'x_few')).toBe('n');
  });
});

describe('entry states', () => {
  it('filters untranslated, same as the reference and changed, and measures progress', () => {
    const states = entryStates('el', { a: 'Α', b: 'B', c: ' ' }, { a: 'A', b: 'B', c: 'C', d: 'D' }, (k) => k === 'a');
    const by = (f: Parameters<typeof matchesFilter>[1]) => states.filter((s) => matchesFilter(s, f)).map((s) => s.key);
    expect(by('untranslated')).toEqual(['c', 'd']);
    expect(by('same')).toEqual(['b']);
    expect(by('changed')).toEqual(['a']);
    expect(progressOf('el', { a: 'Α', b: 'B', c: ' ' }, { a: 'A', b: 'B', c: 'C', d: 'D' })).toEqual({ translated: 2, total: 4 });
  });

  it('counts a blank value as translated where the reference text is blank too (react-admin\'s ra.boolean.null is " ")', () => {
    const states = entryStates('el', { blank: ' ', missing: '' }, { blank: ' ', missing: 'M' }, () => false);
    expect(states.filter((s) => matchesFilter(s, 'untranslated')).map((s) => s.key)).toEqual(['missing']);
    expect(progressOf('el', { blank: ' ', missing: '' }, { blank: ' ', missing: 'M' })).toEqual({ translated: 1, total: 2 });
    expect(progressOf('en', { blank: ' ', text: 'T' }, null)).toEqual({ translated: 2, total: 2 });
  });
});
