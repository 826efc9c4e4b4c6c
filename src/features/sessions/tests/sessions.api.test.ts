import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser, runSql } from '../../../../tests/api/helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function loginWith(email: string, password: string, userAgent: string): Promise<string> {
  const res = await call(h, 'POST', '/api/auth/login', { body: { email, password }, headers: { 'user-agent': userAgent } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

async function person(role?: string) {
  const u = await createUser(h, { role });
  return { ...u, token: await loginWith(u.email, u.password, FIREFOX_WINDOWS) };
}

const status = async (token: string) => (await call(h, 'GET', '/api/auth/sessions', { token })).statusCode;

describe("GET /api/auth/sessions: where you're signed in", () => {
  test('lists live sessions with browser, system, address and times; the current one first and marked', async () => {
    const u = await person();
    const phone = await loginWith(u.email, u.password, SAFARI_IPHONE);
    const res = await call(h, 'GET', '/api/auth/sessions', { token: u.token });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({ current: true, browser: 'Firefox 128', os: 'Windows 10', ip: '127.0.0.1' });
    expect(data[1]).toMatchObject({ current: false, browser: 'Safari 17', os: 'iOS' });
    for (const s of data) {
      expect(Object.keys(s).sort()).toEqual(['_id', 'browser', 'createdAt', 'current', 'expiresAt', 'ip', 'lastSeenAt', 'os']);
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
    // Seen from the phone, the phone's session is the current one.
    const fromPhone = (await call(h, 'GET', '/api/auth/sessions', { token: phone })).json().data;
    expect(fromPhone[0]).toMatchObject({ current: true, browser: 'Safari 17' });
    expect(fromPhone[0]._id).toBe(data[1]._id);
  });

  test('ended and other users’ sessions are not listed; without a session it is 401', async () => {
    const u = await person();
    const other = await person();
    const second = await loginWith(u.email, u.password, SAFARI_IPHONE);
    await call(h, 'POST', '/api/auth/logout', { token: second });
    const data = (await call(h, 'GET', '/api/auth/sessions', { token: u.token })).json().data;
    expect(data).toHaveLength(1);
    const ids = (await call(h, 'GET', '/api/auth/sessions', { token: other.token })).json().data.map((s: { _id: string }) => s._id);
    expect(ids).not.toContain(data[0]._id);
    expect((await call(h, 'GET', '/api/auth/sessions')).statusCode).toBe(401);
  });

  test('last seen moves forward when a session is used again', async () => {
    const u = await person();
    const phone = await loginWith(u.email, u.password, SAFARI_IPHONE);
    const phoneId = (await call(h, 'GET', '/api/auth/sessions', { token: phone })).json().data[0]._id;
    await runSql(h, sql`UPDATE sessions SET last_seen_at = now() - interval '10 minutes' WHERE user_id = ${u._id}`);
    const before = (await call(h, 'GET', '/api/auth/sessions', { token: u.token })).json().data;
    // The session just used (u.token) is seen now; the phone, idle, still shows ten minutes ago.
    const ago = (id: string, list: { _id: string; lastSeenAt: string }[]) =>
      Date.now() - Date.parse(list.find((s) => s._id === id)!.lastSeenAt);
    expect(ago(phoneId, before)).toBeGreaterThan(9 * 60_000);
    expect(ago(before[0]._id, before)).toBeLessThan(60_000);
  });
});

describe('DELETE /api/auth/sessions[/{id}]', () => {
  test('ends one session: its token stops working, the others keep working', async () => {
    const u = await person();
    const phone = await loginWith(u.email, u.password, SAFARI_IPHONE);
    const phoneId = (await call(h, 'GET', '/api/auth/sessions', { token: phone })).json().data[0]._id;
    const res = await call(h, 'DELETE', `/api/auth/sessions/${phoneId}`, { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, current: false });
    expect(await status(phone)).toBe(401);
    expect(await status(u.token)).toBe(200);
    // Already ended: nothing to end.
    expect((await call(h, 'DELETE', `/api/auth/sessions/${phoneId}`, { token: u.token })).statusCode).toBe(404);
  });

  test('nobody ends another user’s session by its id', async () => {
    const u = await person();
    const other = await person();
    const otherId = (await call(h, 'GET', '/api/auth/sessions', { token: other.token })).json().data[0]._id;
    expect((await call(h, 'DELETE', `/api/auth/sessions/${otherId}`, { token: u.token })).statusCode).toBe(404);
    expect(await status(other.token)).toBe(200);
    expect((await call(h, 'DELETE', '/api/auth/sessions/not-a-uuid', { token: u.token })).statusCode).toBe(400);
  });

  test('ending the current session signs the caller out', async () => {
    const u = await person();
    const mine = (await call(h, 'GET', '/api/auth/sessions', { token: u.token })).json().data[0]._id;
    expect((await call(h, 'DELETE', `/api/auth/sessions/${mine}`, { token: u.token })).json()).toEqual({ ok: true, current: true });
    expect(await status(u.token)).toBe(401);
  });

  test('ends every session but the current one', async () => {
    const u = await person();
    const a = await loginWith(u.email, u.password, SAFARI_IPHONE);
    const b = await loginWith(u.email, u.password, SAFARI_IPHONE);
    const res = await call(h, 'DELETE', '/api/auth/sessions', { token: u.token });
    expect(res.json()).toEqual({ ok: true, ended: 2 });
    expect(await status(a)).toBe(401);
    expect(await status(b)).toBe(401);
    expect((await call(h, 'GET', '/api/auth/sessions', { token: u.token })).json().data).toHaveLength(1);
  });
});

describe('a user’s sessions, for admins under the rank rule', () => {
  test('an Admin lists and ends a User’s sessions', async () => {
    const admin = await person('Admin');
    const u = await person('User');
    const list = await call(h, 'GET', `/api/auth/users/${u._id}/sessions`, { token: admin.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ browser: 'Firefox 128', current: false })]);
    const end = await call(h, 'DELETE', `/api/auth/users/${u._id}/sessions`, { token: admin.token });
    expect(end.json()).toEqual({ ok: true, ended: 1 });
    expect(await status(u.token)).toBe(401);
    expect(await status(admin.token)).toBe(200);
  });

  test('an Admin may not see or end the sessions of an equal or higher rank', async () => {
    const admin = await person('Admin');
    const peer = await person('Admin');
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await call(h, method, `/api/auth/users/${peer._id}/sessions`, { token: admin.token });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('You can only manage users whose rank is below yours.');
    }
    const superRes = await call(h, 'GET', `/api/auth/users/${peer._id}/sessions`, { token: h.adminToken });
    expect(superRes.json().data).toHaveLength(1);
    expect(await status(peer.token)).toBe(200);
  });

  test('a User has no permission; an unknown user is 404', async () => {
    const u = await person('User');
    const target = await person();
    expect((await call(h, 'GET', `/api/auth/users/${target._id}/sessions`, { token: u.token })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', `/api/auth/users/${target._id}/sessions`, { token: u.token })).statusCode).toBe(403);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call(h, 'GET', `/api/auth/users/${missing}/sessions`, { token: h.adminToken })).statusCode).toBe(404);
  });

  test('ending one’s own sessions through the admin route keeps the current one', async () => {
    const self = await createUser(h, { role: 'Admin' });
    const t1 = await loginWith(self.email, self.password, FIREFOX_WINDOWS);
    const t2 = await loginWith(self.email, self.password, SAFARI_IPHONE);
    expect((await call(h, 'DELETE', `/api/auth/users/${self._id}/sessions`, { token: t1 })).json()).toEqual({ ok: true, ended: 1 });
    expect(await status(t1)).toBe(200);
    expect(await status(t2)).toBe(401);
  });
});
