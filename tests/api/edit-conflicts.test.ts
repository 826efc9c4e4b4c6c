import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness';
import { call, createUser, runSql } from './helpers';
import { pictureData } from './pictures';
import { createRole, signedIn, type Person } from './security/people';

// Two admins edit the same record: every record carries `_version` (its ETag);
// a write with `If-Match` naming an older version is a 412 with the record as
// it is now, and changes nothing. Without `If-Match` the last write wins.

const USERS = '/api/auth/users';
let h: Harness;
let anna: Person;
let boris: Person;

beforeAll(async () => {
  h = await startHarness();
  anna = await signedIn(h, 'Admin');
  boris = await signedIn(h, 'Admin');
});
afterAll(async () => h?.close());

const get = (id: string, token = anna.token) => call(h, 'GET', `${USERS}/${id}`, { token });
const put = (id: string, body: Record<string, unknown>, token: string, ifMatch?: string) =>
  call(h, 'PUT', `${USERS}/${id}`, { token, body, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });
const del = (id: string, token: string, ifMatch?: string) =>
  call(h, 'DELETE', `${USERS}/${id}`, { token, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });

describe('versions and entity tags', () => {
  test('a record’s version is 1 when made and one more on each change; get answers it as the ETag, and so do list rows', async () => {
    const maria = await createUser(h, { name: 'Maria Papadopoulou' });
    const first = await get(maria._id);
    expect(first.json()._version).toBe(1);
    expect(first.headers.etag).toBe('"1"');
    const changed = await put(maria._id, { name: 'Maria P.' }, anna.token, '"1"');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()._version).toBe(2);
    expect(changed.headers.etag).toBe('"2"');
    const list = await call(h, 'GET', `${USERS}?q=Maria%20P.&limit=10`, { token: anna.token });
    expect(list.json().data.find((u: { _id: string }) => u._id === maria._id)._version).toBe(2);
  });

  test('a change made outside the generic routes (a password reset, a script) counts too', async () => {
    const nikos = await createUser(h, { name: 'Nikos Georgiou' });
    await runSql(h, sql`UPDATE users SET bio = 'Set by a script' WHERE id = ${nikos._id}`);
    expect((await get(nikos._id)).json()._version).toBe(2);
    expect((await put(nikos._id, { phone: '+30 210 555 0100' }, anna.token, '"1"')).statusCode).toBe(412);
  });

  test('a change of pictures alone counts: a form opened before it cannot put the old pictures back', async () => {
    const url = '/api/auth/experiences';
    const made = await call(h, 'POST', url, {
      token: h.adminToken,
      body: { title: 'Harbour of Chania', images: [{ operation: 'create', imageData: await pictureData('#1a5276'), name: 'harbour.png' }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const exp = made.json();
    const headers = { 'if-match': '"1"' };
    const added = await call(h, 'PUT', `${url}/${exp._id}`, {
      token: h.adminToken,
      headers,
      body: { images: [{ operation: 'create', imageData: await pictureData('#d35400'), name: 'lighthouse.png' }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()._version).toBe(2);
    expect(added.json().images).toHaveLength(2);
    const stale = await call(h, 'PUT', `${url}/${exp._id}`, {
      token: h.adminToken,
      headers,
      body: { images: [{ id: exp.images[0].id, operation: 'remove' }] },
    });
    expect(stale.statusCode).toBe(412);
    expect((await call(h, 'GET', `${url}/${exp._id}`, { token: h.adminToken })).json().images).toHaveLength(2);
  });
});

describe('two admins, one record', () => {
  test('A renames her, B blocks her with the version both read: B gets 412 with the record now, and A’s rename stays', async () => {
    const eleni = await createUser(h, { name: 'Eleni Kostas' });
    const seenByA = (await get(eleni._id, anna.token)).json();
    const seenByB = (await get(eleni._id, boris.token)).json();
    const tag = `"${seenByA._version}"`;
    expect((await put(eleni._id, { ...seenByA, name: 'Eleni Kosta' }, anna.token, tag)).statusCode).toBe(200);
    const stale = await put(eleni._id, { ...seenByB, blocked: true }, boris.token, tag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({
      error: 'This record was changed by someone else since you opened it.',
      current: { _id: eleni._id, name: 'Eleni Kosta', blocked: false, _version: seenByA._version + 1 },
    });
    const now = (await get(eleni._id)).json();
    expect(now).toMatchObject({ name: 'Eleni Kosta', blocked: false });
    // B merges: their change on the version they were shown.
    const merged = await put(eleni._id, { ...stale.json().current, blocked: true }, boris.token, `"${stale.json().current._version}"`);
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ name: 'Eleni Kosta', blocked: true });
  });

  test('at the same moment with the same version: exactly one wins, the other is a 412, nothing is lost', async () => {
    const petros = await createUser(h, { name: 'Petros Ioannou' });
    const answers = await Promise.all([
      put(petros._id, { name: 'Petros I.' }, anna.token, '"1"'),
      put(petros._id, { bio: 'Joined in March' }, boris.token, '"1"'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
    const now = (await get(petros._id)).json();
    expect(now._version).toBe(2);
    const won = answers.find((a) => a.statusCode === 200)!;
    expect(now).toMatchObject({ name: won.json().name, bio: won.json().bio });
  });

  test('without If-Match the last write wins, as before; `*` only asks that the record exists', async () => {
    const sofia = await createUser(h, { name: 'Sofia Dimou' });
    await put(sofia._id, { name: 'Sofia D.' }, anna.token);
    expect((await put(sofia._id, { bio: 'Athens office' }, boris.token)).statusCode).toBe(200);
    expect((await put(sofia._id, { bio: 'Patras office' }, boris.token, '*')).statusCode).toBe(200);
    expect((await get(sofia._id)).json()).toMatchObject({ name: 'Sofia D.', bio: 'Patras office', _version: 4 });
  });

  test('a tag that is not a version is a 400; a weak tag never matches', async () => {
    const id = (await createUser(h, { name: 'Kostas Bad Tag' }))._id;
    // Not quoted, not a number, zero, past ten digits, a prototype key: a 400, never a 5xx.
    for (const bad of ['1', '"one"', '"1', '"0"', '"99999999999"', '"__proto__:1"', `"${id}:1x"`])
      expect((await put(id, { bio: 'x' }, anna.token, bad)).statusCode, bad).toBe(400);
    expect((await put(id, { bio: 'x' }, anna.token, 'W/"1"')).statusCode).toBe(412);
    expect((await get(id)).json()._version).toBe(1);
  });

  test('a delete with a stale version is a 412 and deletes nothing; with the current one it deletes', async () => {
    const id = (await createUser(h, { name: 'Giorgos Delete' }))._id;
    await put(id, { name: 'Giorgos D.' }, anna.token);
    const stale = await del(id, boris.token, '"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ _id: id, name: 'Giorgos D.' });
    expect((await get(id)).statusCode).toBe(200);
    expect((await del(id, boris.token, '"2"')).statusCode).toBe(200);
    expect((await get(id)).statusCode).toBe(404);
  });
});

describe('bulk writes name each record’s version', () => {
  test('all current: written; one stale: a 412 naming it, and nothing is written', async () => {
    const a = await createUser(h, { name: 'Bulk Alpha' });
    const b = await createUser(h, { name: 'Bulk Beta' });
    await put(b._id, { name: 'Bulk Beta 2' }, anna.token);
    const bulk = (ifMatch: string) =>
      call(h, 'PUT', USERS, {
        token: anna.token,
        body: { ids: [a._id, b._id], data: { blocked: true } },
        headers: { 'if-match': ifMatch },
      });
    const stale = await bulk(`"${a._id}:1", "${b._id}:1"`);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ _id: b._id, _version: 2 });
    expect((await get(a._id)).json()).toMatchObject({ blocked: false, _version: 1 });
    // A record the header does not name fails it too.
    expect((await bulk(`"${a._id}:1"`)).statusCode).toBe(412);
    const ok = await bulk(`"${a._id}:1", "${b._id}:2"`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.map((u: { _version: number }) => u._version)).toEqual([2, 3]);
    const delStale = await call(h, 'DELETE', `${USERS}?ids=${a._id},${b._id}`, {
      token: anna.token,
      headers: { 'if-match': `"${a._id}:2", "${b._id}:2"` },
    });
    expect(delStale.statusCode).toBe(412);
    expect((await get(a._id)).statusCode).toBe(200);
  });
});

test('a caller with access rules sees in the 412 only what they may read', async () => {
  const desk = await createRole(h, 'Conflict Desk', 'staff', [
    ['GET', '/api/auth/users/:id'],
    ['PUT', '/api/auth/users/:id'],
  ]);
  const rules = { resources: { users: { read: ['name', 'blocked'], write: ['blocked'] } } };
  expect((await call(h, 'PUT', `/api/auth/roles/${desk}/access`, { token: h.adminToken, body: rules })).statusCode).toBe(200);
  const clerk = await signedIn(h, 'Conflict Desk');
  const target = await createUser(h, { name: 'Hidden Phone' });
  await put(target._id, { phone: '+30 210 555 0142' }, anna.token);
  const stale = await put(target._id, { blocked: true }, clerk.token, '"1"');
  expect(stale.statusCode).toBe(412);
  expect(Object.keys(stale.json().current).sort()).toEqual(['_id', '_version', 'blocked', 'name']);
  expect(stale.body).not.toContain('555 0142');
});

test('the own profile saves at the version read: two tabs, the second is a 412 with the profile now', async () => {
  const me = await signedIn(h, 'User');
  const mine = (body: Record<string, unknown>, ifMatch?: string) =>
    call(h, 'POST', '/api/auth/my-profile', { token: me.token, body, headers: ifMatch ? { 'if-match': ifMatch } : {} });
  const read = (await call(h, 'GET', '/api/auth/my-profile', { token: me.token })).json();
  expect(read._version).toBe(1);
  const first = await mine({ name: 'Tab One', bio: 'From the first tab' }, `"${read._version}"`);
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json()).toMatchObject({ name: 'Tab One', _version: 2 });
  const second = await mine({ name: 'Tab Two', phone: '+30 210 555 0177' }, `"${read._version}"`);
  expect(second.statusCode).toBe(412);
  expect(second.json().current).toMatchObject({ name: 'Tab One', bio: 'From the first tab', phone: '', _version: 2 });
  expect(Object.keys(second.json().current).sort()).toEqual(['_version', 'address', 'bio', 'email', 'image', 'name', 'phone']);
  // An admin's change counts too.
  await put(me._id, { address: 'Odos Aiolou 3' }, anna.token);
  expect((await mine({ name: 'Tab One' }, '"2"')).statusCode).toBe(412);
  expect((await mine({ name: 'Tab One again' }, '"3"')).statusCode).toBe(200);
});
