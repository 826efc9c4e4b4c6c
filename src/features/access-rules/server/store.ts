import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { roleAccess } from '../../../core/server/db/system-tables';
import { userRolesT } from '../../../core/server/db/tables';
import type { AccessRule, RoleAccess } from '../../../core/shared/access-rules';

/** A role's rules by resource name (an object without a prototype: names are the caller's). */
export async function readRoleAccess(db: Db, roleId: string): Promise<RoleAccess> {
  const rows = await db
    .select({ resource: roleAccess.resource, rule: roleAccess.rule })
    .from(roleAccess)
    .where(eq(roleAccess.roleId, roleId));
  const resources = Object.create(null) as Record<string, AccessRule>;
  for (const row of rows.sort((a, b) => a.resource.localeCompare(b.resource))) resources[row.resource] = row.rule;
  return { resources };
}

/** Replaces a role's rules, inside the caller's transaction. */
export async function writeRoleAccess(tx: Db, roleId: string, access: RoleAccess): Promise<void> {
  await tx.delete(roleAccess).where(eq(roleAccess.roleId, roleId));
  const rows = Object.entries(access.resources).map(([resource, rule]) => ({ roleId, resource, rule }));
  if (rows.length) await tx.insert(roleAccess).values(rows);
}

/**
 * The rule of each of a user's roles for one resource (null for a role
 * without one): what the user holds, whatever the route.
 */
export async function rulesOfUser(db: Db, userId: string, resource: string): Promise<(AccessRule | null)[]> {
  const rows = await db
    .select({ rule: roleAccess.rule })
    .from(userRolesT)
    .leftJoin(roleAccess, and(eq(roleAccess.roleId, userRolesT.role), eq(roleAccess.resource, resource)))
    .where(eq(userRolesT.user, userId));
  return rows.map((row) => row.rule ?? null);
}
