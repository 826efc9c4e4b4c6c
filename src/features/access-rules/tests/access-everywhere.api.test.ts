import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser } from '../../../../tests/api/helpers';
import { operationsOf } from '../../../../tests/api/security/fuzz-requests';
import { createRole, signedIn, type Person, type Route } from '../../../../tests/api/security/people';

// Every GET operation of the served OpenAPI document, called as a user whose
// role holds every GET permission but whose rules hide fields and records:
// no answer carries a hidden value, nor the id of a hidden record, whatever
// id the path is given. A new route is swept as soon as it is in the document.

let h: Harness;
let reader: Person;
const MARK = {
  address: 'Odos Kryfi 41, Markerstreet',
  bio: 'Biography with markerbio inside',
  hiddenName: 'Hiddenperson Markerxyz',
  hiddenEmail: 'hidden-markerxyz@example.com',
  draftTitle: 'Draft experience Markerexp',
  draftText: 'Text of a draft, markerdraft',
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness();
  const perms = await call(h, 'GET', '/api/auth/permissions?limit=1000', { token: h.adminToken });
  const gets = (perms.json().data as { method: string; route: string }[])
    .filter((p) => p.method === 'GET')
    .map((p): Route => [p.method, p.route]);
  expect(gets.length).toBeGreaterThan(10);
  const role = await createRole(h, 'Everything Reader', 'staff', gets);
  const rules = {
    users: { read: ['name', 'email', 'confirmed', 'blocked', 'createdAt'], where: { confirmed: { eq: true } } },
    experiences: { read: ['title', 'slug', 'createdAt', 'createdBy'], where: { createdBy: { eq: '$me' } } },
  };
  const put = await call(h, 'PUT', `/api/auth/roles/${role}/access`, { token: h.adminToken, body: { resources: rules } });
  expect(put.statusCode, put.body).toBe(200);
  reader = await signedIn(h, 'Everything Reader');

  const visible = await createUser(h, { name: 'Visible Person', confirmed: true });
  const edit = await call(h, 'PUT', `/api/auth/users/${visible._id}`, {
    token: h.adminToken,
    body: { address: MARK.address, bio: MARK.bio },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  const hidden = await createUser(h, { name: MARK.hiddenName, email: MARK.hiddenEmail, confirmed: false, role: 'Everything Reader' });
  const draft = await call(h, 'POST', '/api/auth/experiences', {
    token: h.adminToken,
    body: { title: MARK.draftTitle, description: `<p>${MARK.draftText}</p>`, under_review: true },
  });
  expect(draft.statusCode, draft.body).toBe(201);
  Object.assign(ids, { visible: visible._id, hidden: hidden._id, draft: draft.json()._id, role, reader: reader._id });
});
afterAll(async () => h?.close());

/** The URLs to ask for one operation: each known id in each path parameter; a search for the hidden values where it searches. */
function urlsOf(path: string, query: readonly string[]): string[] {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const paths = names.length
    ? Object.values(ids).map((id) => names.reduce((p, n) => p.replace(`{${n}}`, encodeURIComponent(id)), path))
    : [path];
  const extra = [...(query.includes('limit') ? ['limit=100'] : []), ...(query.includes('q') ? ['q=Marker'] : [])];
  return paths.flatMap((p) => [p, ...(extra.length ? [`${p}?${extra.join('&')}`] : [])]);
}

// Some hundreds of requests, one after another: time for a machine busy with the other suites.
test('no GET answer shows a hidden field or a hidden record, on any route of the OpenAPI document', { timeout: 120_000 }, async () => {
  const doc = (await call(h, 'GET', '/api/docs/json', { token: h.adminToken })).json();
  const gets = operationsOf(doc).filter((op) => op.method === 'GET');
  expect(gets.length).toBeGreaterThan(30);
  const markers = [MARK.address, MARK.bio, 'markerbio', MARK.hiddenName, 'markerxyz', MARK.draftTitle, 'markerexp', 'markerdraft'];
  const leaks: string[] = [];
  let answered = 0;
  for (const op of gets) {
    for (const url of urlsOf(
      op.path,
      op.params.filter((p) => p.in === 'query').map((p) => p.name),
    )) {
      const res = await call(h, 'GET', url, { token: reader.token });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (res.statusCode === 200) answered++;
      const body = res.body.toLowerCase();
      for (const m of markers) if (body.includes(m.toLowerCase())) leaks.push(`${url} shows "${m}"`);
      for (const [what, id] of [
        ['hidden user', ids.hidden],
        ['draft', ids.draft],
      ])
        if (!url.includes(id) && body.includes(id)) leaks.push(`${url} names the ${what}'s id`);
    }
  }
  expect(leaks).toEqual([]);
  // The sweep reached the routes: most answered, among them the lists holding the visible records.
  expect(answered).toBeGreaterThan(gets.length / 2);
  const users = await call(h, 'GET', '/api/auth/users?limit=100', { token: reader.token });
  expect(users.json().data.map((u: { _id: string }) => u._id)).toContain(ids.visible);
});
