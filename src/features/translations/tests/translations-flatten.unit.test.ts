// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { flatten, unflatten } from '../server/flatten';

describe('translation entries', () => {
  it('flattens nested files into dotted keys and back', () => {
    const nested = { ra: { action: { save: 'Save', delete: 'Delete' } }, app: { title: 'Back office' } };
    const flat = flatten(nested);
    expect(flat).toEqual({ 'ra.action.save': 'Save', 'ra.action.delete': 'Delete', 'app.title': 'Back office' });
    expect(unflatten(flat)).toEqual(nested);
  });

  it('keeps a key flat when nesting it would overwrite a text', () => {
    expect(unflatten({ a: 'x', 'a.b': 'y' })).toEqual({ a: 'x', 'a.b': 'y' });
  });
});
