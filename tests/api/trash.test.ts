import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pictureData } from './pictures';
import { ADMIN_EMAIL, startHarness, type Harness } from './harness';
import { call, createUser, runSql, uniqueEmail } from './helpers';
import { createRole, linksOf, signedIn, type Person } from './security/people';
import { purgeTrash } from '../../src/core/server/trash/purge';
import { productResources } from '../../resources/set';

// Delete moves a record to its list's trash with what the delete took along
// (role links, pictures); a restore brings all of it back, a purge (its own
// permission, or TRASH_RETENTION_DAYS) deletes it for good.

const USERS = '/api/auth/users';
const EXPERIENCES = '/api/auth/experiences';
let h: Harness;
let anna: Person;

beforeAll(async () => {
  h = await startHarness();
  anna = await signedIn(h, 'Admin');
});
afterAll(async () => h?.close());

const su = (method: Parameters<typeof call>[1], url: string, body?: unknown) => call(h, method, url, { token: h.adminToken, body });
const stored = async (key: string) => (await call(h, 'GET', `/uploads/${key}`)).statusCode;
/** The audit trail's entries about one record, as the audit screen lists them. */
const auditOf = async (id: string) =>
  (await su('GET', `/api/auth/audit-logs?recordId=${id}`)).json().data as {
    action: string;
    actorEmail: string | null;
    actorId: string | null;
  }[];

describe('users', () => {
  test('a deleted user is in the trash, cannot sign in, and comes back with their role links and password', async () => {
    const maria = await createUser(h, { name: 'Maria Trash', role: 'User' });
    const token = await h.login(maria.email, maria.password);
    expect((await su('DELETE', `${USERS}/${maria._id}`)).statusCode).toBe(200);
    expect((await su('GET', `${USERS}/${maria._id}`)).statusCode).toBe(404);
    expect((await call(h, 'GET', '/api/auth/my-profile', { token })).statusCode).toBe(401);
    const login = await call(h, 'POST', '/api/auth/login', { body: { email: maria.email, password: maria.password } });
    expect(login.statusCode).toBe(401);
    const list = await call(h, 'GET', `${USERS}/trash`, { token: anna.token });
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().data.find((x: { _id: string }) => x._id === maria._id);
    expect(item).toMatchObject({ name: 'Maria Trash', email: maria.email, _deletedBy: { _id: expect.any(String) } });
    expect(Date.now() - Date.parse(item._deletedAt)).toBeLessThan(60_000);
    expect(JSON.stringify(list.json())).not.toMatch(/password|hash/i);

    const back = await call(h, 'POST', `${USERS}/${maria._id}/restore`, { token: anna.token });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ _id: maria._id, name: 'Maria Trash' });
    expect((await linksOf(h, maria._id)).map((l) => l.role.name)).toEqual(['User']);
    expect(await h.login(maria.email, maria.password)).toEqual(expect.any(String));
    // Her old session stays ended.
    expect((await call(h, 'GET', '/api/auth/my-profile', { token })).statusCode).toBe(401);
    const versions = (await su('GET', `${USERS}/${maria._id}/versions`)).json();
    expect(versions.data.slice(0, 2).map((v: { op: string }) => v.op)).toEqual(['restore', 'delete']);
    expect(
      (await call(h, 'GET', `${USERS}/trash`, { token: anna.token })).json().data.some((x: { _id: string }) => x._id === maria._id),
    ).toBe(false);
    expect((await call(h, 'POST', `${USERS}/${maria._id}/restore`, { token: anna.token })).statusCode).toBe(404);
  });

  test('an address taken since is a 409 naming the field, and the record stays in the trash', async () => {
    const email = uniqueEmail('taken');
    const first = await createUser(h, { name: 'First Holder', email });
    await su('DELETE', `${USERS}/${first._id}`);
    await createUser(h, { name: 'Second Holder', email });
    const res = await su('POST', `${USERS}/${first._id}/restore`);
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ email: 'Email is already in use.' });
    expect((await su('GET', `${USERS}/trash?limit=100`)).json().data.some((x: { _id: string }) => x._id === first._id)).toBe(true);
  });

  test('a bulk delete trashes each; the rank rule keeps an Admin from restoring an Admin', async () => {
    const a = await createUser(h, { name: 'Bulk One' });
    const b = await signedIn(h, 'Admin');
    expect((await su('DELETE', `${USERS}?ids=${a._id},${b._id}`)).statusCode).toBe(200);
    const ids = (await su('GET', `${USERS}/trash?limit=100`)).json().data.map((x: { _id: string }) => x._id);
    expect(ids).toEqual(expect.arrayContaining([a._id, b._id]));
    expect((await call(h, 'POST', `${USERS}/${b._id}/restore`, { token: anna.token })).statusCode).toBe(403);
    expect((await su('GET', `${USERS}/${b._id}`)).statusCode).toBe(404);
    expect((await call(h, 'POST', `${USERS}/${a._id}/restore`, { token: anna.token })).statusCode).toBe(200);
  });

  test('purging needs its own permission (superadmins by default) and deletes for good, versions too', async () => {
    const gone = await createUser(h, { name: 'Purged Person' });
    await su('DELETE', `${USERS}/${gone._id}`);
    expect((await call(h, 'DELETE', `${USERS}/${gone._id}/purge`, { token: anna.token })).statusCode).toBe(403);
    expect((await su('DELETE', `${USERS}/${gone._id}/purge`)).statusCode).toBe(200);
    expect((await su('DELETE', `${USERS}/${gone._id}/purge`)).statusCode).toBe(404);
    expect((await su('POST', `${USERS}/${gone._id}/restore`)).statusCode).toBe(404);
    expect(await runSql(h, sql`SELECT 1 FROM record_versions WHERE record_id = ${gone._id}`)).toEqual([]);
    // The audit trail keeps who purged it (the versions are gone; the trail is what is left).
    const trail = await auditOf(gone._id);
    expect(trail.map((e) => e.action)).toEqual(['purge', 'delete', 'create']);
    expect(trail[0].actorEmail).toBe(ADMIN_EMAIL);
  });

  test('a rejected registrant waits in the trash', async () => {
    const inv = (await su('POST', '/api/auth/invites', { email: null, hours: 24 })).json();
    const email = uniqueEmail('rejected');
    const reg = await call(h, 'POST', '/api/auth/register-invite', {
      body: { token: inv.token, name: 'Rejected Registrant', email, password: 'Reject-pass-123' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    expect((await su('POST', `/api/auth/invites/${inv._id}/reject`)).statusCode).toBe(200);
    const trashed = (await su('GET', `${USERS}/trash?limit=100`)).json().data.find((x: { email: string }) => x.email === email);
    expect(trashed).toMatchObject({ name: 'Rejected Registrant', confirmed: false });
  });
});

describe('access rules', () => {
  test('the trash shows only the records and fields the caller’s rules let them delete and read', async () => {
    const role = await createRole(h, 'Trash Clerk', 'staff', [['DELETE', `${USERS}/:id`]]);
    const rules = { users: { read: ['name', 'email', 'confirmed'], where: { confirmed: { eq: true } } } };
    expect((await su('PUT', `/api/auth/roles/${role}/access`, { resources: rules })).statusCode).toBe(200);
    const clerk = await signedIn(h, 'Trash Clerk');
    const seen = await createUser(h, { name: 'Visible Deleted', confirmed: true });
    const hidden = await createUser(h, { name: 'Hidden Deleted', confirmed: false });
    await su('PUT', `${USERS}/${seen._id}`, { bio: 'Markerbio not for the clerk' });
    for (const u of [seen, hidden]) await su('DELETE', `${USERS}/${u._id}`);
    const list = await call(h, 'GET', `${USERS}/trash?limit=100`, { token: clerk.token });
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().data.map((x: { _id: string }) => x._id);
    expect(ids).toContain(seen._id);
    expect(ids).not.toContain(hidden._id);
    expect(list.body).not.toContain('Markerbio');
    expect((await call(h, 'POST', `${USERS}/${hidden._id}/restore`, { token: clerk.token })).statusCode).toBe(404);
  });
});

describe('experiences', () => {
  test('pictures stay stored in the trash, come back with a restore, and go with the purge', async () => {
    const made = await su('POST', EXPERIENCES, {
      title: 'Windmills of Mykonos',
      images: [
        { operation: 'create', imageData: await pictureData('#2e86c1'), name: 'mill.png' },
        { operation: 'create', imageData: await pictureData('#f4d03f'), name: 'sun.png' },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const exp = made.json();
    await su('DELETE', `${EXPERIENCES}/${exp._id}`);
    for (const img of exp.images) expect(await stored(img.path)).toBe(200);
    const back = await su('POST', `${EXPERIENCES}/${exp._id}/restore`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().images.map((i: { path: string }) => i.path)).toEqual(exp.images.map((i: { path: string }) => i.path));
    await su('DELETE', `${EXPERIENCES}/${exp._id}`);
    await runSql(h, sql`UPDATE trash SET deleted_at = now() - interval '31 days' WHERE record_id = ${exp._id}`);
    expect(await purgeTrash(h.app.deps.database, productResources.list, h.app.deps.storage, 30)).toBeGreaterThanOrEqual(1);
    for (const img of exp.images) {
      expect(await stored(img.path)).toBe(404);
      expect(await stored(img.thumb)).toBe(404);
    }
    expect((await su('POST', `${EXPERIENCES}/${exp._id}/restore`)).statusCode).toBe(404);
    // The daily purge is the server's own work: its entry names no person.
    const [purged] = await auditOf(exp._id);
    expect(purged).toMatchObject({ action: 'purge-expired', actorId: null, actorEmail: null });
  });
});
