import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/set';
import { updateRecord } from '../crud/repository';
import { rankGuard } from '../crud/rank-guard';
import { UUID_PATTERN } from '../crud/schemas';
import { actorOf } from '../security/actor';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;
const idList = { type: 'array', maxItems: 10000, items: { type: 'string', pattern: UUID_PATTERN } } as const;

/**
 * The permission matrix's saves: a role's API permissions, or its menu
 * entries, replaced by one call. They are the roles resource's own update
 * (one transaction, the rank rule: nobody grants what they do not hold or
 * writes a role above themself), limited to one link field.
 */
export async function roleLinkRoutes(app: FastifyInstance) {
  const roles = resourceByName('roles');
  const links = [
    { url: '/api/auth/roles/:id/permissions', bodyKey: 'permissionIds', field: 'permission' },
    { url: '/api/auth/roles/:id/client-permissions', bodyKey: 'clientPermissionIds', field: 'clientPermission' },
  ] as const;
  for (const link of links) {
    app.put<{ Params: { id: string }; Body: Record<string, string[]> }>(
      link.url,
      {
        schema: {
          tags: ['roles'],
          params: idParams,
          body: { type: 'object', required: [link.bodyKey], additionalProperties: false, properties: { [link.bodyKey]: idList } },
        },
      },
      async (req) => {
        const ids = [...new Set(req.body[link.bodyKey])];
        const ctx = { storage: app.deps.storage, guard: rankGuard(roles, actorOf(req)) };
        const { record } = await updateRecord(app.deps.database.db, roles, req.params.id, { [link.field]: ids }, ctx);
        const linked = Array.isArray(record[link.field]) ? (record[link.field] as { _id: string }[]) : [];
        return { _id: record._id, [link.bodyKey]: linked.map((x) => x._id) };
      },
    );
  }
}
