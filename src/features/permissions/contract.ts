import { operation } from '../../core/shared/api/operation';
import { Type } from '../../core/shared/api/schema';

/** One API call a user may make: a permission record's method and route pattern. */
export const ApiCall = Type.Object({ method: Type.String(), route: Type.String() });

const FieldNames = Type.Union([Type.Array(Type.String()), Type.Null()]);
const Conditions = Type.Union([Type.Array(Type.Unknown()), Type.Null()]);

/**
 * The access rules that limit the user on one resource (null: no limit):
 * the fields and records they read through its list and record routes, and
 * those they write through its update route (any condition allows).
 */
export const MyResourceAccess = Type.Object({ read: FieldNames, write: FieldNames, where: Conditions, writeWhere: Conditions });

export const myPermissions = operation({
  operationId: 'listMyApiPermissions',
  summary: 'The API calls the signed-in user may make (a superadmin may make all), and the access rules that limit them',
  tags: ['me'],
  response: {
    200: Type.Object({
      superadmin: Type.Boolean(),
      data: Type.Array(ApiCall),
      /** By resource name; a resource left out is not limited. */
      access: Type.Record(Type.String(), MyResourceAccess),
    }),
  },
});
