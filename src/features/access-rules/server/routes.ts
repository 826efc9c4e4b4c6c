import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import * as contract from '../contract';
import { problemOf, type RoleAccess } from '../../../core/shared/access-rules';
import type { ResourceDef } from '../../../core/shared/resource';
import type { Static } from '../../../core/shared/api/schema';
import { refuseUnknownParams } from '../../../core/server/crud/known-params';
import { inTransaction } from '../../../core/server/db/transaction';
import { rolesT } from '../../../core/server/db/tables';
import { badRequest, notFound } from '../../../core/server/http/http-error';
import { assertMayWriteRole, lockRanks } from '../../../core/server/security/rank';
import { actorOf } from '../../../core/server/security/actor';
import { auditActorOf, recordAudit } from '../../../core/server/audit/record';
import { UUID_PATTERN } from '../../../core/server/crud/schemas';
import { assertHoldsAccess } from './holds';
import { readRoleAccess, writeRoleAccess } from './store';
import { explain } from './explain';

const uuid = new RegExp(UUID_PATTERN);
type Params = { id: string };

/**
 * A role's access by field and by record (`GET/PUT /api/auth/roles/:id/access`).
 * A save replaces all of the role's rules in one transaction with its audit
 * entry; the auth check's cache drops its answers on every replica through
 * the role_access trigger, so the rules count from the next request.
 */
export const accessRuleRoutes = (resources: readonly ResourceDef[]) => async (app: FastifyInstance) => {
  const db = () => app.deps.database.db;
  const find = (name: string) => resources.find((r) => r.name === name);

  async function roleType(id: string, tx = db()): Promise<unknown> {
    if (!uuid.test(id)) throw notFound('Role');
    const [role] = await tx.select({ type: rolesT.type }).from(rolesT).where(eq(rolesT.id, id));
    if (!role) throw notFound('Role');
    return role.type;
  }

  // Superadmins by default: like every new route, its permission record is given to no role.
  app.get<{ Querystring: Static<typeof contract.ExplainQuery> }>(
    '/api/auth/access/explain',
    { preValidation: refuseUnknownParams(contract.ExplainQuery), schema: contract.explainAccess },
    async (req) => explain(db(), resources, req.query),
  );

  app.get<{ Params: Params }>('/api/auth/roles/:id/access', { schema: contract.getRoleAccess }, async (req) => {
    await roleType(req.params.id);
    return readRoleAccess(db(), req.params.id);
  });

  app.put<{ Params: Params; Body: RoleAccess }>('/api/auth/roles/:id/access', { schema: contract.setRoleAccess }, async (req) => {
    const problem = problemOf(req.body, find);
    if (problem) throw badRequest(`${problem.path}: ${problem.message}`, { [problem.path || 'body']: problem.message });
    const actor = actorOf(req);
    const roleId = req.params.id;
    await inTransaction(db(), async (tx) => {
      await lockRanks(tx);
      await assertMayWriteRole(tx, actor, await roleType(roleId, tx));
      const before = await readRoleAccess(tx, roleId);
      await assertHoldsAccess(tx, actor, before, req.body);
      await writeRoleAccess(tx, roleId, req.body);
      await recordAudit(tx, auditActorOf(req), {
        action: 'access-rules',
        resource: 'roles',
        recordId: roleId,
        diff: { access: { before: before.resources, after: req.body.resources } },
      });
    });
    return readRoleAccess(db(), roleId);
  });
};
