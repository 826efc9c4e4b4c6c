// @vitest-environment node
import { expect, test } from 'vitest';
import { prefixUpperBound } from '../../src/core/server/crud/query';

test('the upper bound of a prefix is the prefix with its last code point plus one', () => {
  expect(prefixUpperBound('li')).toBe('lj');
  expect(prefixUpperBound('z')).toBe('{');
  expect(prefixUpperBound('ζω')).toBe('ζϊ');
  expect(prefixUpperBound('a😀')).toBe('a😁');
  expect(prefixUpperBound('\ud7ff')).toBe('\ue000');
  expect(prefixUpperBound('')).toBeNull();
  expect(prefixUpperBound('a\u{10ffff}')).toBeNull();
});
