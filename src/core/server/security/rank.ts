import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { roleClientPermissionsT, rolePermissionsT, rolesT, userRolesT, usersT } from '../db/tables';
import { forbidden } from '../http/http-error';

/**
 * The rank rule, for every route that acts on a user or hands out
 * roles and permissions:
 *
 * - rank by role type: superadmin > admin > any other role > no role at all;
 *   a user's rank is that of their highest role;
 * - a superadmin may act on anyone; anyone else only on users of a strictly
 *   lower rank;
 * - nobody grants a role, or writes a role, ranked above themself, nor links
 *   to a role a permission they do not hold (superadmins hold them all);
 * - nobody blocks or deletes themself, and the last active (confirmed, not
 *   blocked) superadmin cannot be blocked, deleted or demoted.
 *
 * Refusals are 403s whose message says why. Checks that read the database
 * take the `db` (or transaction) to read with; run them inside the write's
 * transaction, after `lockRanks`, so that two concurrent writes cannot both
 * pass (see `guardRanks`).
 */

export const RANK = { none: 0, other: 1, admin: 2, superadmin: 3 } as const;
export type Rank = (typeof RANK)[keyof typeof RANK];

export const REFUSAL = {
  rank: 'You can only manage users whose rank is below yours.',
  selfBlock: 'You cannot block your own account.',
  selfDelete: 'You cannot delete your own account.',
  lastSuperadmin: 'The last active superadmin cannot be blocked, deleted or demoted.',
  grantRole: 'You cannot grant a role above your own rank.',
  roleAbove: 'You cannot change a role above your own rank.',
  permissions: 'You cannot grant permissions you do not hold.',
  menuEntries: 'You cannot grant menu entries you do not hold.',
} as const;

/** Who acts: the signed-in user (null for a request without one), and whether they are a superadmin. */
export interface Actor {
  userId: string | null;
  superadmin: boolean;
}

/** What an action does to its target user. */
export type UserAction = 'change' | 'block' | 'delete';

export function rankOfType(type: unknown): Rank {
  if (type === 'superadmin') return RANK.superadmin;
  if (type === 'admin') return RANK.admin;
  return RANK.other;
}

const rankSql = sql<number>`coalesce(max(CASE ${rolesT.type} WHEN 'superadmin' THEN ${RANK.superadmin} WHEN 'admin' THEN ${RANK.admin} ELSE ${RANK.other} END), ${RANK.none})::int`;

export async function rankOfUser(db: Db, userId: string): Promise<Rank> {
  const [row] = await db
    .select({ rank: rankSql })
    .from(userRolesT)
    .innerJoin(rolesT, eq(rolesT.id, userRolesT.role))
    .where(eq(userRolesT.user, userId));
  return (row?.rank ?? RANK.none) as Rank;
}

export async function rankOfActor(db: Db, actor: Actor): Promise<Rank> {
  if (actor.superadmin) return RANK.superadmin;
  return actor.userId ? rankOfUser(db, actor.userId) : RANK.none;
}

/** Refuses unless `actor` may do `action` to the user `targetId`. */
export async function assertMayActOn(db: Db, actor: Actor, targetId: string, action: UserAction): Promise<void> {
  if (actor.userId === targetId && action === 'block') throw forbidden(REFUSAL.selfBlock);
  if (actor.userId === targetId && action === 'delete') throw forbidden(REFUSAL.selfDelete);
  if (actor.superadmin) return;
  const [mine, theirs] = await Promise.all([rankOfActor(db, actor), rankOfUser(db, targetId)]);
  if (mine <= theirs) throw forbidden(REFUSAL.rank);
}

/** Refuses granting the role `roleId` to anyone when it ranks above the actor. */
export async function assertMayGrantRole(db: Db, actor: Actor, roleId: string): Promise<void> {
  if (actor.superadmin) return;
  const [role] = await db.select({ type: rolesT.type }).from(rolesT).where(eq(rolesT.id, roleId));
  if (!role) return; // no such role: the write itself fails with its own answer
  if (rankOfType(role.type) > (await rankOfActor(db, actor))) throw forbidden(REFUSAL.grantRole);
}

/** Refuses writing a role of type `type` (creating, changing, deleting it) when it ranks above the actor. */
export async function assertMayWriteRole(db: Db, actor: Actor, type: unknown): Promise<void> {
  if (actor.superadmin) return;
  if (rankOfType(type) > (await rankOfActor(db, actor))) throw forbidden(REFUSAL.roleAbove);
}

/** Refuses linking permissions the actor does not hold through one of their roles. */
export async function assertHoldsPermissions(db: Db, actor: Actor, permissionIds: readonly string[]): Promise<void> {
  if (actor.superadmin || permissionIds.length === 0) return;
  if (!actor.userId) throw forbidden(REFUSAL.permissions);
  const held = await db
    .select({ id: rolePermissionsT.targetId })
    .from(rolePermissionsT)
    .innerJoin(userRolesT, eq(userRolesT.role, rolePermissionsT.ownerId))
    .where(eq(userRolesT.user, actor.userId));
  const ids = new Set(held.map((p) => String(p.id)));
  if (permissionIds.some((id) => !ids.has(id))) throw forbidden(REFUSAL.permissions);
}

/** Refuses linking menu entries (client permissions) the actor does not hold through one of their roles. */
export async function assertHoldsMenuEntries(db: Db, actor: Actor, clientPermissionIds: readonly string[]): Promise<void> {
  if (actor.superadmin || clientPermissionIds.length === 0) return;
  if (!actor.userId) throw forbidden(REFUSAL.menuEntries);
  const held = await db
    .select({ id: roleClientPermissionsT.targetId })
    .from(roleClientPermissionsT)
    .innerJoin(userRolesT, eq(userRolesT.role, roleClientPermissionsT.ownerId))
    .where(eq(userRolesT.user, actor.userId));
  const ids = new Set(held.map((p) => String(p.id)));
  if (clientPermissionIds.some((id) => !ids.has(id))) throw forbidden(REFUSAL.menuEntries);
}

/** Serialises rank-changing writes (one at a time, until their transaction ends). */
export async function lockRanks(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('backoffice.rank-rule'))`);
}

/** Users holding a superadmin role who can sign in. */
export async function activeSuperadmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT ${usersT.id})::int` })
    .from(usersT)
    .innerJoin(userRolesT, eq(userRolesT.user, usersT.id))
    .innerJoin(rolesT, eq(rolesT.id, userRolesT.role))
    .where(and(eq(rolesT.type, 'superadmin'), eq(usersT.blocked, false), eq(usersT.confirmed, true)));
  return row?.n ?? 0;
}

/**
 * Runs inside a write's transaction: takes the lock, counts the active
 * superadmins, and returns the check to run once the write is done, which
 * refuses (rolls back) a write that left none where there was one.
 */
export async function guardRanks(tx: Db): Promise<(tx: Db) => Promise<void>> {
  await lockRanks(tx);
  const before = await activeSuperadmins(tx);
  return async (after: Db) => {
    if (before > 0 && (await activeSuperadmins(after)) === 0) throw forbidden(REFUSAL.lastSuperadmin);
  };
}
