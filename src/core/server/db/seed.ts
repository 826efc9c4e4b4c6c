import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Db } from './client';
import type { ResourceDef } from '../../shared/resource';
import { RBAC_ROUTES, SEED_ROLES, SUPERADMIN_ROUTES, seedMenu } from './seed-data';
import { clientPermissionsT, permissionsT, roleClientPermissionsT, rolePermissionsT, rolesT, userRolesT, usersT } from './tables';
import { hashPassword } from '../security/passwords';
import type { KnownRoute } from '../rbac/route-table';
import { syncPermissions } from '../rbac/sync-permissions';

export interface BootstrapResult {
  /** Set on the start that created the first admin. */
  admin?: { email: string; password?: string; generated: boolean };
}

/**
 * On an empty database: roles, menu, API permissions, and the first admin.
 * On every start: permission records for routes added since.
 */
export async function bootstrap(
  db: Db,
  routes: KnownRoute[],
  admin: { email?: string; password?: string },
  resources: readonly ResourceDef[],
): Promise<BootstrapResult> {
  await syncPermissions(db, routes);
  const [{ n: roleCount }] = await db.select({ n: count() }).from(rolesT);
  if (roleCount === 0) await seedRolesAndMenu(db, resources);

  const [{ n: userCount }] = await db.select({ n: count() }).from(usersT);
  if (userCount > 0) return {};
  const email = (admin.email ?? 'admin@example.com').toLowerCase();
  const generated = !admin.password;
  const password = admin.password ?? randomBytes(12).toString('base64url');
  const [user] = await db
    .insert(usersT)
    .values({ name: 'Administrator', email, passwordHash: await hashPassword(password), confirmed: true, blocked: false })
    .returning({ id: usersT.id });
  const [superRole] = await db.select({ id: rolesT.id }).from(rolesT).where(eq(rolesT.type, 'superadmin')).limit(1);
  if (superRole) await db.insert(userRolesT).values({ user: user.id, role: superRole.id });
  return { admin: { email, password: generated ? password : undefined, generated } };
}

async function seedRolesAndMenu(db: Db, resources: readonly ResourceDef[]): Promise<void> {
  const entries = seedMenu(resources);
  const roles = await db
    .insert(rolesT)
    .values(SEED_ROLES.map((r) => ({ ...r })))
    .returning({ id: rolesT.id, type: rolesT.type });
  const menu = await db
    .insert(clientPermissionsT)
    .values(entries.map(({ roles: _roles, ...m }) => m))
    .returning({ id: clientPermissionsT.id, path: clientPermissionsT.path });
  for (const role of roles) {
    const paths = entries.filter((m) => m.roles.includes(String(role.type))).map((m) => m.path);
    const ids = menu.filter((m) => paths.includes(String(m.path))).map((m) => ({ ownerId: role.id, targetId: m.id }));
    if (ids.length) await db.insert(roleClientPermissionsT).values(ids);
  }
  // Admins get every API permission that exists at first start, except
  // changing who may do what (otherwise an admin could make themself
  // superadmin) and the superadmins' own routes (the audit trail).
  const admin = roles.find((r) => r.type === 'admin');
  const perms = (
    await db
      .select({ id: permissionsT.id, method: permissionsT.method, route: permissionsT.route })
      .from(permissionsT)
      .where(eq(permissionsT.auth, true))
  ).filter((p) => (p.method === 'GET' || !RBAC_ROUTES.test(String(p.route))) && !SUPERADMIN_ROUTES.test(String(p.route)));
  if (admin && perms.length) await db.insert(rolePermissionsT).values(perms.map((p) => ({ ownerId: admin.id, targetId: p.id })));
}
