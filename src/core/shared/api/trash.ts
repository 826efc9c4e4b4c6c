import type { ResourceDef } from '../resource';
import { errors } from './errors';
import { operation } from './operation';
import { LimitParam, PageParam } from './paging';
import { Nullable, Ok, Type } from './schema';
import { IdParams, recordSchema, type FindResource } from './crud';
import { stemOf } from './stem';

/**
 * The contract of every declared resource's trash: deleted records (their
 * readable fields, when and by whom), a restore bringing back what the delete
 * took, and a purge that deletes for good.
 */

export const TRASH_MAX_LIMIT = 100;

export const TrashQuery = Type.Object({ page: PageParam, limit: LimitParam(TRASH_MAX_LIMIT, 25) }, { additionalProperties: false });

/** Made anew for each resource: a response schema is never shared between routes (serializers may annotate it). */
const trashedMeta = () => ({
  _deletedAt: Type.String({ description: 'When it was deleted (ISO 8601).' }),
  _deletedBy: Nullable(Type.Object({ _id: Type.String(), name: Nullable(Type.String()) })),
});

const WHO =
  'Needs the permission to delete the record (`DELETE {api}/{id}`); shows and restores only what the caller’s access rules let them delete.';

export function trashOperations(r: ResourceDef, find: FindResource) {
  const s = stemOf(r.name);
  const tags = [r.name];
  const record = recordSchema(r, find);
  return {
    list: operation({
      operationId: `list${s}Trash`,
      summary: `Deleted ${r.name}, most recently deleted first`,
      description: WHO,
      tags,
      querystring: TrashQuery,
      response: { 200: Type.Object({ data: Type.Array(recordSchema(r, find, trashedMeta())), total: Type.Integer() }) },
    }),
    restore: operation({
      operationId: `restore${s}FromTrash`,
      summary: `Bring a deleted record of ${r.name} back, with what its delete took (links, pictures)`,
      description: `${WHO} Checked by the rank rule as a change; a unique value taken since is a 409 naming the field.`,
      tags,
      params: IdParams,
      response: { 200: record, ...errors(403, 404, 409) },
    }),
    purge: operation({
      operationId: `purge${s}`,
      summary: `Delete a record of ${r.name} in the trash for good, with its versions and files`,
      description: 'A permission of its own (superadmins only until a role is given it).',
      tags,
      params: IdParams,
      response: { 200: Ok, ...errors(404) },
    }),
  };
}
