import { and, eq, sql } from 'drizzle-orm';
import type { AccessRule } from '../../shared/access-rules';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { roleAccess } from '../db/system-tables';
import { permissionsT, rolePermissionsT, userRolesT } from '../db/tables';
import type { AuthContext } from '../types';
import { combineRules, type Access } from './access';

/**
 * A caller's access rules for a resource as reached through one route's
 * permission (the rules of their roles holding it), for paths that read a
 * resource outside its own routes: the dashboard's counts, search, history.
 * Null: everything is allowed (superadmins, roles without rules). Callers
 * check the permission itself first: without a role holding it, this is null.
 */
export async function accessThrough(db: Db, auth: AuthContext, method: string, route: string, resource: string): Promise<Access | null> {
  // Most callers have no rules at all (read with the session check): no query.
  if (auth.superadmin || !auth.hasRules) return null;
  return accessOfUser(db, auth.userId, method, route, resource);
}

/**
 * `accessThrough` for a user who is not the caller (someone a notification
 * is written for, say). Superadmins are the caller's to leave out: their
 * roles' rules do not bind them.
 */
export async function accessOfUser(db: Db, userId: string, method: string, route: string, resource: string): Promise<Access | null> {
  const rows = await db
    .select({ rule: roleAccess.rule, roleId: userRolesT.role })
    .from(userRolesT)
    .innerJoin(rolePermissionsT, eq(rolePermissionsT.ownerId, userRolesT.role))
    .innerJoin(
      permissionsT,
      and(eq(permissionsT.id, rolePermissionsT.targetId), eq(permissionsT.method, method), eq(permissionsT.route, route)),
    )
    .leftJoin(roleAccess, and(eq(roleAccess.roleId, userRolesT.role), eq(roleAccess.resource, resource)))
    .where(eq(userRolesT.user, userId));
  if (!rows.length) return null;
  const res = await db.execute(sql`SELECT role_id FROM ${userRolesT} WHERE user_id = ${userId}`);
  const myRoles = rowsOf<{ role_id: string }>(res).map((r) => String(r.role_id));
  return combineRules(
    rows.map((r) => (r.rule as AccessRule | null) ?? null),
    userId,
    myRoles,
  );
}
