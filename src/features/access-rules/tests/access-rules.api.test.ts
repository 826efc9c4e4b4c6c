import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser, roleByName } from '../../../../tests/api/helpers';
import { createRole, grant, signedIn, type Person, type Route } from '../../../../tests/api/security/people';

// Access by field and by record: a role's rules (PUT /api/auth/roles/{id}/access)
// limit which fields it reads and writes and which records it reaches, on
// every generic route, applied in SQL.

let h: Harness;
const access = (roleId: string) => `/api/auth/roles/${roleId}/access`;
const put = (roleId: string, body: unknown, token = h.adminToken) => call(h, 'PUT', access(roleId), { token, body });

const USER_ROUTES: Route[] = [
  ['GET', '/api/auth/users'],
  ['GET', '/api/auth/users/:id'],
  ['PUT', '/api/auth/users/:id'],
  ['DELETE', '/api/auth/users/:id'],
];
const EXPERIENCE_ROUTES: Route[] = [
  ['GET', '/api/auth/experiences'],
  ['GET', '/api/auth/experiences/:id'],
  ['POST', '/api/auth/experiences'],
  ['PUT', '/api/auth/experiences/:id'],
  ['DELETE', '/api/auth/experiences/:id'],
];
const SUPPORT_DESK = {
  read: ['name', 'email', 'confirmed', 'blocked', 'createdAt'],
  write: ['blocked'],
  where: { confirmed: { eq: true } },
};

let deskRole: string;
let editorRole: string;
let desk: Person;
let confirmedUser: { _id: string; email: string };
let unconfirmedUser: { _id: string; email: string };

beforeAll(async () => {
  h = await startHarness();
  deskRole = await createRole(h, 'Support Desk', 'staff', USER_ROUTES);
  editorRole = await createRole(h, 'Own Editor', 'editor', EXPERIENCE_ROUTES);
  desk = await signedIn(h, 'Support Desk');
  confirmedUser = await createUser(h, { name: 'Maria Papadopoulou', confirmed: true });
  await call(h, 'PUT', `/api/auth/users/${confirmedUser._id}`, {
    token: h.adminToken,
    body: { phone: '+30 210 555 0101', address: 'Odos Ermou 12, Athens' },
  });
  unconfirmedUser = await createUser(h, { name: 'Nikos Unconfirmed', confirmed: false });
});
afterAll(async () => h?.close());

describe('the rules, stored and read back', () => {
  test('PUT replaces a role’s rules and GET answers them; a resource left out keeps plain access', async () => {
    const empty = await call(h, 'GET', access(deskRole), { token: h.adminToken });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ resources: {} });

    const saved = await put(deskRole, { resources: { users: SUPPORT_DESK } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ resources: { users: SUPPORT_DESK } });
    expect((await call(h, 'GET', access(deskRole), { token: h.adminToken })).json()).toEqual({ resources: { users: SUPPORT_DESK } });

    const audit = await call(h, 'GET', `/api/auth/audit-logs?resource=roles&recordId=${deskRole}&action=access-rules`, {
      token: h.adminToken,
    });
    expect(audit.json().data[0].diff.access.after).toEqual({ users: SUPPORT_DESK });
  });

  test('bad rules are a 400 naming the offending part, and change nothing', async () => {
    const cases: [unknown, string][] = [
      [{ resources: { gadgets: {} } }, 'resources.gadgets'],
      [{ resources: { users: { read: ['name', 'shoeSize'] } } }, 'resources.users.read[1]'],
      [{ resources: { users: { write: ['createdAt'] } } }, 'resources.users.write[0]'],
      [{ resources: { users: { where: { confirmed: { like: true } } } } }, 'resources.users.where.confirmed.like'],
      [{ resources: { users: { where: { confirmed: { eq: 'yes' } } } } }, 'resources.users.where.confirmed.eq'],
      [{ resources: { users: { where: { name: { gt: 'M' } } } } }, 'resources.users.where.name.gt'],
      [{ resources: { users: { where: { password: { eq: 'x' } } } } }, 'resources.users.where.password'],
      [{ resources: { users: { where: { createdAt: { gte: 'last week' } } } } }, 'resources.users.where.createdAt.gte'],
      [{ resources: { users: { where: { or: [] } } } }, 'resources.users.where.or'],
      [{ resources: { users: { sometimes: true } } }, 'resources.users.sometimes'],
      [{ resources: { 'user-profiles': { read: ['name'] } } }, 'resources.user-profiles'],
      [{ resources: { users: { where: { constructor: { eq: 1 } } } } }, 'resources.users.where.constructor'],
      [{ resources: { experiences: { writeWhere: { createdBy: { in: '$me' } } } } }, 'resources.experiences.writeWhere.createdBy.in'],
    ];
    let deep: Record<string, unknown> = { confirmed: { eq: true } };
    for (let i = 0; i < 8; i++) deep = { and: [deep] };
    cases.push([{ resources: { users: { where: deep } } }, `resources.users.where${'.and[0]'.repeat(8)}`]);
    for (const [body, path] of cases) {
      const res = await put(editorRole, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toEqual([path]);
    }
    // A NUL byte, a huge number, a wrong id: refused or stored, never a 5xx.
    for (const body of [
      { resources: { users: { where: { name: { eq: 'Ma\u0000ria' } } } } },
      { resources: { users: { where: { createdAt: { gt: '9'.repeat(400) } } } } },
      { resources: { experiences: { where: { under_review: { eq: 1e308 } } } } },
      { resources: { users: { read: ['name'.repeat(10000)] } } },
    ]) {
      const res = await put(editorRole, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBeLessThan(500);
    }
    await put(editorRole, { resources: {} });
    const polluted = await h.app.inject({
      method: 'PUT',
      url: access(editorRole),
      headers: { authorization: `Bearer ${h.adminToken}`, 'content-type': 'application/json' },
      payload: '{"resources": {"users": {"where": {"__proto__": {"eq": 1}}}}}',
    });
    expect(polluted.statusCode).toBe(400);
    expect((await call(h, 'GET', access(editorRole), { token: h.adminToken })).json()).toEqual({ resources: {} });
    expect((await put('00000000-0000-4000-8000-000000000000', { resources: {} })).statusCode).toBe(404);
  });
});

describe('the support desk: names and e-mails of confirmed users, may only block', () => {
  beforeAll(async () => {
    expect((await put(deskRole, { resources: { users: SUPPORT_DESK } })).statusCode).toBe(200);
  });

  test('the list and its total hold only confirmed users, without phone or address', async () => {
    const res = await call(h, 'GET', '/api/auth/users?limit=1000', { token: desk.token });
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = res.json() as { data: Record<string, unknown>[]; total: number };
    expect(data.every((u) => u.confirmed === true)).toBe(true);
    expect(data.map((u) => u._id)).toContain(confirmedUser._id);
    expect(data.map((u) => u._id)).not.toContain(unconfirmedUser._id);
    expect(total).toBe(data.length);
    for (const u of data) expect(Object.keys(u).sort()).toEqual(['_id', '_version', ...SUPPORT_DESK.read].sort());
    // The search does not find the unconfirmed user either.
    const search = await call(h, 'GET', '/api/auth/users?q=Unconfirmed', { token: desk.token });
    expect(search.json().total).toBe(0);
  });

  test('my-permissions carries the rules, so the admin hides what the desk may not read or write', async () => {
    const res = await call(h, 'GET', '/api/auth/my-permissions', { token: desk.token });
    expect(res.json().access).toEqual({
      users: { read: SUPPORT_DESK.read, write: SUPPORT_DESK.write, where: [SUPPORT_DESK.where], writeWhere: [SUPPORT_DESK.where] },
    });
  });

  test('the audit trail shows the desk only entries of records it reads, with only the fields it reads', async () => {
    await grant(h, 'Support Desk', [['GET', '/api/auth/audit-logs']]);
    const edit = (id: string, body: Record<string, unknown>) => call(h, 'PUT', `/api/auth/users/${id}`, { token: h.adminToken, body });
    await edit(confirmedUser._id, { phone: '+30 210 555 0199', name: 'Maria P. Papadopoulou' });
    await edit(unconfirmedUser._id, { bio: 'Joined from the Thessaloniki office' });
    const trail = await call(h, 'GET', '/api/auth/audit-logs?resource=users&limit=1000', { token: desk.token });
    expect(trail.statusCode, trail.body).toBe(200);
    const entries = trail.json().data as { recordId: string; diff: Record<string, unknown> | null }[];
    expect(entries.some((e) => e.recordId === confirmedUser._id && e.diff && 'name' in e.diff)).toBe(true);
    expect(entries.some((e) => e.recordId === unconfirmedUser._id)).toBe(false);
    expect(trail.body).not.toContain('555 0199');
    expect(trail.body).not.toContain('Thessaloniki');
    // The phone's own digits with their space: a bare "0199" can also occur in a timestamp or an id the desk may see.
    const byPhone = (token: string) => call(h, 'GET', `/api/auth/audit-logs?q=${encodeURIComponent('555 0199')}`, { token });
    expect((await byPhone(desk.token)).json().total).toBe(0);
    expect((await byPhone(h.adminToken)).json().total).toBeGreaterThan(0);
    const phoneChanges = await call(h, 'GET', `/api/auth/audit-logs?field=phone&recordId=${confirmedUser._id}`, { token: desk.token });
    expect(phoneChanges.json().total).toBe(0);
    const csv = await call(h, 'GET', '/api/auth/audit-logs/export.csv?resource=users', { token: desk.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(confirmedUser._id);
    expect(csv.body).not.toContain('555 0199');
    expect(csv.body).not.toContain(unconfirmedUser._id);
    // The superadmin still sees everything.
    const all = await call(h, 'GET', `/api/auth/audit-logs?field=phone&recordId=${confirmedUser._id}`, { token: h.adminToken });
    expect(all.json().total).toBeGreaterThan(0);
    await edit(confirmedUser._id, { phone: '+30 210 555 0101', name: 'Maria Papadopoulou' });
  });

  test('records of another resource show the desk’s users as its rules allow (a link to a hidden user shows none)', async () => {
    await grant(h, 'Support Desk', [['GET', '/api/auth/user-roles']]);
    const role = (await roleByName(h, 'User'))._id;
    const shownUser = await createUser(h, { name: 'Eleni Shown', confirmed: true });
    const hiddenUser = await createUser(h, { name: 'Kostas Hidden', confirmed: false });
    for (const u of [shownUser, hiddenUser]) {
      const link = await call(h, 'POST', '/api/auth/user-roles', { token: h.adminToken, body: { user: u._id, role } });
      expect(link.statusCode, link.body).toBe(201);
    }
    await put(deskRole, { resources: { users: { ...SUPPORT_DESK, read: ['name', 'confirmed', 'blocked'] } } });
    try {
      const links = async (userId: string) => {
        const res = await call(h, 'GET', `/api/auth/user-roles?user=${userId}`, { token: desk.token });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as { user: unknown }[];
      };
      const [shown] = await links(shownUser._id);
      expect(shown.user).toEqual({ _id: shownUser._id, name: 'Eleni Shown' });
      const [hidden] = await links(hiddenUser._id);
      expect(hidden.user).toBeNull();
      const asAdmin = (await call(h, 'GET', `/api/auth/user-roles?user=${shownUser._id}`, { token: h.adminToken })).json().data;
      expect(asAdmin[0].user.email).toBe(shownUser.email);
    } finally {
      await put(deskRole, { resources: { users: SUPPORT_DESK } });
    }
  });

  test('a projection of users (user-profiles) follows the users rules', async () => {
    await grant(h, 'Support Desk', [
      ['GET', '/api/auth/user-profiles'],
      ['GET', '/api/auth/user-profiles/:id'],
    ]);
    const list = await call(h, 'GET', '/api/auth/user-profiles?limit=1000', { token: desk.token });
    expect(list.statusCode, list.body).toBe(200);
    const ids = (list.json().data as { _id: string }[]).map((p) => p._id);
    expect(ids).toContain(confirmedUser._id);
    expect(ids).not.toContain(unconfirmedUser._id);
    expect(list.body).not.toContain('210 555');
    expect(list.body).not.toContain('Ermou');
    expect((await call(h, 'GET', `/api/auth/user-profiles/${unconfirmedUser._id}`, { token: desk.token })).statusCode).toBe(404);
    const one = await call(h, 'GET', `/api/auth/user-profiles/${confirmedUser._id}`, { token: desk.token });
    expect(Object.keys(one.json()).sort()).toEqual(['_id', '_version', 'createdAt', 'email', 'name']);
  });

  test('the dashboard counts only the users the desk may read', async () => {
    const listed = (await call(h, 'GET', '/api/auth/users?limit=1', { token: desk.token })).json().total as number;
    const all = (await call(h, 'GET', '/api/auth/users?limit=1', { token: h.adminToken })).json().total as number;
    expect(listed).toBeLessThan(all);
    const dash = (await call(h, 'GET', '/api/auth/dashboard', { token: desk.token })).json();
    expect(dash.counts.find((c: { resource: string }) => c.resource === 'users').total).toBe(listed);
    const perDay = (dash.newUsers as { count: number }[]).reduce((n, d) => n + d.count, 0);
    expect(perDay).toBe(listed);
  });

  test('a record outside the rule is a 404, as if it did not exist; one inside shows only the readable fields', async () => {
    expect((await call(h, 'GET', `/api/auth/users/${unconfirmedUser._id}`, { token: desk.token })).statusCode).toBe(404);
    const res = await call(h, 'GET', `/api/auth/users/${confirmedUser._id}`, { token: desk.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Maria Papadopoulou');
    expect(res.json()).not.toHaveProperty('phone');
    expect(res.body).not.toContain('Ermou');
  });

  test('the CSV export has the readable columns of the allowed records only', async () => {
    const res = await call(h, 'GET', '/api/auth/users/export.csv', { token: desk.token });
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header.split(',').sort()).toEqual([...SUPPORT_DESK.read].sort());
    expect(res.body).toContain(confirmedUser.email);
    expect(res.body).not.toContain(unconfirmedUser.email);
    expect(res.body).not.toContain('210 555');
    expect(lines.length).toBeGreaterThan(0);
  });

  test('sorting by a field it may not read is refused', async () => {
    const res = await call(h, 'GET', '/api/auth/users?sort=email', { token: desk.token });
    expect(res.statusCode).toBe(200);
    await put(deskRole, { resources: { users: { ...SUPPORT_DESK, read: ['name', 'confirmed', 'blocked'] } } });
    const hidden = await call(h, 'GET', '/api/auth/users?sort=email', { token: desk.token });
    expect(hidden.statusCode).toBe(403);
    expect(Object.keys(hidden.json().fields)).toEqual(['email']);
    await put(deskRole, { resources: { users: SUPPORT_DESK } });
  });

  test('writing a field it may not write is a 403 naming it, and changes nothing; blocking works', async () => {
    const rename = await call(h, 'PUT', `/api/auth/users/${confirmedUser._id}`, {
      token: desk.token,
      body: { name: 'Renamed', blocked: true },
    });
    expect(rename.statusCode).toBe(403);
    expect(Object.keys(rename.json().fields)).toEqual(['name']);
    const unchanged = (await call(h, 'GET', `/api/auth/users/${confirmedUser._id}`, { token: h.adminToken })).json();
    expect(unchanged.name).toBe('Maria Papadopoulou');
    expect(unchanged.blocked).toBe(false);

    const block = await call(h, 'PUT', `/api/auth/users/${confirmedUser._id}`, { token: desk.token, body: { blocked: true } });
    expect(block.statusCode, block.body).toBe(200);
    expect(block.json().blocked).toBe(true);
    expect(block.json()).not.toHaveProperty('phone');
    await call(h, 'PUT', `/api/auth/users/${confirmedUser._id}`, { token: h.adminToken, body: { blocked: false } });
  });

  test('a bulk write touching one record outside the rule is refused whole', async () => {
    const res = await call(h, 'PUT', '/api/auth/users', {
      token: desk.token,
      body: { ids: [confirmedUser._id, unconfirmedUser._id], data: { blocked: true } },
    });
    expect(res.statusCode).toBe(404);
    const after = (await call(h, 'GET', `/api/auth/users/${confirmedUser._id}`, { token: h.adminToken })).json();
    expect(after.blocked).toBe(false);
    expect((await call(h, 'DELETE', `/api/auth/users/${unconfirmedUser._id}`, { token: desk.token })).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/auth/users/${unconfirmedUser._id}`, { token: h.adminToken })).statusCode).toBe(200);
  });

  test('the rules count from the next request: taken away, the fields come back', async () => {
    await put(deskRole, { resources: {} });
    const res = await call(h, 'GET', `/api/auth/users/${confirmedUser._id}`, { token: desk.token });
    expect(res.json().phone).toBe('+30 210 555 0101');
    expect((await call(h, 'GET', `/api/auth/users/${unconfirmedUser._id}`, { token: desk.token })).statusCode).toBe(200);
    await put(deskRole, { resources: { users: SUPPORT_DESK } });
    expect((await call(h, 'GET', `/api/auth/users/${unconfirmedUser._id}`, { token: desk.token })).statusCode).toBe(404);
  });
});

describe('the editor: edits only the experiences they created', () => {
  let anna: Person;
  let boris: Person;
  const create = async (who: Person, title: string) => {
    const res = await call(h, 'POST', '/api/auth/experiences', {
      token: who.token,
      body: { title, createdBy: who === anna ? boris._id : anna._id },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; createdBy: { _id: string } | null; updatedBy: { _id: string } | null };
  };

  beforeAll(async () => {
    expect((await put(editorRole, { resources: { experiences: { writeWhere: { createdBy: { eq: '$me' } } } } })).statusCode).toBe(200);
    anna = await signedIn(h, 'Own Editor');
    boris = await signedIn(h, 'Own Editor');
  });

  test('createdBy and updatedBy are set by the server, never from the body', async () => {
    const mine = await create(anna, 'Sunrise over Meteora');
    expect(mine.createdBy?._id).toBe(anna._id);
    expect(mine.updatedBy?._id).toBe(anna._id);
  });

  test('own records are written; others’ are a 404 for writes, still readable', async () => {
    const annas = await create(anna, 'Kayaking in Milos');
    const boriss = await create(boris, 'Hiking the Samaria gorge');
    const edit = await call(h, 'PUT', `/api/auth/experiences/${annas._id}`, {
      token: anna.token,
      body: { title: 'Kayaking in Milos, at dawn' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const theirs = await call(h, 'PUT', `/api/auth/experiences/${boriss._id}`, { token: anna.token, body: { title: 'Mine now' } });
    expect(theirs.statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/auth/experiences/${boriss._id}`, { token: anna.token })).statusCode).toBe(200);
    expect((await call(h, 'DELETE', `/api/auth/experiences/${boriss._id}`, { token: anna.token })).statusCode).toBe(404);
    const both = await call(h, 'DELETE', `/api/auth/experiences?ids=${annas._id},${boriss._id}`, { token: anna.token });
    expect(both.statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/auth/experiences/${annas._id}`, { token: anna.token })).statusCode).toBe(200);
    expect((await call(h, 'GET', `/api/auth/experiences/${boriss._id}`, { token: h.adminToken })).json().title).toBe(
      'Hiking the Samaria gorge',
    );
    // Someone else's edit makes Boris the last editor, not the creator: the rule follows createdBy.
    await call(h, 'PUT', `/api/auth/experiences/${boriss._id}`, { token: h.adminToken, body: { title: 'Samaria gorge in May' } });
    expect(
      (await call(h, 'PUT', `/api/auth/experiences/${boriss._id}`, { token: boris.token, body: { under_review: true } })).statusCode,
    ).toBe(200);
  });
});

describe('a reader of their own records only ($me in a read condition)', () => {
  test('get, list and total show each editor only what they created', async () => {
    await put(editorRole, { resources: { experiences: { where: { createdBy: { eq: '$me' } } } } });
    try {
      const [cleo, dimitra] = [await signedIn(h, 'Own Editor'), await signedIn(h, 'Own Editor')];
      const make = async (who: Person, title: string) =>
        (await call(h, 'POST', '/api/auth/experiences', { token: who.token, body: { title } })).json()._id as string;
      const cleos = await make(cleo, 'Olive harvest in Kalamata');
      const dimitras = await make(dimitra, 'Sailing around Hydra');
      for (const [who, own, other] of [
        [cleo, cleos, dimitras],
        [dimitra, dimitras, cleos],
      ] as const) {
        expect((await call(h, 'GET', `/api/auth/experiences/${own}`, { token: who.token })).statusCode).toBe(200);
        expect((await call(h, 'GET', `/api/auth/experiences/${other}`, { token: who.token })).statusCode).toBe(404);
        const list = (await call(h, 'GET', '/api/auth/experiences?limit=1000', { token: who.token })).json();
        expect(list.data.map((x: { _id: string }) => x._id)).toEqual([own]);
        expect(list.total).toBe(1);
      }
    } finally {
      await put(editorRole, { resources: { experiences: { writeWhere: { createdBy: { eq: '$me' } } } } });
    }
  });
});

describe('nobody grants more than they hold', () => {
  let lead: Person;
  let staffRole: string;
  beforeAll(async () => {
    await createRole(h, 'Desk Lead', 'admin', [
      ...USER_ROUTES,
      ['GET', '/api/auth/roles/:id/access'],
      ['PUT', '/api/auth/roles/:id/access'],
    ]);
    const leadRole = (await roleByName(h, 'Desk Lead'))._id;
    await put(leadRole, { resources: { users: SUPPORT_DESK } });
    lead = await signedIn(h, 'Desk Lead');
    staffRole = await createRole(h, 'Desk Trainee', 'staff', USER_ROUTES);
  });

  test('the same rule, or a narrower one, may be given', async () => {
    const same = await put(staffRole, { resources: { users: SUPPORT_DESK } }, lead.token);
    expect(same.statusCode, same.body).toBe(200);
    const narrower = await put(
      staffRole,
      { resources: { users: { read: ['name'], write: [], where: { confirmed: { eq: true }, blocked: { eq: false } } } } },
      lead.token,
    );
    expect(narrower.statusCode, narrower.body).toBe(200);
  });

  test('a field, a write or a wider condition it does not hold is a 403, and changes nothing', async () => {
    const before = (await call(h, 'GET', access(staffRole), { token: h.adminToken })).json();
    const tries: [unknown, string][] = [
      [{ resources: { users: { ...SUPPORT_DESK, read: [...SUPPORT_DESK.read, 'phone'] } } }, 'resources.users.read'],
      [{ resources: { users: { ...SUPPORT_DESK, write: ['blocked', 'name'] } } }, 'resources.users.write'],
      [{ resources: { users: { ...SUPPORT_DESK, where: { blocked: { eq: false } } } } }, 'resources.users.where'],
      [{ resources: {} }, 'resources.users'],
    ];
    for (const [body, path] of tries) {
      const res = await put(staffRole, body, lead.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(Object.keys(res.json().fields)).toContain(path);
    }
    expect((await call(h, 'GET', access(staffRole), { token: h.adminToken })).json()).toEqual(before);
  });

  test('a role ranked above the editor is not theirs to change', async () => {
    const superRole = (await roleByName(h, 'Super Admin'))._id;
    expect((await put(superRole, { resources: { users: { read: ['name'] } } }, lead.token)).statusCode).toBe(403);
  });
});

describe('explain: allow or deny, and what decided it', () => {
  const explain = (q: Record<string, string>, token = h.adminToken) =>
    call(h, 'GET', `/api/auth/access/explain?${new URLSearchParams(q)}`, { token });

  test('a record inside the desk’s condition is allowed by its role and rule; one outside is denied', async () => {
    await put(deskRole, { resources: { users: SUPPORT_DESK } });
    const inside = await explain({ userId: desk._id, method: 'GET', route: '/api/auth/users/:id', recordId: confirmedUser._id });
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json()).toEqual({
      allowed: true,
      decidedBy: { role: 'Support Desk', permission: 'GET users/:id', fields: SUPPORT_DESK.read, condition: SUPPORT_DESK.where },
    });
    const outside = await explain({ userId: desk._id, method: 'GET', route: '/api/auth/users/:id', recordId: unconfirmedUser._id });
    expect(outside.json().allowed).toBe(false);
    expect(outside.json().decidedBy.condition).toEqual(SUPPORT_DESK.where);
    const write = await explain({ userId: desk._id, method: 'PUT', route: '/api/auth/users/:id', recordId: confirmedUser._id });
    expect(write.json()).toMatchObject({ allowed: true, decidedBy: { fields: ['blocked'] } });
  });

  test('no role holding the permission denies; a superadmin role allows', async () => {
    const none = await explain({ userId: desk._id, method: 'POST', route: '/api/auth/users' });
    expect(none.json()).toEqual({ allowed: false, decidedBy: { role: null, permission: 'POST users' } });
    const found = await call(h, 'GET', `/api/auth/users?q=${encodeURIComponent(ADMIN_EMAIL)}`, { token: h.adminToken });
    const superUser = found.json().data[0]._id as string;
    const sup = await explain({ userId: superUser, method: 'DELETE', route: '/api/auth/users/:id' });
    expect(sup.json()).toEqual({ allowed: true, decidedBy: { role: 'Super Admin', permission: null } });
  });

  test('only superadmins ask, and bad questions are 400 or 404', async () => {
    expect((await explain({ userId: desk._id, method: 'GET', route: '/api/auth/users' }, desk.token)).statusCode).toBe(403);
    expect((await explain({ userId: 'nobody', method: 'GET', route: '/api/auth/users' })).statusCode).toBe(400);
    expect((await explain({ userId: desk._id, method: 'PATCH', route: '/api/auth/users' })).statusCode).toBe(400);
    expect((await explain({ userId: '00000000-0000-4000-8000-000000000000', method: 'GET', route: '/x' })).statusCode).toBe(404);
  });
});
