import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../harness';
import { call } from '../helpers';

// Page/limit such as 1e309 or 1e20 were a 500 (or slipped past the limits
// as Infinity). Now 400 with a field message; the large "load all" limits
// (100000, 1000000) keep working.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const LISTS = [
  '/api/auth/users',
  '/api/auth/roles',
  '/api/auth/user-roles',
  '/api/auth/experiences',
  '/api/auth/invites',
  '/api/auth/notifications',
  '/api/auth/user-categories',
  '/api/auth/my-profile',
];

describe('page and limit', () => {
  test('1e309, 1e20, -1, 1.5, abc and friends are a 400 naming the field, on every list', async () => {
    for (const value of ['1e309', '-1e309', 'Infinity', '1e20', '1e400', '-1', '0', '1.5', 'abc', ''])
      for (const list of LISTS) {
        for (const field of ['page', 'limit']) {
          const res = await call(h, 'GET', `${list}?${field}=${encodeURIComponent(value)}`, { token: h.adminToken });
          expect(res.statusCode, `${list} ${field}=${value}: ${res.body}`).toBe(400);
          const body = res.json();
          expect(Object.keys(body.fields)).toEqual([field]);
          expect(body.fields[field]).toMatch(field === 'page' ? /^Page must be/ : /^Limit must be/);
          expect(body.error).toBe(body.fields[field]);
        }
      }
    // The "load all" limits and a far page still answer.
    for (const url of [
      '/api/auth/roles?limit=1000000',
      '/api/auth/permissions?limit=1000000',
      '/api/auth/users?limit=100000',
      '/api/auth/user-roles?limit=100000',
      '/api/auth/users?page=1000000&limit=1000000',
    ]) {
      const res = await call(h, 'GET', url, { token: h.adminToken });
      expect(res.statusCode, url).toBe(200);
    }
  });
});
