import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../harness';
import { call, createUser, roleByName, uniqueEmail } from '../helpers';
import { createRole, grant, linksOf, recordOf, signedIn, type Person, type Route } from './people';

// An Admin could change the Super Admin's password and e-mail,
// block it and delete it. The rule: a superadmin may act on
// anyone; anyone else only on users of a strictly lower rank; nobody blocks
// or deletes themself; a refusal is a 403 that says why and changes nothing.

const RANK = 'You can only manage users whose rank is below yours.';
const SELF_BLOCK = 'You cannot block your own account.';
const SELF_DELETE = 'You cannot delete your own account.';

type Actor = 'superadmin' | 'admin' | 'staff';
type Target = 'superadmin' | 'admin' | 'user' | 'self';
type Action = 'update' | 'email' | 'password' | 'block' | 'delete' | 'link create' | 'link delete';

const ROLE_OF: Record<Exclude<Target, 'self'> | Actor, string> = {
  superadmin: 'Super Admin',
  admin: 'Admin',
  user: 'User',
  staff: 'Staff',
};

/** What the rule answers: null when allowed, else the reason. */
function expected(actor: Actor, target: Target, action: Action): string | null {
  if (target === 'self' && action === 'block') return SELF_BLOCK;
  if (target === 'self' && action === 'delete') return SELF_DELETE;
  if (actor === 'superadmin') return null;
  if (actor === 'admin' && target === 'user') return null;
  return RANK;
}

const USER_ROUTES: Route[] = [
  ['GET', '/api/auth/users'],
  ['GET', '/api/auth/users/:id'],
  ['PUT', '/api/auth/users/:id'],
  ['DELETE', '/api/auth/users/:id'],
];
const LINK_ROUTES: Route[] = [
  ['GET', '/api/auth/user-roles'],
  ['POST', '/api/auth/user-roles'],
  ['DELETE', '/api/auth/user-roles/:id'],
];

let h: Harness;
let readerRole: string;
const actors = new Map<Actor, Person>();

beforeAll(async () => {
  h = await startHarness();
  // Route permissions are not what is tested here: every actor holds them.
  await grant(h, 'Admin', LINK_ROUTES);
  await createRole(h, 'Staff', 'staff', [...USER_ROUTES, ...LINK_ROUTES]);
  // The role the "link create" cells grant: the lowest rank, so only the target's rank decides.
  readerRole = await createRole(h, 'Reader', 'reader');
  for (const a of ['superadmin', 'admin', 'staff'] as const) actors.set(a, await signedIn(h, ROLE_OF[a]));
});
afterAll(async () => h?.close());

async function act(actor: Person, targetId: string, action: Action) {
  const opts = { token: actor.token };
  const url = `/api/auth/users/${targetId}`;
  switch (action) {
    case 'update':
      return call(h, 'PUT', url, { ...opts, body: { name: 'Renamed by someone else' } });
    case 'email':
      return call(h, 'PUT', url, { ...opts, body: { email: uniqueEmail('taken-over') } });
    case 'password':
      return call(h, 'PUT', url, { ...opts, body: { password: 'taken-over-9' } });
    case 'block':
      return call(h, 'PUT', url, { ...opts, body: { blocked: true } });
    case 'delete':
      return call(h, 'DELETE', url, opts);
    case 'link create':
      return call(h, 'POST', '/api/auth/user-roles', { ...opts, body: { user: targetId, role: readerRole } });
    case 'link delete': {
      const [link] = await linksOf(h, targetId);
      return call(h, 'DELETE', `/api/auth/user-roles/${link._id}`, opts);
    }
  }
}

const ACTORS: Actor[] = ['superadmin', 'admin', 'staff'];
const TARGETS: Target[] = ['superadmin', 'admin', 'user', 'self'];
const ACTIONS: Action[] = ['update', 'email', 'password', 'block', 'delete', 'link create', 'link delete'];
const cells = ACTORS.flatMap((a) => TARGETS.flatMap((t) => ACTIONS.map((x) => [a, t, x] as const)));

describe('who may act on whom', () => {
  test.each(cells)('%s acting on %s: %s', async (actorKind, targetKind, action) => {
    // Acting on oneself changes the actor: those cells get a fresh one.
    const actor = targetKind === 'self' ? await signedIn(h, ROLE_OF[actorKind]) : actors.get(actorKind)!;
    const target = targetKind === 'self' ? actor : await createUser(h, { role: ROLE_OF[targetKind] });
    const before = { record: await recordOf(h, target._id), links: await linksOf(h, target._id) };

    const res = await act(actor, target._id, action);
    const reason = expected(actorKind, targetKind, action);

    if (reason) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ error: reason });
      // Nothing changed: the record, the role links, the password.
      expect(await recordOf(h, target._id)).toEqual(before.record);
      expect(await linksOf(h, target._id)).toEqual(before.links);
      if (action === 'password') expect(typeof (await h.login(target.email, target.password))).toBe('string');
      return;
    }
    expect(res.statusCode, res.body).toBe(action === 'link create' ? 201 : 200);
    const after = await recordOf(h, target._id);
    if (action === 'delete') expect(after).toBeNull();
    if (action === 'update') expect(after?.name).toBe('Renamed by someone else');
    if (action === 'email') expect(after?.email).toMatch(/^taken-over-/);
    if (action === 'block') expect(after?.blocked).toBe(true);
    if (action === 'password') expect(typeof (await h.login(target.email, 'taken-over-9'))).toBe('string');
    if (action === 'link create') expect((await linksOf(h, target._id)).map((l) => l.role._id)).toContain(readerRole);
    if (action === 'link delete') expect(await linksOf(h, target._id)).toHaveLength(before.links.length - 1);
  });
});

describe('the rule reads the target of a role link, not only the link', () => {
  test('moving a link from a user to the Super Admin is refused for an admin', async () => {
    await grant(h, 'Admin', [['PUT', '/api/auth/user-roles/:id']]);
    const admin = actors.get('admin')!;
    const user = await createUser(h, { role: 'User' });
    const [link] = await linksOf(h, user._id);
    const superAdmin = await createUser(h, { role: 'Super Admin' });
    const res = await call(h, 'PUT', `/api/auth/user-roles/${link._id}`, {
      token: admin.token,
      body: { user: superAdmin._id, role: (await roleByName(h, 'Reader'))._id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: RANK });
    expect(await linksOf(h, user._id)).toEqual([link]);
  });
});
