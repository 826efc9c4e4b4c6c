import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_IDS } from '../../src/core/shared/api/crud';
import { startHarness, type Harness } from './harness';
import { call, createUser, uniqueEmail } from './helpers';
import { createRole, recordOf, signedIn, type Person } from './security/people';

// react-admin's updateMany / deleteMany in one request each: `PUT {api}` with
// `{ids, data}` and `DELETE {api}?ids=`. All or nothing in one transaction;
// each record checked as a single write (permission, rank rule, constraints).

const USERS = '/api/auth/users';
const RANK = 'You can only manage users whose rank is below yours.';

let h: Harness;
let admin: Person;

beforeAll(async () => {
  h = await startHarness();
  admin = await signedIn(h, 'Admin');
});
afterAll(async () => h?.close());

const bulkUpdate = (token: string, ids: string[], data: Record<string, unknown>) => call(h, 'PUT', USERS, { token, body: { ids, data } });
const bulkDelete = (token: string, ids: string[]) => call(h, 'DELETE', `${USERS}?ids=${ids.join(',')}`, { token });
const isSignedIn = async (token: string) => (await call(h, 'GET', '/api/auth/my-profile', { token })).statusCode === 200;

describe('PUT {api}: the same change for several records', () => {
  test('changes each record, answers them as they are now and applies each one session rule', async () => {
    const a = await signedIn(h, 'User');
    const b = await signedIn(h, 'User');
    const res = await bulkUpdate(admin.token, [a._id, b._id], { blocked: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ _id: a._id, blocked: true }),
      expect.objectContaining({ _id: b._id, blocked: true }),
    ]);
    // users' endSessions rule (blocked): both lose their sessions, as after a single update.
    expect(await isSignedIn(a.token)).toBe(false);
    expect(await isSignedIn(b.token)).toBe(false);
  });

  test('one record of equal rank refuses the whole batch: nothing changes (403)', async () => {
    const lower = await createUser(h, { name: 'Bulk Lower', role: 'User' });
    const equal = await createUser(h, { name: 'Bulk Equal', role: 'Admin' });
    const res = await bulkUpdate(admin.token, [lower._id, equal._id], { name: 'Renamed in bulk' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(RANK);
    expect((await recordOf(h, lower._id))?.name).toBe('Bulk Lower');
    expect((await recordOf(h, equal._id))?.name).toBe('Bulk Equal');
  });

  test('a missing id is a 404 and changes nothing', async () => {
    const u = await createUser(h, { name: 'Bulk Kept' });
    const res = await bulkUpdate(h.adminToken, [u._id, randomUUID()], { name: 'Never' });
    expect(res.statusCode).toBe(404);
    expect((await recordOf(h, u._id))?.name).toBe('Bulk Kept');
  });

  test('a constraint broken by a later record rolls back the earlier ones (409)', async () => {
    const a = await createUser(h, { name: 'Twin A' });
    const b = await createUser(h, { name: 'Twin B' });
    const email = uniqueEmail('twin');
    const res = await bulkUpdate(h.adminToken, [a._id, b._id], { email });
    expect(res.statusCode).toBe(409);
    expect((await recordOf(h, a._id))?.email).toBe(a.email);
    expect((await recordOf(h, b._id))?.email).toBe(b.email);
  });

  test('ids and data are validated: not a uuid, none, too many, a field the update refuses', async () => {
    const u = await createUser(h, {});
    expect((await bulkUpdate(h.adminToken, ['not-an-id'], { name: 'x' })).statusCode).toBe(400);
    expect((await bulkUpdate(h.adminToken, [], { name: 'x' })).statusCode).toBe(400);
    const tooMany = Array.from({ length: MAX_IDS + 1 }, () => randomUUID());
    expect((await bulkUpdate(h.adminToken, tooMany, { name: 'x' })).statusCode).toBe(400);
    expect((await bulkUpdate(h.adminToken, [u._id], { email: 'not-an-email' })).statusCode).toBe(400);
    expect((await call(h, 'PUT', USERS, { token: h.adminToken, body: { ids: [u._id] } })).statusCode).toBe(400);
    // An id twice is the same record once.
    const twice = await bulkUpdate(h.adminToken, [u._id, u._id], { name: 'Once' });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data).toHaveLength(1);
  });
});

describe('DELETE {api}?ids=: several records at once', () => {
  test('deletes each record and answers their ids', async () => {
    const a = await createUser(h, { role: 'User' });
    const b = await createUser(h, {});
    const res = await bulkDelete(admin.token, [a._id, b._id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [a._id, b._id] });
    expect(await recordOf(h, a._id)).toBeNull();
    expect(await recordOf(h, b._id)).toBeNull();
  });

  test('one record the rank rule refuses (a higher rank, oneself) deletes none of them', async () => {
    const lower = await createUser(h, { role: 'User' });
    const higher = await createUser(h, { role: 'Super Admin' });
    const refused = await bulkDelete(admin.token, [lower._id, higher._id]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(RANK);
    const self = await bulkDelete(admin.token, [lower._id, admin._id]);
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe('You cannot delete your own account.');
    expect(await recordOf(h, lower._id)).not.toBeNull();
    expect(await recordOf(h, higher._id)).not.toBeNull();
    expect(await recordOf(h, admin._id)).not.toBeNull();
  });

  test('a missing id is a 404 and deletes nothing', async () => {
    const u = await createUser(h, {});
    const res = await bulkDelete(h.adminToken, [u._id, randomUUID()]);
    expect(res.statusCode).toBe(404);
    expect(await recordOf(h, u._id)).not.toBeNull();
  });

  test('ids are required, uuids, at most MAX_IDS; other parameters are refused', async () => {
    const u = await createUser(h, {});
    expect((await call(h, 'DELETE', USERS, { token: h.adminToken })).statusCode).toBe(400);
    expect((await bulkDelete(h.adminToken, [u._id, 'nope'])).statusCode).toBe(400);
    expect(
      (
        await bulkDelete(
          h.adminToken,
          Array.from({ length: MAX_IDS + 1 }, () => randomUUID()),
        )
      ).statusCode,
    ).toBe(400);
    expect((await call(h, 'DELETE', `${USERS}?ids=${u._id}&q=all`, { token: h.adminToken })).statusCode).toBe(400);
    expect(await recordOf(h, u._id)).not.toBeNull();
  });

  test("each deleted record goes to the trash with its files; each purge runs the clean-up (an experience's image files)", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const imageData = `data:image/png;base64,${png.toString('base64')}`;
    const made = [];
    for (const title of ['Bulk one', 'Bulk two']) {
      const res = await call(h, 'POST', '/api/auth/experiences', {
        token: h.adminToken,
        body: { title, images: [{ operation: 'create', imageData }] },
      });
      made.push(res.json() as { _id: string; images: { path: string; thumb: string }[] });
    }
    const stored = (key: string) => existsSync(path.join(h.config.dataDir, 'uploads', key));
    const files = made.flatMap((e) => [e.images[0].path, e.images[0].thumb]);
    expect(files.every(stored)).toBe(true);
    const res = await call(h, 'DELETE', `/api/auth/experiences?ids=${made.map((e) => e._id).join(',')}`, { token: h.adminToken });
    expect(res.statusCode).toBe(200);
    expect(files.every(stored)).toBe(true);
    for (const e of made)
      expect((await call(h, 'DELETE', `/api/auth/experiences/${e._id}/purge`, { token: h.adminToken })).statusCode).toBe(200);
    expect(files.some(stored)).toBe(false);
  });
});

describe('permission of the bulk routes', () => {
  test("they need the single route's permission record and make none of their own", async () => {
    const permissions = (await call(h, 'GET', '/api/auth/permissions?limit=1000000', { token: h.adminToken })).json().data as {
      method: string;
      route: string;
    }[];
    const routes = permissions.map((p) => `${p.method} ${p.route}`);
    expect(routes).toContain('PUT /api/auth/users/:id');
    expect(routes).not.toContain('PUT /api/auth/users');
    expect(routes).not.toContain('DELETE /api/auth/users');

    await createRole(h, 'Bulk Reader', 'bulk-reader', [
      ['GET', USERS],
      ['GET', `${USERS}/:id`],
    ]);
    await createRole(h, 'Bulk Editor', 'bulk-editor', [['PUT', `${USERS}/:id`]]);
    const reader = await signedIn(h, 'Bulk Reader');
    const editor = await signedIn(h, 'Bulk Editor');
    const target = await createUser(h, { name: 'Bulk Target' });
    expect((await bulkUpdate(reader.token, [target._id], { name: 'No' })).statusCode).toBe(403);
    expect((await bulkDelete(reader.token, [target._id])).statusCode).toBe(403);
    expect((await bulkDelete(editor.token, [target._id])).statusCode).toBe(403);
    expect((await bulkUpdate(editor.token, [target._id], { name: 'Yes' })).statusCode).toBe(200);
    expect((await recordOf(h, target._id))?.name).toBe('Yes');
  });
});
