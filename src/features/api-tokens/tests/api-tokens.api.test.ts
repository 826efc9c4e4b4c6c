import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { ADMIN_EMAIL } from '../../../../tests/api/template';
import { call, createUser, permissionByRoute, roleByName, runSql, settlesTo } from '../../../../tests/api/helpers';

let h: Harness;
const logs: string[] = [];
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (d: Buffer) => logs.push(d.toString()));
  h = await startHarness({ API_TOKEN_RATE_LIMIT: '40' }, { logStream });
});
afterAll(async () => {
  await h?.close();
});

/** A person with a role, signed in. */
async function person(role: string) {
  const u = await createUser(h, { role, name: `${role} Person` });
  return { ...u, session: await h.login(u.email, u.password) };
}

async function makeToken(session: string, body: Record<string, unknown>) {
  const res = await call(h, 'POST', '/api/auth/tokens', { token: session, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; name: string; token: string; permissionIds: string[] | null; readOnly: boolean };
}

const usersPage = (token: string) => call(h, 'GET', '/api/auth/users?limit=5', { token });

describe('POST /api/auth/tokens: a token shown once, only its hash kept', () => {
  test('answers 201 with a bo_ token of 256 random bits; lists never show it; the database holds its SHA-256 only', async () => {
    const admin = await person('Admin');
    const res = await call(h, 'POST', '/api/auth/tokens', { token: admin.session, body: { name: '  Nightly CRM sync  ' } });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Nightly CRM sync', permissionIds: null, readOnly: false, expiresAt: null, lastUsedAt: null });
    expect(created.token).toMatch(/^bo_[A-Za-z0-9_-]{43}$/);
    const [row] = await runSql(h, sql`SELECT token_hash FROM api_tokens WHERE id = ${created._id}`);
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    const stored = await runSql(h, sql`SELECT * FROM api_tokens WHERE id = ${created._id}`);
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(3));

    const list = await call(h, 'GET', '/api/auth/tokens', { token: admin.session });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ _id: created._id, name: 'Nightly CRM sync' })]);
    expect(list.body).not.toContain(created.token.slice(3));
    expect(Object.keys(list.json().data[0]).sort()).toEqual(
      ['_id', 'createdAt', 'expiresAt', 'lastIp', 'lastUsedAt', 'name', 'permissionIds', 'readOnly'].sort(),
    );
  });

  test('the token works as its owner; its last use and address show in the list', async () => {
    const admin = await person('Admin');
    const t = await makeToken(admin.session, { name: 'reports' });
    const res = await usersPage(t.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThan(0);
    const [listed] = (await call(h, 'GET', '/api/auth/tokens', { token: admin.session })).json().data;
    expect(listed.lastIp).toBe('127.0.0.1');
    expect(Date.now() - Date.parse(listed.lastUsedAt)).toBeLessThan(60_000);
    // Who am I: the owner's profile is readable with the token.
    const me = await call(h, 'GET', '/api/auth/my-profile', { token: t.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(admin.email);
  });

  test('bad bodies are 400s: no name, a past or unreadable expiry, a permission the owner does not hold', async () => {
    const user = await person('User');
    const bad = async (body: unknown) => (await call(h, 'POST', '/api/auth/tokens', { token: user.session, body })).statusCode;
    expect(await bad({})).toBe(400);
    expect(await bad({ name: '   ' })).toBe(400);
    expect(await bad({ name: 'x', expiresAt: '2020-01-01T00:00:00Z' })).toBe(400);
    expect(await bad({ name: 'x', expiresAt: 'next week' })).toBe(400);
    const deleteUsers = await permissionByRoute(h, 'DELETE', '/api/auth/users/:id');
    const res = await call(h, 'POST', '/api/auth/tokens', { token: user.session, body: { name: 'x', permissionIds: [deleteUsers._id] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('A token can only be given permissions you hold.');
    expect((await call(h, 'GET', '/api/auth/tokens', { token: user.session })).json().data).toEqual([]);
  });

  test('GET /api/auth/tokens/permissions lists what the caller holds, which a scope may name', async () => {
    const user = await person('User');
    const admin = await person('Admin');
    const mine = (await call(h, 'GET', '/api/auth/tokens/permissions', { token: user.session })).json().data as { route: string }[];
    const theirs = (await call(h, 'GET', '/api/auth/tokens/permissions', { token: admin.session })).json().data as { route: string }[];
    expect(theirs.length).toBeGreaterThan(mine.length);
    expect(theirs.map((p) => p.route)).toContain('/api/auth/users');
    expect(mine.map((p) => p.route)).not.toContain('/api/auth/users');
  });
});

describe('a token acts within its scope', () => {
  test('permissionIds: only the named calls; others are 403 with a message saying so', async () => {
    const admin = await person('Admin');
    const listUsers = await permissionByRoute(h, 'GET', '/api/auth/users');
    const t = await makeToken(admin.session, { name: 'users only', permissionIds: [listUsers._id] });
    expect(t.permissionIds).toEqual([listUsers._id]);
    expect((await usersPage(t.token)).statusCode).toBe(200);
    const roles = await call(h, 'GET', '/api/auth/roles', { token: t.token });
    expect(roles.statusCode).toBe(403);
    expect(roles.json().error).toBe('This API token’s scope does not include this call.');
  });

  test('readOnly: reads pass, writes are 403', async () => {
    const admin = await person('Admin');
    const t = await makeToken(admin.session, { name: 'read', readOnly: true });
    expect((await usersPage(t.token)).statusCode).toBe(200);
    const res = await call(h, 'POST', '/api/auth/invites', { token: t.token, body: { email: 'someone@example.com' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('This API token may only read.');
  });

  test('never tokens, sessions, passwords or two-factor sign-in; the owner’s other writes pass and are audited with the token', async () => {
    const admin = await person('Admin');
    const t = await makeToken(admin.session, { name: 'HR import' });
    const target = await createUser(h, { role: 'User', name: 'Maria Papadopoulou' });
    const refused = [
      await call(h, 'POST', '/api/auth/tokens', { token: t.token, body: { name: 'another' } }),
      await call(h, 'GET', '/api/auth/tokens', { token: t.token }),
      await call(h, 'GET', '/api/auth/sessions', { token: t.token }),
      await call(h, 'GET', `/api/auth/users/${target._id}/sessions`, { token: t.token }),
      await call(h, 'DELETE', `/api/auth/users/${target._id}/sessions`, { token: t.token }),
      await call(h, 'GET', `/api/auth/users/${target._id}/tokens`, { token: t.token }),
      await call(h, 'DELETE', `/api/auth/users/${target._id}/2fa`, { token: t.token }),
      await call(h, 'POST', '/api/auth/2fa/setup', { token: t.token }),
      await call(h, 'POST', '/api/auth/my-profile', { token: t.token, body: { name: 'x', password: 'new-secret-pass-1' } }),
      await call(h, 'PUT', `/api/auth/users/${target._id}`, { token: t.token, body: { password: 'new-secret-pass-1' } }),
      await call(h, 'POST', '/api/auth/users', {
        token: t.token,
        body: { name: 'New Person', email: 'new.person@example.com', password: 'secret-pass-1' },
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode, `${res.raw.req.method} ${res.raw.req.url}`).toBe(403);
      expect(res.json().error).toMatch(/API token cannot/);
    }
    // The password was not changed: the old one still signs in.
    expect(await h.login(target.email, target.password)).toBeTruthy();

    const renamed = await call(h, 'PUT', `/api/auth/users/${target._id}`, { token: t.token, body: { name: 'Maria P.' } });
    expect(renamed.statusCode).toBe(200);
    const audit = await call(h, 'GET', `/api/auth/audit-logs?recordId=${target._id}&action=update`, { token: h.adminToken });
    expect(audit.json().data[0]).toMatchObject({ actorId: admin._id, tokenId: t._id, tokenName: 'HR import' });
    expect(audit.json().data[0].diff).toEqual({ name: { before: 'Maria Papadopoulou', after: 'Maria P.' } });
  });

  test('blocking the owner, taking their role, expiry and revoking stop the token on the next request', async () => {
    const admin = await person('Admin');
    const [a, b, c, d] = [
      await makeToken(admin.session, { name: 'a' }),
      await makeToken(admin.session, { name: 'b' }),
      await makeToken(admin.session, { name: 'c' }),
      await makeToken(admin.session, { name: 'd' }),
    ];
    for (const t of [a, b, c, d]) expect((await usersPage(t.token)).statusCode).toBe(200);

    // Revoked by its owner.
    expect((await call(h, 'DELETE', `/api/auth/tokens/${a._id}`, { token: admin.session })).statusCode).toBe(200);
    const revoked = await usersPage(a.token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error).toMatch(/not valid/);
    expect((await call(h, 'DELETE', `/api/auth/tokens/${a._id}`, { token: admin.session })).statusCode).toBe(404);

    // Expired (changed in the database by hand: the change notification reaches the server).
    await runSql(h, sql`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = ${b._id}`);
    expect(await settlesTo(async () => (await usersPage(b.token)).statusCode, 401)).toBe(401);

    // The owner's role taken away: the token holds nothing more than its owner.
    const adminRole = await roleByName(h, 'Admin');
    const links = await call(h, 'GET', `/api/auth/user-roles?user=${admin._id}`, { token: h.adminToken });
    const link = links.json().data.find((l: { role: unknown }) => JSON.stringify(l.role).includes(adminRole._id));
    expect((await call(h, 'DELETE', `/api/auth/user-roles/${link._id}`, { token: h.adminToken })).statusCode).toBe(200);
    expect((await usersPage(c.token)).statusCode).toBe(403);

    // The owner blocked.
    expect((await call(h, 'PUT', `/api/auth/users/${admin._id}`, { token: h.adminToken, body: { blocked: true } })).statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: d.token })).statusCode).toBe(401);
  });
});

describe("a user's tokens for admins (rank rule)", () => {
  test('a superadmin lists and revokes an admin’s token; an admin may not see a superadmin’s or an equal’s', async () => {
    const admin = await person('Admin');
    const other = await person('Admin');
    const t = await makeToken(admin.session, { name: 'integration' });
    const listed = await call(h, 'GET', `/api/auth/users/${admin._id}/tokens`, { token: h.adminToken });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((x: { name: string }) => x.name)).toEqual(['integration']);
    expect(listed.body).not.toContain(t.token.slice(3));

    expect((await call(h, 'GET', `/api/auth/users/${admin._id}/tokens`, { token: other.session })).statusCode).toBe(403);
    const superadminId = (await call(h, 'GET', `/api/auth/users?q=${encodeURIComponent(ADMIN_EMAIL)}`, { token: h.adminToken })).json()
      .data[0]._id;
    expect((await call(h, 'GET', `/api/auth/users/${superadminId}/tokens`, { token: admin.session })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', `/api/auth/users/${admin._id}/tokens/${t._id}`, { token: other.session })).statusCode).toBe(403);
    expect((await usersPage(t.token)).statusCode).toBe(200);

    expect((await call(h, 'DELETE', `/api/auth/users/${admin._id}/tokens/${t._id}`, { token: h.adminToken })).statusCode).toBe(200);
    expect((await usersPage(t.token)).statusCode).toBe(401);
    const audit = await call(h, 'GET', `/api/auth/audit-logs?recordId=${admin._id}&action=api-token-revoke`, { token: h.adminToken });
    expect(audit.json().data[0].diff).toEqual({ apiToken: { before: 'integration', after: null } });
  });
});

describe('bad input: a clear 4xx, never the secret in the logs', () => {
  test('malformed, unknown and query-string tokens', async () => {
    const admin = await person('Admin');
    const t = await makeToken(admin.session, { name: 'leaky' });
    const malformed = await usersPage('bo_short');
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().error).toBe('This is not an API token this server made.');
    const unknown = await usersPage(`bo_${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    const inQuery = await call(h, 'GET', `/api/auth/users?access_token=${t.token}`);
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().error).toMatch(/Authorization header/);
    const asValue = await call(h, 'GET', `/api/auth/users?q=${t.token}`, { token: t.token });
    expect(asValue.statusCode).toBe(400);
    // An ordinary search that merely starts like a token still searches.
    expect((await call(h, 'GET', '/api/auth/users?q=bo_nus', { token: t.token })).statusCode).toBe(200);
    expect(logs.join('')).not.toContain(t.token.slice(3));
  });

  test('requests count per token: past API_TOKEN_RATE_LIMIT a 429 with Retry-After, other tokens unaffected', async () => {
    const admin = await person('Admin');
    const busy = await makeToken(admin.session, { name: 'busy' });
    const calm = await makeToken(admin.session, { name: 'calm' });
    let last = 200;
    for (let i = 0; i < 45 && last === 200; i++) last = (await call(h, 'GET', '/api/auth/roles?limit=1', { token: busy.token })).statusCode;
    expect(last).toBe(429);
    const limited = await call(h, 'GET', '/api/auth/roles?limit=1', { token: busy.token });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(h, 'GET', '/api/auth/roles?limit=1', { token: calm.token })).statusCode).toBe(200);
    // The person's own session is not counted with the token.
    expect((await call(h, 'GET', '/api/auth/roles?limit=1', { token: admin.session })).statusCode).toBe(200);
  });
});
