import { errors } from '../../core/shared/api/errors';
import { operation } from '../../core/shared/api/operation';
import { SEARCH_MAX } from '../../core/shared/api/paging';
import { Id, Nullable, Ok, Timestamp, Type, type Static } from '../../core/shared/api/schema';

const tags = ['saved-views'];

export const VIEWS_ROUTE = '/api/auth/saved-views';
/** Not a route: the permission record that lets a person share a view with roles or everyone. */
export const SHARE_ROUTE = '/api/auth/saved-views/share';
export const SHARE_METHOD = 'POST';
/** `?view=<id>` on a list's address opens it with that view applied (the menu's pinned views). */
export const VIEW_PARAM = 'view';

export const VIEW_NAME_MAX = 100;
/** How many views one person may keep (over every list): enough for any habit, few enough for a menu. */
export const VIEWS_PER_USER_MAX = 200;
export const VIEW_FILTERS_MAX = 50;
export const VIEW_COLUMNS_MAX = 100;
export const VIEW_ROLES_MAX = 100;
export const VIEW_PER_PAGE_MAX = 100;

export const SHARING = ['private', 'roles', 'everyone'] as const;
export type Sharing = (typeof SHARING)[number];

/** A filter value's size, as JSON; each value is a string, number, boolean, null or a list of those (checked by the server). */
export const FILTER_VALUE_MAX = 1000;

/** What a list shows: its search, filters (a list's filter parameters), sort, columns and page size. */
export const ViewParams = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: SEARCH_MAX })),
    filter: Type.Optional(
      // Values are not typed here: the body's type coercion would turn `true` into "true".
      Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: VIEW_FILTERS_MAX }),
    ),
    sort: Type.Optional(Type.String({ maxLength: 100 })),
    order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
    columns: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: VIEW_COLUMNS_MAX })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: VIEW_PER_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type ViewParams = Static<typeof ViewParams>;

const Shared = Type.Union([Type.Literal('private'), Type.Literal('roles'), Type.Literal('everyone')]);

export const SavedView = Type.Object({
  _id: Id,
  resource: Type.String(),
  name: Type.String(),
  /** As the caller may use them: a filter, sort or column on a field they may not read is left out (`dropped`). */
  params: ViewParams,
  shared: Shared,
  roleIds: Type.Array(Id),
  pinned: Type.Boolean(),
  /** The caller owns it (only the owner changes or deletes a view). */
  mine: Type.Boolean(),
  ownerName: Nullable(Type.String()),
  /** Fields the view names that the caller may not read, left out of `params`. */
  dropped: Type.Array(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type SavedView = Static<typeof SavedView>;

const ViewBody = {
  resource: Type.String({ minLength: 1, maxLength: 100 }),
  name: Type.String({ minLength: 1, maxLength: VIEW_NAME_MAX }),
  params: ViewParams,
  shared: Type.Optional(Shared),
  roleIds: Type.Optional(Type.Array(Id, { maxItems: VIEW_ROLES_MAX, uniqueItems: true })),
  pinned: Type.Optional(Type.Boolean()),
};

export const listViewsQuery = Type.Object(
  {
    resource: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** Only pinned views (the side menu's). */
    pinned: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const listViews = operation({
  operationId: 'listSavedViews',
  summary:
    'Saved views the caller sees (their own, those shared with everyone or a role of theirs), of one list or of every list they may read',
  tags,
  querystring: listViewsQuery,
  response: { 200: Type.Object({ data: Type.Array(SavedView) }), ...errors(400) },
});

export const createView = operation({
  operationId: 'createSavedView',
  summary: 'Save a list view; sharing it with roles or everyone needs the share permission',
  tags,
  body: Type.Object(ViewBody, { additionalProperties: false }),
  response: { 201: SavedView, ...errors(400, 409) },
});

const IdParams = Type.Object({ id: Id });

export const updateView = operation({
  operationId: 'updateSavedView',
  summary: 'Change one of the caller’s saved views',
  tags,
  params: IdParams,
  // A view stays on its list: no `resource`.
  body: Type.Object(
    {
      name: Type.Optional(ViewBody.name),
      params: Type.Optional(ViewParams),
      shared: ViewBody.shared,
      roleIds: ViewBody.roleIds,
      pinned: ViewBody.pinned,
    },
    { additionalProperties: false },
  ),
  response: { 200: SavedView, ...errors(400, 404, 409) },
});

export const deleteView = operation({
  operationId: 'deleteSavedView',
  summary: 'Delete one of the caller’s saved views',
  tags,
  params: IdParams,
  response: { 200: Ok, ...errors(404) },
});
