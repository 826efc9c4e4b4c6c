import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pictureData } from './pictures';
import { startHarness, type Harness } from './harness';
import { call, createUser, runSql } from './helpers';
import { createRole, signedIn, type Person } from './security/people';
import { purgeVersions } from '../../src/core/server/versions/retention';
import { productResources } from '../../resources/set';

// Every write stores the record's new state as a version: listed newest
// first, one rebuilt as it was, two compared, and one brought back (whole or
// chosen fields) as an update that is itself a new version, under every rule
// an update meets.

const USERS = '/api/auth/users';
const EXPERIENCES = '/api/auth/experiences';
let h: Harness;
let anna: Person;

beforeAll(async () => {
  h = await startHarness();
  anna = await signedIn(h, 'Admin');
});
afterAll(async () => h?.close());

const as = (token: string) => ({
  get: (url: string) => call(h, 'GET', url, { token }),
  put: (url: string, body: Record<string, unknown>, ifMatch?: string) =>
    call(h, 'PUT', url, { token, body, headers: ifMatch ? { 'if-match': ifMatch } : {} }),
  restore: (url: string, body: Record<string, unknown> = {}, ifMatch?: string) =>
    call(h, 'POST', `${url}/restore`, { token, body, headers: ifMatch ? { 'if-match': ifMatch } : {} }),
});
const admin = () => as(h.adminToken);

describe('a user’s history', () => {
  test('each write is a version, newest first, naming who wrote it and what changed; secrets never', async () => {
    const maria = await createUser(h, { name: 'Maria Papadopoulou', password: 'a-Long-pass-1234' });
    const a = as(anna.token);
    expect((await a.put(`${USERS}/${maria._id}`, { name: 'Maria P.' })).statusCode).toBe(200);
    expect((await a.put(`${USERS}/${maria._id}`, { bio: 'Runs the Athens office', password: 'another-Pass-5678' })).statusCode).toBe(200);
    // A save that changes nothing is no version.
    expect((await a.put(`${USERS}/${maria._id}`, { bio: 'Runs the Athens office' })).statusCode).toBe(200);
    const list = await a.get(`${USERS}/${maria._id}/versions`);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.total).toBe(3);
    expect(body.data.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(body.data[0]).toMatchObject({ op: 'update', fields: ['bio'], actorId: anna._id, actorName: 'Test User' });
    expect(body.data[1]).toMatchObject({ op: 'update', fields: ['name'] });
    expect(body.data[2]).toMatchObject({ op: 'create', actorId: expect.any(String) });
    expect(body.data[2].fields).toEqual(expect.arrayContaining(['name', 'email', 'confirmed', 'blocked']));
    const first = (await a.get(`${USERS}/${maria._id}/versions/1`)).json();
    expect(first).toMatchObject({ version: 1, op: 'create', record: { _id: maria._id, name: 'Maria Papadopoulou', bio: null } });
    const stored = await runSql(h, sql`SELECT data::text AS data FROM record_versions WHERE record_id = ${maria._id}`);
    for (const text of [JSON.stringify(first), ...stored.map((s) => String(s.data))]) {
      expect(text).not.toMatch(/password|\$argon|\$2[aby]\$|googleSub/i);
    }
    const cmp = (await a.get(`${USERS}/${maria._id}/versions/compare?from=1&to=3`)).json();
    expect(cmp).toMatchObject({ from: 1, to: 3 });
    expect(cmp.changes).toEqual([
      { field: 'name', from: 'Maria Papadopoulou', to: 'Maria P.' },
      { field: 'bio', from: null, to: 'Runs the Athens office' },
    ]);
  });

  test('stored compactly: one row per write holding what it changed, a whole copy every 20th', async () => {
    const nikos = await createUser(h, { name: 'Nikos Georgiou' });
    for (let i = 1; i <= 44; i++)
      expect((await admin().put(`${USERS}/${nikos._id}`, { phone: `+30 210 555 ${1000 + i}` })).statusCode).toBe(200);
    const rows = await runSql(
      h,
      sql`SELECT version, fields IS NOT NULL AS full, (SELECT count(*) FROM jsonb_object_keys(data))::int AS keys FROM record_versions WHERE record_id = ${nikos._id} ORDER BY version`,
    );
    expect(rows).toHaveLength(45);
    expect(rows.filter((r) => r.full).map((r) => r.version)).toEqual([1, 21, 41]);
    expect(rows.filter((r) => !r.full).every((r) => r.keys === 1)).toBe(true);
    // Rebuilt from the whole copy before it and the changes after.
    for (const n of [20, 21, 37, 45]) {
      const v = (await admin().get(`${USERS}/${nikos._id}/versions/${n}`)).json();
      expect(v.record).toMatchObject({ name: 'Nikos Georgiou', phone: `+30 210 555 ${1000 + n - 1}` });
    }
    const page = (await admin().get(`${USERS}/${nikos._id}/versions?page=3&limit=20`)).json();
    expect(page.total).toBe(45);
    expect(page.data.map((v: { version: number }) => v.version)).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('restoring', () => {
  test('the whole record or chosen fields, as a new version; earlier versions stay', async () => {
    const eleni = await createUser(h, { name: 'Eleni Kosta' });
    await admin().put(`${USERS}/${eleni._id}`, { name: 'Eleni K.', phone: '+30 231 000 1111', bio: 'Sales' });
    await admin().put(`${USERS}/${eleni._id}`, { blocked: true, address: 'Egnatia 12, Thessaloniki' });
    const some = await admin().restore(`${USERS}/${eleni._id}/versions/1`, { fields: ['name'] });
    expect(some.statusCode, some.body).toBe(200);
    expect(some.json()).toMatchObject({ name: 'Eleni Kosta', phone: '+30 231 000 1111', blocked: true });
    expect(some.json().dropped).toBeUndefined();
    const whole = await admin().restore(`${USERS}/${eleni._id}/versions/2`);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json()).toMatchObject({ name: 'Eleni K.', phone: '+30 231 000 1111', bio: 'Sales', blocked: false, address: null });
    const list = (await admin().get(`${USERS}/${eleni._id}/versions`)).json();
    expect(list.total).toBe(5);
    expect(list.data.slice(0, 2).map((v: { op: string; fields: string[] }) => [v.op, v.fields.sort()])).toEqual([
      ['restore', ['address', 'blocked', 'name'].sort()],
      ['restore', ['name']],
    ]);
    const audit = await runSql(h, sql`SELECT action FROM audit_logs WHERE record_id = ${eleni._id} ORDER BY at DESC LIMIT 1`);
    expect(audit[0].action).toBe('restore');
  });

  test('a field the declaration no longer has is dropped, a value today’s rules refuse is a 400, a stale If-Match a 412', async () => {
    const petros = await createUser(h, { name: 'Petros Ioannou' });
    await admin().put(`${USERS}/${petros._id}`, { name: 'Petros I.' });
    await runSql(h, sql`UPDATE record_versions SET data = data || '{"nickname": "Pete"}' WHERE record_id = ${petros._id} AND version = 1`);
    const back = await admin().restore(`${USERS}/${petros._id}/versions/1`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ name: 'Petros Ioannou', dropped: ['nickname'] });
    await runSql(
      h,
      sql`UPDATE record_versions SET data = jsonb_set(data, '{name}', to_jsonb(repeat('P', 300))) WHERE record_id = ${petros._id} AND version = 1`,
    );
    const unfit = await admin().restore(`${USERS}/${petros._id}/versions/1`);
    expect(unfit.statusCode).toBe(400);
    expect(unfit.json().fields.name).toMatch(/no longer fits/);
    const stale = await admin().restore(`${USERS}/${petros._id}/versions/2`, {}, '"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ _id: petros._id, name: 'Petros Ioannou' });
    expect((await admin().get(`${USERS}/${petros._id}`)).json().name).toBe('Petros Ioannou');
  });

  test('the rank rule holds: an Admin cannot restore another Admin, and nothing is written', async () => {
    const other = await signedIn(h, 'Admin');
    await admin().put(`${USERS}/${other._id}`, { name: 'Renamed Admin' });
    const refused = await as(anna.token).restore(`${USERS}/${other._id}/versions/1`);
    expect(refused.statusCode).toBe(403);
    expect((await admin().get(`${USERS}/${other._id}/versions`)).json().total).toBe(2);
  });

  test('not found: another record’s id, a version it never had, a malformed id', async () => {
    const u = await createUser(h);
    expect((await admin().get(`${USERS}/${u._id}/versions/9`)).statusCode).toBe(404);
    expect((await admin().get(`${USERS}/${u._id}/versions/compare?from=1&to=9`)).statusCode).toBe(404);
    expect((await admin().restore(`${USERS}/${u._id}/versions/9`)).statusCode).toBe(404);
    expect((await admin().get(`${USERS}/8d0f2b8e-8a4c-4c39-9a39-3f8a3b7f0c11/versions`)).statusCode).toBe(404);
    expect((await admin().get(`${USERS}/not-a-uuid/versions`)).statusCode).toBe(404);
    expect((await admin().get(`${USERS}/${u._id}/versions?limit=500`)).statusCode).toBe(400);
    expect((await admin().get(`${USERS}/${u._id}/versions?sort=at`)).statusCode).toBe(400);
    const bad = await admin().restore(`${USERS}/${u._id}/versions/1`, { fields: ['__proto__'] });
    expect(bad.statusCode).toBeLessThan(500);
  });
});

describe('access rules', () => {
  test('versions show only the fields the caller reads; a whole restore leaves the others, naming one is a 403', async () => {
    const role = await createRole(h, 'Versions Clerk', 'staff', [
      ['GET', USERS],
      ['GET', `${USERS}/:id`],
      ['PUT', `${USERS}/:id`],
    ]);
    const rules = { users: { read: ['name', 'email', 'phone', 'createdAt'], write: ['name', 'phone'] } };
    expect((await call(h, 'PUT', `/api/auth/roles/${role}/access`, { token: h.adminToken, body: { resources: rules } })).statusCode).toBe(
      200,
    );
    const clerk = as((await signedIn(h, 'Versions Clerk')).token);
    const sofia = await createUser(h, { name: 'Sofia Lamprou' });
    await admin().put(`${USERS}/${sofia._id}`, { bio: 'Private notes about Sofia', phone: '+30 210 111 2222' });
    await admin().put(`${USERS}/${sofia._id}`, { name: 'Sofia L.', bio: 'Changed private notes', phone: '+30 210 333 4444' });
    const list = await clerk.get(`${USERS}/${sofia._id}/versions`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[1].fields).toEqual(['phone']);
    const v2 = await clerk.get(`${USERS}/${sofia._id}/versions/2`);
    expect(v2.body).not.toContain('Private notes');
    const cmp = await clerk.get(`${USERS}/${sofia._id}/versions/compare?from=2&to=3`);
    expect(
      cmp
        .json()
        .changes.map((c: { field: string }) => c.field)
        .sort(),
    ).toEqual(['name', 'phone']);
    expect(cmp.body).not.toContain('private notes');
    const whole = await clerk.restore(`${USERS}/${sofia._id}/versions/2`);
    expect(whole.statusCode, whole.body).toBe(200);
    const now = (await admin().get(`${USERS}/${sofia._id}`)).json();
    expect(now).toMatchObject({ name: 'Sofia Lamprou', phone: '+30 210 111 2222', bio: 'Changed private notes' });
    expect((await clerk.restore(`${USERS}/${sofia._id}/versions/2`, { fields: ['bio'] })).statusCode).toBe(403);
  });
});

describe('pictures', () => {
  test('a replaced or removed picture stays stored while a version shows it, and a restore brings it back', async () => {
    const made = await call(h, 'POST', EXPERIENCES, {
      token: h.adminToken,
      body: {
        title: 'Lighthouse at Cape Sounion',
        images: [
          { operation: 'create', imageData: await pictureData('#1f618d'), name: 'sea.png' },
          { operation: 'create', imageData: await pictureData('#b9770e'), name: 'sunset.png' },
        ],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const exp = made.json();
    const [sea, sunset] = exp.images;
    const changed = await admin().put(`${EXPERIENCES}/${exp._id}`, {
      images: [
        { id: sea.id, operation: 'update', imageData: await pictureData('#28b463'), name: 'sea-green.png' },
        { id: sunset.id, operation: 'remove' },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().images).toHaveLength(1);
    for (const img of [sea, sunset]) expect((await call(h, 'GET', `/uploads/${img.path}`)).statusCode).toBe(200);
    const back = await admin().restore(`${EXPERIENCES}/${exp._id}/versions/1`, { fields: ['images'] });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().images.map((i: { path: string }) => i.path)).toEqual([sea.path, sunset.path]);
    for (const img of back.json().images) expect((await call(h, 'GET', `/uploads/${img.thumb}`)).statusCode).toBe(200);
    const v2 = (await admin().get(`${EXPERIENCES}/${exp._id}/versions/2`)).json();
    expect(v2.record.images).toHaveLength(1);
    expect(v2.filesUrl).toBe('/uploads/');
  });
});

describe('retention', () => {
  test('VERSIONS_KEEP: the newest are kept, the oldest kept is whole, files only dropped versions showed go', async () => {
    const exp = (
      await call(h, 'POST', EXPERIENCES, {
        token: h.adminToken,
        body: {
          title: 'Meteora monasteries',
          images: [{ operation: 'create', imageData: await pictureData('#7d3c98'), name: 'rock.png' }],
        },
      })
    ).json();
    const first = exp.images[0];
    const swap = await admin().put(`${EXPERIENCES}/${exp._id}`, {
      images: [{ id: first.id, operation: 'update', imageData: await pictureData('#148f77'), name: 'rock-2.png' }],
    });
    expect(swap.statusCode).toBe(200);
    for (let i = 1; i <= 8; i++) await admin().put(`${EXPERIENCES}/${exp._id}`, { title: `Meteora monasteries, visit ${i}` });
    expect((await call(h, 'GET', `/uploads/${first.path}`)).statusCode).toBe(200);
    await purgeVersions(h.app.deps.database, productResources.list, h.app.deps.storage, { keep: 4 });
    const list = (await admin().get(`${EXPERIENCES}/${exp._id}/versions`)).json();
    expect(list.total).toBe(4);
    expect(list.data.map((v: { version: number }) => v.version)).toEqual([10, 9, 8, 7]);
    const oldest = (await admin().get(`${EXPERIENCES}/${exp._id}/versions/7`)).json();
    expect(oldest.record).toMatchObject({ title: 'Meteora monasteries, visit 5' });
    expect(oldest.record.images[0].path).toBe(swap.json().images[0].path);
    expect((await call(h, 'GET', `/uploads/${first.path}`)).statusCode).toBe(404);
    expect((await call(h, 'GET', `/uploads/${swap.json().images[0].path}`)).statusCode).toBe(200);
    expect((await admin().get(`${EXPERIENCES}/${exp._id}/versions/3`)).statusCode).toBe(404);
  });
});
