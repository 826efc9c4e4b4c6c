import { errors } from '../../core/shared/api/errors';
import { operation } from '../../core/shared/api/operation';
import { LimitParam, PageParam, SearchParam } from '../../core/shared/api/paging';
import { Id, Nullable, Ok, PageInfo, Timestamp, Type } from '../../core/shared/api/schema';

export const Notification = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  body: Nullable(Type.String()),
  link: Nullable(Type.String()),
  readAt: Timestamp,
  createdAt: Timestamp,
});

export const notifications = operation({
  operationId: 'listMyNotifications',
  summary: "The signed-in user's notifications, newest first",
  tags: ['me'],
  querystring: Type.Object(
    {
      page: PageParam,
      limit: LimitParam(1000, 20),
      q: Type.Optional(SearchParam),
      unread: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('true'), Type.Literal('false')])),
    },
    { additionalProperties: false },
  ),
  response: { 200: Type.Object({ data: Type.Array(Notification), ...PageInfo, unread: Type.Integer({ minimum: 0 }) }) },
});

export const readNotification = operation({
  operationId: 'readMyNotification',
  summary: 'Mark one notification read',
  tags: ['me'],
  params: Type.Object({ id: Id }),
  response: { 200: Ok, ...errors(404) },
});

export const readAllNotifications = operation({
  operationId: 'readAllMyNotifications',
  summary: 'Mark every notification read',
  tags: ['me'],
  response: { 200: Type.Object({ ok: Type.Literal(true), updated: Type.Integer({ minimum: 0 }) }) },
});

/**
 * The bell's live stream (Server-Sent Events). Not an `operation()`: its 200
 * is not JSON, so it names its own media type; the errors the server adds
 * (401, 500, 503) stay JSON like every route's.
 */
export const notificationStream = {
  operationId: 'streamMyNotifications',
  summary: "The signed-in user's new notifications and unread count, as they happen",
  description:
    'Server-Sent Events, authorised by the Bearer token (read with fetch: EventSource cannot send the header). ' +
    'Events cross replicas (PostgreSQL LISTEN/NOTIFY). The stream ends when the session does; ' +
    'a client that loses it polls `GET /api/auth/notifications` and opens it again later.',
  tags: ['me'],
  response: {
    200: {
      description:
        'An open event stream. `event: unread` with `data: {"unread": <integer>}` on connect and whenever the count changes; ' +
        '`event: notification` with `data:` the new notification as `GET /api/auth/notifications` lists it; ' +
        '`event: import` with `data: {id, resource, state, mode, progress: {rows, total}, result}` as one of your imports moves; ' +
        'a comment line (`: ping`) every 20 s keeps idle connections open.',
      content: { 'text/event-stream': { schema: Type.String({ description: 'text/event-stream lines (event:, data:, blank line)' }) } },
    },
  },
} as const;
