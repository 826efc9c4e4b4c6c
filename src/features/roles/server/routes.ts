import type { FastifyInstance } from 'fastify';
import * as contract from '../contract';
import { resourceByName } from '../../../../resources/set';
import { updateRecord } from '../../../core/server/crud/repository';
import { rankGuard } from '../../../core/server/crud/rank-guard';
import { actorOf } from '../../../core/server/security/actor';
import { auditActorOf } from '../../../core/server/audit/record';

/**
 * The permission matrix's saves: a role's API permissions, or its menu
 * entries, replaced by one call. They are the roles resource's own update
 * (one transaction, the rank rule: nobody grants what they do not hold or
 * writes a role above themself), limited to one link field.
 */
export async function roleLinkRoutes(app: FastifyInstance) {
  const roles = resourceByName('roles');
  const links = [
    { url: '/api/auth/roles/:id/permissions', bodyKey: 'permissionIds', field: 'permission', op: contract.setRolePermissions },
    {
      url: '/api/auth/roles/:id/client-permissions',
      bodyKey: 'clientPermissionIds',
      field: 'clientPermission',
      op: contract.setRoleClientPermissions,
    },
  ] as const;
  for (const link of links) {
    app.put<{ Params: { id: string }; Body: Record<string, string[]> }>(link.url, { schema: link.op }, async (req) => {
      const ids = [...new Set(req.body[link.bodyKey])];
      const ctx = {
        storage: app.deps.storage,
        guard: rankGuard(roles, actorOf(req)),
        audit: { actor: auditActorOf(req), action: 'permission-link' },
      };
      const { record } = await updateRecord(app.deps.database.db, roles, req.params.id, { [link.field]: ids }, ctx);
      const linked = Array.isArray(record[link.field]) ? (record[link.field] as { _id: string }[]) : [];
      return { _id: record._id, [link.bodyKey]: linked.map((x) => x._id) };
    });
  }
}
