import { permissionsT } from '../db/tables';
import type { Db } from '../db/client';
import type { KnownRoute } from './route-table';

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

/**
 * Creates a permission record for every RBAC-guarded route that has none.
 * Grants nothing: a new record is usable by superadmins only until a role
 * is given it. Returns how many records were created.
 */
export async function syncPermissions(db: Db, routes: KnownRoute[]): Promise<number> {
  const wanted = routes.filter((r) => r.access === 'rbac' && METHODS.has(r.method));
  if (!wanted.length) return 0;
  const created = await db
    .insert(permissionsT)
    .values(
      wanted.map((r) => ({
        name: `${r.method} ${r.url.replace(/^\/api\/(auth\/)?/, '')}`,
        description: `${r.method} ${r.url}`,
        method: r.method,
        route: r.url,
        auth: true,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: permissionsT.id });
  return created.length;
}
