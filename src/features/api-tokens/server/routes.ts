import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '../contract';
import { apiTokens } from '../../../core/server/db/system-tables';
import { permissionsT, rolePermissionsT, userRolesT, usersT } from '../../../core/server/db/tables';
import { badRequest, notFound } from '../../../core/server/http/http-error';
import { signedIn } from '../../../core/server/http/signed-in';
import { auditActorOf, recordAudit } from '../../../core/server/audit/record';
import { lockRanks } from '../../../core/server/security/rank';
import { assertMayManageUser } from '../../../core/server/security/may-manage-user';
import type { Db } from '../../../core/server/db/client';
import type { AuthContext } from '../../../core/server/types';
import { newApiToken } from './token-secret';

/** How many tokens one person may hold: enough for every script, few enough to review. */
export const TOKENS_PER_USER_MAX = 100;

const TOKEN_COLUMNS = {
  _id: apiTokens.id,
  name: apiTokens.name,
  permissionIds: apiTokens.permissionIds,
  readOnly: apiTokens.readOnly,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  lastIp: apiTokens.lastIp,
};

const tokensOf = (db: Db, userId: string) =>
  db.select(TOKEN_COLUMNS).from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));

/** The permission records a user holds (a superadmin: every record that needs one). */
async function heldPermissions(db: Db, me: AuthContext) {
  const columns = { _id: permissionsT.id, method: permissionsT.method, route: permissionsT.route };
  if (me.superadmin) return db.select(columns).from(permissionsT).where(eq(permissionsT.auth, true)).orderBy(permissionsT.route);
  return db
    .selectDistinct(columns)
    .from(permissionsT)
    .innerJoin(rolePermissionsT, eq(rolePermissionsT.targetId, permissionsT.id))
    .innerJoin(userRolesT, eq(userRolesT.role, rolePermissionsT.ownerId))
    .where(and(eq(userRolesT.user, me.userId), eq(permissionsT.auth, true)))
    .orderBy(permissionsT.route);
}

const audited = (name: string, created: boolean) => ({ apiToken: created ? { before: null, after: name } : { before: name, after: null } });

/**
 * API tokens: one's own (create, list, revoke) and, under the rank rule, a
 * user's (list, revoke). None of these routes takes an API token: a program
 * never makes or ends tokens.
 */
export async function apiTokenRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;
  const self = { access: 'self' as const };

  app.get('/api/auth/tokens/permissions', { config: self, schema: contract.myTokenPermissions }, async (req) => ({
    data: await heldPermissions(db(), signedIn(req)),
  }));

  app.post('/api/auth/tokens', { config: self, schema: contract.createToken }, async (req, reply) => {
    const me = signedIn(req);
    const { name, expiresAt = null, permissionIds = null, readOnly = false } = req.body;
    const trimmed = name.trim();
    if (!trimmed) throw badRequest('Give the token a name.', { name: 'Give the token a name.' });
    if (expiresAt !== null && !(Date.parse(expiresAt) > Date.now())) {
      throw badRequest('The expiry must be in the future.', { expiresAt: 'The expiry must be in the future.' });
    }
    const created = await db().transaction(async (tx) => {
      // One person's creates in turn, so the count below holds.
      await tx.execute(sql`SELECT 1 FROM ${usersT} WHERE ${usersT.id} = ${me.userId} FOR UPDATE`);
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(apiTokens)
        .where(eq(apiTokens.userId, me.userId));
      if (count >= TOKENS_PER_USER_MAX) throw badRequest(`You hold ${TOKENS_PER_USER_MAX} tokens: revoke one first.`);
      if (permissionIds) {
        const held = new Set((await heldPermissions(tx, me)).map((p) => p._id));
        if (permissionIds.some((id) => !held.has(id))) {
          const message = 'A token can only be given permissions you hold.';
          throw badRequest(message, { permissionIds: message });
        }
      }
      const { token, hash } = newApiToken();
      const [row] = await tx
        .insert(apiTokens)
        .values({ userId: me.userId, name: trimmed, tokenHash: hash, permissionIds, readOnly, expiresAt })
        .returning(TOKEN_COLUMNS);
      await recordAudit(tx, auditActorOf(req), {
        action: 'api-token-create',
        resource: 'users',
        recordId: me.userId,
        diff: audited(trimmed, true),
      });
      return { ...row, token };
    });
    return reply.status(201).send(created);
  });

  app.get('/api/auth/tokens', { config: self, schema: contract.myTokens }, async (req) => ({
    data: await tokensOf(db(), signedIn(req).userId),
  }));

  /** Deletes one of `userId`'s tokens with its audit entry; false when there is no such token. */
  async function revoke(tx: Db, req: FastifyRequest, userId: string, tokenId: string): Promise<boolean> {
    const [gone] = await tx
      .delete(apiTokens)
      .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
      .returning({ name: apiTokens.name });
    if (!gone) return false;
    await recordAudit(tx, auditActorOf(req), {
      action: 'api-token-revoke',
      resource: 'users',
      recordId: userId,
      diff: audited(gone.name, false),
    });
    return true;
  }

  app.delete('/api/auth/tokens/:id', { config: self, schema: contract.revokeMyToken }, async (req) => {
    const me = signedIn(req);
    if (!(await db().transaction((tx) => revoke(tx, req, me.userId, req.params.id)))) throw notFound('Token');
    return { ok: true as const };
  });

  const people = { apiTokens: false };
  app.get('/api/auth/users/:id/tokens', { config: people, schema: contract.userTokens }, async (req) => {
    await assertMayManageUser(db(), req, req.params.id);
    return { data: await tokensOf(db(), req.params.id) };
  });

  app.delete('/api/auth/users/:id/tokens/:tokenId', { config: people, schema: contract.revokeUserToken }, async (req) =>
    db().transaction(async (tx) => {
      await lockRanks(tx);
      await assertMayManageUser(tx, req, req.params.id);
      if (!(await revoke(tx, req, req.params.id, req.params.tokenId))) throw notFound('Token');
      return { ok: true as const };
    }),
  );
}
