// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/core/server/crud/slug';

describe('slugify', () => {
  it('keeps letters of any script and joins words with dashes', () => {
    expect(slugify('Σαντορίνη at Dawn!')).toBe('σαντορινη-at-dawn');
    expect(slugify('  Crème brûlée -- Paris  ')).toBe('creme-brulee-paris');
  });
  it('never returns an empty slug', () => {
    expect(slugify('!!!')).toBe('item');
  });
});
