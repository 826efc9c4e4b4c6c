import { operation } from './operation';
import { Nullable, Timestamp, Type } from './schema';

/** A language code: `en`, `el`, `pt-BR`. */
export const LANG_PATTERN = '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$';

const tags = ['translations'];

export const LanguageSummary = Type.Object({ language: Type.String(), lastGenerated: Timestamp, updatedAt: Timestamp });

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
    { lang: Type.String({ pattern: LANG_PATTERN }), data: Type.Record(Type.String(), Type.Unknown()) },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({ ok: Type.Literal(true), translation: Translation, translations: Type.Array(LanguageSummary) }),
  },
});
