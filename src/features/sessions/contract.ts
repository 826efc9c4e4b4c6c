import { operation } from '../../core/shared/api/operation';
import { ErrorBody } from '../../core/shared/api/errors';
import { Id, Nullable, Timestamp, Type } from '../../core/shared/api/schema';

/** One live session ("Where you're signed in"). */
export const Session = Type.Object({
  _id: Id,
  browser: Nullable(Type.String()),
  os: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  createdAt: Timestamp,
  lastSeenAt: Timestamp,
  expiresAt: Timestamp,
  current: Type.Boolean(),
});

const Sessions = Type.Object({ data: Type.Array(Session) });
const Ended = Type.Object({ ok: Type.Literal(true), ended: Type.Integer() });
const IdParams = Type.Object({ id: Id });

export const mySessions = operation({
  operationId: 'mySessions',
  summary: "The caller's live sessions, the current one first",
  tags: ['sessions'],
  response: { 200: Sessions },
});

export const endMySession = operation({
  operationId: 'endMySession',
  summary: 'End one of the caller’s sessions',
  tags: ['sessions'],
  params: IdParams,
  response: { 200: Type.Object({ ok: Type.Literal(true), current: Type.Boolean() }), 404: ErrorBody },
});

export const endMyOtherSessions = operation({
  operationId: 'endMyOtherSessions',
  summary: 'End every session of the caller but the current one',
  tags: ['sessions'],
  response: { 200: Ended },
});

export const userSessions = operation({
  operationId: 'userSessions',
  summary: "A user's live sessions (rank rule)",
  tags: ['sessions'],
  params: IdParams,
  response: { 200: Sessions, 403: ErrorBody, 404: ErrorBody },
});

export const endUserSessions = operation({
  operationId: 'endUserSessions',
  summary: "End a user's sessions (rank rule; the caller's own current one stays)",
  tags: ['sessions'],
  params: IdParams,
  response: { 200: Ended, 403: ErrorBody, 404: ErrorBody },
});
