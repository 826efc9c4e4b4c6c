import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { purgeAuditLogs } from '../server/purge';
import { hashToken } from '../../../core/server/security/random-token';
import { ADMIN_EMAIL, startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser, permissionByRoute, roleByName, runSql, uniqueEmail } from '../../../../tests/api/helpers';
import { grant, signedIn } from '../../../../tests/api/security/people';

// The audit trail. Every kind of change is recorded with its
// actor, diff (secrets redacted), address and agent, in the change's own
// transaction; GET /api/auth/audit-logs lists them (superadmins by default).

interface Entry {
  _id: string;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  resource: string;
  recordId: string | null;
  recordLabel?: string | null;
  diff: Record<string, { before?: unknown; after?: unknown; added?: unknown[]; removed?: unknown[] }> | null;
  ip: string | null;
  userAgent: string | null;
}

let h: Harness;
let adminId: string;
beforeAll(async () => {
  h = await startHarness();
  const me = await call(h, 'GET', `/api/auth/users?q=${encodeURIComponent(ADMIN_EMAIL)}`, { token: h.adminToken });
  adminId = me.json().data[0]._id;
});
afterAll(async () => h?.close());

const UA = 'AuditTest/1.0 (X11; Linux)';

async function entries(query: string, token = h.adminToken): Promise<Entry[]> {
  const res = await call(h, 'GET', `/api/auth/audit-logs?limit=1000&${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function latest(query: string): Promise<Entry> {
  const [e] = await entries(query);
  expect(e, `no entry for ${query}`).toBeDefined();
  return e;
}

describe('what is recorded', () => {
  test('create, update and delete through the generic API, with actor, address, agent and a diff', async () => {
    const email = uniqueEmail('audited');
    const created = await call(h, 'POST', '/api/auth/users', {
      token: h.adminToken,
      headers: { 'user-agent': UA },
      body: { name: 'Audited Person', email, password: 'first-pass-1' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id;

    const c = await latest(`resource=users&recordId=${id}&action=create`);
    expect(c).toMatchObject({
      actorId: adminId,
      actorEmail: ADMIN_EMAIL,
      action: 'create',
      resource: 'users',
      recordId: id,
      userAgent: UA,
    });
    expect(c.ip).toBeTruthy();
    expect(c.diff?.name).toEqual({ before: null, after: 'Audited Person' });
    expect(c.diff?.email).toEqual({ before: null, after: email });
    expect(c.diff?.password).toEqual({ after: '[redacted]' });

    await call(h, 'PUT', `/api/auth/users/${id}`, { token: h.adminToken, body: { name: 'Renamed Person', password: 'second-pass-2' } });
    const u = await latest(`resource=users&recordId=${id}&action=update`);
    expect(u.diff).toEqual({
      name: { before: 'Audited Person', after: 'Renamed Person' },
      password: { before: '[redacted]', after: '[redacted]' },
    });

    // Saving without a change leaves no entry.
    await call(h, 'PUT', `/api/auth/users/${id}`, { token: h.adminToken, body: { name: 'Renamed Person' } });
    expect(await entries(`resource=users&recordId=${id}&action=update`)).toHaveLength(1);

    expect((await call(h, 'DELETE', `/api/auth/users/${id}`, { token: h.adminToken })).statusCode).toBe(200);
    const d = await latest(`resource=users&recordId=${id}&action=delete`);
    expect(d.diff?.name).toEqual({ before: 'Renamed Person', after: null });
  });

  test('role links: user-role create/delete are role-link/role-unlink; matrix saves are permission-link with added/removed', async () => {
    const u = await createUser(h, { role: 'User' });
    const link = await latest(`resource=user-roles&action=role-link&q=${encodeURIComponent(u.email)}`);
    expect(link.diff?.user?.after).toMatchObject({ _id: u._id, email: u.email });
    expect(link.diff?.role?.after).toMatchObject({ name: 'User' });

    const linkId = link.recordId as string;
    expect((await call(h, 'DELETE', `/api/auth/user-roles/${linkId}`, { token: h.adminToken })).statusCode).toBe(200);
    const unlink = await latest(`resource=user-roles&recordId=${linkId}`);
    expect(unlink.action).toBe('role-unlink');

    const role = await roleByName(h, 'User');
    const invites = await permissionByRoute(h, 'GET', '/api/auth/invites');
    const res = await call(h, 'PUT', `/api/auth/roles/${role._id}/permissions`, {
      token: h.adminToken,
      body: { permissionIds: [...role.permission.map((p) => p._id), invites._id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const m = await latest(`resource=roles&recordId=${role._id}&action=permission-link`);
    expect(m.diff?.permission?.added).toEqual([expect.objectContaining({ _id: invites._id })]);
    expect(m.diff?.permission?.removed).toBeUndefined();
  });

  test('sign-in, failed sign-in (no actor), and blocked accounts', async () => {
    const u = await createUser(h);
    const ok = await call(h, 'POST', '/api/auth/login', { headers: { 'user-agent': UA }, body: { email: u.email, password: u.password } });
    expect(ok.statusCode).toBe(200);
    expect(await latest(`action=sign-in&actor=${u._id}`)).toMatchObject({
      actorEmail: u.email,
      resource: 'users',
      recordId: u._id,
      userAgent: UA,
    });

    const bad = await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: 'wrong-password' } });
    expect(bad.statusCode).toBe(401);
    const failed = await latest(`action=sign-in-failed&recordId=${u._id}`);
    expect(failed).toMatchObject({ actorId: null, actorEmail: u.email, diff: { reason: { after: 'invalid-credentials' } } });
    expect(JSON.stringify(failed)).not.toContain('wrong-password');

    const nobody = uniqueEmail('nobody');
    await call(h, 'POST', '/api/auth/login', { body: { email: nobody, password: 'whatever1' } });
    expect(await latest(`action=sign-in-failed&actor=${encodeURIComponent(nobody)}`)).toMatchObject({ actorId: null, recordId: null });

    const blocked = await createUser(h, { blocked: true });
    expect((await call(h, 'POST', '/api/auth/login', { body: { email: blocked.email, password: blocked.password } })).statusCode).toBe(403);
    expect((await latest(`action=sign-in-failed&recordId=${blocked._id}`)).diff).toEqual({ reason: { after: 'blocked' } });
  });

  test('password change (profile) and password reset (link): recorded, the hash never', async () => {
    const u = await createUser(h);
    const token = await h.login(u.email, u.password);
    const res = await call(h, 'POST', '/api/auth/my-profile', { token, body: { name: 'New Name', password: 'changed-pass-9' } });
    expect(res.statusCode, res.body).toBe(200);
    const change = await latest(`action=password-change&recordId=${u._id}`);
    expect(change).toMatchObject({ actorId: u._id, actorEmail: u.email });
    expect(change.diff).toEqual({
      name: { before: 'Test User', after: 'New Name' },
      password: { before: '[redacted]', after: '[redacted]' },
    });

    const resetToken = 'reset-token-for-audit-test-0123456789';
    await runSql(
      h,
      sql`INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES (${u._id}, ${hashToken(resetToken)}, now() + interval '1 hour')`,
    );
    const reset = await call(h, 'POST', '/api/auth/reset-password', { body: { resetToken, password: 'reset-pass-77' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const r = await latest(`action=password-reset&recordId=${u._id}`);
    expect(r).toMatchObject({ actorId: u._id, actorEmail: u.email, diff: { password: { before: '[redacted]', after: '[redacted]' } } });

    // Nowhere in the trail: a hash, a token, a password.
    const rows = await runSql(h, sql`SELECT diff::text AS d FROM audit_logs WHERE diff IS NOT NULL`);
    const all = rows.map((x) => String(x.d)).join('\n');
    for (const secret of ['$argon2', 'changed-pass-9', 'reset-pass-77', resetToken, hashToken(resetToken), 'passwordHash', 'password_hash'])
      expect(all).not.toContain(secret);
  });

  test('invites: create, approve, reject, delete (the token never in the diff)', async () => {
    const inv = (await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body: {} })).json();
    const created = await latest(`resource=invites&recordId=${inv._id}&action=create`);
    expect(JSON.stringify(created)).not.toContain(inv.token);

    const email = uniqueEmail('invited');
    await call(h, 'POST', '/api/auth/register-invite', { body: { token: inv.token, name: 'Invited', email, password: 'secret1' } });
    expect((await call(h, 'POST', `/api/auth/invites/${inv._id}/approve`, { token: h.adminToken })).statusCode).toBe(200);
    const approved = await latest(`resource=invites&recordId=${inv._id}&action=approve`);
    expect(approved.diff?.status).toEqual({ before: 'submitted', after: 'consumed' });
    expect(approved.diff?.user?.after).toMatchObject({ email });

    const inv2 = (await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body: {} })).json();
    const email2 = uniqueEmail('rejected');
    await call(h, 'POST', '/api/auth/register-invite', {
      body: { token: inv2.token, name: 'Rejected', email: email2, password: 'secret1' },
    });
    expect((await call(h, 'POST', `/api/auth/invites/${inv2._id}/reject`, { token: h.adminToken })).statusCode).toBe(200);
    const rejected = await latest(`resource=invites&recordId=${inv2._id}&action=reject`);
    expect(rejected.diff?.status).toEqual({ before: 'submitted', after: 'rejected' });
    expect(rejected.diff?.user?.before).toMatchObject({ email: email2 });

    expect((await call(h, 'DELETE', `/api/auth/invites/${inv2._id}`, { token: h.adminToken })).statusCode).toBe(200);
    expect(await latest(`resource=invites&recordId=${inv2._id}&action=delete`)).toMatchObject({ actorId: adminId });
  });

  test('sessions ended by an admin', async () => {
    const u = await createUser(h);
    await h.login(u.email, u.password);
    const res = await call(h, 'DELETE', `/api/auth/users/${u._id}/sessions`, { token: h.adminToken });
    expect(res.json().ended).toBe(1);
    expect((await latest(`action=sessions-end&recordId=${u._id}`)).diff).toEqual({ sessions: { before: 1, after: 0 } });
  });

  test('translations: each changed key, so a key has a history (?field=)', async () => {
    const list = await call(h, 'POST', '/api/auth/translations', { token: h.adminToken, body: { lang: 'en' } });
    const entries0 = list.json().translation.data.entries as Record<string, string>;
    const key = 'app.audit_test_key';
    const save = (value: string) =>
      call(h, 'PUT', '/api/auth/translations', {
        token: h.adminToken,
        body: { lang: 'en', data: { entries: { ...entries0, [key]: value } } },
      });
    expect((await save('One')).statusCode).toBe(200);
    expect((await save('Two')).statusCode).toBe(200);
    const history = await entries(`resource=translations&field=${encodeURIComponent(key)}`);
    expect(history.map((e) => e.diff?.[key])).toEqual([
      { before: 'One', after: 'Two' },
      { before: null, after: 'One' },
    ]);
    expect(Object.keys(history[0].diff ?? {})).toEqual([key]);
  });
});

describe('same transaction', () => {
  test('a change refused after its write (last superadmin) rolls back with its entry', async () => {
    const links = (await call(h, 'GET', `/api/auth/user-roles?user=${adminId}&limit=100`, { token: h.adminToken })).json().data;
    const superLink = links.find((l: { role: { type: string } }) => l.role.type === 'superadmin');
    const before = (await entries(`resource=user-roles&recordId=${superLink._id}`)).length;
    const res = await call(h, 'DELETE', `/api/auth/user-roles/${superLink._id}`, { token: h.adminToken });
    expect(res.statusCode).toBe(403);
    expect(await entries(`resource=user-roles&recordId=${superLink._id}`)).toHaveLength(before);
  });

  test('a change refused by the rank rule before its write leaves no entry either', async () => {
    const admin = await signedIn(h, 'Admin');
    const res = await call(h, 'PUT', `/api/auth/users/${adminId}`, { token: admin.token, body: { name: 'Taken Over' } });
    expect(res.statusCode).toBe(403);
    expect(await entries(`resource=users&recordId=${adminId}&action=update`)).toHaveLength(0);
  });
});

describe('GET /api/auth/audit-logs', () => {
  test('filters: actor (id or e-mail), resource, action, recordId, q, from/to; paged newest first', async () => {
    const u = await createUser(h, { name: 'Filter Target' });
    const all = await entries(`recordId=${u._id}`);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((e) => e.recordId === u._id)).toBe(true);
    expect((await entries(`actor=${adminId}&recordId=${u._id}`)).length).toBe(all.length);
    expect((await entries(`actor=${encodeURIComponent(ADMIN_EMAIL.toUpperCase())}&recordId=${u._id}`)).length).toBe(all.length);
    expect(await entries(`actor=nobody-like-this&recordId=${u._id}`)).toEqual([]);
    expect(await entries(`resource=roles&recordId=${u._id}`)).toEqual([]);
    expect((await entries(`q=Filter%20Target`)).some((e) => e.recordId === u._id)).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    expect((await entries(`from=${today}&to=${today}&recordId=${u._id}`)).length).toBe(all.length);
    expect(await entries(`to=2000-01-01&recordId=${u._id}`)).toEqual([]);
    expect(await entries(`from=2999-01-01T00:00:00Z&recordId=${u._id}`)).toEqual([]);

    const page = await call(h, 'GET', '/api/auth/audit-logs?limit=2&page=1', { token: h.adminToken });
    const body = page.json();
    expect(body.data).toHaveLength(2);
    expect(body.total).toBeGreaterThan(2);
    expect(body.pages).toBe(Math.ceil(body.total / 2));
    expect(Date.parse(body.data[0].at)).toBeGreaterThanOrEqual(Date.parse(body.data[1].at));
  });

  test("entries name their record by its declaration's label while it exists, else only by id", async () => {
    const u = await createUser(h, { name: 'Labelled Person' });
    const made = await call(h, 'POST', '/api/auth/roles', {
      token: h.adminToken,
      body: { name: 'Labelled Role', description: 'For the audit test' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const role = made.json();
    const mine = await entries(`recordId=${u._id}`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.recordLabel === 'Labelled Person')).toBe(true);
    // Renamed: the entries show what the record is called now.
    expect((await call(h, 'PUT', `/api/auth/users/${u._id}`, { token: h.adminToken, body: { name: 'Renamed Person' } })).statusCode).toBe(
      200,
    );
    expect((await entries(`recordId=${u._id}`)).every((e) => e.recordLabel === 'Renamed Person')).toBe(true);
    expect((await entries(`recordId=${role._id}`))[0].recordLabel).toBe('Labelled Role');
    // Deleted: only the id is left (the diff of the delete still says what it was).
    expect((await call(h, 'DELETE', `/api/auth/users/${u._id}`, { token: h.adminToken })).statusCode).toBe(200);
    const gone = await entries(`recordId=${u._id}`);
    expect(gone.map((e) => e.recordLabel)).toEqual(gone.map(() => null));
    expect(gone.every((e) => e.recordId === u._id)).toBe(true);
    // An invite locked to an address is named by it; an open invite has no name, only its id.
    const locked = await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body: { email: 'labelled.invitee@example.com' } });
    const open = await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body: {} });
    expect((await entries(`recordId=${locked.json()._id}`))[0].recordLabel).toBe('labelled.invitee@example.com');
    expect((await entries(`recordId=${open.json()._id}`))[0].recordLabel).toBeNull();
    // Entries without a record have no label.
    const page = await entries('page=1');
    expect(page.filter((e) => e.recordId === null).every((e) => e.recordLabel === null)).toBe(true);
  });

  test('bad filters are a 400 naming them, never a 500 nor an unfiltered list', async () => {
    for (const q of ['foo=1', 'from=yesterday', 'to=2026-13-45', 'action=DROP%20TABLE', 'limit=5000', 'resource=../x']) {
      const res = await call(h, 'GET', `/api/auth/audit-logs?${q}`, { token: h.adminToken });
      expect(res.statusCode, q).toBe(400);
    }
  });

  test('CSV export: same filters, a header line and one line per entry, formulas neutralised', async () => {
    const u = await createUser(h, { name: '=HYPERLINK("x")' });
    const res = await call(h, 'GET', `/api/auth/audit-logs/export.csv?recordId=${u._id}`, { token: h.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('audit-log.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('at,actorEmail,actorId,action,resource,recordId,diff,ip,userAgent,tokenName');
    expect(lines).toHaveLength(1 + (await entries(`recordId=${u._id}`)).length);
    expect(lines[1]).toContain(`,create,users,${u._id},`);
    expect(lines[1]).toContain('HYPERLINK');
    expect((await call(h, 'GET', '/api/auth/audit-logs/export.csv?from=nope', { token: h.adminToken })).statusCode).toBe(400);
  });

  test('RBAC: the seeded Admin may not read the trail until a role gives it the permission', async () => {
    const admin = await signedIn(h, 'Admin');
    expect((await call(h, 'GET', '/api/auth/audit-logs', { token: admin.token })).statusCode).toBe(403);
    expect((await call(h, 'GET', '/api/auth/audit-logs/export.csv', { token: admin.token })).statusCode).toBe(403);
    expect((await call(h, 'GET', '/api/auth/audit-logs')).statusCode).toBe(401);
    const menu = (await call(h, 'GET', '/api/auth/user-categories?limit=100', { token: admin.token })).json().data;
    expect(menu.map((c: { path: string }) => c.path)).not.toContain('/audit-log');
    const mine = (await call(h, 'GET', '/api/auth/user-categories?limit=100', { token: h.adminToken })).json().data;
    expect(mine.map((c: { path: string }) => c.path)).toContain('/audit-log');

    await grant(h, 'Admin', [['GET', '/api/auth/audit-logs']]);
    expect((await call(h, 'GET', '/api/auth/audit-logs', { token: admin.token })).statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/auth/audit-logs/export.csv', { token: admin.token })).statusCode).toBe(200);
  });
});

describe('retention', () => {
  test('entries older than AUDIT_RETENTION_DAYS are purged; newer ones stay; a second run finds nothing', async () => {
    await runSql(
      h,
      sql`INSERT INTO audit_logs (at, action, resource, record_id) VALUES
        (now() - interval '400 days', 'update', 'users', 'old-one'),
        (now() - interval '366 days', 'update', 'users', 'old-two'),
        (now() - interval '364 days', 'update', 'users', 'recent')`,
    );
    expect(await purgeAuditLogs(h.app.deps.database.db, h.config.auditRetentionDays)).toBe(2);
    const left = await runSql(h, sql`SELECT record_id FROM audit_logs WHERE record_id IN ('old-one', 'old-two', 'recent')`);
    expect(left.map((r) => r.record_id)).toEqual(['recent']);
    expect(await purgeAuditLogs(h.app.deps.database.db, h.config.auditRetentionDays)).toBe(0);
    expect(h.config.auditRetentionDays).toBe(365);
  });

  test('a server purges at start, with its own AUDIT_RETENTION_DAYS', async () => {
    const other = await startHarness(
      { AUDIT_RETENTION_DAYS: '30' },
      {
        prepareDatabase: async (database) => {
          await database.db.execute(
            sql`INSERT INTO audit_logs (at, action, resource, record_id) VALUES
              (now() - interval '40 days', 'update', 'users', 'forty-days'),
              (now() - interval '20 days', 'update', 'users', 'twenty-days')`,
          );
        },
      },
    );
    try {
      expect(other.config.auditRetentionDays).toBe(30);
      const left = await runSql(other, sql`SELECT record_id FROM audit_logs WHERE record_id IN ('forty-days', 'twenty-days')`);
      expect(left.map((r) => r.record_id)).toEqual(['twenty-days']);
    } finally {
      await other.close();
    }
  }, 120_000);
});
