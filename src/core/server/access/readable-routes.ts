import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { permissionsT, rolePermissionsT, userRolesT } from '../db/tables';

/**
 * The GET routes a user may call: held through one of their roles, or
 * public by their permission record. Screens that gather several lists in
 * one answer (the dashboard, search) show a list's records only when its
 * route is among these, as the list itself would.
 */
export async function readableRoutes(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ route: permissionsT.route })
    .from(permissionsT)
    .where(
      and(
        eq(permissionsT.method, 'GET'),
        sql`(${permissionsT.auth} = false OR ${permissionsT.id} IN (
          SELECT rp.target_id FROM ${rolePermissionsT} rp JOIN ${userRolesT} ur ON ur.role_id = rp.owner_id
          WHERE ur.user_id = ${userId}))`,
      ),
    );
  return new Set(rows.map((r) => String(r.route)));
}
