import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pictureData } from './pictures';
import { startHarness, type Harness } from './harness';
import { call, createUser, runSql, uniqueEmail } from './helpers';
import { operationsOf } from './security/fuzz-requests';
import { signedIn } from './security/people';

// Every write operation of the served OpenAPI document, driven as a client
// would: each one that writes a declared record must leave that record a new
// version, stored with the write. An operation this test does not know fails
// it, so a new write path is checked the day it appears.

let h: Harness;
let n = 0;
const next = () => ++n;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

type Written = { resource: string; id: string; op: string }[];
/** Drives one operation; returns the records it must have versioned. */
type Driver = () => Promise<Written>;

const admin = (method: Parameters<typeof call>[1], url: string, body?: unknown) => call(h, method, url, { token: h.adminToken, body });

async function ok(res: Awaited<ReturnType<typeof call>>, status = 200) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  return res.json();
}

/** A record one would make on each resource's Add screen, and a change one would make on its edit screen. */
const samples: Record<string, { make: () => Promise<Record<string, unknown>>; change: Record<string, unknown> }> = {
  users: {
    make: async () => ({ name: `Walk Person ${next()}`, email: uniqueEmail('walk'), password: 'Walk-pass-12345' }),
    change: { bio: 'Moved to the Thessaloniki office' },
  },
  permissions: {
    make: async () => ({
      name: `Read walk report ${next()}`,
      description: 'Reads the walk reports',
      method: 'GET',
      route: `/api/walk/${n}`,
    }),
    change: { description: 'Reads and exports the walk reports' },
  },
  'client-permissions': {
    make: async () => ({ name: `Walk reports ${next()}`, menu: 'Reports', menu_order: 500 + n, path: `/walk-${n}` }),
    change: { description: 'Weekly walk reports' },
  },
  roles: {
    make: async () => ({ name: `Walk role ${next()}`, description: 'Walks through the API', type: 'staff' }),
    change: { description: 'Walks through every write' },
  },
  'user-roles': {
    make: async () => {
      const user = await createUser(h, { name: `Linked Person ${next()}` });
      const role = await ok(
        await admin('POST', '/api/auth/roles', { name: `Link role ${n}`, description: 'For a link', type: 'staff' }),
        201,
      );
      return { user: user._id, role: role._id };
    },
    change: {},
  },
  experiences: {
    make: async () => ({ title: `Harbour walk ${next()}`, description: '<p>Along the old harbour at dusk.</p>', tags: ['walks'] }),
    change: { title: 'Harbour walk at dawn' },
  },
};

async function make(resource: string, api: string): Promise<string> {
  return (await ok(await admin('POST', api, await samples[resource].make()), 201))._id;
}

/** A change to a record of `resource`: its sample change, or (a link) another role. */
async function changeOf(resource: string): Promise<Record<string, unknown>> {
  if (resource !== 'user-roles') return samples[resource].change;
  const role = await ok(
    await admin('POST', '/api/auth/roles', { name: `Other role ${next()}`, description: 'Another', type: 'staff' }),
    201,
  );
  return { role: role._id };
}

/** Uploads `json` as a file to import into the resource at `api`; returns the import's id. */
async function importFile(api: string, json: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([json], { type: 'application/json' }), 'walk.json');
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await h.app.inject({
    method: 'POST',
    url: `${api}/imports`,
    headers: { 'content-type': req.headers.get('content-type')!, authorization: `Bearer ${h.adminToken}` },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return (await ok(res, 201)).id;
}

/** Runs an import and waits until it is done. */
async function runImport(api: string, id: string, body: Record<string, unknown>): Promise<void> {
  await ok(await admin('POST', `${api}/imports/${id}/run`, body), 202);
  for (let i = 0; i < 400; i++) {
    const s = await ok(await admin('GET', `${api}/imports/${id}`));
    if (s.state !== 'queued' && s.state !== 'running') {
      expect(s.state, JSON.stringify(s.errors)).toBe('done');
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`import ${id} did not end`);
}

/** The generated operations of a resource served at `api`. */
function genericDrivers(resource: string, api: string): Record<string, Driver> {
  const one = (op: string) => async (id: string) => [{ resource, id, op }];
  return {
    [`POST ${api}`]: async () => one('create')(await make(resource, api)),
    [`PUT ${api}/{id}`]: async () => {
      const id = await make(resource, api);
      await ok(await admin('PUT', `${api}/${id}`, await changeOf(resource)));
      return one('update')(id);
    },
    [`PUT ${api}`]: async () => {
      const ids = [await make(resource, api), await make(resource, api)];
      await ok(await admin('PUT', api, { ids, data: await changeOf(resource) }));
      return ids.map((id) => ({ resource, id, op: 'update' }));
    },
    [`DELETE ${api}/{id}`]: async () => {
      const id = await make(resource, api);
      await ok(await admin('DELETE', `${api}/${id}`));
      return one('delete')(id);
    },
    [`DELETE ${api}`]: async () => {
      const ids = [await make(resource, api), await make(resource, api)];
      await ok(await admin('DELETE', `${api}?ids=${ids.join(',')}`));
      return ids.map((id) => ({ resource, id, op: 'delete' }));
    },
    [`POST ${api}/{id}/restore`]: async () => {
      const id = await make(resource, api);
      await ok(await admin('DELETE', `${api}/${id}`));
      await ok(await admin('POST', `${api}/${id}/restore`));
      return one('restore')(id);
    },
    [`POST ${api}/imports/{id}/run`]: async () => {
      const id = await make(resource, api);
      const file = await importFile(api, JSON.stringify([{ _id: id, ...(await changeOf(resource)) }]));
      await runImport(api, file, { mode: 'commit', action: 'update', key: '_id', atomic: true });
      return one('update')(id);
    },
    [`POST ${api}/{id}/versions/{n}/restore`]: async () => {
      const id = await make(resource, api);
      await ok(await admin('PUT', `${api}/${id}`, await changeOf(resource)));
      await ok(await admin('POST', `${api}/${id}/versions/1/restore`, {}));
      return one('restore')(id);
    },
  };
}

async function submittedInvite() {
  const inv = await ok(await admin('POST', '/api/auth/invites', { email: null, hours: 24 }), 201);
  const email = uniqueEmail('invited');
  await ok(
    await call(h, 'POST', '/api/auth/register-invite', {
      body: { token: inv.token, name: 'Invited Person', email, password: 'Invited-pass-123' },
    }),
    201,
  );
  const [user] = await runSql(h, sql`SELECT id FROM users WHERE email = ${email}`);
  return { invite: String(inv._id), user: String(user.id) };
}

/** The product's own write paths that write declared records. */
const ownDrivers: Record<string, Driver> = {
  'POST /api/auth/my-profile': async () => {
    const me = await signedIn(h, 'Admin');
    await ok(
      await call(h, 'POST', '/api/auth/my-profile', { token: me.token, body: { name: 'Renamed Myself', phone: '+30 210 555 0199' } }),
    );
    return [{ resource: 'users', id: me._id, op: 'update' }];
  },
  'POST /api/auth/invites': async () => {
    const inv = await ok(await admin('POST', '/api/auth/invites', { email: uniqueEmail('guest'), hours: 48 }), 201);
    return [{ resource: 'invites', id: inv._id, op: 'create' }];
  },
  'DELETE /api/auth/invites/{id}': async () => {
    const inv = await ok(await admin('POST', '/api/auth/invites', { email: null, hours: 48 }), 201);
    await ok(await admin('DELETE', `/api/auth/invites/${inv._id}`));
    return [{ resource: 'invites', id: inv._id, op: 'delete' }];
  },
  'POST /api/auth/register-invite': async () => {
    const { invite, user } = await submittedInvite();
    return [
      { resource: 'invites', id: invite, op: 'update' },
      { resource: 'users', id: user, op: 'create' },
    ];
  },
  'POST /api/auth/invites/{id}/approve': async () => {
    const { invite, user } = await submittedInvite();
    await ok(await admin('POST', `/api/auth/invites/${invite}/approve`));
    const [link] = await runSql(h, sql`SELECT id FROM user_roles WHERE user_id = ${user}`);
    return [
      { resource: 'invites', id: invite, op: 'update' },
      { resource: 'users', id: user, op: 'update' },
      { resource: 'user-roles', id: String(link.id), op: 'create' },
    ];
  },
  'POST /api/auth/invites/{id}/reject': async () => {
    const { invite, user } = await submittedInvite();
    await ok(await admin('POST', `/api/auth/invites/${invite}/reject`));
    return [
      { resource: 'invites', id: invite, op: 'update' },
      { resource: 'users', id: user, op: 'delete' },
    ];
  },
  'PUT /api/auth/roles/{id}/permissions': async () => {
    const role = await make('roles', '/api/auth/roles');
    const perm = await make('permissions', '/api/auth/permissions');
    await ok(await admin('PUT', `/api/auth/roles/${role}/permissions`, { permissionIds: [perm] }));
    return [{ resource: 'roles', id: role, op: 'update' }];
  },
  'PUT /api/auth/roles/{id}/client-permissions': async () => {
    const role = await make('roles', '/api/auth/roles');
    const entry = await make('client-permissions', '/api/auth/client-permissions');
    await ok(await admin('PUT', `/api/auth/roles/${role}/client-permissions`, { clientPermissionIds: [entry] }));
    return [{ resource: 'roles', id: role, op: 'update' }];
  },
  'POST /api/auth/reinitiate-permissions': async () => {
    // A route whose record went missing gets a new one.
    await runSql(h, sql`DELETE FROM permissions WHERE method = 'GET' AND route = '/api/auth/audit-logs'`);
    await ok(await admin('POST', '/api/auth/reinitiate-permissions/'));
    const [made] = await runSql(h, sql`SELECT id FROM permissions WHERE method = 'GET' AND route = '/api/auth/audit-logs'`);
    return [{ resource: 'permissions', id: String(made.id), op: 'create' }];
  },
  'POST /api/auth/edit-space-image': async () => {
    const body = {
      title: 'Old town in pictures',
      images: [{ operation: 'create', imageData: await pictureData('#c0392b', 60, 40), name: 'old-town.png' }],
    };
    const exp = await ok(await admin('POST', '/api/auth/experiences', body), 201);
    await ok(await admin('POST', '/api/auth/edit-space-image', { id: exp.images[0].id, action: 'rotate' }));
    return [{ resource: 'experiences', id: exp._id, op: 'update' }];
  },
};

/** Writes that touch no versioned field of a declared record, and why. */
const noVersion: Record<string, string> = {
  'POST /api/auth/login': 'a session, not a record',
  'POST /api/auth/logout': 'a session',
  'POST /api/auth/google': 'a session; linking the Google account sets an internal field',
  'POST /api/auth/oidc/complete': 'a session (the account and its roles were written, and versioned, by the callback)',
  'POST /api/auth/forgot-password': 'a reset token',
  'POST /api/auth/reset-password': 'the password: a secret, never in a version',
  'DELETE /api/auth/sessions': 'sessions',
  'DELETE /api/auth/sessions/{id}': 'sessions',
  'DELETE /api/auth/users/{id}/sessions': 'sessions',
  'POST /api/auth/tokens': 'API tokens: their own table, in the audit trail',
  'DELETE /api/auth/tokens/{id}': 'API tokens',
  'DELETE /api/auth/users/{id}/tokens/{tokenId}': 'API tokens',
  'POST /api/auth/webhooks': 'webhook endpoints: their own table, in the audit trail',
  'PUT /api/auth/webhooks/{id}': 'webhook endpoints',
  'DELETE /api/auth/webhooks/{id}': 'webhook endpoints',
  'POST /api/auth/webhooks/{id}/rotate-secret': 'a webhook secret',
  'POST /api/auth/webhooks/{id}/test': 'queues a webhook delivery',
  'POST /api/auth/webhooks/{id}/replay': 'webhook deliveries',
  'POST /api/auth/webhooks/{id}/deliveries/{deliveryId}/redeliver': 'a webhook delivery',
  'POST /api/auth/saved-views': 'saved list views: their own table, in the audit trail',
  'PUT /api/auth/saved-views/{id}': 'a saved list view',
  'DELETE /api/auth/saved-views/{id}': 'a saved list view',
  'POST /api/auth/2fa/setup': 'two-factor secrets',
  'POST /api/auth/2fa/enable': 'two-factor secrets',
  'POST /api/auth/2fa/disable': 'two-factor secrets',
  'POST /api/auth/2fa/verify': 'a session',
  'DELETE /api/auth/users/{id}/2fa': 'two-factor secrets',
  'PUT /api/auth/roles/{id}/access': 'access rules: their own table, in the audit trail',
  'POST /api/auth/notifications': 'notifications keep no history',
  'POST /api/auth/notifications/{id}/read': 'notifications keep no history',
  'POST /api/upload/profile-image': 'stores a file; the profile save that uses it is versioned',
  'POST /api/auth/translations': 'translations keep their own entry history',
  'PUT /api/auth/translations': 'translations keep their own entry history',
};

const latest = async (resource: string, id: string) =>
  (
    await runSql(
      h,
      sql`SELECT version, op FROM record_versions WHERE resource = ${resource} AND record_id = ${id} ORDER BY version DESC LIMIT 1`,
    )
  )[0] as { version: number; op: string } | undefined;

test('every write operation of the OpenAPI document stores a version of what it writes', { timeout: 180_000 }, async () => {
  const doc = (await admin('GET', '/api/docs/json')).json();
  const resources = (await admin('GET', '/api/auth/permissions?limit=1000')).json();
  expect(resources.total).toBeGreaterThan(0);
  const drivers: Record<string, Driver> = { ...ownDrivers };
  for (const [resource, api] of Object.entries({
    users: '/api/auth/users',
    permissions: '/api/auth/permissions',
    'client-permissions': '/api/auth/client-permissions',
    roles: '/api/auth/roles',
    'user-roles': '/api/auth/user-roles',
    experiences: '/api/auth/experiences',
  }))
    Object.assign(drivers, genericDrivers(resource, api));

  const writes = operationsOf(doc).filter((op) => op.method !== 'GET');
  // A purge deletes a trashed record for good, its versions with it.
  for (const op of writes) {
    if (op.path.endsWith('/{id}/purge')) noVersion[`${op.method} ${op.path}`] = 'deletes the record’s versions';
    if (op.path.endsWith('/{id}/presence')) noVersion[`${op.method} ${op.path}`] = 'says who has the record open; changes nothing in it';
    if (op.path.endsWith('/imports')) noVersion[`${op.method} ${op.path}`] = 'stores the file to import; its run is versioned';
    if (op.path.endsWith('/imports/{id}/cancel')) noVersion[`${op.method} ${op.path}`] = 'stops an import';
  }
  const key = (op: { method: string; path: string }) => `${op.method} ${op.path.replace(/\/$/, '')}`;
  const unknown = writes.map(key).filter((key) => !drivers[key] && !noVersion[key]);
  expect(unknown, 'write operations this test does not drive').toEqual([]);
  const missing: string[] = [];
  let driven = 0;
  for (const op of writes) {
    const drive = drivers[key(op)];
    if (!drive) continue;
    driven++;
    for (const w of await drive()) {
      const v = await latest(w.resource, w.id);
      if (v?.op !== w.op)
        missing.push(`${key(op)}: ${w.resource} ${w.id} has ${v ? `version ${v.version} (${v.op})` : 'no version'}, not a ${w.op}`);
    }
  }
  expect(missing).toEqual([]);
  expect(driven).toBeGreaterThan(40);
});
