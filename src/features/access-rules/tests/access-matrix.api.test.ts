import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser } from '../../../../tests/api/helpers';
import { createRole, signedIn, type Person, type Route } from '../../../../tests/api/security/people';

// Every combination, in the style of the rank-rule matrix: people holding
// role A, role B or both x every user field x get, list, export and update
// x records inside and outside each role's condition. What each should see
// is worked out from the rules themselves (a field or record is allowed
// when any of the person's roles allows it), then asked of the API.

interface Rule {
  read: string[];
  write: string[];
  where: Record<string, { eq: boolean }>;
}
const A: Rule = { read: ['name', 'email', 'confirmed', 'blocked'], write: ['blocked'], where: { confirmed: { eq: true } } };
const B: Rule = { read: ['name', 'phone', 'confirmed', 'blocked'], write: ['phone'], where: { blocked: { eq: false } } };
const FIELDS = ['createdAt', 'name', 'email', 'confirmed', 'blocked', 'image', 'phone', 'address', 'bio'];
const ROUTES: Route[] = [
  ['GET', '/api/auth/users'],
  ['GET', '/api/auth/users/:id'],
  ['PUT', '/api/auth/users/:id'],
];

interface Target {
  label: string;
  _id: string;
  email: string;
  confirmed: boolean;
  blocked: boolean;
}

let h: Harness;
const people: { label: string; rules: Rule[]; person: Person }[] = [];
const targets: Target[] = [];

beforeAll(async () => {
  h = await startHarness();
  const roleA = await createRole(h, 'Matrix A', 'staff', ROUTES);
  const roleB = await createRole(h, 'Matrix B', 'staff', ROUTES);
  for (const [id, rule] of [
    [roleA, A],
    [roleB, B],
  ] as const) {
    const res = await call(h, 'PUT', `/api/auth/roles/${id}/access`, { token: h.adminToken, body: { resources: { users: rule } } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const both = await signedIn(h, 'Matrix A');
  const bRole = await call(h, 'POST', '/api/auth/user-roles', { token: h.adminToken, body: { user: both._id, role: roleB } });
  expect(bRole.statusCode).toBe(201);
  people.push({ label: 'A', rules: [A], person: await signedIn(h, 'Matrix A') });
  people.push({ label: 'B', rules: [B], person: await signedIn(h, 'Matrix B') });
  // A new role ends the user's sessions: sign in again.
  people.push({ label: 'A+B', rules: [A, B], person: { ...both, token: await h.login(both.email, both.password) } });
  for (const [confirmed, blocked] of [
    [true, false],
    [true, true],
    [false, false],
    [false, true],
  ] as const) {
    const u = await createUser(h, {
      name: `Target ${confirmed ? 'confirmed' : 'unconfirmed'} ${blocked ? 'blocked' : 'active'}`,
      confirmed,
      blocked,
    });
    await call(h, 'PUT', `/api/auth/users/${u._id}`, {
      token: h.adminToken,
      body: { phone: '+30 231 000 0000', address: 'Tsimiski 1, Thessaloniki', bio: 'A target of the access matrix' },
    });
    targets.push({ label: `confirmed=${confirmed} blocked=${blocked}`, _id: u._id, email: u.email, confirmed, blocked });
  }
});
afterAll(async () => h?.close());

const inside = (rule: Rule, t: Target) => Object.entries(rule.where).every(([f, test]) => t[f as 'confirmed' | 'blocked'] === test.eq);
const sees = (rules: Rule[], t: Target) => rules.some((r) => inside(r, t));
const readable = (rules: Rule[]) => new Set(rules.flatMap((r) => r.read));
const writable = (rules: Rule[]) => new Set(rules.flatMap((r) => r.write));

describe('roles x records: get, list and export', () => {
  test.each(['A', 'B', 'A+B'])('%s', async (label) => {
    const { rules, person } = people.find((p) => p.label === label)!;
    const list = await call(h, 'GET', '/api/auth/users?limit=1000', { token: person.token });
    const listed = new Map((list.json().data as Record<string, unknown>[]).map((u) => [u._id, u]));
    const csv = (await call(h, 'GET', '/api/auth/users/export.csv', { token: person.token })).body;
    const shown = ['_id', '_version', ...FIELDS.filter((f) => readable(rules).has(f))].sort();
    for (const t of targets) {
      const what = `${label} on ${t.label}`;
      const get = await call(h, 'GET', `/api/auth/users/${t._id}`, { token: person.token });
      if (sees(rules, t)) {
        expect(get.statusCode, what).toBe(200);
        expect(Object.keys(get.json()).sort(), what).toEqual(shown);
        expect(Object.keys(listed.get(t._id) ?? {}).sort(), what).toEqual(shown);
        expect(csv.includes(t.email), what).toBe(readable(rules).has('email'));
      } else {
        expect(get.statusCode, what).toBe(404);
        expect(listed.has(t._id), what).toBe(false);
        expect(csv.includes(t.email), what).toBe(false);
      }
      for (const hidden of ['231 000', 'Tsimiski', 'access matrix'])
        if (!readable(rules).has(hidden === '231 000' ? 'phone' : hidden === 'Tsimiski' ? 'address' : 'bio')) {
          expect(get.body.includes(hidden), `${what}: ${hidden}`).toBe(false);
          expect(csv.includes(hidden), `${what}: ${hidden} in CSV`).toBe(false);
        }
    }
  });
});

describe('roles x fields x records: update', () => {
  test.each(['A', 'B', 'A+B'])('%s', async (label) => {
    const { rules, person } = people.find((p) => p.label === label)!;
    for (const t of targets)
      for (const field of FIELDS.filter((f) => f !== 'createdAt')) {
        const what = `${label} writes ${field} of ${t.label}`;
        // The value it already has (or a harmless one): the conditions stay as they are.
        const value = field === 'blocked' ? t.blocked : field === 'confirmed' ? t.confirmed : field === 'phone' ? '+30 231 000 0000' : null;
        const body = { [field]: value ?? (field === 'email' ? t.email : field === 'image' ? null : `Same ${field}`) };
        const res = await call(h, 'PUT', `/api/auth/users/${t._id}`, { token: person.token, body });
        const expected = !writable(rules).has(field) ? 403 : sees(rules, t) ? 200 : 404;
        expect(res.statusCode, `${what}: ${res.body}`).toBe(expected);
        if (expected === 403) expect(Object.keys(res.json().fields), what).toEqual([field]);
      }
  });
});
