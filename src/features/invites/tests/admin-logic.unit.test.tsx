// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { inviteBody } from '../admin/inviteForm';
import { invalidReason, inviteToken, refusalReason } from '../site/acceptInviteState';
import { validateRegistration } from '../site/acceptInviteValidation';
import { interpolate, lookup, type Messages } from '../../../core/web/localeFile';
import en from '../../../../public/locales/en/translations.json';
import el from '../../../../public/locales/el/translations.json';

const t = (key: string, vars?: Record<string, string | number>) => interpolate(lookup(en as Messages, key) ?? key, vars);

/** Every dotted key under a branch of a translations file. */
function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('invite form values', () => {
  it('omits a blank e-mail and trims a given one', () => {
    expect(inviteBody({ email: '   ', hours: 48 })).toEqual({ hours: 48 });
    expect(inviteBody({ email: ' a@b.co ', hours: 2 })).toEqual({ email: 'a@b.co', hours: 2 });
  });

  it('falls back to 48 hours when not a number and keeps at least 1', () => {
    expect(inviteBody({ hours: '' })).toEqual({ hours: 48 });
    expect(inviteBody({ hours: null })).toEqual({ hours: 48 });
    expect(inviteBody({ hours: 'abc' })).toEqual({ hours: 48 });
    expect(inviteBody({ hours: 0 })).toEqual({ hours: 1 });
    expect(inviteBody({ hours: '12' })).toEqual({ hours: 12 });
  });
});

describe('accept-invite decisions', () => {
  it('reads the token from ?token= or ?invite=', () => {
    expect(inviteToken('?token=abc')).toBe('abc');
    expect(inviteToken('?invite=xyz')).toBe('xyz');
    expect(inviteToken('?token=')).toBeNull();
    expect(inviteToken('')).toBeNull();
  });

  it('is usable only when ok and neither expired nor consumed', () => {
    const base = { ok: true, expired: false, consumed: false, email: null, expiresAt: null };
    expect(invalidReason(base)).toBeNull();
    expect(invalidReason({ ...base, ok: false, expired: true })).toBe('expired');
    expect(invalidReason({ ...base, ok: false, consumed: true })).toBe('used');
    expect(invalidReason({ ...base, ok: false })).toBe('invalid');
  });

  it('maps registration refusals about the invite itself, not others', () => {
    expect(refusalReason(410, 'This invite has expired.')).toBe('expired');
    expect(refusalReason(409, 'This invite has already been used.')).toBe('used');
    expect(refusalReason(404, 'Invite not valid.')).toBe('invalid');
    expect(refusalReason(409, 'An account with this email already exists. Sign in instead.')).toBeNull();
    expect(refusalReason(403, 'Email is locked to the invited address.')).toBeNull();
  });

  it('validates name, e-mail and password with the same messages as the admin forms', () => {
    expect(validateRegistration({ name: ' ', email: '', password: '' }, t)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateRegistration({ name: 'Ivy', email: 'ivy@', password: '12345' }, t)).toEqual({
      email: 'Entered value does not match email format',
      password: 'Password must have at least 6 characters',
    });
    expect(validateRegistration({ name: 'Ivy', email: 'ivy@x.io', password: '123456' }, t)).toEqual({});
  });

  it('has every invites and accept-invite text in both languages', () => {
    for (const branch of ['invites', 'acceptInvite'] as const) {
      const enKeys = keysOf(en.app[branch]).sort();
      expect(enKeys.length).toBeGreaterThan(10);
      expect(keysOf(el.app[branch]).sort()).toEqual(enKeys);
    }
  });
});
