// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { isSelf, lockOutFields } from '../../src/core/admin/generic/selfRecord';
import { clearSession, saveSession } from '../../src/core/web/session';
import { users } from '../../src/features/users/resource';
import { roles } from '../../src/features/roles/resource';

const me = { _id: '11111111-1111-1111-1111-111111111111', name: 'Me', email: 'me@example.com', image: null };

describe('the admin does not offer what the server refuses on oneself', () => {
  afterEach(() => clearSession());

  it('knows the signed-in user’s own record from the declaration', () => {
    saveSession({ token: 't', user: me }, null);
    expect(isSelf(users, { id: me._id })).toBe(true);
    expect(isSelf(users, { id: '22222222-2222-2222-2222-222222222222' })).toBe(false);
    // A role is never "oneself", even with the same id.
    expect(isSelf(roles, { id: me._id })).toBe(false);
    clearSession();
    expect(isSelf(users, { id: me._id })).toBe(false);
  });

  it('hides the fields that would lock oneself out', () => {
    expect(lockOutFields(users)).toEqual(['blocked', 'confirmed']);
    expect(lockOutFields(roles)).toEqual([]);
  });
});
