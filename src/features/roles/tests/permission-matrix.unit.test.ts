import { describe, expect, test } from 'vitest';
import { changedRoles, copyRole, coverage, grantsOf, groupRows, resourceOfRoute, setMany } from '../admin/matrix/matrixModel';

const roles = [
  { _id: 'admin', name: 'Admin', type: 'admin', permission: [{ _id: 'p1' }, { _id: 'p2' }], clientPermission: [{ _id: 'm1' }] },
  { _id: 'user', name: 'User', type: 'user', permission: [], clientPermission: [] },
];

describe('permission matrix model', () => {
  test('routes group by their resource', () => {
    expect(resourceOfRoute('/api/auth/users/:id')).toBe('users');
    expect(resourceOfRoute('/api/auth/roles/:id/permissions')).toBe('roles');
    expect(resourceOfRoute('/api/upload/profile-image')).toBe('upload');
    const groups = groupRows(
      [
        { id: 'b', route: '/api/auth/users' },
        { id: 'a', route: '/api/auth/invites' },
        { id: 'c', route: '/api/auth/users/:id' },
      ],
      (p) => resourceOfRoute(p.route),
      (p) => ({ _id: p.id, label: p.route, detail: '' }),
    );
    expect(groups.map((g) => [g.key, g.rows.map((r) => r._id)])).toEqual([
      ['invites', ['a']],
      ['users', ['b', 'c']],
    ]);
  });

  test('a group or a role is all, some or none; setting many sets exactly those', () => {
    const g = grantsOf(roles, 'permission');
    expect(coverage(g, 'admin', ['p1', 'p2'])).toBe('all');
    expect(coverage(g, 'admin', ['p1', 'p3'])).toBe('some');
    expect(coverage(g, 'user', ['p1'])).toBe('none');
    const on = setMany(g, 'user', ['p1', 'p3'], true);
    expect([...on.user].sort()).toEqual(['p1', 'p3']);
    expect([...setMany(on, 'user', ['p1'], false).user]).toEqual(['p3']);
    // The loaded grants are untouched (the draft is a copy).
    expect(g.user.size).toBe(0);
  });

  test('copying a role gives it exactly the other’s; only changed roles are saved', () => {
    const g = grantsOf(roles, 'permission');
    const copied = copyRole(g, 'admin', 'user');
    expect([...copied.user].sort()).toEqual(['p1', 'p2']);
    expect(changedRoles(g, copied)).toEqual(['user']);
    expect(changedRoles(g, setMany(setMany(g, 'admin', ['p3'], true), 'admin', ['p3'], false))).toEqual([]);
  });
});
