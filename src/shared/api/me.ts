import { ISSUED_IMAGE_PATTERN } from '../field-kinds/image';
import { errors } from './errors';
import { operation } from './operation';
import { LimitParam, PageParam, SearchParam } from './paging';
import { Id, Nullable, Ok, PageInfo, Timestamp, Type } from './schema';
import { PASSWORD_MAX } from '../field-kinds/text-rules';

const pageQuery = (defaultLimit: number) => ({
  page: PageParam,
  limit: LimitParam(1000, defaultLimit),
  q: Type.Optional(SearchParam),
});

/** A menu entry the signed-in user may open. */
export const UserCategory = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  path: Type.String(),
  menu: Type.String(),
  menu_order: Type.Number(),
  description: Nullable(Type.String()),
  auth: Type.Boolean(),
});

export const userCategories = operation({
  operationId: 'listMyMenu',
  summary: 'The menu entries the signed-in user may open',
  tags: ['me'],
  querystring: Type.Object(pageQuery(50), { additionalProperties: false }),
  response: { 200: Type.Object({ data: Type.Array(UserCategory), ...PageInfo }) },
});

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
      ...pageQuery(20),
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

/** What a user reads and edits about themself. */
export const Profile = Type.Object({
  name: Type.String(),
  email: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  bio: Type.String(),
  image: Nullable(Type.String()),
});

export const myProfile = operation({
  operationId: 'getMyProfile',
  summary: "The signed-in user's profile",
  tags: ['me'],
  querystring: Type.Object(pageQuery(25), { additionalProperties: false }),
  response: { 200: Profile },
});

const text = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

export const updateMyProfile = operation({
  operationId: 'updateMyProfile',
  summary: "Change the signed-in user's profile (and password: other sessions end)",
  tags: ['me'],
  body: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
      phone: text(50),
      address: text(500),
      bio: text(5000),
      password: text(PASSWORD_MAX),
      // Only images this server stored may become a profile picture.
      image: Type.Optional(Nullable(Type.String({ maxLength: 500, pattern: ISSUED_IMAGE_PATTERN }))),
    },
    { additionalProperties: false },
  ),
  response: { 200: Profile },
});

export const uploadProfileImage = operation({
  operationId: 'uploadProfileImage',
  summary: 'Store a profile picture (multipart, field "file", at most 1 MB)',
  tags: ['me'],
  consumes: ['multipart/form-data'],
  response: { 200: Type.Object({ filePaths: Type.Array(Type.Object({ path: Type.String() })) }), ...errors(413) },
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
        'a comment line (`: ping`) every 20 s keeps idle connections open.',
      content: { 'text/event-stream': { schema: Type.String({ description: 'text/event-stream lines (event:, data:, blank line)' }) } },
    },
  },
} as const;
