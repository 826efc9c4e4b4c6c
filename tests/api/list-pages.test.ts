import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call } from './helpers';
import { startHarness, type Harness } from './harness';

let h: Harness;
const GUESTS = 30;

beforeAll(async () => {
  h = await startHarness();
  for (let i = 1; i <= GUESTS; i++) {
    const name = `Επισκέπτης ${String(i).padStart(2, '0')}`;
    const res = await call(h, 'POST', '/api/auth/users', { token: h.adminToken, body: { name, email: `guest${i}@example.com` } });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => h?.close());

const page = async (query: string) => {
  const res = await call(h, 'GET', `/api/auth/users?${query}`, { token: h.adminToken });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: { id: string; name: string }[]; total: number };
  return { names: body.data.map((u) => u.name), total: body.total };
};

// A first page is a statement of its own per limit (its limit written in), later pages share one with parameters.
describe('pages of a list', () => {
  test('a first page of every size, more sizes than are prepared apart, and later pages agree with one long page', async () => {
    for (const order of ['ASC', 'DESC']) {
      const all = await page(`sort=name&order=${order}&limit=100`);
      expect(all.names).toHaveLength(all.total);
      expect(all.total).toBeGreaterThan(GUESTS);
      for (let limit = 1; limit <= 12; limit++) {
        const first = await page(`sort=name&order=${order}&page=1&limit=${limit}`);
        expect(first).toEqual({ names: all.names.slice(0, limit), total: all.total });
        const second = await page(`sort=name&order=${order}&page=2&limit=${limit}`);
        expect(second).toEqual({ names: all.names.slice(limit, 2 * limit), total: all.total });
      }
      // The sizes asked for first are still answered by their own statements.
      expect(await page(`sort=name&order=${order}&page=1&limit=3`)).toEqual({ names: all.names.slice(0, 3), total: all.total });
    }
  });

  test('a first page sees a user added since it was first asked for, and a page past the end is empty', async () => {
    const before = await page('sort=name&order=DESC&page=1&limit=5');
    const res = await call(h, 'POST', '/api/auth/users', {
      token: h.adminToken,
      body: { name: 'Ωμέγα Τελευταίος', email: 'omega@example.com' },
    });
    expect(res.statusCode).toBe(201);
    const after = await page('sort=name&order=DESC&page=1&limit=5');
    expect(after).toEqual({ names: ['Ωμέγα Τελευταίος', ...before.names.slice(0, 4)], total: before.total + 1 });
    expect(await page('sort=name&order=DESC&page=100&limit=5')).toEqual({ names: [], total: before.total + 1 });
  });
});
