// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../src/core/admin/providers/authProvider';
import { productResources } from '../../resources/set';

/** An unsigned JWT: the browser reads `exp`, only the server checks signatures. */
function jwt(payload: Record<string, unknown>): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

function signIn(token: string) {
  localStorage.setItem('userInfo', JSON.stringify({ token, user: { _id: 'u1', name: 'Ann', email: 'ann@example.com' } }));
}

afterEach(() => {
  localStorage.clear();
});

describe('the auth provider reads the token expiry (jwt-decode)', () => {
  const provider = createAuthProvider(productResources);

  it('keeps a session whose token has not expired', async () => {
    signIn(jwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }));
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    expect(localStorage.getItem('userInfo')).not.toBeNull();
  });

  it('signs out once the expiry has passed', async () => {
    // (jsdom does not navigate; the sign-in page load is checked in tests/e2e/usability.test.ts.)
    signIn(jwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) - 5 }));
    await expect(provider.checkAuth({})).rejects.toBeDefined();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('leaves an opaque (non-JWT) token to the server', async () => {
    signIn('opaque-session-token');
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
  });
});
