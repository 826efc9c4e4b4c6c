import { and, asc, eq, sql } from 'drizzle-orm';
import type { Static } from '../../../core/shared/api/schema';
import { ruleResourceOf, type AccessRule, type Condition } from '../../../core/shared/access-rules';
import type { ResourceDef } from '../../../core/shared/resource';
import type { Db } from '../../../core/server/db/client';
import { permissionsT, rolePermissionsT, rolesT, userRolesT, usersT } from '../../../core/server/db/tables';
import { roleAccess } from '../../../core/server/db/system-tables';
import { tableOf } from '../../../core/server/db/resource-tables';
import { allowedSql } from '../../../core/server/access/condition-sql';
import { notFound } from '../../../core/server/http/http-error';
import type { Explanation, ExplainQuery } from '../contract';

type Question = Static<typeof ExplainQuery>;
type Answer = Static<typeof Explanation>;
interface RoleRow {
  id: string;
  name: string;
  type: string;
}

/** The declared resource a route belongs to (its list, record, export routes), if any. */
const resourceOfRoute = (resources: readonly ResourceDef[], route: string) =>
  resources.find((r) => route === r.api || route === `${r.api}/:id` || route === `${r.api}/export.csv`);

async function rolesOf(db: Db, userId: string): Promise<RoleRow[]> {
  return db
    .select({ id: rolesT.id, name: rolesT.name, type: rolesT.type })
    .from(userRolesT)
    .innerJoin(rolesT, eq(rolesT.id, userRolesT.role))
    .where(eq(userRolesT.user, userId))
    .orderBy(asc(rolesT.name)) as Promise<RoleRow[]>;
}

/** The roles of `roles` that hold the permission. */
async function holders(db: Db, roles: RoleRow[], permissionId: string): Promise<RoleRow[]> {
  const held = await db
    .select({ role: rolePermissionsT.ownerId })
    .from(rolePermissionsT)
    .where(eq(rolePermissionsT.targetId, permissionId));
  const ids = new Set(held.map((h) => String(h.role)));
  return roles.filter((r) => ids.has(r.id));
}

async function ruleOf(db: Db, roleId: string, resource: string): Promise<AccessRule | null> {
  const [row] = await db
    .select({ rule: roleAccess.rule })
    .from(roleAccess)
    .where(and(eq(roleAccess.roleId, roleId), eq(roleAccess.resource, resource)));
  return row?.rule ?? null;
}

/** Whether the record exists and every condition holds for it, for this user. */
async function recordPasses(db: Db, r: ResourceDef, id: string, conditions: Condition[], me: string, myRoles: string[]): Promise<boolean> {
  const t = tableOf(r);
  const access = { read: null, write: null, where: null, writeWhere: null, me, myRoles };
  const tests = conditions.map((c) => allowedSql(r, [c], access));
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(t)
    .where(and(eq(t.id, id), ...tests));
  return Boolean(row);
}

/**
 * Allow or deny, and what decided it: a superadmin role; no permission
 * record or no role holding it; else the first role (by name) whose rule
 * allows the call (its field list and condition), or the first holder's
 * rule when none does.
 */
export async function explain(db: Db, resources: readonly ResourceDef[], q: Question): Promise<Answer> {
  const [user] = await db.select({ id: usersT.id }).from(usersT).where(eq(usersT.id, q.userId));
  if (!user) throw notFound('User');
  const roles = await rolesOf(db, q.userId);
  const superRole = roles.find((r) => r.type === 'superadmin');
  if (superRole) return { allowed: true, decidedBy: { role: superRole.name, permission: null } };
  const [perm] = await db
    .select({ id: permissionsT.id, name: permissionsT.name, auth: permissionsT.auth })
    .from(permissionsT)
    .where(and(eq(permissionsT.method, q.method), eq(permissionsT.route, q.route)));
  if (!perm) return { allowed: false, decidedBy: { role: null, permission: null } };
  if (perm.auth === false) return { allowed: true, decidedBy: { role: null, permission: perm.name } };
  const holding = await holders(db, roles, perm.id);
  if (!holding.length) return { allowed: false, decidedBy: { role: null, permission: perm.name } };
  const r = resourceOfRoute(resources, q.route);
  const reading = q.method === 'GET';
  let first: Answer | null = null;
  for (const role of holding) {
    const rule = r ? await ruleOf(db, role.id, ruleResourceOf(r)) : null;
    const condition = rule ? (reading ? rule.where : (rule.writeWhere ?? rule.where)) : undefined;
    const decidedBy = {
      role: role.name,
      permission: perm.name,
      fields: (reading ? rule?.read : rule?.write) ?? null,
      condition: condition ?? null,
    };
    const conditions = [rule?.where, reading ? undefined : condition].filter((c): c is Condition => c !== undefined);
    const allowed =
      !r ||
      !q.recordId ||
      (await recordPasses(
        db,
        r,
        q.recordId,
        conditions,
        q.userId,
        roles.map((x) => x.id),
      ));
    if (allowed) return { allowed, decidedBy };
    first ??= { allowed, decidedBy };
  }
  return first as Answer;
}
