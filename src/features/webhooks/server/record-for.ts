import { and, eq, sql } from 'drizzle-orm';
import { hasOperation, type ResourceDef } from '../../../core/shared/resource';
import type { Db } from '../../../core/server/db/client';
import type { FileUrls } from '../../../core/field-kinds/server/kind';
import { permissionsT, rolePermissionsT, rolesT, userRolesT } from '../../../core/server/db/tables';
import { accessOfUser } from '../../../core/server/access/route-access';
import { getRecord } from '../../../core/server/crud/repository';
import { redact } from '../../../core/server/audit/diff';
import { HttpError } from '../../../core/server/http/http-error';

/** Whether a user is a superadmin (every permission, no rules). */
async function isSuperadmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(userRolesT)
    .innerJoin(rolesT, eq(rolesT.id, userRolesT.role))
    .where(and(eq(userRolesT.user, userId), eq(rolesT.type, 'superadmin')))
    .limit(1);
  return rows.length > 0;
}

/** Whether a user's roles hold a route's permission record. */
async function holds(db: Db, userId: string, method: string, route: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(userRolesT)
    .innerJoin(rolePermissionsT, eq(rolePermissionsT.ownerId, userRolesT.role))
    .innerJoin(
      permissionsT,
      and(eq(permissionsT.id, rolePermissionsT.targetId), eq(permissionsT.method, method), eq(permissionsT.route, route)),
    )
    .where(eq(userRolesT.user, userId))
    .limit(1);
  return rows.length > 0;
}

/**
 * A record as the endpoint's owner may read it now, through the resource's
 * own `GET {api}/:id`: nothing when they may not (no owner any more, no
 * permission, a record rule hiding it), only the fields their rules let them
 * read, and no value under a secret-looking name.
 */
export async function recordAsOwner(
  db: Db,
  resources: readonly ResourceDef[],
  files: FileUrls,
  resource: string,
  id: string,
  ownerId: string | null,
): Promise<unknown> {
  const r = resources.find((x) => x.name === resource);
  if (!r || !ownerId || !hasOperation(r, 'get')) return undefined;
  const route = `${r.api}/:id`;
  const superadmin = await isSuperadmin(db, ownerId);
  if (!superadmin && !(await holds(db, ownerId, 'GET', route))) return undefined;
  const access = superadmin ? null : await accessOfUser(db, ownerId, 'GET', route, r.name);
  try {
    return redact(await getRecord(db, r, id, files, access));
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return undefined;
    throw err;
  }
}
