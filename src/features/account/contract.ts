import { ISSUED_IMAGE_PATTERN } from '../../core/field-kinds/image/shared';
import { errors } from '../../core/shared/api/errors';
import { operation } from '../../core/shared/api/operation';
import { LimitParam, PageParam, SearchParam } from '../../core/shared/api/paging';
import { Nullable, PageInfo, Type } from '../../core/shared/api/schema';
import { PASSWORD_MAX } from '../../core/field-kinds/text-rules';
import { RecordVersion } from '../../core/shared/api/crud';

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

/** What a user reads and edits about themself. */
export const Profile = Type.Object({
  /** The account's version: send it back as `If-Match: "<version>"` to save only while no one changed it since. */
  _version: RecordVersion,
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
  description:
    'Send `If-Match: "<version>"` (the profile’s `_version`) to save only while the account is as you read it: ' +
    'a stale version answers 412 with the profile now (`current`) and saves nothing.',
  response: {
    200: Profile,
    412: Type.Object(
      { error: Type.String(), current: Profile },
      { description: 'The account changed since you read it; nothing was saved.' },
    ),
  },
});

export const uploadProfileImage = operation({
  operationId: 'uploadProfileImage',
  summary: 'Store a profile picture (multipart, field "file", at most 1 MB)',
  tags: ['me'],
  consumes: ['multipart/form-data'],
  response: { 200: Type.Object({ filePaths: Type.Array(Type.Object({ path: Type.String() })) }), ...errors(413) },
});
