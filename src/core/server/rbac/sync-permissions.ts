import { permissionsT } from '../db/tables';
import type { Db } from '../db/client';
import { inTransaction } from '../db/transaction';
import type { KnownRoute } from './route-table';
import { resourceByName } from '../../../../resources/set';
import { storeVersion } from '../crud/repository';

/** Permission records carry no files: their versions need no storage. */
const NO_FILES = { urlPrefix: '/uploads/' };

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

/**
 * Creates a permission record for every RBAC-guarded route that has none.
 * Grants nothing: a new record is usable by superadmins only until a role
 * is given it. Returns how many records were created.
 */
export async function syncPermissions(db: Db, routes: KnownRoute[]): Promise<number> {
  const wanted = routes.filter((r) => r.access === 'rbac' && METHODS.has(r.method));
  if (!wanted.length) return 0;
  return inTransaction(db, async (tx) => {
    const created = await insertMissing(tx, wanted);
    // Each new record's first version, by nobody: the server made it.
    for (const { id } of created)
      await storeVersion(tx, resourceByName('permissions'), String(id), 'create', { files: NO_FILES, actorId: null });
    return created.length;
  });
}

function insertMissing(db: Db, wanted: KnownRoute[]) {
  return db
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
}
