import { errors } from '../../core/shared/api/errors';
import { operation } from '../../core/shared/api/operation';
import { Id, Nullable, Timestamp, Type } from '../../core/shared/api/schema';

const tags = ['api-tokens'];

/** Every API token starts so: a scanner (or a person) knows one when they see it. */
export const TOKEN_PREFIX = 'bo_';
/** A token's name: short enough for a list line. */
export const TOKEN_NAME_MAX = 100;
/** How many permission records one token's scope may name. */
export const TOKEN_SCOPE_MAX = 500;

/** A token as its lists show it: never the token itself. */
export const ApiToken = Type.Object({
  _id: Id,
  name: Type.String(),
  /** The permission records the token may use (within its owner's); null: all of its owner's. */
  permissionIds: Nullable(Type.Array(Id)),
  readOnly: Type.Boolean(),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  lastUsedAt: Timestamp,
  lastIp: Nullable(Type.String()),
});

/** The answer to a create: the token, shown this once. */
export const CreatedApiToken = Type.Object({ ...ApiToken.properties, token: Type.String() });

const Tokens = Type.Object({ data: Type.Array(ApiToken) });
const IdParams = Type.Object({ id: Id });
const UserTokenParams = Type.Object({ id: Id, tokenId: Id });

export const createToken = operation({
  operationId: 'createApiToken',
  summary: 'Make an API token for oneself; the answer holds the token, shown this once',
  tags,
  body: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: TOKEN_NAME_MAX }),
      expiresAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
      permissionIds: Type.Optional(Nullable(Type.Array(Id, { maxItems: TOKEN_SCOPE_MAX, uniqueItems: true }))),
      readOnly: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  response: { 201: CreatedApiToken, ...errors(400) },
});

export const myTokens = operation({
  operationId: 'myApiTokens',
  summary: "The caller's API tokens, newest first",
  tags,
  response: { 200: Tokens },
});

export const revokeMyToken = operation({
  operationId: 'revokeMyApiToken',
  summary: 'Revoke one of the caller’s API tokens',
  tags,
  params: IdParams,
  response: { 200: Type.Object({ ok: Type.Literal(true) }), ...errors(404) },
});

/** A permission record the caller holds: what a token's scope may name. */
export const HeldPermission = Type.Object({ _id: Id, method: Type.String(), route: Type.String() });

export const myTokenPermissions = operation({
  operationId: 'myApiTokenPermissions',
  summary: 'The permission records the caller holds, which a token of theirs may be limited to',
  tags,
  response: { 200: Type.Object({ data: Type.Array(HeldPermission) }) },
});

export const userTokens = operation({
  operationId: 'userApiTokens',
  summary: "A user's API tokens (rank rule)",
  tags,
  params: IdParams,
  response: { 200: Tokens, ...errors(403, 404) },
});

export const revokeUserToken = operation({
  operationId: 'revokeUserApiToken',
  summary: "Revoke a user's API token (rank rule)",
  tags,
  params: UserTokenParams,
  response: { 200: Type.Object({ ok: Type.Literal(true) }), ...errors(403, 404) },
});
