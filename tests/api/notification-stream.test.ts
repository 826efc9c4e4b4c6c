import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../../src/core/server/app';
import { readNotificationStream, STREAM_URL, type StreamEvent } from '../../src/features/notifications/admin/notificationStream';
import { openStream } from './stream-reader';
import { contractChecker } from './contract-check';
import { startHarness, type Harness } from './harness';
import { call, createUser, runSql } from './helpers';

// The bell's stream, read as the admin reads it (fetch + Bearer token), on
// real listening servers: a notification made through one server reaches a
// stream open on another (PostgreSQL: its own pool and LISTEN connection, as
// another replica; PGlite: in-process, one database).
let h: Harness;
let other: App;
const urls: string[] = [];
beforeAll(async () => {
  h = await startHarness();
  other = await buildApp(h.config, { logger: false, ...(h.config.databaseUrl ? {} : { database: h.app.deps.database }) });
  for (const app of [h.app, other]) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    urls.push(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
  }
});
afterAll(async () => {
  // fetch keeps finished connections for reuse; the tests are done with them.
  for (const app of [other, h?.app]) app?.server.closeAllConnections();
  await other?.close();
  await h?.close();
});

const isUnread = (n: number) => (e: StreamEvent) => e.type === 'unread' && e.unread === n;

async function unreadOf(token: string): Promise<number> {
  return (await call(h, 'GET', '/api/auth/notifications?unread=1', { token })).json().unread as number;
}

describe('GET /api/auth/notifications/stream', () => {
  test('refuses a request without a valid token', async () => {
    const res = await fetch(urls[0] + STREAM_URL);
    expect(res.status).toBe(401);
    await res.text();
    await expect(readNotificationStream(urls[1] + STREAM_URL, 'not-a-token', () => undefined)).rejects.toThrow('401');
  });

  test('the OpenAPI document declares it (text/event-stream, bearer, 401), and its real answers match the document', async () => {
    const doc = (await call(h, 'GET', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const op = doc.paths[STREAM_URL]?.get;
    expect(op?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(op?.responses['200'].content ?? {})).toEqual(['text/event-stream']);
    expect(Object.keys(op?.responses['401'].content ?? {})).toEqual(['application/json']);

    const checker = await contractChecker(h.app);
    const answer = async (res: Response, body: string) => ({
      statusCode: res.status,
      headers: Object.fromEntries(res.headers),
      body,
    });
    const refused = await fetch(urls[0] + STREAM_URL);
    expect(refused.status).toBe(401);
    expect(checker.check('GET', STREAM_URL, await answer(refused, await refused.text()))).toBeNull();
    // An open stream never ends: its status and media type are what is checked.
    const abort = new AbortController();
    const open = await fetch(urls[0] + STREAM_URL, {
      headers: { authorization: `Bearer ${h.adminToken}`, 'x-request-id': 'stream-trace-1' },
      signal: abort.signal,
    });
    expect(open.status).toBe(200);
    expect(checker.check('GET', STREAM_URL, await answer(open, ''))).toBeNull();
    // The stream writes its own head (it takes the response over): the API's headers are in it, each once.
    for (const res of [open, refused]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    // Its request's id, as every answer carries, to find the stream's log lines by: the one the client gave, once.
    expect(open.headers.get('x-request-id')).toBe('stream-trace-1');
    expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    abort.abort();
    await open.body?.cancel().catch(() => undefined);
  });

  test('a notification created through one server streams from the other within 2 s, with the unread count', async () => {
    const start = await unreadOf(h.adminToken);
    const stream = openStream(urls[1], h.adminToken);
    await stream.next(isUnread(start));

    // Reinitiate Permissions notifies the caller; made through the first server.
    const sent = Date.now();
    expect((await call(h, 'POST', '/api/auth/reinitiate-permissions/', { token: h.adminToken })).statusCode).toBe(200);
    const event = await stream.next((e) => e.type === 'notification');
    expect(event).toMatchObject({ type: 'notification', notification: { title: expect.stringContaining('Permissions Sync Completed') } });
    await stream.next(isUnread(start + 1));
    expect(Date.now() - sent).toBeLessThan(2000);

    // Marking all read (through the first server) brings the count to 0 on the other.
    expect((await call(h, 'POST', '/api/auth/notifications', { token: h.adminToken })).statusCode).toBe(200);
    await stream.next(isUnread(0));
    stream.close();
    expect(await stream.done).toBe('aborted');
  });

  test("another user's notifications are not streamed to you", async () => {
    const u = await createUser(h, { role: 'User' });
    const token = await h.login(u.email, u.password);
    const stream = openStream(urls[0], token);
    await stream.next(isUnread(0));
    expect((await call(h, 'POST', '/api/auth/reinitiate-permissions/', { token: h.adminToken })).statusCode).toBe(200);
    await expect(stream.next(() => true, 1000)).rejects.toThrow('no matching event');
    stream.close();
  });

  test('signing out (through the other server) ends the stream', async () => {
    const u = await createUser(h, { role: 'User' });
    const token = await h.login(u.email, u.password);
    const stream = openStream(urls[0], token);
    await stream.next(isUnread(0));
    expect(
      (await other.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(200);
    expect(await Promise.race([stream.done, new Promise((r) => setTimeout(() => r('still open'), 2000))])).toBe('ended');
  });

  test.skipIf(!process.env.DATABASE_URL)('each server LISTENs over one connection, whatever the channels', async () => {
    const rows = await runSql(
      h,
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
    );
    // Two servers, each listening on auth_changed and notifications_changed.
    expect(rows[0].n).toBe(2);
  });
});
