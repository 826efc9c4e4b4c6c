// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../src/core/admin/providers/authProvider';
import { productResources } from '../../resources/set';
import { tokenExpired, tokenExpiresAt } from '../../src/core/web/tokenExpiry';

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

describe("a token's expiry, read in the browser", () => {
  it('reads `exp` from a payload with Greek names and base64url characters, unpadded', () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    // Names whose UTF-8 encodes to '-' and '_' in base64url, and lengths that need no, one and two '=' of padding.
    for (const name of ['Μαρία Παπαδοπούλου', 'Ζωή ~~~?>>>', 'Ann', 'Anna']) {
      const token = jwt({ sub: 'u1', name, exp });
      expect(token.split('.')[1]).not.toContain('=');
      expect(tokenExpiresAt(token)).toBe(exp * 1000);
      expect(tokenExpired(token)).toBe(false);
      expect(tokenExpired(token, (exp + 1) * 1000)).toBe(true);
    }
    expect(jwt({ name: 'Ζωή ~~~?>>>', exp })).toMatch(/[-_]/);
  });

  it('knows no expiry for a token that is not a JWT or has no numeric `exp`', () => {
    for (const token of ['', 'opaque-session-token', 'a.b.c', 'a..c', 'a.%%%.c', jwt({ sub: 'u1' }), jwt({ exp: '2030-01-01' })]) {
      expect(tokenExpiresAt(token)).toBeNull();
      expect(tokenExpired(token)).toBe(false);
    }
    // A payload of `null` or a number, not an object.
    expect(tokenExpiresAt(`x.${Buffer.from('null').toString('base64url')}.y`)).toBeNull();
    expect(tokenExpiresAt(`x.${Buffer.from('12').toString('base64url')}.y`)).toBeNull();
  });
});

describe('the auth provider reads the token expiry', () => {
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
