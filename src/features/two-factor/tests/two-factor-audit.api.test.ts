import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser } from '../../../../tests/api/helpers';
import { awayFromStepEnd, STEP_MS } from './step-timing';

// Sign-out and the two-factor events are in the audit
// trail, and no secret (TOTP secret, code, recovery code, ticket) is in it.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const codeAt = (secret: string, timestamp: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
const login = (email: string, password: string) => call(h, 'POST', '/api/auth/login', { body: { email, password } });
const verify = (body: Record<string, string>) => call(h, 'POST', '/api/auth/2fa/verify', { body });
/** Every secret a test saw: none may appear in the audit trail. */
const seen: string[] = [];

interface Entry {
  action: string;
  resource: string;
  recordId: string | null;
  actorId: string | null;
  actorEmail: string | null;
  diff: Record<string, unknown> | null;
}

/** The audit entries about one user, newest first, as the superadmin reads them. */
async function entriesOf(userId: string): Promise<Entry[]> {
  const res = await call(h, 'GET', `/api/auth/audit-logs?resource=users&recordId=${userId}&limit=100`, { token: h.adminToken });
  expect(res.statusCode).toBe(200);
  for (const s of seen) expect(res.body).not.toContain(s);
  return res.json().data as Entry[];
}
const actionsOf = async (userId: string) => (await entriesOf(userId)).map((e) => e.action);

async function enrolled(role?: string) {
  const u = await createUser(h, { role });
  const token = (await login(u.email, u.password)).json().token as string;
  const { secret } = (await call(h, 'POST', '/api/auth/2fa/setup', { token })).json() as { secret: string };
  await awayFromStepEnd();
  const enable = await call(h, 'POST', '/api/auth/2fa/enable', { token, body: { code: codeAt(secret, Date.now() - STEP_MS) } });
  expect(enable.statusCode).toBe(200);
  const recoveryCodes = enable.json().recoveryCodes as string[];
  seen.push(secret, ...recoveryCodes, codeAt(secret, Date.now() - STEP_MS));
  return { ...u, token, secret, recoveryCodes };
}

async function ticketFor(email: string, password: string): Promise<string> {
  const res = await login(email, password);
  expect(res.json()).toEqual({ twoFactorRequired: true, ticket: expect.any(String) });
  seen.push(res.json().ticket);
  return res.json().ticket as string;
}

describe('audit of sign-out and two-factor sign-in', () => {
  test('sign-out is recorded with the user as actor', async () => {
    const u = await createUser(h);
    const token = (await login(u.email, u.password)).json().token as string;
    expect((await call(h, 'POST', '/api/auth/logout', { token })).statusCode).toBe(200);
    const [last] = await entriesOf(u._id);
    expect(last).toMatchObject({ action: 'sign-out', resource: 'users', recordId: u._id, actorId: u._id, actorEmail: u.email });
    // The session really ended with it.
    expect((await call(h, 'GET', '/api/auth/my-profile', { token })).statusCode).toBe(401);
  });

  test('turning it on and off is recorded as the fact only', async () => {
    const u = await enrolled();
    const [on] = await entriesOf(u._id);
    expect(on).toMatchObject({ action: 'two-factor-enable', actorId: u._id, diff: { twoFactor: { before: false, after: true } } });

    // A refused turn-off leaves no entry.
    const wrong = await call(h, 'POST', '/api/auth/2fa/disable', { token: u.token, body: { password: 'not-it-at-all', code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect((await entriesOf(u._id))[0].action).toBe('two-factor-enable');

    const code = codeAt(u.secret, Date.now());
    seen.push(code);
    const off = await call(h, 'POST', '/api/auth/2fa/disable', { token: u.token, body: { password: u.password, code } });
    expect(off.statusCode).toBe(200);
    const [entry] = await entriesOf(u._id);
    expect(entry).toMatchObject({ action: 'two-factor-disable', actorId: u._id, diff: { twoFactor: { before: true, after: false } } });
  });

  test("an admin's reset is recorded with the admin as actor", async () => {
    const u = await enrolled('User');
    expect((await call(h, 'DELETE', `/api/auth/users/${u._id}/2fa`, { token: h.adminToken })).statusCode).toBe(200);
    const [entry] = await entriesOf(u._id);
    expect(entry).toMatchObject({ action: 'two-factor-reset', recordId: u._id, diff: { twoFactor: { before: true, after: false } } });
    expect(entry.actorId).not.toBe(u._id);
    expect(entry.actorId).toEqual(expect.any(String));

    // A refused reset (rank rule) is not recorded as one.
    const [peer, other] = [await enrolled('User'), await enrolled('User')];
    expect((await call(h, 'DELETE', `/api/auth/users/${peer._id}/2fa`, { token: other.token })).statusCode).toBe(403);
    expect(await actionsOf(peer._id)).not.toContain('two-factor-reset');
  });

  test('a refused code is recorded (which kind, not what was typed), with nobody signed in yet', async () => {
    const u = await enrolled();
    const ticket = await ticketFor(u.email, u.password);
    const right = codeAt(u.secret, Date.now());
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await verify({ ticket, code: wrong })).statusCode).toBe(401);
    expect((await verify({ ticket, recoveryCode: 'aaaaa-bbbbb' })).statusCode).toBe(401);
    const [byRecovery, byCode] = await entriesOf(u._id);
    expect(byCode).toMatchObject({ action: 'two-factor-failed', actorId: null, actorEmail: u.email, diff: { method: { after: 'code' } } });
    expect(byRecovery).toMatchObject({ action: 'two-factor-failed', actorId: null, diff: { method: { after: 'recovery-code' } } });
    const body = JSON.stringify(await entriesOf(u._id));
    expect(body).not.toContain(wrong);
    expect(body).not.toContain('aaaaa');

    // The right code signs in: the sign-in is recorded, not a failure.
    expect((await verify({ ticket, code: right })).statusCode).toBe(200);
    expect((await entriesOf(u._id))[0].action).toBe('sign-in');
  });

  test('a recovery code used is recorded with how many are left, never the code', async () => {
    const u = await enrolled();
    const res = await verify({ ticket: await ticketFor(u.email, u.password), recoveryCode: u.recoveryCodes[0] });
    expect(res.statusCode).toBe(200);
    const entries = await entriesOf(u._id);
    const used = entries.find((e) => e.action === 'recovery-code-use');
    expect(used).toMatchObject({ actorId: u._id, actorEmail: u.email, diff: { recoveryCodesLeft: { after: 9 } } });
    expect(entries.map((e) => e.action).slice(0, 2)).toEqual(['sign-in', 'recovery-code-use']);
    // A used code again: a failure, and the count of used codes stays one.
    expect((await verify({ ticket: await ticketFor(u.email, u.password), recoveryCode: u.recoveryCodes[0] })).statusCode).toBe(401);
    const after = await actionsOf(u._id);
    expect(after[0]).toBe('two-factor-failed');
    expect(after.filter((a) => a === 'recovery-code-use')).toHaveLength(1);
  });

  test('the new actions are offered by the filter', async () => {
    const res = await call(h, 'GET', '/api/auth/audit-logs?action=two-factor-enable&limit=1', { token: h.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].action).toBe('two-factor-enable');
  });
});
