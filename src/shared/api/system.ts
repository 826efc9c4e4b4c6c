import { operation } from './operation';
import { Nullable, Type } from './schema';

export const health = operation({
  operationId: 'health',
  summary: 'Whether the server and its database answer',
  tags: ['system'],
  response: { 200: Type.Object({ status: Type.Literal('ok'), database: Type.String() }) },
});

/** What the browser needs before anyone signs in. */
export const PublicConfig = Type.Object({ googleClientId: Nullable(Type.String()), version: Type.String() });

export const publicConfig = operation({
  operationId: 'getPublicConfig',
  summary: 'Public settings: Google client id, version',
  tags: ['system'],
  response: { 200: PublicConfig },
});

export const reinitiatePermissions = operation({
  operationId: 'reinitiatePermissions',
  summary: 'Add a permission record for every route that has none',
  tags: ['permissions'],
  response: { 200: Type.Object({ createdCount: Type.Integer({ minimum: 0 }) }) },
});
