import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startHarness, type Harness } from './harness';
import { call } from './helpers';

const TOO_MANY = { error: 'Too many attempts. Please wait a minute and try again.' };

let h: Harness;
beforeAll(async () => {
  // The harness's own admin login is the first of the three.
  h = await startHarness({ AUTH_RATE_LIMIT: '3' });
});
afterAll(async () => {
  await h?.close();
});

describe('rate limits on the auth routes (AUTH_RATE_LIMIT=3 per minute per IP)', () => {
  test('the fourth login within a minute is a 429, whatever the e-mail', async () => {
    // 1: the harness login. 2 and 3: these.
    expect((await call(h, 'POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: 'wrong-password' } })).statusCode).toBe(401);
    expect(
      (await call(h, 'POST', '/api/auth/login', { body: { email: 'other@example.com', password: 'wrong-password' } })).statusCode,
    ).toBe(401);
    // 4: limited, even with the right password and another e-mail (the key is not a body field).
    const res = await call(h, 'POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(TOO_MANY);
    expect(res.json()).not.toHaveProperty('token');
    const other = await call(h, 'POST', '/api/auth/login', { body: { email: 'third@example.com', password: 'x' } });
    expect(other.statusCode).toBe(429);
  });

  test('another client IP has its own budget', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.1.2.3',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  test('X-Forwarded-For does not reset the budget when the proxy is not trusted', async () => {
    const res = await call(h, 'POST', '/api/auth/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(429);
  });

  test('forgot-password and reset-password are limited too', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await call(h, 'POST', '/api/auth/forgot-password', { body: { email: `x${i}@example.com` } })).statusCode).toBe(200);
    }
    const forgot = await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'x9@example.com' } });
    expect(forgot.statusCode).toBe(429);
    expect(forgot.json()).toEqual(TOO_MANY);

    for (let i = 0; i < 3; i++) {
      expect(
        (await call(h, 'POST', '/api/auth/reset-password', { body: { password: 'whatever', resetToken: 'B'.repeat(43) } })).statusCode,
      ).toBe(400);
    }
    const reset = await call(h, 'POST', '/api/auth/reset-password', { body: { password: 'whatever', resetToken: 'B'.repeat(43) } });
    expect(reset.statusCode).toBe(429);
    expect(reset.json()).toEqual(TOO_MANY);
  });

  test('signed-in routes are not limited by the auth budget', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await call(h, 'GET', '/api/auth/users', { token: h.adminToken })).statusCode).toBe(200);
    }
  });
});
