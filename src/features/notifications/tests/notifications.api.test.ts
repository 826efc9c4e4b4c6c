import { randomUUID } from 'node:crypto';
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

async function signedInUser(role?: string, name?: string) {
  const u = await createUser(h, { role, name });
  return { ...u, token: await h.login(u.email, u.password) };
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('notifications', () => {
  let a: Awaited<ReturnType<typeof signedInUser>>;
  let b: Awaited<ReturnType<typeof signedInUser>>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    a = await signedInUser('User', 'Notified A');
    b = await signedInUser('User', 'Notified B');
    const insert = async (user: string, title: string, minutesAgo: number, read: boolean) => {
      const res = await runSql(
        h,
        sql`INSERT INTO notifications (user_id, title, body, link, created_at, read_at)
            VALUES (${user}, ${title}, ${`Body of ${title}`}, '/admin/invites', now() - make_interval(mins => ${minutesAgo}), ${read ? sql`now()` : null})
            RETURNING id`,
      );
      return String(res[0].id);
    };
    ids = {
      oldRead: await insert(a._id, 'Old and read', 30, true),
      middle: await insert(a._id, 'Middle', 20, false),
      newest: await insert(a._id, 'Newest', 10, false),
      other: await insert(b._id, 'For B only', 5, false),
    };
  });

  test('the list shows own notifications, newest first, with the unread count', async () => {
    const res = await call(h, 'GET', '/api/auth/notifications', { token: a.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, pages: 1, unread: 2 });
    expect(body.data.map((n: { title: string }) => n.title)).toEqual(['Newest', 'Middle', 'Old and read']);
    expect(body.data[0]).toEqual({
      _id: ids.newest,
      title: 'Newest',
      body: 'Body of Newest',
      link: '/admin/invites',
      readAt: null,
      createdAt: expect.stringMatching(ISO),
    });
    expect(body.data[2].readAt).toMatch(ISO);

    const unread = await call(h, 'GET', '/api/auth/notifications?unread=1&limit=10', { token: a.token });
    expect(unread.json()).toMatchObject({ total: 2, unread: 2 });
    expect(unread.json().data.map((n: { _id: string }) => n._id)).toEqual([ids.newest, ids.middle]);

    const paged = await call(h, 'GET', '/api/auth/notifications?limit=2&page=2', { token: a.token });
    expect(paged.json()).toMatchObject({ total: 3, page: 2, pages: 2, unread: 2 });
    expect(paged.json().data.map((n: { _id: string }) => n._id)).toEqual([ids.oldRead]);
  });

  test('mark one read; marking again keeps the first time', async () => {
    const res = await call(h, 'POST', `/api/auth/notifications/${ids.middle}/read`, { token: a.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const list = (await call(h, 'GET', '/api/auth/notifications', { token: a.token })).json();
    expect(list.unread).toBe(1);
    const readAt = list.data.find((n: { _id: string }) => n._id === ids.middle).readAt;
    expect(readAt).toMatch(ISO);
    await call(h, 'POST', `/api/auth/notifications/${ids.middle}/read`, { token: a.token });
    const again = (await call(h, 'GET', '/api/auth/notifications', { token: a.token })).json();
    expect(again.data.find((n: { _id: string }) => n._id === ids.middle).readAt).toBe(readAt);
  });

  test("another user's notification is a 404 and stays unread", async () => {
    const res = await call(h, 'POST', `/api/auth/notifications/${ids.other}/read`, { token: a.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Notification not found.' });
    const unknown = await call(h, 'POST', `/api/auth/notifications/${randomUUID()}/read`, { token: a.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Notification not found.' });
    expect((await call(h, 'GET', '/api/auth/notifications', { token: b.token })).json().unread).toBe(1);
  });

  test('a malformed id is refused', async () => {
    const res = await call(h, 'POST', '/api/auth/notifications/not-an-id/read', { token: a.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Id is not valid', fields: { id: 'Id is not valid' } });
  });

  test('mark all read touches only own notifications', async () => {
    const res = await call(h, 'POST', '/api/auth/notifications', { token: a.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, updated: 1 });
    const list = (await call(h, 'GET', '/api/auth/notifications', { token: a.token })).json();
    expect(list.unread).toBe(0);
    expect(list.data.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(true);
    expect((await call(h, 'GET', '/api/auth/notifications?unread=true', { token: a.token })).json()).toMatchObject({ data: [], total: 0 });
    expect((await call(h, 'GET', '/api/auth/notifications', { token: b.token })).json().unread).toBe(1);
    expect((await call(h, 'POST', '/api/auth/notifications', { token: a.token })).json()).toEqual({ ok: true, updated: 0 });
  });

  test('a bad unread value is a 400', async () => {
    expect((await call(h, 'GET', '/api/auth/notifications?unread=maybe', { token: a.token })).statusCode).toBe(400);
  });
});
