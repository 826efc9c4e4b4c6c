import { operation } from '../../core/shared/api/operation';
import { ErrorBody } from '../../core/shared/api/errors';
import { Id, Type } from '../../core/shared/api/schema';

/** The role matrix's link writes (`server/routes.ts`). */
const IdParams = Type.Object({ id: Id });
const UuidList = Type.Array(Type.String({ format: 'uuid' }), { maxItems: 10000 });

export const setRolePermissions = operation({
  operationId: 'setRolePermissions',
  summary: "Replace a role's API permissions (rank rule: only what the caller holds)",
  tags: ['roles'],
  params: IdParams,
  body: Type.Object({ permissionIds: UuidList }, { additionalProperties: false }),
  response: { 200: Type.Object({ _id: Id, permissionIds: Type.Array(Id) }), 403: ErrorBody, 404: ErrorBody },
});

export const setRoleClientPermissions = operation({
  operationId: 'setRoleClientPermissions',
  summary: "Replace a role's menu entries (rank rule: only what the caller holds)",
  tags: ['roles'],
  params: IdParams,
  body: Type.Object({ clientPermissionIds: UuidList }, { additionalProperties: false }),
  response: { 200: Type.Object({ _id: Id, clientPermissionIds: Type.Array(Id) }), 403: ErrorBody, 404: ErrorBody },
});
