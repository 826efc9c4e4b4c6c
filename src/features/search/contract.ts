import { errors } from '../../core/shared/api/errors';
import { operation } from '../../core/shared/api/operation';
import { LimitParam, SEARCH_MAX } from '../../core/shared/api/paging';
import { Nullable, Type, type Static } from '../../core/shared/api/schema';

const tags = ['search'];

/** Groups that are not declared resources: interface texts, and the screens of the caller's menu. */
export const TRANSLATIONS_GROUP = 'translations';
export const MENU_GROUP = 'menu';

/** Items a group lists at most, and by default (a palette shows a few per group; "see all" opens the list). */
export const SEARCH_ITEMS_MAX = 20;
export const SEARCH_ITEMS_DEFAULT = 5;
/** A group counts its matches up to this many; beyond, its total is this and `exact` false ("100+"): a palette needs no more, and counting past it reads a common term's rows for nothing. */
export const SEARCH_COUNT_CAP = 100;
/** A snippet of a long matched value: this many characters around the match. */
export const SNIPPET_CHARS = 120;

/** `types`: group names, comma-separated (resource names, `translations`, `menu`). */
export const TYPES_PATTERN = '^[a-z0-9-]+(,[a-z0-9-]+)*$';

export const searchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: SEARCH_MAX }),
    types: Type.Optional(Type.String({ pattern: TYPES_PATTERN, maxLength: 1000 })),
    limit: Type.Optional(LimitParam(SEARCH_ITEMS_MAX, SEARCH_ITEMS_DEFAULT)),
  },
  { additionalProperties: false },
);

/** Where the term was found: the field, its value (cut to a snippet around the match) and the match's place in it. */
export const SearchMatch = Type.Object({
  field: Type.String(),
  text: Type.String(),
  /** Offset and length of the matched characters in `text` (UTF-16 code units, as JavaScript strings count). */
  start: Type.Integer({ minimum: 0 }),
  length: Type.Integer({ minimum: 0 }),
});
export type SearchMatch = Static<typeof SearchMatch>;

export const SearchItem = Type.Object({
  id: Type.String(),
  /** What the record is called (its declaration's `recordLabel`, when the caller reads it), else its id. */
  label: Type.String(),
  /** The admin path that opens it. */
  path: Type.String(),
  match: Nullable(SearchMatch),
});
export type SearchItem = Static<typeof SearchItem>;

export const SearchGroup = Type.Object({
  resource: Type.String(),
  /** Matches the caller may read (estimated past a large count, as lists do: `exact` says which). */
  total: Type.Integer({ minimum: 0 }),
  exact: Type.Boolean(),
  /** The admin path of the whole list filtered by the term ("See all"). */
  path: Type.String(),
  items: Type.Array(SearchItem),
});
export type SearchGroup = Static<typeof SearchGroup>;

export const searchOperation = operation({
  operationId: 'search',
  summary:
    'One search over every resource the caller may list (their search fields, as the lists match), interface texts and their menu, within their field and record rules',
  tags,
  querystring: searchQuery,
  response: {
    200: Type.Object({ groups: Type.Array(SearchGroup) }),
    ...errors(400),
  },
});
