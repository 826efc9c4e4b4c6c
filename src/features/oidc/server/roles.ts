import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JWTPayload } from 'jose';
import type { Db } from '../../../core/server/db/client';
import { rolesT, userRolesT } from '../../../core/server/db/tables';
import { inTransaction } from '../../../core/server/db/transaction';
import { createRecord, deleteRecords } from '../../../core/server/crud/repository';
import { guardRanks } from '../../../core/server/security/rank';
import type { FileStorage } from '../../../core/server/storage/file-storage';
import type { AuditActor } from '../../../core/server/audit/record';
import { resourceByName } from '../../../../resources/set';
import type { OidcConfig } from './oidc-config';

/** The claim's values: a list of strings, or one string. */
function claimValues(claims: JWTPayload, claim: string): string[] {
  const raw = claims[claim];
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw)) return raw.filter((v): v is string => typeof v === 'string');
  return [];
}

/** The role names the provider's claim gives, through OIDC_ROLE_MAP; only roles the map names, ever. */
export function mappedRoleNames(config: OidcConfig, claims: JWTPayload): { wanted: Set<string>; managed: Set<string> } {
  const map = config.roleMap ?? {};
  const managed = new Set(Object.values(map));
  const wanted = new Set<string>();
  if (config.rolesClaim) for (const v of claimValues(claims, config.rolesClaim)) if (Object.hasOwn(map, v)) wanted.add(map[v]);
  return { wanted, managed };
}

/**
 * Sets the user's links to the roles OIDC_ROLE_MAP names from the provider's
 * claim, at each sign-in. Roles the map does not name are left as the
 * product has them (so a mapping makes nobody a superadmin unless it names a
 * superadmin role). Every link goes through the user-roles resource's write
 * path (its audit entry, version and session rule), all in one transaction
 * that also keeps the last active superadmin (the rank rule's check).
 * Without a map: nothing, roles are managed in the product.
 */
export async function syncRoles(
  db: Db,
  config: OidcConfig,
  userId: string,
  claims: JWTPayload,
  ctx: { storage: FileStorage; actor: AuditActor; log: FastifyBaseLogger },
): Promise<void> {
  if (!config.roleMap || !config.rolesClaim) return;
  const { wanted, managed } = mappedRoleNames(config, claims);
  const roles = await db
    .select({ id: rolesT.id, name: rolesT.name })
    .from(rolesT)
    .where(inArray(rolesT.name, [...managed]));
  const known = new Set(roles.map((r) => r.name));
  const missing = [...managed].filter((n) => !known.has(n));
  if (missing.length) ctx.log.warn({ roles: missing }, 'OIDC_ROLE_MAP names roles that do not exist');
  const managedIds = roles.map((r) => r.id);
  if (!managedIds.length) return;
  const links = await db
    .select({ id: userRolesT.id, role: userRolesT.role })
    .from(userRolesT)
    .where(and(eq(userRolesT.user, userId), inArray(userRolesT.role, managedIds)));
  const linked = new Set(links.map((l) => l.role));
  const add = roles.filter((r) => wanted.has(r.name) && !linked.has(r.id));
  const wantedIds = new Set(roles.filter((r) => wanted.has(r.name)).map((r) => r.id));
  const remove = links.filter((l) => !wantedIds.has(l.role)).map((l) => l.id);
  if (!add.length && !remove.length) return;
  const userRoles = resourceByName('user-roles');
  const write = { storage: ctx.storage, audit: { actor: ctx.actor }, guard: (tx: Db) => guardRanks(tx) };
  await inTransaction(db, async (tx) => {
    for (const role of add) await createRecord(tx, userRoles, { user: userId, role: role.id }, write);
    if (remove.length) await deleteRecords(tx, userRoles, remove, write);
  });
}
