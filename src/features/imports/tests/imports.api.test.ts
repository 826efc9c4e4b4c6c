import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, startHarness, type Harness } from '../../../../tests/api/harness';
import { assertNoSecrets, call, createUser, permissionByRoute, runSql, uploadedImage } from '../../../../tests/api/helpers';
import { openStream } from '../../../../tests/api/stream-reader';
import { MAX_LINE, readFile } from '../server/parse';

const USERS = '/api/auth/users';
const ROLES = '/api/auth/roles';
const USER_ROLES = '/api/auth/user-roles';
const MAX_BYTES = 256 * 1024;

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ IMPORT_MAX_BYTES: String(MAX_BYTES) });
});
afterAll(async () => {
  await h?.close();
});

/** A multipart body as a browser sends it: the file in the field "file". */
async function multipart(name: string, data: Buffer | string) {
  const form = new FormData();
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

async function upload(api: string, name: string, data: Buffer | string, opts: { token?: string; lang?: string; confirm?: boolean } = {}) {
  const { payload, contentType } = await multipart(name, data);
  const res = await h.app.inject({
    method: 'POST',
    url: `${api}/imports${opts.confirm ? '?confirm=true' : ''}`,
    headers: { 'content-type': contentType, ...bearer(opts.token ?? h.adminToken), ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
    payload,
  });
  assertNoSecrets(res);
  return res;
}

interface Status {
  state: string;
  mode: string | null;
  progress: { rows: number; total: number };
  result: { created: number; updated: number; unchanged: number; failed: number };
  errors: { line: number; column: string | null; value: string | null; message: string }[];
  errorCount: number;
  message: string | null;
}

async function status(api: string, id: string, token = h.adminToken): Promise<Status> {
  const res = await call(h, 'GET', `${api}/imports/${id}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Runs an import and waits for it to end. */
async function run(api: string, id: string, body: Record<string, unknown>, token = h.adminToken): Promise<Status> {
  const res = await call(h, 'POST', `${api}/imports/${id}/run`, { token, body });
  expect(res.statusCode, res.body).toBe(202);
  const end = Date.now() + 30_000;
  for (;;) {
    const s = await status(api, id, token);
    if (['done', 'failed', 'cancelled'].includes(s.state)) return s;
    if (Date.now() > end) throw new Error(`import ${id} still ${s.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const countUsers = async (like: string) =>
  Number((await runSql(h, sql`SELECT count(*)::int AS n FROM users WHERE email LIKE ${like}`))[0].n);

describe('CSV', () => {
  test('BOM, semicolons, a quoted newline, Greek labels: dry run and commit give the same counts, physical lines', async () => {
    const tag = `csv${Date.now().toString(36)}`;
    const csv =
      '\uFEFFΌνομα;E-mail;Διεύθυνση;Κωδικός\r\n' +
      `Άννα;anna-${tag}@example.com;"Οδός 1\r\nΘεσσαλονίκη";secret-pass-1\r\n` +
      `Bob;bob-${tag}@example.com;Street 2;secret-pass-2\r\n` +
      `Carl;not-an-email-${tag};"Street 3; Floor 2";secret-pass-3\r\n`;
    const up = await upload(USERS, 'people.csv', csv);
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({
      columns: ['Όνομα', 'E-mail', 'Διεύθυνση', 'Κωδικός'],
      mapping: { Όνομα: 'name', 'E-mail': 'email', Διεύθυνση: 'address', Κωδικός: 'password' },
      format: 'csv',
      rows: 3,
    });
    const id = up.json().id as string;
    const dry = await run(USERS, id, { mode: 'dry-run', action: 'create', atomic: false });
    expect(dry).toMatchObject({ state: 'done', mode: 'dry-run', result: { created: 2, updated: 0, unchanged: 0, failed: 1 } });
    expect(dry.errors).toEqual([
      { line: 5, column: 'E-mail', value: `not-an-email-${tag}`, message: 'Entered value does not match email format' },
    ]);
    expect(await countUsers(`%${tag}%`)).toBe(0);

    const done = await run(USERS, id, { mode: 'commit', action: 'create', atomic: false });
    expect(done).toMatchObject({ state: 'done', mode: 'commit', result: dry.result, progress: { rows: 3, total: 3 } });
    expect(done.errors).toEqual(dry.errors);
    expect(await countUsers(`%${tag}%`)).toBe(2);
    // The password was hashed as a create hashes it: Άννα signs in with it.
    await h.login(`anna-${tag}@example.com`, 'secret-pass-1');
    const [anna] = await runSql(h, sql`SELECT id, address FROM users WHERE email = ${`anna-${tag}@example.com`}`);
    expect(anna.address).toBe('Οδός 1\r\nΘεσσαλονίκη');
    // Its audit entry names the import; its version was written.
    const audit = await runSql(
      h,
      sql`SELECT action, user_agent FROM audit_logs WHERE record_id = ${String(anna.id)} AND action = 'create'`,
    );
    expect(audit).toEqual([{ action: 'create', user_agent: `import ${id} (people.csv)` }]);
    const versions = await runSql(h, sql`SELECT count(*)::int AS n FROM record_versions WHERE record_id = ${String(anna.id)}`);
    expect(versions[0].n).toBe(1);

    // The failed row as it was, split by semicolons as the file was, with its error; the password never echoed.
    const errors = await call(h, 'GET', `${USERS}/imports/${id}/errors.csv`, { token: h.adminToken });
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-type']).toMatch(/text\/csv/);
    expect(errors.body).toBe(
      '\uFEFFΌνομα;E-mail;Διεύθυνση;Κωδικός;error\r\n' +
        `Carl;not-an-email-${tag};"Street 3; Floor 2";;Line 5: E-mail: Entered value does not match email format\r\n`,
    );
  });
});

describe('JSON', () => {
  test('an array over several lines: mapped by name, each error at the line its object starts', async () => {
    const tag = `arr${Date.now().toString(36)}`;
    const json = `[\n  {"name": "${tag} one", "description": "First"},\n  {\n    "name": "${tag} two"\n  },\n  {"name": "${tag} three", "description": "Third", "extra": 1}\n]\n`;
    const up = await upload(ROLES, 'roles.json', json);
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ format: 'json', rows: 3, mapping: { name: 'name', description: 'description', extra: null } });
    const s = await run(ROLES, up.json().id, { mode: 'commit', action: 'create', atomic: false });
    expect(s.result).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 1 });
    expect(s.errors).toEqual([{ line: 3, column: 'description', value: null, message: 'Description is required' }]);
  });

  test('one object per line', async () => {
    const tag = `jsl${Date.now().toString(36)}`;
    const lines = `{"name": "${tag} a", "description": "A"}\n\n{"name": "${tag} b", "description": "B"}\n`;
    const up = await upload(ROLES, 'roles.jsonl', lines);
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ format: 'json', rows: 2 });
    const s = await run(ROLES, up.json().id, { mode: 'commit', action: 'create', atomic: true });
    expect(s).toMatchObject({ state: 'done', result: { created: 2, failed: 0 } });
  });
});

describe('every row goes through what a single write goes through', () => {
  test('a unique value used twice in the file, and one the table has: the same counts dry and committed', async () => {
    const tag = `uq${Date.now().toString(36)}`;
    const csv = `name,email\nOne,one-${tag}@example.com\nAgain,ONE-${tag}@example.com\nAdmin,admin@example.com\nTwo,two-${tag}@example.com\n`;
    const [{ email: adminEmail }] = await runSql(h, sql`SELECT email FROM users ORDER BY created_at LIMIT 1`);
    const up = await upload(USERS, 'unique.csv', csv.replace('admin@example.com', String(adminEmail)));
    const id = up.json().id as string;
    const dry = await run(USERS, id, { mode: 'dry-run', action: 'create', atomic: false });
    expect(dry.result).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 2 });
    expect(dry.errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [3, 'email', 'Email is already in use.'],
      [4, 'email', 'Email is already in use.'],
    ]);
    // Atomic: nothing is written while a row fails.
    const atomic = await run(USERS, id, { mode: 'commit', action: 'create', atomic: true });
    expect(atomic).toMatchObject({
      state: 'failed',
      result: { created: 0, failed: 2 },
      message: 'Nothing was imported: 2 rows have errors.',
    });
    expect(await countUsers(`%${tag}%`)).toBe(0);
    const done = await run(USERS, id, { mode: 'commit', action: 'create', atomic: false });
    expect(done.result).toEqual(dry.result);
    expect(done.errors).toEqual(dry.errors);
    expect(await countUsers(`%${tag}%`)).toBe(2);
  });

  test('a role given by its name, a user by e-mail; the rank rule refuses what the importer may not grant', async () => {
    const target = await createUser(h);
    const csv = `user,role\n${target.email},User\n${target.email},Super Admin\n${target.email},No Such Role\n`;
    // An admin (not a superadmin) who may grant roles.
    const grant = await permissionByRoute(h, 'POST', USER_ROLES);
    const made = await call(h, 'POST', ROLES, {
      token: h.adminToken,
      body: { name: `Granter ${Date.now()}`, type: 'admin', description: 'Grants roles', permission: [grant._id] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const admin = await createUser(h, { role: made.json().name });
    const token = await h.login(admin.email, admin.password);
    const up = await upload(USER_ROLES, 'grants.csv', csv, { token });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().mapping).toEqual({ user: 'user', role: 'role' });
    const s = await run(USER_ROLES, up.json().id, { mode: 'commit', action: 'create', atomic: false }, token);
    expect(s.result).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 2 });
    expect(s.errors[0]).toMatchObject({ line: 3, column: null });
    expect(s.errors[0].message).toMatch(/rank|role/i);
    expect(s.errors[1]).toEqual({ line: 4, column: 'role', value: 'No Such Role', message: 'No roles “No Such Role” exists.' });
    const roles = await runSql(
      h,
      sql`SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${target._id} ORDER BY r.name`,
    );
    expect(roles.map((r) => r.name)).toEqual(['User']);
  });

  test('a field the importer’s access rule does not let them write fails the row; other rows go in', async () => {
    const perms = [await permissionByRoute(h, 'POST', USERS), await permissionByRoute(h, 'PUT', `${USERS}/:id`)];
    const made = await call(h, 'POST', ROLES, {
      token: h.adminToken,
      body: { name: `Importer ${Date.now()}`, type: 'staff', description: 'Imports users', permission: perms.map((p) => p._id) },
    });
    expect(made.statusCode, made.body).toBe(201);
    const rule = { read: ['name', 'email', 'phone'], write: ['name', 'email'] };
    const put = await call(h, 'PUT', `${ROLES}/${made.json()._id}/access`, { token: h.adminToken, body: { resources: { users: rule } } });
    expect(put.statusCode, put.body).toBe(200);
    const who = await createUser(h, { role: made.json().name });
    const token = await h.login(who.email, who.password);
    const tag = `rule${Date.now().toString(36)}`;
    const up = await upload(
      USERS,
      'phones.csv',
      `name,email,phone\nNo Phone,np-${tag}@example.com,\nPhone,ph-${tag}@example.com,210 000 0000\n`,
      {
        token,
      },
    );
    expect(up.statusCode, up.body).toBe(201);
    const s = await run(USERS, up.json().id, { mode: 'commit', action: 'create', atomic: false }, token);
    expect(s.result).toMatchObject({ created: 1, failed: 1 });
    expect(s.errors).toEqual([expect.objectContaining({ line: 3, column: 'phone', value: '210 000 0000' })]);
  });

  test('an export re-imported with upsert changes nothing: by e-mail from the CSV, by id from the JSON list', async () => {
    const csv = (await call(h, 'GET', `${USERS}/export.csv`, { token: h.adminToken })).body;
    const up = await upload(USERS, 'users-export.csv', csv);
    expect(up.statusCode, up.body).toBe(201);
    const total = up.json().rows as number;
    const byEmail = await run(USERS, up.json().id, { mode: 'commit', action: 'upsert', key: 'email', atomic: false });
    expect(byEmail.result).toEqual({ created: 0, updated: 0, unchanged: total, failed: 0 });

    const list = (await call(h, 'GET', `${ROLES}?limit=1000`, { token: h.adminToken })).json().data as Record<string, unknown>[];
    const up2 = await upload(ROLES, 'roles-list.json', JSON.stringify(list, null, 2));
    expect(up2.statusCode, up2.body).toBe(201);
    expect(up2.json().mapping._id).toBe('_id');
    const versionsBefore = await runSql(h, sql`SELECT count(*)::int AS n FROM record_versions`);
    const byId = await run(ROLES, up2.json().id, { mode: 'commit', action: 'upsert', key: '_id', atomic: true });
    expect(byId.result).toEqual({ created: 0, updated: 0, unchanged: list.length, failed: 0 });
    expect(await runSql(h, sql`SELECT count(*)::int AS n FROM record_versions`)).toEqual(versionsBefore);
  });

  test('an update by key changes what differs and counts the rest unchanged', async () => {
    const u = await createUser(h, { name: 'Before' });
    const other = await createUser(h, { name: 'Same' });
    const up = await upload(
      USERS,
      'rename.csv',
      `email;name\n${u.email};After\n${other.email};Same\nnobody-${Date.now()}@example.com;X\n;Blank\n`,
    );
    const s = await run(USERS, up.json().id, { mode: 'commit', action: 'update', key: 'email', atomic: false });
    expect(s.result).toEqual({ created: 0, updated: 1, unchanged: 1, failed: 2 });
    expect(s.errors[0]).toMatchObject({ line: 4, column: 'email' });
    expect(s.errors[1]).toEqual({ line: 5, column: 'email', value: '', message: 'The key column “email” is empty.' });
    expect((await call(h, 'GET', `${USERS}/${u._id}`, { token: h.adminToken })).json().name).toBe('After');
  });
});

describe('bad files and cells get a clear 4xx or a row error, never a 5xx', () => {
  test.each([
    ['binary data', 'x.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 400, /binary/],
    ['not UTF-8', 'x.csv', Buffer.from('name,email\nJos\xe9,j@example.com\n', 'latin1'), 400, /not UTF-8 text \(line 2\)/],
    [
      'a row with a column too many',
      'x.csv',
      'name,email\na,b@example.com\nc,d@example.com,extra\n',
      400,
      /Line 3 has 3 columns where the first line has 2/,
    ],
    ['broken JSON', 'x.json', '[{"name": "a"},\n{"name": }]', 400, /not valid JSON at line 2/],
    ['a JSON array of numbers', 'x.json', '[1, 2]', 400, /not a JSON object/],
    ['an empty file', 'x.csv', '\n\n', 400, /no rows/],
    ['a file over IMPORT_MAX_BYTES', 'x.csv', 'name\n' + 'x\n'.repeat(MAX_BYTES), 413, /larger than/],
  ])('%s', async (_what, name, data, statusCode, message) => {
    const res = await upload(USERS, name, data as string | Buffer);
    expect(res.statusCode, res.body).toBe(statusCode);
    expect(res.json().error).toMatch(message);
  });

  test('a body cut short before its closing boundary is a 400 at once, in either language, and stores nothing', async () => {
    const whole = await multipart('people.csv', 'name,email\nAnna Pappa,anna@example.com\nNikos Ioannou,nikos@example.com\n');
    // Cut inside the file's part, as a dropped connection or a proxy's limit leaves it (the closing boundary never comes).
    const cut = whole.payload.subarray(0, whole.payload.indexOf('Nikos'));
    // The harness stores files on the local disk, under DATA_DIR/uploads.
    const folder = path.join(h.config.dataDir, 'uploads', 'private', 'imports');
    const stored = () => (existsSync(folder) ? readdirSync(folder).length : 0);
    const before = stored();
    for (const [lang, message] of [
      [undefined, 'The upload ended before the whole file arrived: send it again.'],
      ['el', 'Η αποστολή τελείωσε πριν φτάσει ολόκληρο το αρχείο: στείλτε το ξανά.'],
    ] as const) {
      const res = await h.app.inject({
        method: 'POST',
        url: `${USERS}/imports`,
        headers: { 'content-type': whole.contentType, ...bearer(h.adminToken), ...(lang ? { 'accept-language': lang } : {}) },
        payload: cut,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(stored()).toBe(before);
  });

  test("a storage that fails while the file streams in is the server's fault (500), not a body cut short", async () => {
    const { payload, contentType } = await multipart('people.csv', 'name,email\n' + 'Anna Pappa,anna@example.com\n'.repeat(4000));
    const storage = h.app.deps.storage;
    const putStream = storage.putStream;
    // The disk fills up once the first piece of the file is in.
    storage.putStream = async (_key, body) => {
      for await (const piece of body) {
        void piece;
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      }
    };
    try {
      // Sent in pieces, as a network delivers a body, so the file is still streaming in when the storage fails.
      const pieces = Array.from({ length: Math.ceil(payload.length / 16384) }, (_, i) => payload.subarray(i * 16384, (i + 1) * 16384));
      const res = await h.app.inject({
        method: 'POST',
        url: `${USERS}/imports`,
        headers: { 'content-type': contentType, ...bearer(h.adminToken) },
        payload: Readable.from(pieces),
      });
      expect(res.statusCode, res.body).toBe(500);
      expect(res.json().code).not.toBe('import_cut_short');
    } finally {
      storage.putStream = putStream;
    }
  });

  test('columns named __proto__ and constructor are columns like any other: proposed unmapped, the rest imports', async () => {
    const tag = `proto${Date.now().toString(36)}`;
    const csv = `__proto__,constructor,name,email\nx,y,Anna Pappa,anna-${tag}@example.com\nx,y,Nikos Ioannou,nikos-${tag}@example.com\n`;
    const up = await upload(USERS, 'people.csv', csv);
    expect(up.statusCode, up.body).toBe(201);
    // Checked on the answer's text: an own `__proto__` key does not compare as an object's.
    expect(up.body).toContain('"mapping":{"__proto__":null,"constructor":null,"name":"name","email":"email"}');
    expect(up.json().columns).toEqual(['__proto__', 'constructor', 'name', 'email']);
    const done = await run(USERS, up.json().id, { mode: 'commit', action: 'create', atomic: false });
    expect(done).toMatchObject({ state: 'done', result: { created: 2, updated: 0, unchanged: 0, failed: 0 } });
    expect(await countUsers(`%${tag}%`)).toBe(2);
  });

  test('Greek for whoever asks in Greek', async () => {
    const res = await upload(USERS, 'x.csv', 'name,email\na,b\nc\n', { lang: 'el-GR,el;q=0.9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Η γραμμή 3 έχει 1 στήλες ενώ η πρώτη γραμμή έχει 2.');
  });

  test('a formula-looking cell fails its row, named by line and column (a number or a phone number is none)', async () => {
    const tag = `f${Date.now().toString(36)}`;
    const up = await upload(
      USERS,
      'formula.csv',
      `name,email\n"=HYPERLINK(""x"")",f1-${tag}@example.com\n-5,f2-${tag}@example.com\n@SUM(A1),f3-${tag}@example.com\n+30 210 000,f4-${tag}@example.com\n`,
    );
    const s = await run(USERS, up.json().id, { mode: 'dry-run', action: 'create', atomic: false });
    expect(s.result).toMatchObject({ created: 2, failed: 2 });
    expect(s.errors.map((e) => [e.line, e.column, e.value])).toEqual([
      [2, 'name', '=HYPERLINK("x")'],
      [4, 'name', '@SUM(A1)'],
    ]);
    expect(s.errors[0].message).toMatch(/formula/);
  });

  test('a mapping to a field that cannot be imported, and a key that is not unique, are 400', async () => {
    const up = await upload(USERS, 'm.csv', 'name,email\na,a@example.com\n');
    const id = up.json().id;
    const bad = await call(h, 'POST', `${USERS}/imports/${id}/run`, {
      token: h.adminToken,
      body: { mode: 'dry-run', action: 'create', atomic: true, mapping: { name: 'createdAt' } },
    });
    expect(bad.statusCode).toBe(400);
    const key = await call(h, 'POST', `${USERS}/imports/${id}/run`, {
      token: h.adminToken,
      body: { mode: 'dry-run', action: 'update', key: 'name', atomic: true },
    });
    expect(key.statusCode).toBe(400);
  });
});

describe('who sees and runs an import', () => {
  test('only its owner sees it; someone without the create permission may not upload', async () => {
    const up = await upload(ROLES, 'r.json', '[{"name": "x", "description": "y"}]');
    const someone = await createUser(h, { role: 'User' });
    const token = await h.login(someone.email, someone.password);
    expect((await call(h, 'GET', `${ROLES}/imports/${up.json().id}`, { token })).statusCode).toBe(404);
    expect((await call(h, 'GET', `${ROLES}/imports/${up.json().id}/errors.csv`, { token })).statusCode).toBe(404);
    expect((await upload(ROLES, 'r.json', '[{"name": "x", "description": "y"}]', { token })).statusCode).toBe(403);
  });

  test('a file already committed is recognised by its hash and needs a confirmation', async () => {
    const data = `[{"name": "Hash ${Date.now()}", "description": "once"}]`;
    const first = await upload(ROLES, 'once.json', data);
    await run(ROLES, first.json().id, { mode: 'commit', action: 'create', atomic: true });
    const again = await upload(ROLES, 'once-again.json', data);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('import_already_imported');
    expect((await upload(ROLES, 'once-again.json', data, { confirm: true })).statusCode).toBe(201);
  });

  test('a running import can be cancelled: it stops, what it committed stays, and a second run of it is refused meanwhile', async () => {
    const tag = `c${Date.now().toString(36)}`;
    const rows = Array.from({ length: 1500 }, (_, i) => `{"name": "${tag} ${i}", "description": "bulk"}`).join('\n');
    const up = await upload(ROLES, 'bulk.jsonl', rows);
    const id = up.json().id as string;
    const start = await call(h, 'POST', `${ROLES}/imports/${id}/run`, {
      token: h.adminToken,
      body: { mode: 'commit', action: 'create', atomic: false },
    });
    expect(start.statusCode).toBe(202);
    const twice = await call(h, 'POST', `${ROLES}/imports/${id}/run`, {
      token: h.adminToken,
      body: { mode: 'commit', action: 'create', atomic: false },
    });
    expect(twice.statusCode).toBe(409);
    const cancel = await call(h, 'POST', `${ROLES}/imports/${id}/cancel`, { token: h.adminToken });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().state).toBe('cancelled');
    // The runner notices before its next batch; nothing more is written after that.
    await new Promise((r) => setTimeout(r, 1500));
    const s = await status(ROLES, id);
    expect(s.state).toBe('cancelled');
    const n = Number((await runSql(h, sql`SELECT count(*)::int AS n FROM roles WHERE name LIKE ${`${tag} %`}`))[0].n);
    expect(n).toBeLessThan(1500);
    expect(n % 200).toBe(0);
  });
});

describe('a job that survives', () => {
  // The rows after the first batch written one by one as single creates: seconds on a machine busy with the other suites.
  test('a run whose process died (lease gone) is taken over and resumes after the last committed batch', { timeout: 120_000 }, async () => {
    const tag = `res${Date.now().toString(36)}`;
    // One committed batch (200 rows) and a part of the next: how many follow it is not what is tested.
    const rows = Array.from({ length: 250 }, (_, i) => `{"name": "${tag} ${i}", "description": "resumed"}`).join('\n');
    const up = await upload(ROLES, 'resume.jsonl', rows);
    const id = up.json().id as string;
    // As a process leaves it when it dies after committing its first batch (200 rows) of a run.
    await runSql(
      h,
      sql`UPDATE imports SET state = 'running', mode = 'commit', action = 'create', atomic = false, rows_done = 200,
            result = '{"created": 200, "updated": 0, "unchanged": 0, "failed": 0}', locked_until = now() - interval '1 second'
          WHERE id = ${id}`,
    );
    const end = Date.now() + 100_000;
    let s = await status(ROLES, id);
    while (s.state === 'running' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      s = await status(ROLES, id);
    }
    expect(s).toMatchObject({ state: 'done', progress: { rows: 250, total: 250 }, result: { created: 250, failed: 0 } });
    // Only the rows after the committed batch were written by the run that took over.
    const names = await runSql(h, sql`SELECT name FROM roles WHERE name LIKE ${`${tag} %`}`);
    expect(names.length).toBe(50);
    expect(names.map((n) => n.name)).not.toContain(`${tag} 199`);
    expect(names.map((n) => n.name)).toContain(`${tag} 200`);
  });

  test('a run taken over after its owner lost the permission, or was blocked, writes nothing and says why', async () => {
    const perm = await permissionByRoute(h, 'POST', ROLES);
    for (const change of ['permission', 'blocked'] as const) {
      const role = await call(h, 'POST', ROLES, {
        token: h.adminToken,
        body: { name: `Role makers ${change} ${Date.now()}`, type: 'staff', description: 'make roles', permission: [perm._id] },
      });
      expect(role.statusCode, role.body).toBe(201);
      const maker = await createUser(h, { confirmed: true });
      await call(h, 'POST', USER_ROLES, { token: h.adminToken, body: { user: maker._id, role: role.json()._id } });
      const token = await h.login(maker.email, maker.password);
      const tag = `gone${change}${Date.now().toString(36)}`;
      const up = await upload(ROLES, 'later.jsonl', `{"name": "${tag} 1", "description": "later"}`, { token });
      expect(up.statusCode, up.body).toBe(201);
      const id = up.json().id as string;
      if (change === 'permission')
        expect((await call(h, 'PUT', `${ROLES}/${role.json()._id}`, { token: h.adminToken, body: { permission: [] } })).statusCode).toBe(
          200,
        );
      else expect((await call(h, 'PUT', `${USERS}/${maker._id}`, { token: h.adminToken, body: { blocked: true } })).statusCode).toBe(200);
      // Queued while it was allowed, then taken by a process (as after a restart): the run asks again.
      await runSql(h, sql`UPDATE imports SET state = 'queued', mode = 'commit', action = 'create', atomic = false WHERE id = ${id}`);
      const end = Date.now() + 30_000;
      let state = '';
      while (Date.now() < end) {
        state = String((await runSql(h, sql`SELECT state FROM imports WHERE id = ${id}`))[0].state);
        if (state !== 'queued' && state !== 'running') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(state, change).toBe('failed');
      const [row] = await runSql(h, sql`SELECT message FROM imports WHERE id = ${id}`);
      expect(String(row.message)).toMatch(/may no longer write/);
      expect(await runSql(h, sql`SELECT 1 FROM roles WHERE name LIKE ${`${tag}%`}`)).toEqual([]);
    }
  });

  test('one queued or running import per resource and person', async () => {
    const first = await upload(ROLES, 'a.jsonl', '{"name": "busy a", "description": "x"}\n');
    const second = await upload(ROLES, 'b.jsonl', '{"name": "busy b", "description": "x"}\n');
    await runSql(h, sql`UPDATE imports SET state = 'running', locked_until = now() + interval '1 hour' WHERE id = ${first.json().id}`);
    const res = await call(h, 'POST', `${ROLES}/imports/${second.json().id}/run`, {
      token: h.adminToken,
      body: { mode: 'dry-run', action: 'create', atomic: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('import_busy');
    await call(h, 'POST', `${ROLES}/imports/${first.json().id}/cancel`, { token: h.adminToken });
  });
});

describe('reading files', () => {
  test('a line longer than 10 MB is refused with its number', async () => {
    const huge = `name,description\nshort,one\nlong,${'x'.repeat(MAX_LINE + 1)}\n`;
    await expect(async () => {
      const file = await readFile(Readable.from([Buffer.from(huge)]));
      for await (const row of file.rows) expect(row).toBeTruthy();
    }).rejects.toMatchObject({ key: 'line_too_long', params: { line: 3 } });
  });

  test('CSV lines are counted as an editor shows them: empty lines, a quoted line break, a short row after them', async () => {
    const read = async (text: string) => {
      const file = await readFile(Readable.from([Buffer.from(text)]));
      const got: [number, unknown][] = [];
      for await (const row of file.rows) got.push([row.line, row.values.name]);
      return got;
    };
    expect(await read('name,email\n\nAnn,"a\nb"\n\nBob,\n,\n\n')).toEqual([
      [3, 'Ann'],
      [6, 'Bob'],
      [7, ''],
    ]);
    await expect(read('name,email\n\nAnn,"a\nb"\nCid\n')).rejects.toMatchObject({
      key: 'column_count',
      params: { line: 5, got: 1, expected: 2 },
    });
  });

  test('a file pasted together from Windows and Unix parts: every line break ends a row, in any mix', async () => {
    const tag = `mx${Date.now().toString(36)}`;
    // CRLF first (csv-parse took the first line's break for the whole file), then LF after a quoted cell and after
    // a plain one, then an old Mac CR.
    const csv =
      `name,email\r\nAnn ${tag},ann-${tag}@example.com\n` +
      `Bob ${tag},"bob-${tag}@example.com"\nCid ${tag},cid-${tag}@example.com\r\n` +
      `Dora ${tag},dora-${tag}@example.com\rEli ${tag},eli-${tag}@example.com\r\n`;
    const up = await upload(USERS, 'mixed.csv', csv);
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ columns: ['name', 'email'], rows: 5 });
    const id = up.json().id as string;
    const dry = await run(USERS, id, { mode: 'dry-run', action: 'create', atomic: false });
    expect(dry).toMatchObject({ state: 'done', result: { created: 5, failed: 0 } });
    const done = await run(USERS, id, { mode: 'commit', action: 'create', atomic: true });
    expect(done).toMatchObject({ state: 'done', result: { created: 5, failed: 0 } });
    const names = await runSql(h, sql`SELECT name FROM users WHERE email LIKE ${`%-${tag}@example.com`} ORDER BY name`);
    expect(names.map((r) => r.name)).toEqual(['Ann', 'Bob', 'Cid', 'Dora', 'Eli'].map((n) => `${n} ${tag}`));
  });
});

describe('progress on the event stream', () => {
  test('a dry run shows how far it is while it runs (its rows are in a transaction no one sees)', async () => {
    const tag = `dp${Date.now().toString(36)}`;
    // More than two of a whole-file run's batches (1,000 rows): its progress is written after each.
    const total = 2500;
    const rows = Array.from({ length: total }, (_, i) => `{"name": "${tag} ${i}", "description": "d"}`).join('\n');
    const id = (await upload(ROLES, 'progress.jsonl', rows)).json().id as string;
    const res = await call(h, 'POST', `${ROLES}/imports/${id}/run`, {
      token: h.adminToken,
      body: { mode: 'dry-run', action: 'create', atomic: false },
    });
    expect(res.statusCode, res.body).toBe(202);
    const seen: number[] = [];
    let s: Status;
    for (;;) {
      s = await status(ROLES, id);
      if (s.state === 'running') seen.push(s.progress.rows);
      if (['done', 'failed', 'cancelled'].includes(s.state)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(s).toMatchObject({ state: 'done', progress: { rows: total, total }, result: { created: total, failed: 0 } });
    // PGlite has one connection, which the run's transaction holds: its progress is seen at the end only.
    if (h.config.databaseUrl)
      expect(
        seen.some((n) => n > 0 && n < total),
        `progress seen while running: ${[...new Set(seen)].join()}`,
      ).toBe(true);
    expect(await runSql(h, sql`SELECT 1 FROM roles WHERE name LIKE ${`${tag} %`} LIMIT 1`)).toEqual([]);
  });

  test('the owner’s stream hears the import move, up to done with its counts', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
    const stream = openStream(url, h.adminToken);
    try {
      await stream.next((e) => e.type === 'unread');
      const tag = `sse${Date.now().toString(36)}`;
      const up = await upload(
        ROLES,
        'stream.jsonl',
        `{"name": "${tag} a", "description": "A"}\n{"name": "${tag} b", "description": "B"}\n`,
      );
      const id = up.json().id as string;
      await run(ROLES, id, { mode: 'commit', action: 'create', atomic: false });
      const done = await stream.next((e) => e.type === 'import' && e.import.id === id && e.import.state === 'done', 5000);
      expect(done).toMatchObject({
        import: { resource: 'roles', mode: 'commit', progress: { rows: 2, total: 2 }, result: { created: 2, failed: 0 } },
      });
    } finally {
      stream.close();
      h.app.server.closeAllConnections();
    }
  });
});

describe('Greek', () => {
  test('an import uploaded in Greek reports its rows’ errors in Greek, the write path’s messages with Greek labels', async () => {
    const tag = `el${Date.now().toString(36)}`;
    const csv = `Όνομα;E-mail\n;no-name-${tag}@example.com\nΝίκος;όχι-email\n"=1+1";f-${tag}@example.com\n`;
    const up = await upload(USERS, 'ελληνικά.csv', csv, { lang: 'el' });
    expect(up.statusCode, up.body).toBe(201);
    const s = await run(USERS, up.json().id, { mode: 'dry-run', action: 'create', atomic: false });
    expect(s.errors).toEqual([
      { line: 2, column: 'Όνομα', value: '', message: 'Το πεδίο «Όνομα» είναι υποχρεωτικό' },
      { line: 3, column: 'E-mail', value: 'όχι-email', message: 'Η τιμή δεν είναι έγκυρη διεύθυνση email' },
      expect.objectContaining({ line: 4, column: 'Όνομα', message: expect.stringMatching(/τύπο υπολογιστικού φύλλου/) }),
    ]);
    const errors = await call(h, 'GET', `${USERS}/imports/${up.json().id}/errors.csv`, { token: h.adminToken });
    expect(errors.body.split('\r\n')[0]).toBe('\uFEFFΌνομα;E-mail;σφάλμα');
    expect(errors.body).toContain('Νίκος;όχι-email;Γραμμή 3: E-mail: Η τιμή δεν είναι έγκυρη διεύθυνση email');
    // The formula-looking name is kept as text: an apostrophe before it.
    expect(errors.body).toContain(`'=1+1;f-${tag}@example.com;`);
  });
});

describe('traces and secrets', () => {
  test('each imported change fires its webhook event; a dry run fires none', async () => {
    const [admin] = await runSql(h, sql`SELECT id FROM users ORDER BY created_at LIMIT 1`);
    const [ep] = await runSql(
      h,
      sql`INSERT INTO webhook_endpoints (url, events, secret, owner_id, enabled)
          VALUES ('https://127.0.0.1:9/hook', ARRAY['roles.created'], ${`whsec_${Buffer.alloc(32, 3).toString('base64')}`}, ${admin.id}, true)
          RETURNING id`,
    );
    try {
      const tag = `wh${Date.now().toString(36)}`;
      const up = await upload(ROLES, 'hooks.jsonl', `{"name": "${tag} a", "description": "A"}\n{"name": "${tag} b", "description": "B"}\n`);
      const id = up.json().id as string;
      await run(ROLES, id, { mode: 'dry-run', action: 'create', atomic: true });
      expect(await runSql(h, sql`SELECT id FROM webhook_deliveries WHERE endpoint_id = ${ep.id}`)).toEqual([]);
      await run(ROLES, id, { mode: 'commit', action: 'create', atomic: true });
      const events = await runSql(
        h,
        sql`SELECT d.event_type, r.name FROM webhook_deliveries d JOIN roles r ON r.id::text = d.record_id
             WHERE d.endpoint_id = ${ep.id} ORDER BY r.name`,
      );
      expect(events).toEqual([
        { event_type: 'roles.created', name: `${tag} a` },
        { event_type: 'roles.created', name: `${tag} b` },
      ]);
    } finally {
      await runSql(h, sql`DELETE FROM webhook_endpoints WHERE id = ${ep.id}`);
    }
  });

  test('users created together (a batch) leave each the version, audit entry and event a create through the API leaves', async () => {
    const [admin] = await runSql(h, sql`SELECT id FROM users ORDER BY created_at LIMIT 1`);
    const [ep] = await runSql(
      h,
      sql`INSERT INTO webhook_endpoints (url, events, secret, owner_id, enabled)
          VALUES ('https://127.0.0.1:9/hook', ARRAY['users.created'], ${`whsec_${Buffer.alloc(32, 4).toString('base64')}`}, ${admin.id}, true)
          RETURNING id`,
    );
    try {
      const tag = `batch${Date.now().toString(36)}`;
      const one = await call(h, 'POST', USERS, {
        token: h.adminToken,
        body: { name: 'Api One', email: `api-${tag}@example.com`, phone: '+30 1' },
      });
      expect(one.statusCode, one.body).toBe(201);
      const rows = ['Ann', 'Ben', 'Cat'].map((n, i) => `${n} ${tag},${n.toLowerCase()}-${tag}@example.com,+30 ${i + 2}`);
      const up = await upload(USERS, 'batch.csv', `name,email,phone\n${rows.join('\n')}\n`);
      const done = await run(USERS, up.json().id as string, { mode: 'commit', action: 'create', atomic: false });
      expect(done.result).toEqual({ created: 3, updated: 0, unchanged: 0, failed: 0 });
      // What each write left, by the shape a create through the API gives it (the values differ, the fields do not).
      const traces = await runSql(
        h,
        sql`SELECT u.email, v.version, v.op, v.fields, (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(v.data) k) AS data_keys,
                   (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(a.diff) k) AS diff_keys, a.action,
                   d.data->'fields' AS event_fields
              FROM users u
              JOIN record_versions v ON v.resource = 'users' AND v.record_id = u.id
              JOIN audit_logs a ON a.resource = 'users' AND a.record_id = u.id::text
              JOIN webhook_deliveries d ON d.endpoint_id = ${ep.id} AND d.record_id = u.id::text
             WHERE u.email LIKE ${`%-${tag}@example.com`} ORDER BY u.email`,
      );
      expect(traces.map((t) => t.email)).toEqual([
        `ann-${tag}@example.com`,
        `api-${tag}@example.com`,
        `ben-${tag}@example.com`,
        `cat-${tag}@example.com`,
      ]);
      const shape = ({ email: _email, ...rest }: Record<string, unknown>) => rest;
      const api = shape(traces[1]);
      expect(api).toMatchObject({ version: 1, op: 'create', action: 'create' });
      for (const t of traces) expect(shape(t)).toEqual(api);
    } finally {
      await runSql(h, sql`DELETE FROM webhook_endpoints WHERE id = ${ep.id}`);
    }
  });

  test('a password is hashed and never repeated, not in an error, not in errors.csv', async () => {
    // (A column named "password" would be a mapping key the harness takes for a secret: "Password" maps all the same.)
    const tag = `pw${Date.now().toString(36)}`;
    const up = await upload(
      USERS,
      'pw.csv',
      `name,email,Password\nShort,s-${tag}@example.com,abc\nLong,l-${tag}@example.com,long-enough-pass\n`,
    );
    const id = up.json().id as string;
    const s = await run(USERS, id, { mode: 'commit', action: 'create', atomic: false });
    expect(s.result).toMatchObject({ created: 1, failed: 1 });
    expect(s.errors).toEqual([{ line: 2, column: 'Password', value: null, message: expect.stringMatching(/Password must have at least/) }]);
    const csv = (await call(h, 'GET', `${USERS}/imports/${id}/errors.csv`, { token: h.adminToken })).body;
    expect(csv).not.toContain('abc');
    const [row] = await runSql(h, sql`SELECT password_hash AS hash FROM users WHERE email = ${`l-${tag}@example.com`}`);
    expect(String(row.hash)).toMatch(/^\$argon2/);
  });

  test('an upsert needs both the create and the update permission', async () => {
    const perms = [await permissionByRoute(h, 'POST', ROLES)];
    const made = await call(h, 'POST', ROLES, {
      token: h.adminToken,
      body: { name: `Creator ${Date.now()}`, type: 'staff', description: 'Creates roles', permission: perms.map((p) => p._id) },
    });
    const who = await createUser(h, { role: made.json().name });
    const token = await h.login(who.email, who.password);
    const up = await upload(ROLES, 'c.jsonl', `{"name": "Creator made ${Date.now()}", "description": "x"}\n`, { token });
    expect(up.statusCode, up.body).toBe(201);
    const upsert = await call(h, 'POST', `${ROLES}/imports/${up.json().id}/run`, {
      token,
      body: { mode: 'dry-run', action: 'upsert', key: 'name', atomic: true },
    });
    expect(upsert.statusCode).toBe(403);
    const create = await call(h, 'POST', `${ROLES}/imports/${up.json().id}/run`, {
      token,
      body: { mode: 'dry-run', action: 'create', atomic: true },
    });
    expect(create.statusCode).toBe(202);
  });
});

describe('pictures an import replaces', () => {
  const served = async (p: string) => (await h.app.inject({ method: 'GET', url: p })).statusCode;

  test('a dry run or a rolled-back run leaves the replaced picture in place; a commit replaces it', async () => {
    const tag = `pic${Date.now().toString(36)}`;
    const [old, replacement] = [await uploadedImage(h, h.adminToken, '#c83'), await uploadedImage(h, h.adminToken, '#38c')];
    const created = await call(h, 'POST', USERS, {
      token: h.adminToken,
      body: { name: `Pia ${tag}`, email: `pia-${tag}@example.com`, password: 'secret-pass-1', image: old },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json() as { _id: string };
    // A record last written before versions kept their pictures: no version holds the file, so nothing but the
    // record itself keeps it (the API cannot make this state any more).
    await runSql(h, sql`DELETE FROM version_files WHERE key = ${old.replace('/uploads/', '')}`);
    const csv = `email,image\npia-${tag}@example.com,${replacement}\n`;
    const imageOf = async () => (await call(h, 'GET', `${USERS}/${user._id}`, { token: h.adminToken })).json().image;

    // The same file uploaded again asks for a confirmation (a file already imported): given.
    const updateFrom = async (text: string, mode: string, atomic: boolean) =>
      run(USERS, (await upload(USERS, 'pictures.csv', text, { confirm: true })).json().id, {
        mode,
        action: 'update',
        key: 'email',
        atomic,
      });
    const dry = await updateFrom(csv, 'dry-run', false);
    expect(dry).toMatchObject({ state: 'done', result: { updated: 1, failed: 0 } });
    expect(await imageOf()).toBe(old);
    expect(await served(old)).toBe(200);

    // All or nothing, with a second row that fails: the first row's change rolls back with it.
    const failing = `${csv}nobody-${tag}@example.com,${replacement}\n`;
    const atomic = await updateFrom(failing, 'commit', true);
    expect(atomic).toMatchObject({ state: 'failed' });
    expect(await imageOf()).toBe(old);
    expect(await served(old)).toBe(200);

    const done = await updateFrom(csv, 'commit', false);
    expect(done).toMatchObject({ state: 'done', result: { updated: 1, failed: 0 } });
    expect(await imageOf()).toBe(replacement);
    expect(await served(replacement)).toBe(200);
    // Committed: the picture no record or version shows any more is gone.
    expect(await served(old)).toBe(404);
  });
});
