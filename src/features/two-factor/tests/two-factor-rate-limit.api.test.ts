import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser } from '../../../../tests/api/helpers';

// The code step is rate limited per client address (AUTH_RATE_LIMIT a minute,
// as sign-in) and per account: many addresses and tickets share one budget.
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT: '3' });
});
afterAll(async () => {
  await h?.close();
});

const inject = (url: string, payload: object, remoteAddress: string) => h.app.inject({ method: 'POST', url, payload, remoteAddress });

describe('POST /api/auth/2fa/verify rate limits (AUTH_RATE_LIMIT=3)', () => {
  test('per account: the fourth code within a minute is a 429 from any address, the right one too', async () => {
    const u = await createUser(h);
    const token = (await inject('/api/auth/login', { email: u.email, password: u.password }, '10.0.0.1')).json().token as string;
    const { secret } = (await call(h, 'POST', '/api/auth/2fa/setup', { token })).json();
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    expect(
      (await call(h, 'POST', '/api/auth/2fa/enable', { token, body: { code: totp.generate({ timestamp: Date.now() - 30_000 }) } }))
        .statusCode,
    ).toBe(200);

    const ticket = (await inject('/api/auth/login', { email: u.email, password: u.password }, '10.0.0.2')).json().ticket as string;
    const wrong = totp.generate() === '000000' ? '111111' : '000000';
    for (const ip of ['10.0.1.1', '10.0.1.2', '10.0.1.3'])
      expect((await inject('/api/auth/2fa/verify', { ticket, code: wrong }, ip)).statusCode).toBe(401);
    const limited = await inject('/api/auth/2fa/verify', { ticket, code: totp.generate() }, '10.0.1.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many attempts. Please wait a minute and try again.' });
    expect(limited.headers['retry-after']).toBeTruthy();
  });

  test('per address: the fourth attempt from one address is a 429, whatever the ticket', async () => {
    for (let i = 0; i < 3; i++)
      expect((await inject('/api/auth/2fa/verify', { ticket: 'x'.repeat(43), code: '123456' }, '10.0.2.1')).statusCode).toBe(401);
    expect((await inject('/api/auth/2fa/verify', { ticket: 'y'.repeat(43), code: '123456' }, '10.0.2.1')).statusCode).toBe(429);
  });
});
