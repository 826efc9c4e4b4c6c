import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_EMAIL, startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser, runSql, uniqueEmail } from '../../../../tests/api/helpers';
import { createRole, signedIn, type Person, type Route } from '../../../../tests/api/security/people';

// Routes of a feature's own (not the generic CRUD) that show users' data follow
// the reader's rules on users too: the invites list's registrant, the approvers'
// "new registration" notifications, the audit trail's actor. Resources served
// only by routes of their own take no rules at all.

let h: Harness;
const putRules = (roleId: string, body: unknown) => call(h, 'PUT', `/api/auth/roles/${roleId}/access`, { token: h.adminToken, body });

const APPROVER_ROUTES: Route[] = [
  ['GET', '/api/auth/users'],
  ['GET', '/api/auth/users/:id'],
  ['GET', '/api/auth/invites'],
  ['POST', '/api/auth/invites/:id/approve'],
  ['GET', '/api/auth/audit-logs'],
];

let confirmedOnly: Person;
let namesOnly: Person;

/** An invite made by the superadmin, registered on by a newcomer (an unconfirmed account until approved). */
async function registration(name: string) {
  const invite = await call(h, 'POST', '/api/auth/invites', { token: h.adminToken, body: {} });
  expect(invite.statusCode).toBe(201);
  const email = uniqueEmail('newcomer');
  const res = await call(h, 'POST', '/api/auth/register-invite', {
    body: { token: invite.json().token, name, email, password: 'Secret-pass-1' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { inviteId: invite.json()._id as string, email };
}

const noticesOf = async (p: Person) =>
  (await call(h, 'GET', '/api/auth/notifications?limit=100', { token: p.token })).json().data as {
    title: string;
    body: string;
    link: string;
  }[];

beforeAll(async () => {
  h = await startHarness();
  const confirmedRole = await createRole(h, 'Confirmed-only Approver', 'staff', APPROVER_ROUTES);
  const namesRole = await createRole(h, 'Names-only Approver', 'staff', APPROVER_ROUTES);
  expect((await putRules(confirmedRole, { resources: { users: { where: { confirmed: { eq: true } } } } })).statusCode).toBe(200);
  expect((await putRules(namesRole, { resources: { users: { read: ['name', 'confirmed'] } } })).statusCode).toBe(200);
  confirmedOnly = await signedIn(h, 'Confirmed-only Approver');
  namesOnly = await signedIn(h, 'Names-only Approver');
});
afterAll(async () => h?.close());

describe('a new registration, as each approver may see it', () => {
  let reg: { inviteId: string; email: string };
  beforeAll(async () => {
    reg = await registration('Eleni Newcomer');
  });

  test('the notification names the registrant as far as the approver reads the account', async () => {
    const link = `/admin/invites?invite=${reg.inviteId}`;
    const admin = (await noticesOf({ token: h.adminToken } as Person)).find((n) => n.link === link);
    expect(admin?.body).toBe(`Eleni Newcomer <${reg.email}> registered with an invite.`);
    // Unconfirmed until approved: outside a confirmed-only rule, so nothing about the account.
    const outside = (await noticesOf(confirmedOnly)).find((n) => n.link === link);
    expect(outside).toMatchObject({ title: 'New registration awaiting approval', body: 'Someone registered with an invite.' });
    const names = (await noticesOf(namesOnly)).find((n) => n.link === link);
    expect(names?.body).toBe('Eleni Newcomer registered with an invite.');
  });

  test('the invites list shows the registrant as far as the reader reads the account', async () => {
    const rowOf = async (token: string) =>
      ((await call(h, 'GET', '/api/auth/invites?limit=100', { token })).json().data as { _id: string; registrant: unknown }[]).find(
        (i) => i._id === reg.inviteId,
      );
    expect((await rowOf(h.adminToken))?.registrant).toEqual({ name: 'Eleni Newcomer', email: reg.email });
    expect((await rowOf(confirmedOnly.token))?.registrant).toBeNull();
    expect((await rowOf(namesOnly.token))?.registrant).toEqual({ name: 'Eleni Newcomer' });
    const body = (await call(h, 'GET', '/api/auth/invites?limit=100', { token: namesOnly.token })).body;
    expect(body).not.toContain(reg.email);
  });

  test('once approved (confirmed), the confirmed-only approver sees the account in the list', async () => {
    const approved = await call(h, 'POST', `/api/auth/invites/${reg.inviteId}/approve`, { token: h.adminToken, body: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    const list = (await call(h, 'GET', '/api/auth/invites?limit=100', { token: confirmedOnly.token })).json().data as {
      _id: string;
      registrant: unknown;
    }[];
    expect(list.find((i) => i._id === reg.inviteId)?.registrant).toEqual({ name: 'Eleni Newcomer', email: reg.email });
  });
});

describe('the audit trail’s actor', () => {
  test('a reader who may not read e-mails sees no actor e-mail, and cannot find one by searching', async () => {
    await call(h, 'PUT', `/api/auth/users/${namesOnly._id}`, { token: h.adminToken, body: { name: 'Names Only Approver' } });
    const res = await call(h, 'GET', '/api/auth/audit-logs?limit=100', { token: namesOnly.token });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data as { actorId: string | null; actorEmail: string | null }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.actorEmail === null)).toBe(true);
    expect(entries.some((e) => e.actorId !== null)).toBe(true);
    expect(res.body).not.toContain(ADMIN_EMAIL);
    expect(
      (await call(h, 'GET', `/api/auth/audit-logs?q=${encodeURIComponent(ADMIN_EMAIL)}`, { token: namesOnly.token })).json().total,
    ).toBe(0);
    expect(
      (await call(h, 'GET', `/api/auth/audit-logs?actor=${encodeURIComponent(ADMIN_EMAIL)}`, { token: namesOnly.token })).json().total,
    ).toBe(0);
    const csv = await call(h, 'GET', '/api/auth/audit-logs/export.csv', { token: namesOnly.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(ADMIN_EMAIL);
    // The superadmin finds the same entries by that e-mail.
    expect(
      (await call(h, 'GET', `/api/auth/audit-logs?actor=${encodeURIComponent(ADMIN_EMAIL)}`, { token: h.adminToken })).json().total,
    ).toBeGreaterThan(0);
  });

  test('an actor outside the reader’s conditions is not shown, not even by id', async () => {
    const hidden = await createUser(h, { name: 'Unconfirmed Actor', confirmed: false });
    await runSql(
      h,
      sql`INSERT INTO audit_logs (actor_id, actor_email, action, resource, record_id)
          VALUES (${hidden._id}, ${hidden.email}, 'update', 'roles', ${'00000000-0000-4000-8000-000000000001'})`,
    );
    const res = await call(h, 'GET', '/api/auth/audit-logs?resource=roles&limit=100', { token: confirmedOnly.token });
    const entry = (res.json().data as { recordId: string; actorId: string | null; actorEmail: string | null }[]).find(
      (e) => e.recordId === '00000000-0000-4000-8000-000000000001',
    );
    expect(entry).toMatchObject({ actorId: null, actorEmail: null });
    expect(res.body).not.toContain(hidden._id);
    expect((await call(h, 'GET', `/api/auth/audit-logs?actor=${hidden._id}`, { token: confirmedOnly.token })).json().total).toBe(0);
    expect((await call(h, 'GET', `/api/auth/audit-logs?actor=${hidden._id}`, { token: h.adminToken })).json().total).toBe(1);
  });
});

test('a list whose default order is a field the reader may not read comes in id order instead', async () => {
  for (const name of ['Zoe Early', 'Alex Late']) await createUser(h, { name, confirmed: true });
  const ids = async (token: string) =>
    ((await call(h, 'GET', '/api/auth/users?limit=1000', { token })).json().data as { _id: string }[]).map((u) => u._id);
  const seen = await ids(namesOnly.token);
  expect(seen.length).toBeGreaterThan(3);
  expect(seen).toEqual([...seen].sort());
  // The superadmin's list is in the declared order, newest first: not the same.
  expect(await ids(h.adminToken)).not.toEqual([...seen].sort());
  const csv = await call(h, 'GET', '/api/auth/users/export.csv', { token: namesOnly.token });
  expect(csv.statusCode, csv.body).toBe(200);
});

test('resources served by routes of their own take no rules: a 400 naming the resource', async () => {
  const role = await createRole(h, 'Rules Probe', 'staff');
  for (const name of ['invites', 'notifications', 'translations']) {
    const res = await putRules(role, { resources: { [name]: { read: [] } } });
    expect(res.statusCode, name).toBe(400);
    expect(Object.keys(res.json().fields ?? {})).toEqual([`resources.${name}`]);
  }
  expect((await call(h, 'GET', `/api/auth/roles/${role}/access`, { token: h.adminToken })).json()).toEqual({ resources: {} });
});
