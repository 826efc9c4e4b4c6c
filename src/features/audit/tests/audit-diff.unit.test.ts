import { describe, expect, it } from 'vitest';
import { recordDiff, redact } from '../../../core/server/audit/diff';
import { users } from '../../users/resource';
import { roles } from '../../roles/resource';

// The audit trail's diff: only what changed, secrets redacted, lists by what was added and removed.

describe('recordDiff', () => {
  it('a create lists the values given; a password only says it was set', () => {
    const after = { _id: 'u1', name: 'Ann', email: 'ann@example.com', password: null, blocked: false };
    const diff = recordDiff(users, undefined, after, { name: 'Ann', email: 'ann@example.com', password: 'secret-1' });
    expect(diff.name).toEqual({ before: null, after: 'Ann' });
    expect(diff.password).toEqual({ after: '[redacted]' });
    expect(JSON.stringify(diff)).not.toContain('secret-1');
  });

  it('an update keeps only changed fields; nothing changed is an empty diff', () => {
    const before = { _id: 'u1', name: 'Ann', email: 'ann@example.com' };
    expect(recordDiff(users, before, { ...before, name: 'Anna' }, { name: 'Anna' })).toEqual({ name: { before: 'Ann', after: 'Anna' } });
    expect(recordDiff(users, before, before, { name: 'Ann' })).toEqual({});
  });

  it('lists of records say what was added and removed, by id', () => {
    const a = { _id: 'p1', name: 'GET users' };
    const b = { _id: 'p2', name: 'GET roles' };
    const c = { _id: 'p3', name: 'GET invites' };
    const diff = recordDiff(roles, { _id: 'r', permission: [a, b] }, { _id: 'r', permission: [b, c] }, { permission: ['p2', 'p3'] });
    expect(diff.permission).toEqual({ added: [c], removed: [a] });
  });
});

describe('redact', () => {
  it('replaces secret-named values at any depth', () => {
    expect(redact({ a: 1, token: 'x', nested: [{ passwordHash: 'h', ok: 'y' }], apiKey: 'k' })).toEqual({
      a: 1,
      token: '[redacted]',
      nested: [{ passwordHash: '[redacted]', ok: 'y' }],
      apiKey: '[redacted]',
    });
  });
});
