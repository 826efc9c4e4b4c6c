import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/core/server/config';
import { buildApp, type App } from '../../../src/core/server/app';
import { ADMIN_EMAIL, startHarness, type Harness } from '../harness';

// Rate limits were per IP only, and with TRUST_PROXY=1 every
// X-Forwarded-For hop was trusted, so a forged header rotated the key freely.
// Now sign-in and forgot-password are also limited per target e-mail
// (hashed), and TRUST_PROXY is a hop count or a list of proxy addresses, so
// only addresses added by trusted proxies count.

const TOO_MANY = { error: 'Too many attempts. Please wait a minute and try again.' };
const LIMIT = 3;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT: String(LIMIT) });
});
afterAll(async () => h?.close());

/** Another server on the same database, behind proxies as TRUST_PROXY says (counters are its own). */
async function behindProxies(trustProxy: string): Promise<{ app: App; close: () => Promise<void> }> {
  const config = { ...h.config, trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy };
  const app = await buildApp(config, { database: h.app.deps.database, logger: false });
  return { app, close: () => app.close() };
}

describe('per target e-mail', () => {
  // Each attempt from a new address: the per-IP budget never runs out.
  let ip = 0;
  const from = (url: string, payload: object) => h.app.inject({ method: 'POST', url, payload, remoteAddress: `198.51.100.${++ip}` });

  test('sign-in: attempts on one account from many addresses are limited; other accounts are not', async () => {
    const victim = 'victim@example.com';
    for (let i = 0; i < LIMIT; i++) expect((await from('/api/auth/login', { email: victim, password: `guess-${i}` })).statusCode).toBe(401);
    const limited = await from('/api/auth/login', { email: victim, password: 'guess-x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
    // The same account, spelt differently, is the same key.
    expect((await from('/api/auth/login', { email: '  VICTIM@example.com ', password: 'guess-y' })).statusCode).toBe(429);
    // Another account is not affected.
    expect((await from('/api/auth/login', { email: 'someone-else@example.com', password: 'x' })).statusCode).toBe(401);
  });

  test('forgot-password: requests for one address from many addresses are limited', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await from('/api/auth/forgot-password', { email: ADMIN_EMAIL })).statusCode).toBe(200);
    const limited = await from('/api/auth/forgot-password', { email: ADMIN_EMAIL });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
    expect((await from('/api/auth/forgot-password', { email: 'other@example.com' })).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  const forged = (n: number) => `203.0.113.${n}`;
  const viaProxy = (server: { app: App }, xff: string, proxy = '10.0.0.5') =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `x${Math.random()}@example.com`, password: 'x' },
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': xff },
    });

  test('a hop count trusts only the address the trusted proxy added: forged entries before it do not rotate the key', async () => {
    const server = await behindProxies('1');
    try {
      // The client is 192.0.2.10, behind one proxy.
      const statuses = [];
      for (let i = 0; i < LIMIT + 2; i++) statuses.push((await viaProxy(server, `${forged(i)}, 192.0.2.10`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // Another real client behind the same proxy has its own budget.
      expect((await viaProxy(server, `${forged(99)}, 192.0.2.11`)).statusCode).toBe(401);
    } finally {
      await server.close();
    }
  });

  test('a list of proxy addresses trusts X-Forwarded-For only from them', async () => {
    const server = await behindProxies('10.0.0.0/8, 127.0.0.1');
    try {
      const statuses = [];
      for (let i = 0; i < LIMIT + 1; i++) statuses.push((await viaProxy(server, `192.0.2.20`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Forged entries in front of the real client do not change the key.
      expect((await viaProxy(server, `${forged(7)}, 192.0.2.20`)).statusCode).toBe(429);
      // From an address that is not a trusted proxy, the header is ignored: the key is that address.
      const direct = [];
      for (let i = 0; i < LIMIT + 1; i++) direct.push((await viaProxy(server, forged(i), '198.51.100.200')).statusCode);
      expect(direct).toEqual([401, 401, 401, 429]);
    } finally {
      await server.close();
    }
  });

  test('is validated at start with a one-line reason', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16 ,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['true', 'yes', '-1', '1.5', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,,', 'fd00::/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /^TRUST_PROXY must be a hop count \(e\.g\. 1\) or a comma-separated list of proxy addresses or CIDR ranges, got ".*"$/,
      );
    }
  });
});
