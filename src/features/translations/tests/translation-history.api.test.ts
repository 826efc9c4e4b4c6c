import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createUser, permissionByRoute } from '../../../../tests/api/helpers';
import { startHarness, type Harness } from '../../../../tests/api/harness';

// A key's history (who changed it, when, from what to what),
// read by a translator who may save translations but not read the audit log.
let h: Harness;
let translator: string;
let translatorUser: { _id: string; email: string };
let reader: string;
beforeAll(async () => {
  h = await startHarness();
  const role = async (name: string, routes: [string, string][]) => {
    const res = await call(h, 'POST', '/api/auth/roles', { token: h.adminToken, body: { name, description: name, type: 'user' } });
    expect(res.statusCode, res.body).toBe(201);
    const permissionIds = await Promise.all(routes.map(async ([m, r]) => (await permissionByRoute(h, m, r))._id));
    const put = await call(h, 'PUT', `/api/auth/roles/${res.json()._id}/permissions`, { token: h.adminToken, body: { permissionIds } });
    expect(put.statusCode, put.body).toBe(200);
  };
  await role('History Translators', [
    ['POST', '/api/auth/translations'],
    ['PUT', '/api/auth/translations'],
  ]);
  await role('History Readers', [['POST', '/api/auth/translations']]);
  const signIn = async (r: string) => {
    const u = await createUser(h, { role: r });
    const token = (await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).json().token as string;
    return { token, u };
  };
  ({ token: translator, u: translatorUser } = await signIn('History Translators'));
  reader = (await signIn('History Readers')).token;
});
afterAll(async () => h?.close());

type Entries = Record<string, string>;
const read = async (lang: string, token = h.adminToken): Promise<Entries> =>
  (await call(h, 'POST', '/api/auth/translations', { token, body: { lang } })).json().translation?.data.entries ?? {};
const save = async (lang: string, entries: Entries, token: string) => {
  const res = await call(h, 'PUT', '/api/auth/translations', { token, body: { lang, data: { entries } } });
  expect(res.statusCode, res.body).toBe(200);
};
const history = (query: string, token = translator) => call(h, 'GET', `/api/auth/translations/history?${query}`, { token });

describe('GET /api/auth/translations/history', () => {
  test("a translator reads a key's changes, newest first: who, when, from what to what", async () => {
    const key = 'app.history_test.greeting';
    const el = await read('el');
    await save('el', { ...el, [key]: 'Γεια' }, h.adminToken);
    await save('el', { ...el, [key]: 'Γεια σου', 'app.menu.general': el['app.menu.general'] }, translator);
    // Another key changed: not this key's history.
    await save('el', { ...el, [key]: 'Γεια σου', 'app.history_test.other': 'x' }, translator);
    const removed = { ...el };
    await save('el', removed, translator);

    const res = await history(`lang=el&key=${encodeURIComponent(key)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ language: 'el', key, total: 3, page: 1, pages: 1 });
    expect(body.data.map((c: { before: string | null; after: string | null }) => [c.before, c.after])).toEqual([
      ['Γεια σου', null],
      ['Γεια', 'Γεια σου'],
      [null, 'Γεια'],
    ]);
    const me = translatorUser;
    expect(body.data[0]).toMatchObject({ actorId: me._id, actorEmail: me.email, at: expect.any(String) });
    expect(body.data[2].actorEmail).not.toBe(me.email);
    expect(Date.parse(body.data[0].at)).toBeGreaterThanOrEqual(Date.parse(body.data[2].at));

    // The audit log itself stays closed to the translator.
    expect((await call(h, 'GET', '/api/auth/audit-logs?resource=translations', { token: translator })).statusCode).toBe(403);
  });

  test('pages; another language, a key never changed and a language never saved have no history', async () => {
    const key = 'app.history_test.paged';
    const el = await read('el');
    for (const v of ['a', 'b', 'c']) await save('el', { ...el, [key]: v }, translator);
    const first = (await history(`lang=el&key=${key}&limit=2`)).json();
    expect(first).toMatchObject({ total: 3, pages: 2 });
    expect(first.data.map((c: { after: string }) => c.after)).toEqual(['c', 'b']);
    const second = (await history(`lang=el&key=${key}&limit=2&page=2`)).json();
    expect(second.data.map((c: { after: string }) => c.after)).toEqual(['a']);
    expect(second.total).toBe(3);

    expect((await history(`lang=en&key=${key}`)).json()).toMatchObject({ data: [], total: 0 });
    expect((await history('lang=el&key=app.never.touched.key')).json()).toMatchObject({ data: [], total: 0, pages: 1 });
    expect((await history(`lang=it&key=${key}`)).json()).toMatchObject({ language: 'it', data: [], total: 0 });
  });

  test('the permission to save translations, nothing less; bad queries are 400', async () => {
    expect((await history('lang=el&key=ra.action.save', reader)).statusCode).toBe(403);
    expect((await call(h, 'GET', '/api/auth/translations/history?lang=el&key=ra.action.save')).statusCode).toBe(401);
    expect((await history('lang=el&key=ra.action.save', h.adminToken)).statusCode).toBe(200);
    expect((await history('lang=EL!&key=x')).statusCode).toBe(400);
    expect((await history('lang=el')).statusCode).toBe(400);
    expect((await history(`lang=el&key=${'k'.repeat(301)}`)).statusCode).toBe(400);
    expect((await history('lang=el&key=x&limit=101')).statusCode).toBe(400);
    expect((await history('lang=el&key=x&resource=users')).statusCode).toBe(400);
    // Keys are data, not SQL or JSON paths.
    expect((await history(`lang=el&key=${encodeURIComponent("x' OR '1'='1")}`)).json().data).toEqual([]);
    expect((await history(`lang=el&key=${encodeURIComponent('{a,b}')}`)).statusCode).toBe(200);
  });

  test('has no permission record of its own (it is the save permission)', async () => {
    const res = await call(h, 'GET', '/api/auth/permissions?limit=1000000', { token: h.adminToken });
    const routes = res.json().data.map((p: { method: string; route: string }) => `${p.method} ${p.route}`);
    expect(routes).toContain('PUT /api/auth/translations');
    expect(routes).not.toContain('GET /api/auth/translations/history');
  });
});
