import { describe, expect, test } from 'vitest';
import { users } from '../../users/resource';
import { experiences } from '../../experiences/resource';
import { bodyOf, draftOf, partOf } from '../admin/ruleDraft';

// The matrix's rule dialog: checkboxes and JSON text in, the role's whole rules out,
// or the first problem placed under the part of the dialog it is about.

const find = (name: string) => [users, experiences].find((r) => r.name === name);
const others = { resources: { experiences: { writeWhere: { createdBy: { eq: '$me' } } } } };

describe('rule draft', () => {
  test('a rule read back is what the dialog starts from; "all fields" means no list', () => {
    const d = draftOf({ read: ['name', 'email'], where: { confirmed: { eq: true } } });
    expect(d).toMatchObject({ readAll: false, read: ['name', 'email'], writeAll: true, writeWhere: '' });
    expect(JSON.parse(d.where)).toEqual({ confirmed: { eq: true } });
    expect(draftOf(undefined)).toEqual({ readAll: true, read: [], writeAll: true, write: [], where: '', writeWhere: '' });
  });

  test('saving replaces this resource’s rule and keeps the others; an empty rule is left out', () => {
    const d = { ...draftOf(undefined), writeAll: false, write: ['blocked'], where: '{"confirmed": {"eq": true}}' };
    expect(bodyOf(others, users, d, find)).toEqual({
      body: { resources: { ...others.resources, users: { write: ['blocked'], where: { confirmed: { eq: true } } } } },
    });
    expect(bodyOf({ resources: { ...others.resources, users: { write: [] } } }, users, draftOf(undefined), find)).toEqual({ body: others });
  });

  test('JSON that does not parse, and what problemOf refuses, land under their part', () => {
    const broken = bodyOf(others, users, { ...draftOf(undefined), writeWhere: '{"confirmed": ' }, find);
    expect(broken.problem).toMatchObject({ part: 'writeWhere', path: 'resources.users.writeWhere' });
    const wrong = bodyOf(others, users, { ...draftOf(undefined), where: '{"confirmed": {"eq": "yes"}}' }, find);
    expect(wrong.problem).toEqual({
      part: 'where',
      path: 'resources.users.where.confirmed.eq',
      message: 'The value must be true or false.',
      key: 'want_boolean',
      values: {},
    });
    const field = bodyOf(others, users, { ...draftOf(undefined), writeAll: false, write: ['createdAt'] }, find);
    expect(field.problem?.part).toBe('write');
  });

  test('a path names its part; writeWhere is not where', () => {
    expect(partOf('resources.users.writeWhere.and[0]', 'users')).toBe('writeWhere');
    expect(partOf('resources.users.where', 'users')).toBe('where');
    expect(partOf('resources.users.read[2]', 'users')).toBe('read');
    expect(partOf('resources.gadgets', 'users')).toBeNull();
  });
});
