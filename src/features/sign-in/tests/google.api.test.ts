import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser } from '../../../../tests/api/helpers';

const CLIENT_ID = 'test-client';
const KID = 'test-key-1';
const NOT_VERIFIED = { error: 'Google sign-in could not be verified.' };

let h: Harness;
let privateKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const googleKeys = createLocalJWKSet({ keys: [publicJwk] });
  h = await startHarness({ GOOGLE_CLIENT_ID: CLIENT_ID }, { googleKeys });
});
afterAll(async () => {
  await h?.close();
});

let subSeq = 0;
const newSub = () => `1000${Date.now()}${++subSeq}`;

/** An ID token as Google would issue it; `over` changes claims, `opts` the signing. */
async function idToken(
  claims: JWTPayload & { email?: string; email_verified?: unknown; name?: string },
  opts: { aud?: string; iss?: string; exp?: number | string; key?: CryptoKey; alg?: string } = {},
): Promise<string> {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: opts.alg ?? 'RS256', kid: KID })
    .setIssuer(opts.iss ?? 'https://accounts.google.com')
    .setAudience(opts.aud ?? CLIENT_ID)
    .setSubject(claims.sub ?? newSub())
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '1h')
    .sign(opts.key ?? privateKey);
}

const google = (credential: unknown, invite?: string) =>
  call(h, 'POST', '/api/auth/google', { body: { credential, ...(invite !== undefined ? { invite } : {}) } });

describe('POST /api/auth/google', () => {
  test('/api/config tells the client the Google client id', async () => {
    const res = await call(h, 'GET', '/api/config');
    expect(res.json().googleClientId).toBe(CLIENT_ID);
  });

  test('a valid ID token signs in the existing user with that e-mail', async () => {
    const u = await createUser(h, { name: 'Giorgos', role: 'User' });
    const sub = newSub();
    const res = await google(await idToken({ sub, email: u.email, name: 'Giorgos G.' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ _id: u._id, name: 'Giorgos', email: u.email, image: null });
    expect(body.role).toEqual({ name: 'User', type: 'user' });
    const me = await call(h, 'GET', '/api/auth/my-profile', { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(u.email);

    // Later sign-ins match the Google account even after the e-mail changed.
    const changed = await call(h, 'PUT', `/api/auth/users/${u._id}`, { token: h.adminToken, body: { email: `changed-${u.email}` } });
    expect(changed.statusCode).toBe(200);
    const again = await google(await idToken({ sub, email: u.email }));
    expect(again.statusCode).toBe(200);
    expect(again.json().user._id).toBe(u._id);
    expect(again.json().user.email).toBe(`changed-${u.email}`);
  });

  test('a user with two-factor sign-in gets a ticket and no token; the ticket and a code complete it', async () => {
    const u = await createUser(h, { role: 'User' });
    const token = (await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).json().token as string;
    const { secret } = (await call(h, 'POST', '/api/auth/2fa/setup', { token })).json() as { secret: string };
    const codeAt = (ms: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });
    expect((await call(h, 'POST', '/api/auth/2fa/enable', { token, body: { code: codeAt(Date.now() - 30_000) } })).statusCode).toBe(200);

    const res = await google(await idToken({ email: u.email }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true, ticket: expect.any(String) });
    const { ticket } = res.json() as { ticket: string };
    const wrong = codeAt(Date.now()) === '000000' ? '111111' : '000000';
    expect((await call(h, 'POST', '/api/auth/2fa/verify', { body: { ticket, code: wrong } })).statusCode).toBe(401);
    const done = await call(h, 'POST', '/api/auth/2fa/verify', { body: { ticket, code: codeAt(Date.now()) } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ token: expect.any(String), user: { _id: u._id, email: u.email }, role: { name: 'User' } });
    const me = await call(h, 'GET', '/api/auth/my-profile', { token: done.json().token });
    expect(me.json().email).toBe(u.email);
    // The ticket worked once.
    expect((await call(h, 'POST', '/api/auth/2fa/verify', { body: { ticket, code: codeAt(Date.now() + 30_000) } })).statusCode).toBe(401);
  });

  test('the e-mail claim is matched case-insensitively', async () => {
    const u = await createUser(h);
    const res = await google(await idToken({ email: u.email.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user._id).toBe(u._id);
  });

  test('a token for another audience is refused', async () => {
    const u = await createUser(h);
    const res = await google(await idToken({ email: u.email }, { aud: 'someone-elses-client' }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_VERIFIED);
  });

  test('a token from another issuer is refused', async () => {
    const u = await createUser(h);
    const res = await google(await idToken({ email: u.email }, { iss: 'https://evil.example' }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_VERIFIED);
  });

  test('an expired token is refused', async () => {
    const u = await createUser(h);
    const res = await google(await idToken({ email: u.email }, { exp: Math.floor(Date.now() / 1000) - 3600 }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_VERIFIED);
  });

  test('a token signed with another key is refused', async () => {
    const u = await createUser(h);
    const res = await google(await idToken({ email: u.email }, { key: otherKey }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_VERIFIED);
  });

  test('an unsigned token (alg none) is refused', async () => {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${enc({ alg: 'none', kid: KID })}.${enc({ iss: 'https://accounts.google.com', aud: CLIENT_ID, sub: newSub(), email: ADMIN_EMAIL, email_verified: true, iat: now, exp: now + 3600 })}.`;
    const res = await google(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_VERIFIED);
  });

  test('an unverified e-mail is refused', async () => {
    const u = await createUser(h);
    for (const email_verified of [false, 'false', undefined]) {
      const res = await google(await idToken({ email: u.email, email_verified }));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(NOT_VERIFIED);
    }
  });

  test('garbage is refused; a missing credential is a 400', async () => {
    const res = await google('not-a-jwt');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_VERIFIED);
    const missing = await call(h, 'POST', '/api/auth/google', { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'Credential is required', fields: { credential: 'Credential is required' } });
  });

  test('an unknown Google user without an invite is a 403 and gets no account', async () => {
    const email = `stranger-${Date.now()}@gmail.com`;
    const res = await google(await idToken({ email, name: 'Stranger' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'No account exists for this Google account. Ask an administrator for an invite.' });
    const list = await call(h, 'GET', `/api/auth/users?q=${encodeURIComponent(email)}`, { token: h.adminToken });
    expect(list.json().total).toBe(0);
  });

  test('an e-mail already linked to another Google account is refused', async () => {
    const u = await createUser(h);
    expect((await google(await idToken({ sub: newSub(), email: u.email }))).statusCode).toBe(200);
    const res = await google(await idToken({ sub: newSub(), email: u.email }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_VERIFIED);
  });

  test('blocked and unconfirmed users get no token', async () => {
    const blocked = await createUser(h, { blocked: true });
    const b = await google(await idToken({ email: blocked.email }));
    expect(b.statusCode).toBe(403);
    expect(b.json()).toEqual({ error: 'Your account is blocked. Please contact an administrator.' });
    const pending = await createUser(h, { confirmed: false });
    const p = await google(await idToken({ email: pending.email }));
    expect(p.statusCode).toBe(403);
    expect(p.json()).toEqual({ error: 'Your account is awaiting approval.' });
  });
});
