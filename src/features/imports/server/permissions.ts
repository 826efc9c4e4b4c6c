import { sql } from 'drizzle-orm';
import type { ResourceDef } from '../../../core/shared/resource';
import { hasOperation } from '../../../core/shared/resource';
import type { Db } from '../../../core/server/db/client';
import { rowsOf } from '../../../core/server/db/rows';
import { permissionsT, rolePermissionsT, rolesT, userRolesT, usersT } from '../../../core/server/db/tables';
import type { AuthContext } from '../../../core/server/types';

/** The permission record of a resource's single create or update: what importing rows that way needs. */
export function routeOf(r: ResourceDef, op: 'create' | 'update'): { method: string; route: string } {
  return op === 'create' ? { method: 'POST', route: r.api } : { method: 'PUT', route: `${r.api}/:id` };
}

/** The writes an action makes: an upsert both creates and updates. */
export const writesOf = (action: string): ('create' | 'update')[] =>
  action === 'create' ? ['create'] : action === 'update' ? ['update'] : ['create', 'update'];

/** Whether the user holds a route's permission record through a role (superadmins hold them all) and the resource has the operation. */
export async function mayWrite(db: Db, auth: Pick<AuthContext, 'userId' | 'superadmin'>, r: ResourceDef, op: 'create' | 'update') {
  if (!hasOperation(r, op)) return false;
  if (auth.superadmin) return true;
  const { method, route } = routeOf(r, op);
  const res = await db.execute(sql`SELECT EXISTS (SELECT 1 FROM ${userRolesT} ur
      JOIN ${rolePermissionsT} rp ON rp.owner_id = ur.role_id
      JOIN ${permissionsT} p ON p.id = rp.target_id
     WHERE ur.user_id = ${auth.userId} AND p.method = ${method} AND p.route = ${route}) AS held`);
  return Boolean(rowsOf<{ held: boolean }>(res)[0]?.held);
}

/** An import's owner as its run acts: their e-mail (the audit trail) and whether they are a superadmin (the rank rule). */
export async function ownerOf(db: Db, userId: string): Promise<{ email: string | null; superadmin: boolean }> {
  const res = await db.execute(sql`SELECT u.email,
      EXISTS (SELECT 1 FROM ${userRolesT} ur JOIN ${rolesT} r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.type = 'superadmin') AS superadmin
    FROM ${usersT} u WHERE u.id = ${userId}`);
  const [row] = rowsOf<{ email: string | null; superadmin: boolean }>(res);
  return { email: row?.email ?? null, superadmin: Boolean(row?.superadmin) };
}
