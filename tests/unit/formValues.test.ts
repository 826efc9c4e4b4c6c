import { describe, expect, it } from 'vitest';
import { roles } from '../../src/features/roles/resource';
import { users } from '../../src/features/users/resource';
import { userRoles } from '../../src/features/user-roles/resource';
import { toBody, toFormRecord } from '../../src/core/admin/generic/formValues';
import { confirmValidator, fieldValidators } from '../../src/core/admin/generic/validators';
import type { TranslateFunction } from 'react-admin';

const EN: Record<string, string> = {
  'app.validation.required': '{{label}} is required',
  'app.validation.email': 'Entered value does not match email format',
  'app.validation.password_min': 'Password must have at least {{min}} characters',
  'app.validation.passwords_mismatch': 'The passwords do not match',
};
const t: TranslateFunction = (key, args = {}) =>
  (EN[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String((args as Record<string, unknown>)[k]));

const run = (v: ReturnType<typeof fieldValidators>, value: unknown, all: Record<string, unknown> = {}) =>
  v.map((f) => f(value, all, {})).find(Boolean);

describe('generic form values', () => {
  it('edits populated refs as ids and sends only declared form fields', () => {
    const record = { id: 'r1', _id: 'r1', name: 'Admin', createdAt: 'x', permission: [{ _id: 'p1', name: 'P' }], clientPermission: ['c1'] };
    expect(toFormRecord(roles, record)).toMatchObject({ permission: ['p1'], clientPermission: ['c1'] });
    expect(toBody(roles, record, false)).toEqual({
      name: 'Admin',
      type: '',
      description: '',
      requireTwoFactor: false,
      permission: ['p1'],
      clientPermission: ['c1'],
    });
    const ur = toFormRecord(userRoles, { id: 'x', user: { _id: 'u1', name: 'A' }, role: { _id: 'r1' } });
    expect([ur.user, ur.role]).toEqual(['u1', 'r1']);
  });

  it('sends a password only when one was typed, never its confirmation', () => {
    const base = { name: ' Ann ', email: 'ann@x.io', confirmed: true, blocked: false };
    expect(toBody(users, { ...base, password: '', passwordConfirm: '' }, true)).toEqual({
      name: 'Ann',
      email: 'ann@x.io',
      confirmed: true,
      blocked: false,
    });
    expect(toBody(users, { ...base, password: 'secret1', passwordConfirm: 'secret1' }, false)).toMatchObject({ password: 'secret1' });
  });

  it('validates with the required, e-mail and password messages', () => {
    expect(run(fieldValidators(t, users.fields.name, 'Name'), '')).toBe('Name is required');
    expect(run(fieldValidators(t, users.fields.email, 'Email'), 'nope')).toBe('Entered value does not match email format');
    expect(run(fieldValidators(t, users.fields.email, 'Email'), 'a@b.co')).toBeUndefined();
    expect(run(fieldValidators(t, users.fields.password, 'Password'), '12345')).toBe('Password must have at least 6 characters');
    expect(confirmValidator(t, 'password')('x', { password: 'secret1' }, {})).toBe('The passwords do not match');
    expect(confirmValidator(t, 'password')('secret1', { password: 'secret1' }, {})).toBeUndefined();
  });
});
