// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../../core/server/config';
import { redactUrl } from '../../../core/server/http/redact-url';
import { takeOidcReturn } from '../site/oidcReturn';
import { oidcErrorKey, oidcStartUrl } from '../links';
import { signIn } from '../../sign-in/site/signIn';

const ISSUER = 'https://id.example.com/realms/staff';

describe('OIDC_* settings', () => {
  it('default to no provider, and read a full configuration', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    const c = loadConfig({
      OIDC_ISSUER: ISSUER,
      OIDC_CLIENT_ID: 'backoffice',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_ALLOWED_DOMAINS: 'Example.com, @staff.example.org',
      OIDC_ROLES_CLAIM: 'groups',
      OIDC_ROLE_MAP: 'admins=Admin, editors = Editor ,ops=Super Admin',
      OIDC_TRUST_AMR: '1',
    }).oidc;
    expect(c).toEqual({
      issuer: ISSUER,
      clientId: 'backoffice',
      clientSecret: 's3cret',
      scopes: 'openid email profile',
      buttonLabel: undefined,
      allowedDomains: ['example.com', 'staff.example.org'],
      rolesClaim: 'groups',
      roleMap: { admins: 'Admin', editors: 'Editor', ops: 'Super Admin' },
      trustAmr: true,
    });
    expect(loadConfig({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'x', OIDC_SCOPES: 'email groups' }).oidc?.scopes).toBe('openid email groups');
    expect(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:8080', OIDC_CLIENT_ID: 'x' }).oidc?.issuer).toBe('http://127.0.0.1:8080');
  });

  it.each([
    [{ OIDC_CLIENT_ID: 'x' }, 'OIDC_CLIENT_ID is set but OIDC_ISSUER is not: set OIDC_ISSUER to enable OpenID Connect sign-in'],
    [{ OIDC_ISSUER: ISSUER }, 'OIDC_CLIENT_ID is required when OIDC_ISSUER is set'],
    [{ OIDC_ISSUER: 'http://id.example.com', OIDC_CLIENT_ID: 'x' }, 'OIDC_ISSUER must start with https:// (http:// only on localhost)'],
    [{ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'x' }, 'OIDC_ISSUER is not a valid URL'],
    [
      { OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'x', OIDC_ROLE_MAP: 'admins=Admin' },
      'OIDC_ROLE_MAP needs OIDC_ROLES_CLAIM (the claim that lists the groups)',
    ],
    [
      { OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'x', OIDC_ROLES_CLAIM: 'groups', OIDC_ROLE_MAP: 'admins' },
      'OIDC_ROLE_MAP must be claim=Role pairs separated by commas, got "admins"',
    ],
    [
      { OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'x', OIDC_ALLOWED_DOMAINS: 'not a domain' },
      'OIDC_ALLOWED_DOMAINS has "not a domain", which is not a domain',
    ],
    [{ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'x', OIDC_TRUST_AMR: 'yes' }, 'OIDC_TRUST_AMR must be 1 or 0, got "yes"'],
  ])('refuse %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('logged URLs never carry the provider’s code or state', () => {
    expect(redactUrl('/api/auth/oidc/callback?code=abc&state=def&iss=x')).toBe(
      '/api/auth/oidc/callback?code=[redacted]&state=[redacted]&iss=x',
    );
  });
});

describe('the login page’s return from the provider', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('takes the one-time code out of the address', () => {
    window.history.replaceState(null, '', '/admin/login?next=%2Fadmin%2Fusers#oidc=abc-123');
    expect(takeOidcReturn()).toEqual({ code: 'abc-123' });
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?next=%2Fadmin%2Fusers');
    expect(takeOidcReturn()).toBeNull();
  });

  it('names a refusal by its reason; an unknown one is a failure', () => {
    window.history.replaceState(null, '', '/admin/login#oidc_error=no_account');
    expect(takeOidcReturn()).toEqual({ error: 'no_account' });
    window.history.replaceState(null, '', '/admin/login#oidc_error=%3Cscript%3E');
    expect(takeOidcReturn()).toEqual({ error: 'failed' });
    window.history.replaceState(null, '', '/admin/login#section');
    expect(takeOidcReturn()).toBeNull();
    expect(window.location.hash).toBe('#section');
  });

  it('starts with the invite and next; translates refusal codes', () => {
    expect(oidcStartUrl(undefined, null)).toBe('/api/auth/oidc/start');
    expect(oidcStartUrl('tok en', '/admin/users?x=1')).toBe('/api/auth/oidc/start?invite=tok+en&next=%2Fadmin%2Fusers%3Fx%3D1');
    expect(oidcErrorKey('oidc_blocked')).toBe('app.oidc.errors.blocked');
    expect(oidcErrorKey('oidc_nope')).toBeNull();
    expect(oidcErrorKey('two_factor_setup_required')).toBeNull();
  });

  it('exchanges the code at POST /api/auth/oidc/complete and keeps the refusal’s code', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ error: 'This sign-in has expired or was already used. Please start again.', code: 'oidc_expired' }), {
          status: 410,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await signIn({ code: 'one-time-code-123456' }, 'fallback');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/oidc/complete');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ code: 'one-time-code-123456' });
    expect(result).toEqual({
      kind: 'error',
      text: 'This sign-in has expired or was already used. Please start again.',
      code: 'oidc_expired',
    });
  });
});
