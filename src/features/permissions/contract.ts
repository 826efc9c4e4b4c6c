import { operation } from '../../core/shared/api/operation';
import { Type } from '../../core/shared/api/schema';

/** One API call a user may make: a permission record's method and route pattern. */
export const ApiCall = Type.Object({ method: Type.String(), route: Type.String() });

export const myPermissions = operation({
  operationId: 'listMyApiPermissions',
  summary: 'The API calls the signed-in user may make (a superadmin may make all)',
  tags: ['me'],
  response: { 200: Type.Object({ superadmin: Type.Boolean(), data: Type.Array(ApiCall) }) },
});
