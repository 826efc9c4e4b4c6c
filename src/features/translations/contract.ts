import { operation } from '../../core/shared/api/operation';
import { errors } from '../../core/shared/api/errors';
import { LimitParam, PageParam, SearchParam } from '../../core/shared/api/paging';
import { Id, Nullable, PageInfo, Timestamp, Type } from '../../core/shared/api/schema';
import { ENTRY_FILTERS } from './entry-status';

/** A language code: `en`, `el`, `pt-BR`. */
export const LANG_PATTERN = '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$';

const tags = ['translations'];

/** Keys with text / keys the reference language says the language needs (the reference itself: its own keys). */
export const Progress = Type.Object({ translated: Type.Integer({ minimum: 0 }), total: Type.Integer({ minimum: 0 }) });

export const LanguageSummary = Type.Object({
  language: Type.String(),
  lastGenerated: Timestamp,
  updatedAt: Timestamp,
  progress: Progress,
});

/** One language's texts, key by key. */
export const Translation = Type.Object({
  _id: Type.String(),
  language: Type.String(),
  data: Type.Object({ entries: Type.Record(Type.String(), Type.String()) }),
  lastGenerated: Timestamp,
  updatedAt: Timestamp,
});

export const translationsAction = operation({
  operationId: 'readTranslations',
  summary: 'List languages; read one (`lang`); or write the interface files (`generate_files`)',
  tags,
  body: Nullable(
    Type.Object(
      { lang: Type.Optional(Type.String({ pattern: LANG_PATTERN })), generate_files: Type.Optional(Type.Boolean()) },
      { additionalProperties: false },
    ),
  ),
  response: {
    200: Type.Object({
      translations: Type.Array(LanguageSummary),
      ok: Type.Optional(Type.Literal(true)),
      generated: Type.Optional(Type.Array(Type.String())),
      langFound: Type.Optional(Type.Boolean()),
      translation: Type.Optional(Nullable(Translation)),
    }),
  },
});

export const saveTranslations = operation({
  operationId: 'saveTranslations',
  summary: "Save a language's texts (`data.entries` or `data` as key -> text)",
  tags,
  body: Type.Object(
    {
      lang: Type.String({ pattern: LANG_PATTERN }),
      data: Type.Record(Type.String(), Type.Unknown()),
      /** Save although HTML tags differ from the reference's (placeholders are never overridden). */
      acceptTagWarnings: Type.Optional(Type.Boolean()),
      /** Keys whose reference change the translator checked: no longer "changed in the reference". */
      reviewed: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 20000 })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({ ok: Type.Literal(true), translation: Translation, translations: Type.Array(LanguageSummary) }),
    // `fields`: each refused key with what is wrong (a placeholder or tag of the reference missing or misspelled).
    ...errors(400),
  },
});

/** One key of a language beside the reference language's text. */
export const EntryState = Type.Object({
  key: Type.String(),
  /** null: the reference has the key, this language not yet. */
  value: Nullable(Type.String()),
  reference: Nullable(Type.String()),
  /** The reference text changed since this entry was last saved. */
  changed: Type.Boolean(),
});

export const entriesQuery = Type.Object(
  {
    lang: Type.String({ pattern: LANG_PATTERN }),
    filter: Type.Optional(
      Type.Union(
        ENTRY_FILTERS.map((f) => Type.Literal(f)),
        { default: 'all' },
      ),
    ),
    q: Type.Optional(SearchParam),
    page: Type.Optional(PageParam),
    limit: Type.Optional(LimitParam(20000, 50)),
  },
  { additionalProperties: false },
);

export const listEntries = operation({
  operationId: 'listTranslationEntries',
  summary: "A language's entries beside the reference language's text, filtered (untranslated, same, changed) and searched",
  tags,
  querystring: entriesQuery,
  response: {
    200: Type.Object({
      language: Type.String(),
      /** The language entries are compared with; null for the reference itself. */
      reference: Nullable(Type.String()),
      found: Type.Boolean(),
      data: Type.Array(EntryState),
      counts: Type.Object({
        all: Type.Integer(),
        untranslated: Type.Integer(),
        same: Type.Integer(),
        changed: Type.Integer(),
      }),
      ...PageInfo,
    }),
    ...errors(404),
  },
});

export const keyHistoryQuery = Type.Object(
  {
    lang: Type.String({ pattern: LANG_PATTERN }),
    key: Type.String({ minLength: 1, maxLength: 300 }),
    page: Type.Optional(PageParam),
    limit: Type.Optional(LimitParam(100, 20)),
  },
  { additionalProperties: false },
);

/** One save that changed a key: who, when, from what to what (null: the key was absent). */
export const KeyChange = Type.Object({
  _id: Id,
  at: Type.String({ format: 'date-time' }),
  actorId: Nullable(Id),
  actorEmail: Nullable(Type.String()),
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
});

export const keyHistory = operation({
  operationId: 'translationKeyHistory',
  summary: "A key's changes in one language, newest first, from the audit trail",
  description:
    'Allowed exactly when saving translations is (`PUT /api/auth/translations`): a translator reads the history of what they edit without reading the audit log. A language never saved has no history (an empty list).',
  tags,
  querystring: keyHistoryQuery,
  response: {
    200: Type.Object({ language: Type.String(), key: Type.String(), data: Type.Array(KeyChange), ...PageInfo }),
  },
});
