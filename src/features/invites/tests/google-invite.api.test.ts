import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, uniqueEmail } from '../../../../tests/api/helpers';

const CLIENT_ID = 'invite-client';
const KID = 'k1';
let h: Harness;
let key: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256' };
  h = await startHarness({ GOOGLE_CLIENT_ID: CLIENT_ID }, { googleKeys: createLocalJWKSet({ keys: [jwk] }) });
});
afterAll(async () => h?.close());

let n = 0;
const idToken = (email: string, extra: Record<string, unknown> = {}) =>
  new SignJWT({ email, email_verified: true, name: 'Google Person', ...extra })
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setIssuer('https://accounts.google.com')
    .setAudience(CLIENT_ID)
    .setSubject(`sub-${Date.now()}-${++n}`)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);

async function invite(email?: string) {
  const res = await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body: email ? { email } : {} });
  return res.json() as { _id: string; token: string };
}

describe('Google sign-in with an invite', () => {
  it('registers a new person as awaiting approval, then signs them in after approval', async () => {
    const inv = await invite();
    const email = uniqueEmail('g');
    const credential = await idToken(email);
    const first = await call(h, 'POST', '/api/auth/google', { body: { credential, invite: inv.token } });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ ok: true, message: 'Registration submitted. Awaiting approval.' });
    const again = await call(h, 'POST', '/api/auth/google', { body: { credential } });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe('Your account is awaiting approval.');
    await call(h, 'POST', `/api/auth/invites/${inv._id}/approve`, { token: h.adminToken });
    const after = await call(h, 'POST', '/api/auth/google', { body: { credential } });
    expect(after.statusCode).toBe(200);
    expect(after.json().user.email).toBe(email);
    expect(typeof after.json().token).toBe('string');
  });

  it('holds a locked invite to its address', async () => {
    const inv = await invite('someone@example.com');
    const res = await call(h, 'POST', '/api/auth/google', { body: { credential: await idToken(uniqueEmail('other')), invite: inv.token } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Email is locked to the invited address.');
    const ok = await call(h, 'POST', '/api/auth/google', { body: { credential: await idToken('Someone@Example.com'), invite: inv.token } });
    expect(ok.statusCode).toBe(202);
  });

  it('refuses a used invite and an unverified e-mail', async () => {
    const inv = await invite();
    await call(h, 'POST', '/api/auth/google', { body: { credential: await idToken(uniqueEmail('a')), invite: inv.token } });
    const used = await call(h, 'POST', '/api/auth/google', { body: { credential: await idToken(uniqueEmail('b')), invite: inv.token } });
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toBe('This invite has already been used.');
    const inv2 = await invite();
    const unverified = await call(h, 'POST', '/api/auth/google', {
      body: { credential: await idToken(uniqueEmail('c'), { email_verified: false }), invite: inv2.token },
    });
    expect(unverified.statusCode).toBe(401);
  });
});
