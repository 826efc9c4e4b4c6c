import { describe, expect, test } from 'vitest';
import { users } from '../../src/features/users/resource';
import { experiences } from '../../src/features/experiences/resource';
import { fieldAccess, readableColumns } from '../../src/core/admin/generic/fieldAccess';
import { formFieldsOf, toBody } from '../../src/core/admin/generic/formValues';
import type { ApiCalls } from '../../src/core/admin/providers/apiPermissions';

// The generated screens follow the access rules my-permissions carries: no column, filter or
// input for a field the user may not read, disabled inputs (never sent) for one they may not write.

const ME = '7d1f3c52-8a4e-4f0b-9d2c-1a2b3c4d5e6f';
const desk: ApiCalls = {
  superadmin: false,
  data: [],
  access: {
    users: {
      read: ['name', 'email', 'confirmed', 'blocked', 'createdAt'],
      write: ['blocked'],
      where: [{ confirmed: { eq: true } }],
      writeWhere: [{ confirmed: { eq: true } }],
    },
    experiences: { read: null, write: null, where: null, writeWhere: [{ createdBy: { eq: '$me' } }] },
  },
};

describe('fieldAccess', () => {
  test('the support desk reads five fields, writes one, changes confirmed users only', () => {
    const a = fieldAccess(desk, 'users', ME);
    expect(readableColumns(users, a).map((c) => c.source)).toEqual(['createdAt', 'name', 'email', 'confirmed', 'blocked']);
    expect(a.read('phone')).toBe(false);
    expect(formFieldsOf(users, a)).toEqual([
      { name: 'name', writable: false },
      { name: 'email', writable: false },
      { name: 'confirmed', writable: false },
      { name: 'blocked', writable: true },
    ]);
    expect(a.writeRecord({ id: 'x', confirmed: false })).toBe(false);
    expect(a.writeRecord({ id: 'x', confirmed: true })).toBe(true);
  });

  test('the form never sends a field the user may not write, blank password or not, on create too', () => {
    const a = fieldAccess(desk, 'users', ME);
    const values = { name: 'Renamed', email: 'x@example.gr', confirmed: true, blocked: true, password: 'secret-123456' };
    expect(toBody(users, values, false, a)).toEqual({ blocked: true });
    expect(toBody(users, { ...values, password: '' }, true, a)).toEqual({ blocked: true });
    // Unlimited: everything the form holds.
    expect(toBody(users, values, false)).toMatchObject({ name: 'Renamed', password: 'secret-123456' });
  });

  test('own experiences: records by their creator; superadmins and unlisted resources are unlimited', () => {
    const a = fieldAccess(desk, 'experiences', ME);
    expect(a.writeRecord({ id: '1', createdBy: { _id: ME, name: 'Anna' } })).toBe(true);
    expect(a.writeRecord({ id: '2', createdBy: { _id: 'someone-else', name: 'Boris' } })).toBe(false);
    expect(formFieldsOf(experiences, a).every((f) => f.writable)).toBe(true);
    expect(fieldAccess({ ...desk, superadmin: true }, 'users', ME).read('phone')).toBe(true);
    expect(fieldAccess(desk, 'roles', ME).writeRecord({ id: 'r' })).toBe(true);
  });
});
