import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../../src/core/server/app';
import type { StreamEvent } from '../../src/features/notifications/admin/notificationStream';
import { startHarness, type Harness } from './harness';
import { call, createUser, runSql } from './helpers';
import { signedIn, type Person } from './security/people';
import { openStream } from './stream-reader';

// Who else has a record open: an edit form's heartbeat says so, the others
// see it in the answer and, at once, on their notification stream, whichever
// server each is on (PostgreSQL: another app with its own LISTEN connection).

let h: Harness;
let other: App;
const urls: string[] = [];
let anna: Person;
let boris: Person;

beforeAll(async () => {
  h = await startHarness();
  other = await buildApp(h.config, { logger: false, ...(h.config.databaseUrl ? {} : { database: h.app.deps.database }) });
  for (const app of [h.app, other]) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    urls.push(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
  }
  anna = await signedIn(h, 'Admin');
  boris = await signedIn(h, 'Admin');
});
afterAll(async () => {
  for (const app of [other, h?.app]) app?.server.closeAllConnections();
  await other?.close();
  await h?.close();
});

const presence = (method: 'GET' | 'PUT' | 'DELETE', id: string, token: string) =>
  call(h, method, `/api/auth/users/${id}/presence`, { token });
const names = (res: { json(): { editors: { userId: string }[] } }) => res.json().editors.map((e) => e.userId);
const isPresence = (id: string, editors: string[]) => (e: StreamEvent) =>
  e.type === 'presence' && e.presence.id === id && JSON.stringify(e.presence.editors.map((x) => x.userId)) === JSON.stringify(editors);

describe('who else is editing', () => {
  test('each sees the other, live on the other server’s stream; leaving is heard too', async () => {
    const maria = await createUser(h, { name: 'Maria Papadopoulou' });
    const stream = openStream(urls[1], anna.token);
    try {
      // The stream is open (as the bell's is long before a form opens).
      await stream.next((e) => e.type === 'unread');
      const first = await presence('PUT', maria._id, anna.token);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ editors: [] });
      const second = await presence('PUT', maria._id, boris.token);
      expect(names(second)).toEqual([anna._id]);
      expect(second.json().editors[0]).toMatchObject({ name: 'Test User', since: expect.any(String) });
      await stream.next(isPresence(maria._id, [boris._id]));
      expect(names(await presence('GET', maria._id, anna.token))).toEqual([boris._id]);
      // A heartbeat changes nothing for the others.
      expect(names(await presence('PUT', maria._id, boris.token))).toEqual([anna._id]);
      expect((await presence('DELETE', maria._id, boris.token)).statusCode).toBe(200);
      await stream.next(isPresence(maria._id, []));
      expect(names(await presence('GET', maria._id, anna.token))).toEqual([]);
    } finally {
      stream.close();
    }
  });

  test('a form not seen for a minute is forgotten', async () => {
    const nikos = await createUser(h, { name: 'Nikos Georgiou' });
    await presence('PUT', nikos._id, boris.token);
    expect(names(await presence('PUT', nikos._id, anna.token))).toEqual([boris._id]);
    await runSql(h, sql`UPDATE edit_presence SET seen_at = now() - interval '2 minutes' WHERE user_id = ${boris._id}`);
    expect(names(await presence('PUT', nikos._id, anna.token))).toEqual([]);
  });

  test('only for those who may read the record; an unknown one is a 404', async () => {
    const plain = await signedIn(h, 'User');
    const eleni = await createUser(h, { name: 'Eleni Kosta' });
    expect((await presence('PUT', eleni._id, plain.token)).statusCode).toBe(403);
    expect((await presence('PUT', '0b0a9a6e-2f55-4a4f-9d0e-7d6b1f0f0c11', anna.token)).statusCode).toBe(404);
    expect((await presence('PUT', 'not-a-uuid', anna.token)).statusCode).toBe(404);
  });
});
