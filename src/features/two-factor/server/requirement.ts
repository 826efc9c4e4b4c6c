import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { rolesT, userRolesT } from '../../../core/server/db/tables';

/** Whether one of the user's roles requires two-factor sign-in. */
export async function roleRequiresTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: rolesT.id })
    .from(userRolesT)
    .innerJoin(rolesT, eq(rolesT.id, userRolesT.role))
    .where(and(eq(userRolesT.user, userId), eq(rolesT.requireTwoFactor, true)))
    .limit(1);
  return Boolean(row);
}
