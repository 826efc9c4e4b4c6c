import { eq } from 'drizzle-orm';
import type { Static } from '../../../core/shared/api/schema';
import { ruleResourceOf, type AccessRule } from '../../../core/shared/access-rules';
import type { ResourceDef } from '../../../core/shared/resource';
import type { Db } from '../../../core/server/db/client';
import { permissionsT, rolePermissionsT, userRolesT } from '../../../core/server/db/tables';
import { roleAccess } from '../../../core/server/db/system-tables';
import { combineRules, type Access } from '../../../core/server/access/access';
import type { MyResourceAccess } from '../contract';

type Limits = Static<typeof MyResourceAccess>;

/**
 * The access rules that limit a user, per resource, as the admin needs them
 * to hide columns and inputs and to offer only allowed actions: reads
 * through the list route's permission, writes through the update route's
 * (the same roles the server's checks combine). Two queries for all
 * resources.
 */
export async function myAccess(db: Db, userId: string, resources: readonly ResourceDef[]): Promise<Record<string, Limits>> {
  const held = await db
    .select({ roleId: userRolesT.role, method: permissionsT.method, route: permissionsT.route })
    .from(userRolesT)
    .innerJoin(rolePermissionsT, eq(rolePermissionsT.ownerId, userRolesT.role))
    .innerJoin(permissionsT, eq(permissionsT.id, rolePermissionsT.targetId))
    .where(eq(userRolesT.user, userId));
  const rules = await db
    .select({ roleId: roleAccess.roleId, resource: roleAccess.resource, rule: roleAccess.rule })
    .from(roleAccess)
    .innerJoin(userRolesT, eq(userRolesT.role, roleAccess.roleId))
    .where(eq(userRolesT.user, userId));
  const through = (r: ResourceDef, method: string, route: string): Access | null => {
    const roles = new Set(held.filter((h) => h.method === method && h.route === route).map((h) => String(h.roleId)));
    const ruleOf = (roleId: string) =>
      (rules.find((x) => String(x.roleId) === roleId && x.resource === ruleResourceOf(r))?.rule as AccessRule) ?? null;
    return combineRules([...roles].map(ruleOf), userId, []);
  };
  const out: Record<string, Limits> = Object.create(null);
  for (const r of resources) {
    const reads = through(r, 'GET', r.api);
    const writes = through(r, 'PUT', `${r.api}/:id`);
    if (!reads && !writes) continue;
    out[r.name] = {
      read: reads?.read ? [...reads.read] : null,
      where: reads?.where ? [...reads.where] : null,
      write: writes?.write ? [...writes.write] : null,
      writeWhere: writes?.writeWhere ? [...writes.writeWhere] : null,
    };
  }
  return out;
}
