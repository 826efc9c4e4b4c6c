import { asc, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { myPermissions } from '../contract';
import { permissionsT, rolePermissionsT, userRolesT } from '../../../core/server/db/tables';
import { signedIn } from '../../../core/server/http/signed-in';
import type { ResourceDef } from '../../../core/shared/resource';
import { myAccess } from './my-access';

/**
 * `GET /api/auth/my-permissions`: the permission records the signed-in user
 * holds through a role, plus the public ones (auth false). The admin shows
 * a button only when its API call is listed here, so it never offers what
 * the auth hook would refuse.
 */
export const myPermissionRoutes = (resources: readonly ResourceDef[]) => async (server: FastifyInstance) => {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/api/auth/my-permissions', { config: { access: 'self' }, schema: myPermissions }, async (req) => {
    const me = signedIn(req);
    if (me.superadmin) return { superadmin: true, data: [], access: {} };
    const db = app.deps.database.db;
    const held = db
      .select({ id: rolePermissionsT.targetId })
      .from(rolePermissionsT)
      .innerJoin(userRolesT, eq(userRolesT.role, rolePermissionsT.ownerId))
      .where(eq(userRolesT.user, me.userId));
    const rows = await db
      .select({ method: permissionsT.method, route: permissionsT.route })
      .from(permissionsT)
      .where(or(eq(permissionsT.auth, false), inArray(permissionsT.id, held)))
      .orderBy(asc(permissionsT.route), asc(permissionsT.method));
    return {
      superadmin: false,
      data: rows.map((r) => ({ method: String(r.method), route: String(r.route) })),
      access: await myAccess(db, me.userId, resources),
    };
  });
};
