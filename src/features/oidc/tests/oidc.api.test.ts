import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { generateKeyPair, exportJWK } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type App } from '../../../core/server/app';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser, runSql, uniqueEmail } from '../../../../tests/api/helpers';
import { startTestProvider, partsOf, type TestProvider } from './test-provider';
import { completionCodeOf, ProviderBrowser, startAt } from './flow';

const CLIENT_ID = 'backoffice';
const CLIENT_SECRET = 'oidc-client-secret-value-for-the-tests';
const APP_ORIGIN = 'http://localhost:3000';
const REDIRECT_URI = `${APP_ORIGIN}/api/auth/oidc/callback`;

let tp: TestProvider;
let h: Harness;
const logLines: string[] = [];
const replicas: App[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  tp = await startTestProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT_URI] });
  const logStream = new PassThrough();
  logStream.on('data', (c: Buffer) => logLines.push(...c.toString('utf8').split('\n').filter(Boolean)));
  h = await startHarness(
    {
      LOG_LEVEL: 'info',
      OIDC_ISSUER: tp.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_BUTTON_LABEL: 'Sign in with Example ID',
      OIDC_ALLOWED_DOMAINS: 'allowed.example',
      OIDC_ROLES_CLAIM: 'groups',
      OIDC_ROLE_MAP: 'admins=Admin,root=Super Admin',
      OIDC_TRUST_AMR: '1',
    },
    { logStream },
  );
});
afterAll(async () => {
  for (const app of replicas) await app.close();
  await h?.close();
  await tp?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

let seq = 0;
/** A person at the provider; `email_verified` true unless said otherwise. */
function person(claims: { email?: string; email_verified?: boolean; name?: string; groups?: string[] } = {}) {
  const sub = `sub-${Date.now().toString(36)}-${++seq}`;
  tp.accounts.set(sub, { sub, email: uniqueEmail('oidc'), email_verified: true, name: 'Provider Person', ...claims });
  return sub;
}

/** Start on `startApp`, sign in at the provider as `sub`, land the callback on `callbackApp`. */
async function callback(sub: string, opts: { invite?: string; amr?: string; next?: string; startApp?: App; callbackApp?: App } = {}) {
  const query: Record<string, string> = {};
  if (opts.invite) query.invite = opts.invite;
  if (opts.next) query.next = opts.next;
  const authUrl = await startAt(opts.startApp ?? h.app, query);
  const back = await new ProviderBrowser(APP_ORIGIN).authorize(authUrl, sub, { amr: opts.amr });
  const res = await (opts.callbackApp ?? h.app).inject({ method: 'GET', url: back });
  return { res, back };
}

const complete = (code: string, app: App = h.app) => app.inject({ method: 'POST', url: '/api/auth/oidc/complete', payload: { code } });

/** The whole way, to the answer the login page gets. */
async function signInAs(sub: string, opts: { invite?: string; amr?: string } = {}) {
  const { res } = await callback(sub, opts);
  expect(res.statusCode).toBe(302);
  return complete(completionCodeOf(res));
}

const rolesOf = async (userId: string) =>
  (
    await runSql(
      h,
      sql`SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${userId}::uuid ORDER BY r.name`,
    )
  ).map((r) => r.name);

const userByEmail = async (email: string) => (await runSql(h, sql`SELECT * FROM users WHERE email = ${email}`))[0];

describe('configuration', () => {
  test('/api/config offers the provider’s button with its label', async () => {
    const res = await call(h, 'GET', '/api/config');
    expect(res.json().oidc).toEqual({ buttonLabel: 'Sign in with Example ID' });
  });

  test('start redirects to the provider with PKCE, state and nonce', async () => {
    const url = new URL(await startAt(h.app, { next: '/admin/users' }));
    expect(url.origin).toBe(tp.issuer);
    const p = url.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe(CLIENT_ID);
    expect(p.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(p.get('scope')).toBe('openid email profile groups');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(p.get('state')).toMatch(/^[\w-]{43}$/);
    expect(p.get('nonce')).toMatch(/^[\w-]{43}$/);
    // The database keeps a hash of the state, never the state itself.
    const rows = await runSql(h, sql`SELECT state_hash FROM oidc_sign_ins WHERE state_hash = ${p.get('state')}`);
    expect(rows).toEqual([]);
  });
});

describe('signing in', () => {
  test('an existing account with the verified e-mail is linked and signed in; later by its subject', async () => {
    const u = await createUser(h, { name: 'Eleni', role: 'User' });
    const sub = person({ email: u.email });
    const { res } = await callback(sub, { next: '/admin/users' });
    expect(res.statusCode).toBe(302);
    // The login page gets a one-time code in the fragment, never a session token in the URL.
    expect(res.headers.location).toMatch(/^\/admin\/login\?next=%2Fadmin%2Fusers#oidc=[\w-]{43}$/);
    const code = completionCodeOf(res);
    const done = await complete(code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ token: expect.any(String), user: { _id: u._id, email: u.email }, role: { name: 'User' } });
    const me = await call(h, 'GET', '/api/auth/my-profile', { token: done.json().token });
    expect(me.json().email).toBe(u.email);
    // The code works once.
    const again = await complete(code);
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('oidc_expired');

    // The audit trail names the provider.
    const audit = await call(h, 'GET', `/api/auth/audit-logs?recordId=${u._id}&action=sign-in-provider`, { token: h.adminToken });
    expect(audit.statusCode).toBe(200);
    expect(audit.json().data[0].diff.provider).toEqual({ after: tp.issuer });

    // The e-mail changes at the provider: the subject still finds the account.
    tp.accounts.set(sub, { ...tp.accounts.get(sub)!, email: uniqueEmail('moved') });
    const later = await signInAs(sub);
    expect(later.statusCode).toBe(200);
    expect(later.json().user._id).toBe(u._id);
  });

  test('an e-mail the provider has not verified links nothing', async () => {
    const u = await createUser(h);
    const sub = person({ email: u.email, email_verified: false });
    const { res } = await callback(sub);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'The sign-in provider did not confirm your e-mail address.', code: 'oidc_email_unverified' });
    expect((await userByEmail(u.email)).oidc_sub).toBeNull();
  });

  test('a stranger is refused and told to ask for an invite; a browser is sent to the login page', async () => {
    const sub = person({ email: uniqueEmail('stranger') });
    const { res } = await callback(sub);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'No account exists for you. Ask an administrator for an invite.', code: 'oidc_no_account' });

    const authUrl = await startAt(h.app);
    const back = await new ProviderBrowser(APP_ORIGIN).authorize(authUrl, sub);
    const page = await h.app.inject({ method: 'GET', url: back, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<meta http-equiv="refresh" content="0;url=/admin/login#oidc_error=no_account">');
    expect(page.body).toContain('Ask an administrator for an invite.');

    const audit = await call(h, 'GET', '/api/auth/audit-logs?action=sign-in-failed', { token: h.adminToken });
    const entry = audit.json().data.find((e: { actorEmail: string }) => e.actorEmail === tp.accounts.get(sub)!.email);
    expect(entry.diff).toEqual({ reason: { after: 'oidc no_account' }, provider: { after: tp.issuer } });
  });

  test('an invite registers a new person awaiting approval (202), who signs in once approved', async () => {
    const inv = (await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body: {} })).json() as { _id: string; token: string };
    const email = uniqueEmail('invited');
    const sub = person({ email, name: 'Invited Person', groups: ['admins'] });
    const first = await signInAs(sub, { invite: inv.token });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ ok: true, message: 'Registration submitted. Awaiting approval.' });
    const user = await userByEmail(email);
    expect(user).toMatchObject({ name: 'Invited Person', confirmed: false, oidc_sub: sub });
    // Roles come with the first sign-in after the approval, not with the registration.
    expect(await rolesOf(String(user.id))).toEqual([]);

    const waiting = await callback(sub);
    expect(waiting.res.statusCode).toBe(403);
    expect(waiting.res.json().code).toBe('oidc_unconfirmed');

    expect((await call(h, 'POST', `/api/auth/invites/${inv._id}/approve`, { token: h.adminToken })).statusCode).toBe(200);
    const after = await signInAs(sub);
    expect(after.statusCode).toBe(200);
    expect(after.json().user.email).toBe(email);
    // The invite's own role from the approval, and the provider's mapped one.
    expect(await rolesOf(String(user.id))).toEqual(['Admin', 'User']);

    // The invite worked once.
    const other = person({ email: uniqueEmail('second') });
    const used = await callback(other, { invite: inv.token });
    expect(used.res.statusCode).toBe(409);
    expect(used.res.json().code).toBe('oidc_invite_used');
  });

  test('a person of an allowed domain gets an account at their first sign-in', async () => {
    const email = `someone-${Date.now().toString(36)}@allowed.example`;
    const sub = person({ email, name: 'Domain Person' });
    const res = await signInAs(sub);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { name: 'Domain Person', email }, token: expect.any(String) });
    expect(await userByEmail(email)).toMatchObject({ confirmed: true, blocked: false, oidc_sub: sub });
  });

  test('a blocked account is refused', async () => {
    const u = await createUser(h, { blocked: true });
    const sub = person({ email: u.email });
    const { res } = await callback(sub);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Your account is blocked. Please contact an administrator.', code: 'oidc_blocked' });
  });
});

describe('roles from the provider', () => {
  test('the map sets the mapped roles at each sign-in and leaves the others; an unmapped group grants nothing', async () => {
    const u = await createUser(h, { role: 'User' });
    // "superadmins" is no key of the map: it makes nobody a superadmin.
    const sub = person({ email: u.email, groups: ['admins', 'superadmins', 'Super Admin'] });
    const first = await signInAs(sub);
    expect(first.statusCode).toBe(200);
    expect(await rolesOf(u._id)).toEqual(['Admin', 'User']);
    expect(first.json().role).toEqual({ name: 'Admin', type: 'admin' });
    // Through the write path: the role link's audit entry.
    const audit = await call(h, 'GET', `/api/auth/audit-logs?action=role-link`, { token: h.adminToken });
    expect(audit.json().data.some((e: { actorId: string }) => e.actorId === u._id)).toBe(true);

    tp.accounts.set(sub, { ...tp.accounts.get(sub)!, groups: [] });
    expect((await signInAs(sub)).statusCode).toBe(200);
    expect(await rolesOf(u._id)).toEqual(['User']);
  });

  test('a superadmin comes only from a map that names the superadmin role', async () => {
    const u = await createUser(h);
    const sub = person({ email: u.email, groups: ['root'] });
    const res = await signInAs(sub);
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toEqual({ name: 'Super Admin', type: 'superadmin' });
  });
});

describe('two-factor sign-in', () => {
  async function withTwoFactor() {
    const u = await createUser(h, { role: 'User' });
    const token = await h.login(u.email, u.password);
    const { secret } = (await call(h, 'POST', '/api/auth/2fa/setup', { token })).json() as { secret: string };
    const codeAt = (ms: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });
    expect((await call(h, 'POST', '/api/auth/2fa/enable', { token, body: { code: codeAt(Date.now() - 30_000) } })).statusCode).toBe(200);
    return { u, codeAt };
  }

  test('the product’s code is still asked after the provider', async () => {
    const { u, codeAt } = await withTwoFactor();
    const sub = person({ email: u.email });
    const res = await signInAs(sub, { amr: 'pwd' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true, ticket: expect.any(String) });
    const done = await call(h, 'POST', '/api/auth/2fa/verify', { body: { ticket: res.json().ticket, code: codeAt(Date.now()) } });
    expect(done.statusCode).toBe(200);
    expect(done.json().user._id).toBe(u._id);
  });

  test('unless the provider did multi-factor and OIDC_TRUST_AMR trusts it', async () => {
    const { u } = await withTwoFactor();
    const sub = person({ email: u.email });
    const res = await signInAs(sub, { amr: 'pwd otp' });
    expect(partsOf(tp.issued[tp.issued.length - 1]).claims.amr).toEqual(['pwd', 'otp']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: expect.any(String), user: { _id: u._id } });
  });
});

describe('a role that requires two-factor sign-in, for someone who has not set it up', () => {
  async function requiredButNotSetUp() {
    const role = await call(h, 'POST', '/api/auth/roles', {
      token: h.adminToken,
      body: { name: `Needs 2FA ${Date.now()}`, description: 'Staff with two-factor sign-in', type: 'user', requireTwoFactor: true },
    });
    expect(role.statusCode).toBe(201);
    const u = await createUser(h);
    const link = await call(h, 'POST', '/api/auth/user-roles', { token: h.adminToken, body: { user: u._id, role: role.json()._id } });
    expect(link.statusCode).toBe(201);
    return person({ email: u.email });
  }

  test('the provider’s multi-factor, trusted, meets the requirement: no set-up screen, the session works', async () => {
    const res = await signInAs(await requiredButNotSetUp(), { amr: 'pwd mfa' });
    expect(res.statusCode).toBe(200);
    expect(res.json().twoFactorSetupRequired).toBeUndefined();
    expect((await call(h, 'GET', '/api/auth/notifications', { token: res.json().token })).statusCode).toBe(200);
  });

  test('a password at the provider does not: the set-up screen comes first', async () => {
    const res = await signInAs(await requiredButNotSetUp(), { amr: 'pwd' });
    expect(res.statusCode).toBe(200);
    expect(res.json().twoFactorSetupRequired).toBe(true);
    const refused = await call(h, 'GET', '/api/auth/notifications', { token: res.json().token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('two_factor_setup_required');
  });
});

describe('what the client refuses', () => {
  /** A sign-in whose token answer the proxy rewrites: the callback's answer. */
  async function withRewrite(rewrite: TestProvider['rewrite']) {
    const u = await createUser(h);
    const sub = person({ email: u.email });
    tp.rewrite = rewrite;
    try {
      return (await callback(sub)).res;
    } finally {
      tp.rewrite = null;
    }
  }

  const resign = (change: (c: Record<string, unknown>) => Record<string, unknown>) => async (t: string, p: TestProvider) =>
    p.sign(change(partsOf(t).claims));

  const refused = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'The sign-in could not be verified. Please start again.', code: 'oidc_failed' });
  };

  test('an ID token from another issuer', async () => {
    refused(await withRewrite(resign((c) => ({ ...c, iss: 'https://evil.example' }))));
  });

  test('an ID token for another audience', async () => {
    refused(await withRewrite(resign((c) => ({ ...c, aud: 'someone-elses-client' }))));
  });

  test('an expired ID token', async () => {
    const now = Math.floor(Date.now() / 1000);
    refused(await withRewrite(resign((c) => ({ ...c, iat: now - 7200, exp: now - 3600 }))));
  });

  test('an ID token issued in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    refused(await withRewrite(resign((c) => ({ ...c, iat: now + 3600, exp: now + 7200 }))));
  });

  test('a tampered signature', async () => {
    refused(
      await withRewrite((t) => {
        const [head, body, sig] = t.split('.');
        const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
        return `${head}.${body}.${flipped}`;
      }),
    );
  });

  test('changed claims under the original signature', async () => {
    refused(
      await withRewrite((t) => {
        const [head, , sig] = t.split('.');
        const claims = { ...partsOf(t).claims, email: 'admin@example.com' };
        return `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
      }),
    );
  });

  test('alg none', async () => {
    refused(
      await withRewrite((t) => {
        const head = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
        return `${head}.${t.split('.')[1]}.`;
      }),
    );
  });

  test('HMAC signed with the provider’s public key as the secret', async () => {
    refused(
      await withRewrite(async (t, p) => {
        const secret = new TextEncoder().encode(JSON.stringify(p.publicJwk));
        return p.sign(partsOf(t).claims, { key: secret, alg: 'HS256' });
      }),
    );
  });

  test('a key the provider does not publish', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    refused(await withRewrite(async (t, p) => p.sign(partsOf(t).claims, { key: privateKey, kid: 'not-published' })));
  });

  test('a replayed nonce: an ID token of an earlier sign-in', async () => {
    const known = await createUser(h);
    expect((await signInAs(person({ email: known.email }))).statusCode).toBe(200);
    const old = tp.issued[tp.issued.length - 1];
    refused(await withRewrite(() => old));
  });

  test('a key the provider has just rotated in is fetched and accepted', async () => {
    // A sign-in first, so the client holds the provider's keys as they were.
    const warm = await createUser(h);
    expect((await signInAs(person({ email: warm.email }))).statusCode).toBe(200);
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    tp.extraKeys.push({ ...(await exportJWK(publicKey)), kid: 'rotated-in', alg: 'RS256', use: 'sig' });
    try {
      const res = await withRewrite(async (t, p) => p.sign(partsOf(t).claims, { key: privateKey, kid: 'rotated-in' }));
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/#oidc=/);
    } finally {
      tp.extraKeys.length = 0;
    }
  });
});

describe('state and bad input', () => {
  test('a replayed state is refused', async () => {
    const u = await createUser(h);
    const sub = person({ email: u.email });
    const { res, back } = await callback(sub);
    expect(res.statusCode).toBe(302);
    const replay = await h.app.inject({ method: 'GET', url: back });
    expect(replay.statusCode).toBe(410);
    expect(replay.json()).toEqual({ error: 'This sign-in has expired or was already used. Please start again.', code: 'oidc_expired' });
  });

  test('a callback without state, with an unknown state, or the provider’s refusal', async () => {
    const none = await h.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=abc' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toHaveProperty('state');
    const unknown = await h.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=abc&state=never-issued' });
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().code).toBe('oidc_expired');

    const authUrl = new URL(await startAt(h.app));
    const state = authUrl.searchParams.get('state')!;
    const denied = await h.app.inject({ method: 'GET', url: `/api/auth/oidc/callback?error=access_denied&state=${state}` });
    expect(denied.statusCode).toBe(401);
    expect(denied.json().code).toBe('oidc_denied');
    // Nobody was named: logged, but nothing in the audit trail that anyone's stray requests could fill.
    const audit = await call(h, 'GET', '/api/auth/audit-logs?action=sign-in-failed&limit=100', { token: h.adminToken });
    const reasons = audit.json().data.map((e: { diff: { reason?: { after: string } } }) => e.diff.reason?.after);
    expect(reasons).not.toContain('oidc expired');
    expect(reasons).not.toContain('oidc denied');
  });

  test('a code the provider does not know', async () => {
    const state = new URL(await startAt(h.app)).searchParams.get('state')!;
    const res = await h.app.inject({ method: 'GET', url: `/api/auth/oidc/callback?code=made-up&state=${state}` });
    refusedAs(res, 401, 'oidc_failed');
  });

  test('an issuer parameter naming another provider (mix-up)', async () => {
    const state = new URL(await startAt(h.app)).searchParams.get('state')!;
    const res = await h.app.inject({ method: 'GET', url: `/api/auth/oidc/callback?code=x&state=${state}&iss=https%3A%2F%2Fevil.example` });
    refusedAs(res, 401, 'oidc_failed');
  });

  test('an unknown completion code', async () => {
    const res = await complete('x'.repeat(43));
    refusedAs(res, 410, 'oidc_expired');
  });

  test('the log holds no code, state, token or client secret', async () => {
    const u = await createUser(h);
    const sub = person({ email: u.email });
    const { res, back } = await callback(sub);
    const done = await complete(completionCodeOf(res));
    const params = new URL(back, APP_ORIGIN).searchParams;
    const log = logLines.join('\n');
    expect(log).toContain('/api/auth/oidc/callback?code=[redacted]');
    expect(log).toContain('OpenID Connect sign-in refused');
    for (const secret of [params.get('code')!, params.get('state')!, completionCodeOf(res), done.json().token, CLIENT_SECRET, ...tp.issued])
      expect(log).not.toContain(secret);
  });
});

function refusedAs(res: { statusCode: number; json(): { code?: string } }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json().code).toBe(code);
}

describe('several replicas', () => {
  /** Another server on the same database (PostgreSQL: its own pool, as another process has; PGlite is one process's: shared). */
  async function replica(): Promise<App> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-oidc-replica-'));
    dirs.push(dataDir);
    const app = await buildApp(
      { ...h.config, dataDir },
      { logger: false, ...(h.config.databaseUrl ? {} : { database: h.app.deps.database }) },
    );
    replicas.push(app);
    return app;
  }

  test('the callback and the login page’s exchange may land on another replica', async () => {
    const other = await replica();
    const u = await createUser(h);
    const sub = person({ email: u.email });
    const { res } = await callback(sub, { startApp: h.app, callbackApp: other });
    expect(res.statusCode).toBe(302);
    const done = await complete(completionCodeOf(res), h.app);
    expect(done.statusCode).toBe(200);
    expect(done.json().user._id).toBe(u._id);
  });
});

describe('a provider that does not answer', () => {
  test('start answers 503 with Retry-After, saying so', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-oidc-down-'));
    dirs.push(dataDir);
    const oidc = { ...h.config.oidc!, issuer: 'http://127.0.0.1:9' };
    const app = await buildApp(
      { ...h.config, dataDir, oidc },
      { logger: false, ...(h.config.databaseUrl ? {} : { database: h.app.deps.database }) },
    );
    replicas.push(app);
    const res = await app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toEqual({
      error: 'The sign-in provider could not be reached. Please try again in a moment.',
      code: 'oidc_unavailable',
    });
  });
});

describe('without OIDC_ISSUER', () => {
  test('no button, and the routes say it is not configured', async () => {
    const plain = await startHarness();
    try {
      expect((await call(plain, 'GET', '/api/config')).json().oidc).toBeNull();
      const start = await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(start.statusCode).toBe(404);
      expect(start.json()).toEqual({ error: 'OpenID Connect sign-in is not configured.', code: 'oidc_not_configured' });
    } finally {
      await plain.close();
    }
  });
});
