import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../harness';
import { call } from '../helpers';

// A token signed with the right secret but whose `sid` (or
// `sub`) is not a UUID was a 500 (the session check cast it to uuid). Any
// token whose claims are not what the server issues is a 401, like any
// other bad token.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

async function sign(claims: Record<string, unknown>, opts: { sub?: string; exp?: boolean } = {}) {
  let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
  if (opts.sub !== undefined) jwt = jwt.setSubject(opts.sub);
  if (opts.exp !== false) jwt = jwt.setExpirationTime('1h');
  return jwt.sign(h.app.deps.jwtSecret);
}

describe('tokens signed with the server’s secret but with claims it never issues', () => {
  test('are a 401 on every kind of route', async () => {
    const tokens: [string, string][] = [
      ['sid not a UUID', await sign({ sid: 'not-a-uuid' }, { sub: randomUUID() })],
      ['sub not a UUID', await sign({ sid: randomUUID() }, { sub: "1' OR '1'='1" })],
      ['sid a number', await sign({ sid: 12345 }, { sub: randomUUID() })],
      ['sid an object', await sign({ sid: { id: randomUUID() } }, { sub: randomUUID() })],
      ['sid with a NUL', await sign({ sid: `${randomUUID()}\u0000` }, { sub: randomUUID() })],
      ['no sid', await sign({}, { sub: randomUUID() })],
      ['no sub', await sign({ sid: randomUUID() })],
      ['no exp', await sign({ sid: randomUUID() }, { sub: randomUUID(), exp: false })],
    ];
    for (const [what, token] of tokens) {
      for (const [method, url] of [
        ['GET', '/api/auth/users'],
        ['GET', '/api/auth/my-profile'],
        ['POST', '/api/auth/logout'],
      ] as const) {
        const res = await call(h, method, url, { token });
        expect(res.statusCode, `${what}: ${method} ${url}: ${res.body}`).toBe(401);
        expect(res.json()).toEqual({ error: 'Your session has ended. Please sign in again.' });
      }
    }
  });
});
