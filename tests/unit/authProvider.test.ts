// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../src/core/admin/providers/authProvider';
import { forgetPermissions, type AdminPermissions } from '../../src/core/admin/providers/permissions';
import { apiError } from '../../src/core/admin/api/ApiError';
import { getRole, getUserInfo, saveSession } from '../../src/core/web/session';
import { fakeFetch } from './fakeFetch';

const user = { _id: 'u1', name: 'Ada Admin', email: 'ada@x.io', image: null };

describe('authProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetPermissions();
  });
  afterEach(() => vi.restoreAllMocks());

  it('stores userInfo and role after an e-mail login', async () => {
    const calls = fakeFetch(() => ({ body: { token: 't1', user, role: { name: 'Super Admin', type: 'superadmin' } } }));
    await authProvider.login({ email: 'ada@x.io', password: 'secret1' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/login', body: { email: 'ada@x.io', password: 'secret1' } });
    expect(getUserInfo()).toEqual({ token: 't1', user });
    expect(getRole()).toEqual({ name: 'Super Admin', type: 'superadmin' });
  });

  it('sends the Google credential and invite to /api/auth/google', async () => {
    const calls = fakeFetch(() => ({ body: { token: 't2', user, role: null } }));
    await authProvider.login({ credential: 'jwt', invite: 'inv' });
    expect(calls[0]).toMatchObject({ url: '/api/auth/google', body: { credential: 'jwt', invite: 'inv' } });
    expect(getRole()).toBeNull();
  });

  it('rejects a failed login with the server message and stores nothing', async () => {
    fakeFetch(() => ({ status: 401, body: { error: 'Invalid email or password.' } }));
    await expect(authProvider.login({ email: 'a@x.io', password: 'nope12' })).rejects.toThrow('Invalid email or password.');
    expect(getUserInfo()).toBeNull();
  });

  it('logout ends the server session and clears userInfo and role', async () => {
    saveSession({ token: 't1', user }, { name: 'Admin', type: 'admin' });
    const calls = fakeFetch(() => ({ body: { ok: true } }));
    await authProvider.logout({});
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/logout', auth: 'Bearer t1' });
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
  });

  it('checkAuth fails without a stored token, silently (the layout guard redirects)', async () => {
    await expect(authProvider.checkAuth({})).rejects.toEqual({ redirectTo: false, message: false });
    saveSession({ token: 't1', user }, null);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('a 401 clears the stored session and leaves for the one sign-in page with a message', async () => {
    saveSession({ token: 't1', user }, { name: 'Admin', type: 'admin' });
    window.history.replaceState(null, '', '/admin/users?page=2');
    const rejection = await authProvider.checkError(apiError(401, { error: 'Unauthorized' })).catch((e: unknown) => e);
    // A full load of /admin/login?next=... (endSession), not react-admin's in-app login page.
    expect(rejection).toEqual({ redirectTo: false, message: false });
    expect(JSON.parse(sessionStorage.getItem('flash') ?? '{}')).toEqual({ message: 'app.auth.session_ended', type: 'info' });
    expect(getUserInfo()).toBeNull();
    expect(getRole()).toBeNull();
  });

  it('a 403 is logged as a permission error and keeps the session', async () => {
    saveSession({ token: 't1', user }, null);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(authProvider.checkError(apiError(403, { error: 'Forbidden' }))).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Permission error (403):', 'Forbidden');
    expect(getUserInfo()?.token).toBe('t1');
  });

  it('identity comes from userInfo, permissions from user-categories and my-permissions, access from user-categories', async () => {
    saveSession({ token: 't1', user }, null);
    const calls = fakeFetch((c) =>
      c.url.startsWith('/api/auth/my-permissions')
        ? { body: { superadmin: false, data: [{ method: 'GET', route: '/api/auth/users' }], access: {} } }
        : { body: { data: [{ _id: 'c1', name: 'Users', path: '/users', menu: 'normal', menu_order: 1 }], total: 1, page: 1, pages: 1 } },
    );
    expect(await authProvider.getIdentity?.()).toMatchObject({ id: 'u1', fullName: 'Ada Admin' });
    const perms = (await authProvider.getPermissions?.({})) as AdminPermissions;
    expect(perms.categories.map((p) => p.path)).toEqual(['/users']);
    expect(perms.calls.data).toEqual([{ method: 'GET', route: '/api/auth/users' }]);
    expect(await authProvider.canAccess?.({ resource: 'users', action: 'list' })).toBe(true);
    expect(await authProvider.canAccess?.({ resource: 'roles', action: 'list' })).toBe(false);
    // One request: categories are cached for the session.
    expect(calls.map((c) => c.url).sort()).toEqual(['/api/auth/my-permissions', '/api/auth/user-categories?page=1&limit=50']);
  });
});
