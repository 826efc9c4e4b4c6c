// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLoginPath } from '../../../core/web/adminPaths';
import { loginTarget } from '../../../core/web/loginTarget';
import { setFlash, takeFlash } from '../../../core/web/flash';
import { getRole, getUserInfo } from '../../../core/web/session';
import { signIn } from '../site/signIn';

const answer = (status: number, body: unknown) =>
  vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('light login page', () => {
  it('serves only /admin/login itself, and leads to same-site next or /admin', () => {
    expect(isLoginPath('/admin/login')).toBe(true);
    expect(isLoginPath('/admin/login/')).toBe(true);
    expect(isLoginPath('/admin/users')).toBe(false);
    expect(loginTarget('?next=%2Fadmin%2Fusers%3Fx%3D1')).toBe('/admin/users?x=1');
    expect(loginTarget('?next=https://evil.example')).toBe('/admin');
  });

  it('stores the session under the same keys as the admin authProvider', async () => {
    const fetch = answer(200, { token: 't1', user: { _id: 'u1', name: 'Ann', email: 'a@x.io' }, role: { name: 'Admin', type: 'admin' } });
    vi.stubGlobal('fetch', fetch);
    expect(await signIn({ email: 'a@x.io', password: 'pw' }, 'fallback')).toEqual({ kind: 'signed-in' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/login');
    expect(getUserInfo()).toEqual({ token: 't1', user: { _id: 'u1', name: 'Ann', email: 'a@x.io' } });
    expect(getRole()).toEqual({ name: 'Admin', type: 'admin' });
  });

  it('passes the invite to Google sign-in and stores nothing on 202', async () => {
    const fetch = answer(202, { ok: true, message: 'Registration submitted. Awaiting approval.' });
    vi.stubGlobal('fetch', fetch);
    expect(await signIn({ credential: 'c', invite: 'inv' }, 'fallback')).toEqual({
      kind: 'pending',
      message: 'Registration submitted. Awaiting approval.',
    });
    const [url, init] = fetch.mock.calls[0] ?? ['', {}];
    expect([url, JSON.parse(String(init?.body))]).toEqual(['/api/auth/google', { credential: 'c', invite: 'inv' }]);
    expect(getUserInfo()).toBeNull();
  });

  it("shows the server's error text, else the fallback", async () => {
    vi.stubGlobal('fetch', answer(401, { error: 'Invalid email or password.' }));
    expect(await signIn({ email: 'a@x.io', password: 'no' }, 'fallback')).toEqual({ kind: 'error', text: 'Invalid email or password.' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await signIn({ email: 'a@x.io', password: 'no' }, 'fallback')).toEqual({ kind: 'error', text: 'fallback' });
  });

  it('hands one flash message to the next page load', () => {
    setFlash({ message: 'app.auth.login_success', type: 'success' });
    expect(takeFlash()).toEqual({ message: 'app.auth.login_success', type: 'success' });
    expect(takeFlash()).toBeNull();
  });
});
