import { operation } from './operation';
import { Nullable, Type } from './schema';

export const health = operation({
  operationId: 'health',
  summary: 'Liveness: whether the process answers (readiness is /api/ready)',
  tags: ['system'],
  response: { 200: Type.Object({ status: Type.Literal('ok'), database: Type.String() }) },
});

const Parts = Type.Record(Type.String(), Type.String(), { description: "Each part's state: 'ok' or what is wrong." });

export const ready = operation({
  operationId: 'ready',
  summary: 'Readiness: whether every part the server needs (database, Redis, storage) answers',
  tags: ['system'],
  response: {
    200: Type.Object({ status: Type.Literal('ready'), parts: Parts }),
    503: Type.Object(
      { status: Type.Literal('not ready'), error: Type.String(), failed: Type.Array(Type.String()), parts: Parts },
      { description: 'Some part does not answer (`failed` names them).' },
    ),
  },
});

/** What the browser needs before anyone signs in. */
export const PublicConfig = Type.Object({
  googleClientId: Nullable(Type.String()),
  /** OpenID Connect sign-in (src/features/oidc/): its button's label (null: the product's own), or null when it is not configured. */
  oidc: Nullable(Type.Object({ buttonLabel: Nullable(Type.String()) })),
  version: Type.String(),
});

export const publicConfig = operation({
  operationId: 'getPublicConfig',
  summary: 'Public settings: Google client id, OpenID Connect button, version',
  tags: ['system'],
  response: { 200: PublicConfig },
});

export const reinitiatePermissions = operation({
  operationId: 'reinitiatePermissions',
  summary: 'Add a permission record for every route that has none',
  tags: ['permissions'],
  response: { 200: Type.Object({ createdCount: Type.Integer({ minimum: 0 }) }) },
});
