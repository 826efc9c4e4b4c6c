import type { Harness } from '../harness';
import { call, createUser, permissionByRoute, roleByName } from '../helpers';

export type Route = [method: string, route: string];

/** Ids of the permission records of these routes. */
export async function permissionIds(h: Harness, routes: Route[]): Promise<string[]> {
  return Promise.all(routes.map(async ([m, r]) => (await permissionByRoute(h, m, r))._id));
}

/** Adds permissions to a role (as the seeded superadmin). */
export async function grant(h: Harness, roleName: string, routes: Route[]): Promise<void> {
  const role = await roleByName(h, roleName);
  const ids = [...new Set([...role.permission.map((p) => p._id), ...(await permissionIds(h, routes))])];
  const res = await call(h, 'PUT', `/api/auth/roles/${role._id}`, { token: h.adminToken, body: { permission: ids } });
  if (res.statusCode !== 200) throw new Error(`grant to ${roleName} failed: ${res.statusCode} ${res.body}`);
}

/** Creates a role (as the seeded superadmin); returns its id. */
export async function createRole(h: Harness, name: string, type: string, routes: Route[] = []): Promise<string> {
  const res = await call(h, 'POST', '/api/auth/roles', {
    token: h.adminToken,
    body: { name, type, description: `${name} (test role)`, permission: await permissionIds(h, routes) },
  });
  if (res.statusCode !== 201) throw new Error(`create role ${name} failed: ${res.statusCode} ${res.body}`);
  return res.json()._id;
}

export interface Person {
  _id: string;
  email: string;
  password: string;
  token: string;
}

/** A user with a role, signed in. */
export async function signedIn(h: Harness, role?: string): Promise<Person> {
  const u = await createUser(h, { role });
  return { _id: u._id, email: u.email, password: u.password, token: await h.login(u.email, u.password) };
}

/** The user's role links as the seeded superadmin (or the holder of `token`) sees them. */
export async function linksOf(
  h: Harness,
  userId: string,
  token = h.adminToken,
): Promise<{ _id: string; role: { _id: string; name: string } }[]> {
  const res = await call(h, 'GET', `/api/auth/user-roles?user=${userId}&limit=100`, { token });
  return res.json().data;
}

/** The user's record as the seeded superadmin (or the holder of `token`) sees it (null once deleted). */
export async function recordOf(h: Harness, userId: string, token = h.adminToken): Promise<Record<string, unknown> | null> {
  const res = await call(h, 'GET', `/api/auth/users/${userId}`, { token });
  return res.statusCode === 404 ? null : res.json();
}
