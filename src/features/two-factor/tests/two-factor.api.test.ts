import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser, runSql } from '../../../../tests/api/helpers';
import { awayFromStepEnd, STEP_MS } from './step-timing';

// Two-factor sign-in (TOTP, RFC 6238). Codes are made from
// the secret the set-up answers, by the TOTP library, as an authenticator app would.
let h: Harness;
const lines: string[] = [];
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => lines.push(...c.toString('utf8').split('\n').filter(Boolean)));
  h = await startHarness({ LOG_LEVEL: 'info' }, { logStream: stream });
});
afterAll(async () => {
  await h?.close();
});

const codeAt = (secret: string, timestamp: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
/** Every secret, code, ticket and recovery code a test saw: none may appear in a log line. */
const seen: string[] = [];

async function login(email: string, password: string) {
  return call(h, 'POST', '/api/auth/login', { body: { email, password } });
}

/** A user with two-factor sign-in on; its enabling code was the previous step's, so now and the next step are unused. */
async function enrolled(role?: string) {
  const u = await createUser(h, { role });
  const token = (await login(u.email, u.password)).json().token as string;
  const setup = await call(h, 'POST', '/api/auth/2fa/setup', { token });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  await awayFromStepEnd();
  const enable = await call(h, 'POST', '/api/auth/2fa/enable', { token, body: { code: codeAt(secret, Date.now() - STEP_MS) } });
  expect(enable.statusCode).toBe(200);
  const recoveryCodes = enable.json().recoveryCodes as string[];
  seen.push(secret, ...recoveryCodes);
  return { ...u, token, secret, recoveryCodes };
}

async function ticketFor(email: string, password: string): Promise<string> {
  const res = await login(email, password);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true, ticket: expect.any(String) });
  seen.push(res.json().ticket);
  return res.json().ticket as string;
}

const verify = (body: Record<string, string>) => call(h, 'POST', '/api/auth/2fa/verify', { body });

describe('setting up two-factor sign-in', () => {
  test('set-up answers the secret, its otpauth URL and an SVG QR code; enable turns it on with ten recovery codes', async () => {
    const u = await createUser(h);
    const token = (await login(u.email, u.password)).json().token as string;
    expect((await call(h, 'GET', '/api/auth/2fa', { token })).json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const setup = await call(h, 'POST', '/api/auth/2fa/setup', { token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.json();
    seen.push(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(decodeURIComponent(otpauthUrl)).toContain(u.email);
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(qrSvg).not.toMatch(/<script|on\w+=/i);

    // A wrong code does not turn it on.
    const wrong = await call(h, 'POST', '/api/auth/2fa/enable', { token, body: { code: codeAt(secret, Date.now() + 10 * STEP_MS) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.code).toBeTruthy();
    const enable = await call(h, 'POST', '/api/auth/2fa/enable', { token, body: { code: codeAt(secret, Date.now()) } });
    expect(enable.statusCode).toBe(200);
    const codes = enable.json().recoveryCodes as string[];
    seen.push(...codes);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await call(h, 'GET', '/api/auth/2fa', { token })).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    // The secret never leaves again: no second set-up, no second enable.
    expect((await call(h, 'POST', '/api/auth/2fa/setup', { token })).statusCode).toBe(409);
    expect((await call(h, 'POST', '/api/auth/2fa/enable', { token, body: { code: codeAt(secret, Date.now()) } })).statusCode).toBe(409);

    // Stored encrypted, and the recovery codes hashed.
    const [row] = await runSql(h, sql`SELECT secret, pending_secret, enabled FROM user_two_factor WHERE user_id = ${u._id}`);
    expect(row.enabled).toBe(true);
    expect(row.pending_secret).toBeNull();
    expect(String(row.secret)).not.toContain(secret);
    expect(String(row.secret)).toMatch(/^v1:/);
    const hashes = await runSql(h, sql`SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = ${u._id}`);
    expect(hashes).toHaveLength(10);
    for (const r of hashes) expect(String(r.code_hash)).toMatch(/^\$argon2id\$/);
  });

  test('enable without a set-up first is a 409; a malformed code is a 400', async () => {
    const u = await createUser(h);
    const token = (await login(u.email, u.password)).json().token as string;
    expect((await call(h, 'POST', '/api/auth/2fa/enable', { token, body: { code: '123456' } })).statusCode).toBe(409);
    expect((await call(h, 'POST', '/api/auth/2fa/enable', { token, body: { code: '12ab56' } })).statusCode).toBe(400);
    expect((await call(h, 'POST', '/api/auth/2fa/setup')).statusCode).toBe(401);
  });
});

describe('signing in with two-factor sign-in', () => {
  test('the password answers a ticket and no token; the ticket and a code answer the usual sign-in body', async () => {
    const u = await enrolled();
    const ticket = await ticketFor(u.email, u.password);
    const code = codeAt(u.secret, Date.now());
    const res = await verify({ ticket, code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: expect.any(String), user: { _id: u._id, email: u.email }, role: null });
    expect((await call(h, 'GET', '/api/auth/sessions', { token: res.json().token })).statusCode).toBe(200);

    // The ticket worked once; the code too (replay), even with a new ticket.
    expect((await verify({ ticket, code: codeAt(u.secret, Date.now() + STEP_MS) })).statusCode).toBe(401);
    const again = await verify({ ticket: await ticketFor(u.email, u.password), code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toMatch(/code is not right/);
  });

  test('a code works once: the same code twice at once lets one sign-in through', async () => {
    const u = await enrolled();
    const [a, b] = [await ticketFor(u.email, u.password), await ticketFor(u.email, u.password)];
    const code = codeAt(u.secret, Date.now());
    const answers = await Promise.all([verify({ ticket: a, code }), verify({ ticket: b, code })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  test('an expired ticket is refused; a wrong password gets no ticket', async () => {
    const u = await enrolled();
    const ticket = await ticketFor(u.email, u.password);
    await runSql(h, sql`UPDATE two_factor_tickets SET expires_at = now() - interval '1 second' WHERE user_id = ${u._id}`);
    const res = await verify({ ticket, code: codeAt(u.secret, Date.now()) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('This sign-in has expired. Please sign in again.');
    const wrong = await login(u.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).not.toHaveProperty('ticket');
    // Tickets live five minutes.
    await ticketFor(u.email, u.password);
    const [t] = await runSql(
      h,
      sql`SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM two_factor_tickets WHERE user_id = ${u._id} AND used_at IS NULL AND expires_at > now()`,
    );
    expect(Number(t.ttl)).toBeGreaterThanOrEqual(299);
    expect(Number(t.ttl)).toBeLessThanOrEqual(301);
  });

  test('five wrong codes wear a ticket out', async () => {
    const u = await enrolled();
    const ticket = await ticketFor(u.email, u.password);
    for (let i = 0; i < 5; i++)
      expect((await verify({ ticket, code: '000000' === codeAt(u.secret, Date.now()) ? '111111' : '000000' })).statusCode).toBe(401);
    expect((await verify({ ticket, code: codeAt(u.secret, Date.now()) })).statusCode).toBe(401);
  });

  test('a recovery code signs in once', async () => {
    const u = await enrolled();
    const [first] = u.recoveryCodes;
    const res = await verify({ ticket: await ticketFor(u.email, u.password), recoveryCode: first.toUpperCase().replace('-', ' ') });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
    expect((await call(h, 'GET', '/api/auth/2fa', { token: res.json().token })).json().recoveryCodesLeft).toBe(9);
    const reuse = await verify({ ticket: await ticketFor(u.email, u.password), recoveryCode: first });
    expect(reuse.statusCode).toBe(401);
    expect((await verify({ ticket: await ticketFor(u.email, u.password), recoveryCode: u.recoveryCodes[1] })).statusCode).toBe(200);
  });

  test('exactly one of code and recovery code', async () => {
    const u = await enrolled();
    const ticket = await ticketFor(u.email, u.password);
    expect((await verify({ ticket })).statusCode).toBe(400);
    expect((await verify({ ticket, code: codeAt(u.secret, Date.now()), recoveryCode: u.recoveryCodes[0] })).statusCode).toBe(400);
    expect((await verify({ ticket: 'x'.repeat(43), code: '123456' })).statusCode).toBe(401);
  });
});

describe('turning two-factor sign-in off', () => {
  test('needs the password and a current code; then sign-in is the password alone', async () => {
    const u = await enrolled();
    const code = codeAt(u.secret, Date.now());
    const wrongPassword = await call(h, 'POST', '/api/auth/2fa/disable', { token: u.token, body: { password: 'nope-nope', code } });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fields.password).toBeTruthy();
    const wrongCode = await call(h, 'POST', '/api/auth/2fa/disable', {
      token: u.token,
      body: { password: u.password, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrongCode.statusCode).toBe(400);
    const ok = await call(h, 'POST', '/api/auth/2fa/disable', { token: u.token, body: { password: u.password, code } });
    expect(ok.statusCode).toBe(200);
    expect((await login(u.email, u.password)).json().token).toEqual(expect.any(String));
    const left = await runSql(h, sql`SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = ${u._id}`);
    expect(left[0].n).toBe(0);
    expect((await call(h, 'POST', '/api/auth/2fa/disable', { token: u.token, body: { password: u.password, code } })).statusCode).toBe(409);
  });
});

describe("an admin's reset, under the rank rule", () => {
  test('an Admin resets a User: two-factor off, the user signed out everywhere', async () => {
    const admin = await createUser(h, { role: 'Admin' });
    const adminToken = (await login(admin.email, admin.password)).json().token as string;
    const u = await enrolled('User');
    const res = await call(h, 'DELETE', `/api/auth/users/${u._id}/2fa`, { token: adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await call(h, 'GET', '/api/auth/sessions', { token: u.token })).statusCode).toBe(401);
    expect((await login(u.email, u.password)).json().token).toEqual(expect.any(String));
  });

  test('not on an equal or higher rank; not without the permission; 404 for nobody', async () => {
    const admin = await createUser(h, { role: 'Admin' });
    const adminToken = (await login(admin.email, admin.password)).json().token as string;
    const peer = await enrolled('Admin');
    const refused = await call(h, 'DELETE', `/api/auth/users/${peer._id}/2fa`, { token: adminToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('You can only manage users whose rank is below yours.');
    const user = await enrolled('User');
    expect((await call(h, 'DELETE', `/api/auth/users/${peer._id}/2fa`, { token: user.token })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', `/api/auth/users/${peer._id}/2fa`, { token: h.adminToken })).statusCode).toBe(200);
    const nobody = await call(h, 'DELETE', '/api/auth/users/00000000-0000-4000-8000-000000000000/2fa', { token: h.adminToken });
    expect(nobody.statusCode).toBe(404);
  });

  test("not one's own: that takes the password and a code, on the profile", async () => {
    const admin = await enrolled('Admin');
    const res = await call(h, 'DELETE', `/api/auth/users/${admin._id}/2fa`, { token: admin.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Turn off your own two-factor sign-in on your profile, with your password and a code.');
    expect((await call(h, 'GET', '/api/auth/2fa', { token: admin.token })).json().enabled).toBe(true);
  });
});

describe('a role that requires two-factor sign-in', () => {
  test('its users get a session that can only set it up; once on, everything works; it cannot be turned off', async () => {
    const role = await call(h, 'POST', '/api/auth/roles', {
      token: h.adminToken,
      body: { name: `Needs 2FA ${Date.now()}`, description: 'Staff with two-factor sign-in', type: 'user', requireTwoFactor: true },
    });
    expect(role.statusCode).toBe(201);
    expect(role.json().requireTwoFactor).toBe(true);
    const u = await createUser(h, { role: role.json().name });
    const signedIn = await login(u.email, u.password);
    expect(signedIn.json()).toMatchObject({ token: expect.any(String), twoFactorSetupRequired: true });
    const token = signedIn.json().token as string;

    const refused = await call(h, 'GET', '/api/auth/sessions', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: expect.stringMatching(/two-factor/), code: 'two_factor_setup_required' });
    expect((await call(h, 'GET', '/api/auth/user-categories', { token })).json().code).toBe('two_factor_setup_required');
    expect((await call(h, 'GET', '/api/auth/my-profile', { token })).statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/auth/2fa', { token })).json()).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });

    const { secret } = (await call(h, 'POST', '/api/auth/2fa/setup', { token })).json();
    seen.push(secret);
    const codes = await call(h, 'POST', '/api/auth/2fa/enable', { token, body: { code: codeAt(secret, Date.now()) } });
    expect(codes.statusCode).toBe(200);
    seen.push(...codes.json().recoveryCodes);
    expect((await call(h, 'GET', '/api/auth/sessions', { token })).statusCode).toBe(200);

    const off = await call(h, 'POST', '/api/auth/2fa/disable', {
      token,
      body: { password: u.password, code: codeAt(secret, Date.now() + STEP_MS) },
    });
    expect(off.statusCode).toBe(403);
    // The next sign-in asks for the code and no longer for the set-up.
    const ticket = await ticketFor(u.email, u.password);
    const res = await verify({ ticket, code: codeAt(secret, Date.now() + STEP_MS) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('twoFactorSetupRequired');
  });
});

describe('secrets stay secret', () => {
  test('no answer after set-up and no log line carries a secret, code or ticket', async () => {
    const u = await enrolled();
    const status = await call(h, 'GET', '/api/auth/2fa', { token: u.token });
    expect(status.body).not.toContain(u.secret);
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const s of seen) expect(log).not.toContain(s);
  });
});
